"""Self check-in and "where do I sit?" (issue 19).

- The player's pages, no account needed, reached by the tournament's check-in link (its secret
  key, `Tournament.check_in_key`, in the QR code the director prints or projects): pick your name
  (`check_in`), or type it as a guest the director approves; then "where do I sit?"
  (`check_in_where`). They answer 404 for a key that is not a tournament's, and 410 once the
  tournament is finished: the link stops working.
- The public "where do I sit?" of a round (`where`): type three letters of your name, see your
  table and seat in large type; below, the round's seating by name for the wall. It is seen as
  the tournament's other public pages are (`lookups.visible_tournament`: a private tournament is
  404 to a visitor).
- The director's: the check-in QR code page (`check_in_qr`), its printable poster and the
  printed check-in list (PDF), a new link (`check_in_key`), approving or refusing a guest
  (`guest_decide`), and the check-in panel of the console (`check_in_panel`, polled by htmx).

Every page a visitor can use without an account is rate limited per client address
(`config.throttling.seconds_to_wait`: CHECK_IN_RATE for check-ins, SEAT_FINDER_RATE for reading).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from base.errors import as_message, on_form
from clubs.permissions import can_direct
from clubs.requests import PageRequest
from config.throttling import seconds_to_wait
from scoring.printing import qr_code
from tournaments import lookups, selectors, services
from tournaments.formats import format_of
from tournaments.forms import GuestForm
from tournaments.models import GuestCheckIn, GuestStatus, Round, Tournament, TournamentStatus
from tournaments.pdf_views import pdf_response
from tournaments.presenters import checked_in_line
from tournaments.printing import check_in_list_document, check_in_poster_document
from tournaments.services.checkin import CLOSED_MESSAGE

CHECK_IN_POLL_SECONDS = 10  # the director's check-in panel
# A guest's phone waiting for the director's answer asks every 3 s, only while it waits: the
# answer (approved or refused) comes without the polling attributes, so the asking stops.
GUEST_POLL_SECONDS = 3
SESSION_ENTRIES = "check_in_entries"  # tournament id -> the entry this phone checked in
SESSION_GUESTS = "check_in_guests"  # tournament id -> the guest check-in this phone asked
BANNER_TAG = "inline-check-in"  # a message the banner says instead of the page's messages
PLAYERS_MESSAGES = "inline-players-panel"  # said above the console's players panel, in view


# Looking up ---------------------------------------------------------------------------------------


def _throttled(request: HttpRequest, scope: str, rate: str) -> HttpResponse | None:
    """The 429 page once the client's address is over `rate` in `scope`, else None."""
    wait = seconds_to_wait(request, scope, rate)
    if wait is None:
        return None
    response = render(request, "tournaments/throttled.html", {"seconds": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _by_link(request: HttpRequest, key: str, scope: str, rate: str) -> Tournament | HttpResponse:
    """The tournament of a check-in link, or the page to answer instead: 429 once the client's
    address is over `rate` in `scope` (asked first, so an unknown key costs a try too), 404 for a
    key that is no tournament's, 410 and a page saying so once the tournament is finished."""
    limited = _throttled(request, scope, rate)
    if limited:
        return limited
    tournament = get_object_or_404(Tournament.objects.select_related("club"), check_in_key=key)
    if tournament.status == TournamentStatus.FINISHED:
        return render(
            request,
            "tournaments/check_in_closed.html",
            {"tournament": tournament, "message": CLOSED_MESSAGE},
            status=410,
        )
    return tournament


def _remembered(request: HttpRequest, name: str, tournament: Tournament) -> int | None:
    value = request.session.get(name, {}).get(str(tournament.pk))
    return value if isinstance(value, int) else None


def _remember(request: HttpRequest, name: str, tournament: Tournament, pk: int) -> None:
    remembered = dict(request.session.get(name, {}))
    remembered[str(tournament.pk)] = pk
    request.session[name] = remembered


def check_in_url(request: HttpRequest, tournament: Tournament) -> str:
    """The absolute address of the tournament's check-in link (what its QR code holds)."""
    return request.build_absolute_uri(
        reverse("tournaments:check-in", args=[tournament.check_in_key])
    )


# The player's pages -------------------------------------------------------------------------------


def _check_in_context(request: HttpRequest, tournament: Tournament) -> dict[str, object]:
    board = selectors.check_in_list(tournament)
    mine = _remembered(request, SESSION_ENTRIES, tournament)
    guest_pk = _remembered(request, SESSION_GUESTS, tournament)
    guest = tournament.guest_check_ins.filter(pk=guest_pk).first() if guest_pk else None
    here = {row.entry.pk: row for row in board.rows if row.here}  # a player dropped is not
    me = here.get(mine) if mine else None
    if me is None and guest is not None and guest.entry_id is not None:
        me = here.get(guest.entry_id)
    if request.GET.get("other") == "1":
        me = guest = None  # "not you?": the list again, for another player on this phone
    just_said = [str(m) for m in messages.get_messages(request) if BANNER_TAG in m.tags]
    return {
        "tournament": tournament,
        "just_said": just_said[-1] if me is not None and just_said else "",
        "rows": [row for row in board.rows if not row.dropped],
        "me": me,
        "guest": guest,
        "waiting": me is None and guest is not None and guest.status == GuestStatus.PENDING,
        "has_round": tournament.rounds.exists(),
        "uses_tables": format_of(tournament).uses_tables,
        "poll_seconds": GUEST_POLL_SECONDS,
    }


@require_http_methods(["GET", "HEAD", "POST"])
def check_in(request: PageRequest, key: str) -> HttpResponse:
    """The check-in page of the tournament's QR code: pick your name (POST `entry`), or type it
    as a guest (POST `name`); the page then says you are checked in, or waiting for the
    director. Checking in twice is once ("you are already checked in")."""
    post = request.method == "POST"
    tournament = _by_link(
        request,
        key,
        "check-in" if post else "check-in-read",
        settings.CHECK_IN_RATE if post else settings.SEAT_FINDER_RATE,
    )
    if isinstance(tournament, HttpResponse):
        return tournament
    form = GuestForm(request.POST if post and "name" in request.POST else None)
    if post and "entry" in request.POST:
        wanted = request.POST.get("entry", "")
        with as_message(request):
            done = services.self_check_in(
                tournament=tournament,
                entry_id=int(wanted) if wanted.isdigit() and len(wanted) < 12 else 0,
                user=request.user,
            )
            _remember(request, SESSION_ENTRIES, tournament, done.entry.pk)
            # said once, in the page's banner (not a message above it as well)
            messages.success(
                request,
                checked_in_line(done.entry.player.name, already=done.already),
                extra_tags=BANNER_TAG,
            )
        return redirect("tournaments:check-in", key=key)
    if post and form.is_valid():
        with on_form(form) as refused:
            guest = services.guest_ask(
                tournament=tournament, name=form.cleaned_data["name"], user=request.user
            )
            _remember(request, SESSION_GUESTS, tournament, guest.pk)
        if not refused:
            return redirect("tournaments:check-in", key=key)
    context = {**_check_in_context(request, tournament), "form": form}
    if request.htmx and request.GET.get("part") == "me":
        # a waiting guest's phone asking: the page below its title, as a reload shows it
        return render(request, "tournaments/_check_in_body.html", context)
    return render(request, "tournaments/check_in.html", context, status=400 if post else 200)


def _finder_page(
    request: HttpRequest,
    tournament: Tournament,
    round: Round | None,
    *,
    key: str = "",
) -> HttpResponse:
    query = request.GET.get("q", "")[:80]
    finder = selectors.seat_finder(round, query) if round is not None else None
    rounds = list(tournament.rounds.order_by("number")) if not key else []
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "finder": finder,
        "round": round,
        "rounds": rounds,
        "key": key,
        "min_letters": selectors.FINDER_MIN_LETTERS,
        "is_director": can_direct(request.user, tournament.club),
    }
    return render(request, "tournaments/where.html", context)


@require_safe
def check_in_where(request: HttpRequest, key: str) -> HttpResponse:
    """ "Where do I sit?" from the check-in page: the current round of the tournament of the
    link (a private tournament's too: the link is the right)."""
    tournament = _by_link(request, key, "where", settings.SEAT_FINDER_RATE)
    if isinstance(tournament, HttpResponse):
        return tournament
    round = tournament.rounds.order_by("-number").first()
    return _finder_page(request, tournament, round, key=key)


@require_safe
def where(request: HttpRequest, pk: int, number: int | None = None) -> HttpResponse:
    """ "Where do I sit?" of a round (the latest one without `number`): a GET form of three
    letters of a name, the table and seat in large type, and everyone by name for the wall."""
    limited = _throttled(request, "where", settings.SEAT_FINDER_RATE)
    if limited:
        return limited
    tournament = lookups.visible_tournament(request, pk)
    if not format_of(tournament).uses_tables:
        raise Http404
    rounds = tournament.rounds.order_by("-number")
    round = rounds.first() if number is None else get_object_or_404(rounds, number=number)
    return _finder_page(request, tournament, round)


# The director's ----------------------------------------------------------------------------------


def check_in_panel(request: HttpRequest, tournament: Tournament) -> dict[str, object]:
    """The console's check-in panel: who is here, the latest arrivals, the fees paid and due,
    the guests waiting."""
    board = selectors.check_in_list(tournament)
    return {
        "board": board,
        "checked_in": board.here,
        "registered": len(board.missing),
        "dropped": len(board.rows) - board.expected,
        "latest": board.latest[:6],
        "unpaid_here": board.unpaid_here,
        "poll_seconds": CHECK_IN_POLL_SECONDS,
        "apart_groups": tournament.apart_groups.count(),
    }


@login_required
@require_safe
def check_in_qr(request: HttpRequest, pk: int) -> HttpResponse:
    """The check-in QR code in large type, to project or show at the door, with its link."""
    tournament = lookups.directed_tournament(request, pk)
    url = check_in_url(request, tournament)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "url": url,
        "qr": qr_code(url),
        "is_director": True,
        "finished": tournament.status == TournamentStatus.FINISHED,
        **check_in_panel(request, tournament),
    }
    return render(request, "tournaments/check_in_qr.html", context)


