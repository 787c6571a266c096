"""What the match page's script (static/js/entry.js, match.js) is told, rendered as JSON in the
page: where the match's service worker is, how often the page polls, who types on the page (the
hands it keeps on the phone carry it: a kept hand is never sent under someone else's name), and
every sentence the script shows, in the user's language (the script has no catalogue of its own).
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from clubs.actors import TableActor
from scoring.models import Match, TableJoin
from scoring.table_access import MatchViewer

# How often an open match page asks for what changed (seconds).
POLL_SECONDS = 3

# What the page's script sends in place (and the service worker passes on as it is): the names
# of these views in scoring/urls.py, each at "<pk>/<name>/". The one list: the script is given
# their addresses (`client_config`), the worker their names (`scoring.views.service_worker`).
ENTRY_ACTIONS = ("hand", "reentry", "stays-out", "withdraw")


def typist(viewer: MatchViewer) -> dict[str, str]:
    """Who types on this page, as the hands it keeps on the phone remember it: entry.js stores it
    with each one and compares it, without the network, with the page that opens them later, so a
    hand kept on a shared browser is never sent under someone else's name. The user, or the
    phone of a table code (`phone_typist`); nobody ("") for a visitor."""
    user = viewer.user
    if user.is_authenticated and not isinstance(viewer.actor, TableActor):
        # the username, not the row's id: the same on a server the club's archive moved to
        return {"id": f"user:{user.get_username()}", "name": user.get_username()}
    join = viewer.join
    if join is None:
        return {"id": "", "name": ""}
    return phone_typist(join)


def phone_typist(join: TableJoin) -> dict[str, str]:
    """A table code's phone as the typist of the hands it keeps: its seat ("Anna's phone"), the
    phone's identity at the table (a phone that takes the seat after the director released it
    sits as the same player; a phone whose seat was released is still that seat, so that what it
    kept is still shown as its own); a follower, who writes nothing, by its join."""
    if join.seat_id is not None:
        return {"id": f"seat:{join.seat_id}", "name": join.label}
    name = gettext("%(name)s (phone %(number)s at the table)") % {
        "name": join.name,
        "number": join.number,
    }
    return {"id": f"phone:{join.pk}", "name": name}


def client_config(match: Match, *, typist: dict[str, str], may_record: bool) -> dict[str, object]:
    """What the page's script needs (static/js/entry.js), rendered as JSON in the page: the
    match's revision, the addresses it sends in place (`ENTRY_ACTIONS`, for who may record),
    where the match's service worker is, how often the page polls, who types on this page
    (`typist`) and whether they may record the match's events (a hand kept by someone else,
    "record it as mine"), and every sentence the script shows, in the user's language (the
    script has no catalogue of its own)."""
    return {
        "match": match.pk,
        "revision": match.revision,
        # a page that records nothing is given no address to record at (it shows no form)
        "actions": [reverse(f"scoring:{n}", args=[match.pk]) for n in ENTRY_ACTIONS]
        if may_record
        else [],
        "who": typist,
        "mayRecord": may_record,
        "worker": reverse("scoring:service-worker"),
        "scope": reverse("scoring:service-worker").rsplit("/", 1)[0] + "/",
        "poll": POLL_SECONDS,
        "csrfCookie": settings.CSRF_COOKIE_NAME,
        "text": script_words(),
    }


def script_words() -> dict[str, str]:
    """Every sentence the page's script shows, in the user's language, by the key it asks."""
    return {
        "hand": gettext("Hand %(number)s"),
        "sending": gettext("Sending…"),
        "pendingTitle": gettext("Not recorded yet"),
        "pendingHelp": gettext(
            "Kept on this phone: sent by itself as soon as the network is back."
        ),
        "refusedHelp": gettext("Not recorded: edit it (back into the form) or discard it."),
        "waiting": gettext("waiting for the network"),
        "refused": gettext("not recorded"),
        "edit": gettext("Edit"),
        "discard": gettext("Discard"),
        "discardAsk": gettext("Discard it? It was never recorded."),
        "offlineSince": gettext("Offline since %(time)s."),
        "copyOf": gettext("Scores as they were at %(time)s."),
        "updatedAgo": gettext("Last update %(seconds)s s ago."),
        "updatedAt": gettext("Last update at %(time)s."),
        "loggedOut": gettext(
            "You are logged out: log in again, then tap Edit and record it again."
        ),
        "serverError": gettext("The server did not take it (error %(status)s)."),
        "discarded": gettext("Your hand was discarded."),
        "sameHand": gettext("Yours is the same as hand %(number)s."),
        "keptOne": gettext(
            "%(hands)s is not recorded yet: kept on this phone until the network is back."
        ),
        "keptMany": gettext(
            "%(hands)s are not recorded yet: kept on this phone until the network is back."
        ),
        "seeKept": gettext("See them"),
        "typedBy": gettext("typed by %(name)s, not recorded"),
        "someoneElse": gettext("someone else"),
        "othersHelp": gettext("Typed on this phone by someone else: it is never sent by itself."),
        "recordAsMine": gettext("Record it as mine"),
        "playersChanged": gettext(
            "The players in play changed meanwhile: tap Edit, check it and record it again."
        ),
    }
