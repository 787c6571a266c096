"""The match page's script is a client of the server, not a second server (issue 26): every
answer says the match's revision (X-Tallone-Revision), a hand kept on the phone behind another
of the phone's own is rebased by the server (`follows`, `services.rebased`), the entries sent in
place are listed once (`page_script.ENTRY_ACTIONS`) for the script and the service worker, and
the script is ES modules the page loads and preloads (their unit tests: tests/js, `node --test`)."""

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.urls import resolve, reverse

from clubs.models import Role
from scoring import page_script, services
from scoring.models import MatchEvent
from tests.factories import ClubFactory, member, start_match
from tests.scoring.test_views import hand_data, log_in

IN_PLACE = {"HTTP_HX_REQUEST": "true"}
STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"
HAND = {"Bruno": 35, "Carla": 12, "Dario": 9}


@pytest.fixture
def table(client):
    club = ClubFactory()
    scorer = log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club")
    return match, scorer


def send(client, match, data, name="hand"):
    return client.post(reverse(f"scoring:{name}", args=[match.pk]), data, **IN_PLACE)


def config_of(page: str) -> dict:
    found = re.search(r'<script id="match-client" type="application/json">(.*?)</script>', page)
    return json.loads(found.group(1))


def events(match) -> int:
    return MatchEvent.objects.filter(match=match).count()


@pytest.mark.django_db
def test_every_answer_says_the_match_revision_in_a_header(client, table):
    match, _scorer = table
    start = match.revision
    recorded = send(client, match, hand_data(match, "Anna", HAND, based_on=start))
    match.refresh_from_db()
    now = str(start + 1)
    assert recorded["X-Tallone-Answer"] == "recorded"
    assert recorded["X-Tallone-Revision"] == str(match.revision) == now
    refused = send(client, match, hand_data(match, "Anna", {"Bruno": 3}, based_on=now))
    assert (refused.status_code, refused["X-Tallone-Revision"]) == (422, now)
    conflict = send(client, match, hand_data(match, "Anna", HAND, based_on=start))
    assert (conflict.status_code, conflict["X-Tallone-Revision"]) == (409, now)
    live = client.get(reverse("scoring:live", args=[match.pk]), {"revision": start})
    assert (live.status_code, live["X-Tallone-Revision"]) == (200, now)


@pytest.mark.django_db
def test_a_hand_kept_behind_the_phones_own_is_rebased_by_the_server(client, table):
    """Two hands typed offline on the revision 0: the second follows the first (its key), so once
    the first is recorded the server takes the second as based on the match after it."""
    match, _scorer = table
    start = match.revision
    first = hand_data(match, "Anna", HAND, based_on=start)
    second = hand_data(match, "Bruno", {"Anna": 5, "Carla": 5, "Dario": 5}, based_on=start)
    third = hand_data(match, "Carla", {"Anna": 1, "Bruno": 1, "Dario": 1}, based_on=start)
    assert send(client, match, first)["X-Tallone-Answer"] == "recorded"
    answer = send(client, match, {**second, "follows": [first["idempotency_key"]]})
    assert answer["X-Tallone-Answer"] == "recorded"
    # a third follows both (the order they were recorded in)
    follows = [first["idempotency_key"], second["idempotency_key"]]
    assert send(client, match, {**third, "follows": follows})["X-Tallone-Answer"] == "recorded"
    assert events(match) == 3


@pytest.mark.django_db
def test_a_kept_hand_is_not_rebased_over_another_phones_change(client, table):
    match, scorer = table
    start = match.revision
    first = hand_data(match, "Anna", HAND, based_on=start)
    assert send(client, match, first)["X-Tallone-Answer"] == "recorded"
    services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Bruno", "points": {"Anna": 2, "Carla": 12, "Dario": 9}},
    )
    second = hand_data(match, "Carla", {"Anna": 1, "Bruno": 1, "Dario": 1}, based_on=start)
    answer = send(client, match, {**second, "follows": [first["idempotency_key"]]})
    assert (answer.status_code, answer["X-Tallone-Answer"]) == (409, "conflict")
    # what it is told is the other phone's hand alone: its own first one is not news to it
    text = " ".join(answer.content.decode().split())
    assert "Hand 2 was recorded from another phone" in text
    assert "Hand 1 was recorded from another phone" not in text
    # without `follows` nothing is rebased: its own hand is a change too
    plain = send(
        client,
        match,
        hand_data(match, "Carla", {"Anna": 1, "Bruno": 1, "Dario": 1}, based_on=start),
    )
    assert plain.status_code == 409
    assert events(match) == 2


@pytest.mark.django_db
def test_a_kept_hand_is_not_rebased_over_a_correction_or_a_key_it_does_not_follow(client, table):
    match, scorer = table
    start = match.revision
    first = hand_data(match, "Anna", HAND, based_on=start)
    assert send(client, match, first)["X-Tallone-Answer"] == "recorded"
    stranger = hand_data(match, "Carla", {"Anna": 1, "Bruno": 1, "Dario": 1}, based_on=start)
    assert send(client, match, {**stranger, "follows": ["f" * 32]}).status_code == 409
    event = MatchEvent.objects.get(match=match, number=1)
    services.hand_correct(
        event=event,
        expected_version=1,
        user=scorer,
        data={"type": "hand", "closer": "Anna", "points": {"Bruno": 30, "Carla": 12, "Dario": 9}},
    )
    second = hand_data(match, "Carla", {"Anna": 1, "Bruno": 1, "Dario": 1}, based_on=start)
    answer = send(client, match, {**second, "follows": [first["idempotency_key"]]})
    assert answer.status_code == 409  # the correction of its own hand is news to it
    assert events(match) == 1