@login_required
@require_POST
def check_in_key(request: HttpRequest, pk: int) -> HttpResponse:
    """A new check-in link: the old one and its printed QR code stop working."""
    tournament = lookups.directed_tournament(request, pk)
    with as_message(request):
        services.check_in_key_renew(tournament=tournament, user=request.user)
        messages.success(
            request,
            gettext("New check-in link made: the old link and its printed QR code no longer work."),
        )
    return redirect("tournaments:check-in-qr", pk=tournament.pk)


@login_required
@require_POST
def guest_decide(request: HttpRequest, pk: int, guest: int) -> HttpResponse:
    """Approve (`action=approve`: registered and checked in) or refuse a guest's check-in."""
    tournament = lookups.directed_tournament(request, pk)
    found = get_object_or_404(GuestCheckIn.objects.filter(tournament=tournament), pk=guest)
    with as_message(request, extra_tags=PLAYERS_MESSAGES):
        if request.POST.get("action") == "approve":
            services.guest_approve(guest=found, user=request.user)
            messages.success(
                request,
                gettext("%(name)s registered and checked in.") % {"name": found.name},
                extra_tags=PLAYERS_MESSAGES,
            )
        else:
            services.guest_refuse(guest=found, user=request.user)
            messages.success(
                request,
                gettext("%(name)s's check-in refused.") % {"name": found.name},
                extra_tags=PLAYERS_MESSAGES,
            )
    if request.POST.get("next") == "qr":
        return redirect("tournaments:check-in-qr", pk=tournament.pk)
    return redirect(tournament.get_absolute_url() + "#check-in")


@login_required
@require_safe
def check_in_poster_pdf(request: HttpRequest, pk: int) -> FileResponse:
    """The check-in QR code on an A4 page, to print and put at the door."""
    tournament = lookups.directed_tournament(request, pk)
    return pdf_response([check_in_poster_document(tournament, check_in_url(request, tournament))])


@login_required
@require_safe
def check_in_list_pdf(request: HttpRequest, pk: int) -> FileResponse:
    """Every player by name: checked in or not, the entry fee paid or due; the totals."""
    tournament = lookups.directed_tournament(request, pk)
    return pdf_response([check_in_list_document(tournament)])
