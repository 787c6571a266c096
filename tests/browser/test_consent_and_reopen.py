"""Issue 16 flows in Chromium, as people do them: the owner invites a user from the club page on a
laptop and the user accepts on a phone (membership needs their consent); a director finds a
finished tournament's match closed, follows the link to reopen the tournament, is told beside the
field that a reason is needed, reopens it and sees the reopening in its history."""

import pytest
from playwright.sync_api import expect

from clubs.models import Membership, Role
from scoring import services as scoring
from tests.browser.conftest import ARTIFACTS
from tests.browser.steps import in_view, log_in
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member
from tournaments import services

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CLOSED = (
    "This match belongs to a finished tournament: the director must reopen the tournament to "
    "change it."
)


def contexts(browser):
    laptop = browser.new_context(viewport=LAPTOP, locale="en-GB")
    phone = browser.new_context(
        viewport=PHONE, locale="it-IT", device_scale_factor=2, has_touch=True, is_mobile=True
    )
    pages = (laptop.new_page(), phone.new_page())
    for page in pages:
        page.set_default_timeout(10_000)
    return (laptop, phone), pages


def keep_screenshots(request, **pages):
    ARTIFACTS.mkdir(exist_ok=True)
    for label, page in pages.items():
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_owner_invites_a_user_who_accepts_on_a_phone_and_becomes_a_member(
    browser, live_server, request
):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    member(club, Role.OWNER, username="olga")
    UserFactory(username="rita")
    for number in range(12):  # a club page long enough that the members section is far down
        PlayerFactory(club=club, name=f"Socio {number}")
    (laptop_context, phone_context), (desk, phone) = contexts(browser)
    try:
        log_in(desk, live_server, "olga")
        desk.goto(live_server.url + club.get_absolute_url())
        invite = desk.locator("form[action*='/members/']").last

        # A username that is already a member: the refusal is shown beside the field, in view.
        invite.get_by_label("Username").fill("olga")
        invite.get_by_role("button", name="Send the invitation").click()
        error = desk.get_by_text("olga is already a member of this club")
        expect(error).to_be_visible()
        assert in_view(desk, error), "the refusal came back out of sight"

        # An existing user and a username nobody has get the same answer, in view, and both
        # invitations wait with a Withdraw button.
        for username in ("rita", "nessuno"):
            invite = desk.locator("form[action*='/members/']").last
            invite.get_by_label("Username").fill(username)
            invite.get_by_label("Role").select_option(label="Scorekeeper")
            invite.get_by_role("button", name="Send the invitation").click()
            answer = desk.get_by_text(
                f"If {username} has an account, they will see the invitation on their home "
                "page; they become Scorekeeper when they accept it."
            )
            expect(answer).to_be_visible()
            assert in_view(desk, answer), "the answer to the invitation came back out of sight"
        card = desk.locator(".invitation-card", has_text="rita")
        expect(card).to_contain_text("Invited as Scorekeeper")
        expect(card.get_by_role("button", name="Withdraw")).to_be_visible()
        assert not Membership.objects.filter(club=club, user__username="rita").exists()

        # Rita, on her phone, finds the invitation on her home page and accepts it.
        log_in(phone, live_server, "rita")
        invitation = phone.locator("section", has_text="Invitations")
        expect(invitation).to_contain_text("Circolo del Tallone")
        expect(invitation).to_contain_text("olga invites you to join as Scorekeeper.")
        invitation.get_by_role("button", name="Accept").click()
        expect(
            phone.get_by_text("Welcome to Circolo del Tallone: you are Scorekeeper.")
        ).to_be_visible()
        expect(phone.get_by_role("heading", name="Circolo del Tallone")).to_be_visible()
        expect(phone.get_by_text("You are: Scorekeeper")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert Membership.objects.get(club=club, user__username="rita").role == Role.SCOREKEEPER

        # The owner sees her among the members and only the other invitation still waiting.
        desk.goto(live_server.url + club.get_absolute_url())
        expect(desk.locator(".member-card", has_text="rita")).to_be_visible()
        expect(desk.locator(".invitation-card")).to_have_count(1)
        expect(desk.locator(".invitation-card")).to_contain_text("nessuno")
    except Exception:
        keep_screenshots(request, desk=desk, phone=phone)
        raise
    finally:
        laptop_context.close()
        phone_context.close()


def finished_tournament(club, director, scorekeeper):
    """A one-round Scala 40 tournament of four players: the scorekeeper records a hand and calls
    time, the director confirms the table and finishes the tournament."""
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa di novembre",
        preset="scala40",
        format="rounds",
        rounds_planned=1,
    )
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        services.entry_register(tournament=tournament, user=director, name=name, check_in=True)
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    table = round.tables.select_related("match").get()
    match = table.match
    closer, *others = match.seats.order_by("seat").values_list("name", flat=True)
    points = {name: 10 * (index + 1) for index, name in enumerate(others)}
    scoring.hand_record(match=match, user=scorekeeper, data={"closer": closer, "points": points})
    scoring.match_call_time(match=match, user=scorekeeper)
    services.table_confirm(table=table, user=director)
    services.tournament_finish(tournament=tournament, user=director)
    return tournament, match


@pytest.mark.django_db(transaction=True)
def test_a_director_reopens_a_finished_tournament_with_a_reason_to_fix_a_match(
    browser, live_server, request
):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    director = member(club, Role.DIRECTOR, username="dora")
    scorekeeper = member(club, Role.SCOREKEEPER, username="sara")
    tournament, match = finished_tournament(club, director, scorekeeper)
    (laptop_context, phone_context), (desk, _phone) = contexts(browser)
    try:
        log_in(desk, live_server, "dora")

        # The match says why it is closed, offers no entry or correction, and links to reopening.
        desk.goto(live_server.url + match.get_absolute_url())
        expect(desk.get_by_role("heading", name="Scala 40 · Table 1", exact=True)).to_be_visible()
        closed = desk.locator("#closed")
        expect(closed).to_contain_text(CLOSED)
        expect(desk.locator("#entry")).to_have_count(0)
        expect(desk.get_by_role("link", name="Correct")).to_have_count(0)
        closed.get_by_role("link", name="Reopen the tournament").click()

        # The link unfolds the reopen form; an empty reason is refused beside the field.
        reopen = desk.locator("#reopen")
        expect(reopen).to_have_attribute("open", "")
        reopen.get_by_role("button", name="Reopen the tournament").click()
        reason = desk.get_by_label("Why reopen it?")
        expect(reason).to_be_visible()
        field = desk.locator(".field", has=reason)
        expect(field).to_contain_text("This field is required.")
        tournament.refresh_from_db()
        assert tournament.status == "finished"

        reason.fill("Bruno's points of hand 1 were wrong")
        reopen.get_by_role("button", name="Reopen the tournament").click()
        expect(desk.get_by_text("The tournament is reopened")).to_be_visible()
        history = desk.locator("section", has=desk.get_by_role("heading", name="Reopenings"))
        expect(history).to_contain_text("dora: Bruno's points of hand 1 were wrong")

        # The match takes a correction again; the closed notice is gone.
        desk.goto(live_server.url + match.get_absolute_url())
        expect(desk.locator("#closed")).to_have_count(0)
        expect(desk.get_by_role("link", name="Correct").first).to_be_visible()
    except Exception:
        keep_screenshots(request, desk=desk)
        raise
    finally:
        laptop_context.close()
        phone_context.close()