def test_rebased_moves_over_the_phones_own_first_versions_only():
    """The rule on plain data: (revision, version, key) of the changes after a revision."""
    changes = [(6, 1, "a"), (7, 1, "b"), (8, 1, "x"), (9, 1, "c")]
    assert services.rebased_over(5, changes, {"a", "b", "c"}) == 7
    assert services.rebased_over(5, changes, {"b"}) == 5
    assert services.rebased_over(5, [(6, 2, "a")], {"a"}) == 5
    assert services.rebased_over(5, [], {"a"}) == 5


@pytest.mark.django_db
def test_the_live_poll_rebases_what_the_form_was_made_at(client, table):
    match, _scorer = table
    start = match.revision
    page = client.get(match.get_absolute_url()).content.decode()
    first = hand_data(match, "Anna", HAND, based_on=start)
    send(client, match, first)
    # the scoreboard's address, as the page after the hand shows it (revision, form signature)
    address = unescape(re.search(r'hx-get="(/matches/[^"]+/live/[^"]*)"', page).group(1))
    address = address.replace(f"revision={start}", f"revision={start + 1}")

    def poll(**asked):
        return client.get(f"{address}&{urlencode({'seen': start, **asked})}")

    # a draft made before the hand just recorded, typed behind it: nothing to be told
    assert poll(follows=first["idempotency_key"]).status_code == 204
    # a draft made then behind nothing is told what changed (even with the scores current)
    told = poll()
    assert told.status_code == 200
    assert "Another phone changed the match while you were typing." in told.content.decode()
    # ...once: a page that shows the notice already is not sent it again
    assert poll(told=1).status_code == 204


@pytest.mark.django_db
def test_the_script_is_given_the_entry_actions_of_the_url_conf(client, table):
    match, _scorer = table
    config = config_of(client.get(match.get_absolute_url()).content.decode())
    assert config["revision"] == match.revision
    assert len(config["actions"]) == len(page_script.ENTRY_ACTIONS) == 4
    for name, address in zip(page_script.ENTRY_ACTIONS, config["actions"], strict=True):
        found = resolve(address)
        assert (found.url_name, found.kwargs) == (name, {"pk": match.pk})
        assert address == f"/matches/{match.pk}/{name}/"  # the worker's "<pk>/<name>/"


@pytest.mark.django_db
def test_a_page_that_records_nothing_is_given_no_entry_action(client):
    club = ClubFactory()
    log_in(client, member(club, Role.MEMBER))  # follows the match, records nothing
    match = start_match(club=club, preset="scala40-club")
    config = config_of(client.get(match.get_absolute_url()).content.decode())
    assert (config["mayRecord"], config["actions"]) == (False, [])


@pytest.mark.django_db
def test_the_service_worker_is_told_the_entry_actions(client):
    body = client.get(reverse("scoring:service-worker")).content.decode()
    config = json.loads(re.match(r"self\.TALLONE = (.*);\n", body).group(1))
    assert config["entries"] == list(page_script.ENTRY_ACTIONS)


def rules_copied_in(source: str) -> list[str]:
    """What the page's scripts must not decide themselves: the entry actions' names, a revision
    read out of the server's HTML, an address rewritten with a regex."""
    found = []
    if re.search(r"stays-out|reentry\|", source):
        found.append("the entry actions")
    if "data-revision" in source or "dataset.revision" in source:
        found.append("a revision read out of the page")
    if re.search(r"\.replace\(/\(\[\?&\]", source):
        found.append("an address rewritten with a regex")
    return found


def test_the_page_scripts_copy_no_rule_of_the_server():
    scripts = [
        STATIC_JS / "entry.js",
        STATIC_JS / "sw.js",
        *sorted((STATIC_JS / "entry").glob("*.js")),
    ]
    assert {path.name: rules_copied_in(path.read_text()) for path in scripts} == {
        path.name: [] for path in scripts
    }


def test_the_check_finds_the_copies_it_looks_for():
    # control: the old script's lines are found
    old = (
        r"const ACTIONS = /\/(hand|reentry|stays-out|withdraw)\/$/;"
        '\nconst answer = /data-revision="(\\d+)"/.exec(html);'
        r"\nurl.replace(/([?&]seen=)\d*/, `$1${seen}`);"
    )
    assert rules_copied_in(old) == [
        "the entry actions",
        "a revision read out of the page",
        "an address rewritten with a regex",
    ]


@pytest.mark.django_db
def test_the_page_loads_its_script_as_a_module_and_preloads_every_module(client, table):
    match, _scorer = table
    page = client.get(match.get_absolute_url()).content.decode()
    assert '<script type="module" src="/static/js/entry.js">' in page
    modules = sorted((STATIC_JS / "entry").glob("*.js"))
    assert modules
    for module in modules:
        assert f'<link rel="modulepreload" href="/static/js/entry/{module.name}">' in page
        # each is imported by the page's script (a module preloaded and not used is bytes lost)
        assert f'from "./entry/{module.name}"' in (STATIC_JS / "entry.js").read_text()


def test_every_module_has_its_unit_tests():
    tests = Path(__file__).resolve().parents[1] / "js"
    for module in (STATIC_JS / "entry").glob("*.js"):
        assert (tests / f"{module.stem}.test.mjs").exists(), module.name
