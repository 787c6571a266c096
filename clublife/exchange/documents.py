"""Import and export of match documents (DESIGN.md), one by one or as a batch.

Match documents are how a club types in its old paper sheets: every document is checked by the
engine before anything is written (a refusal names the document, the event and the field), its
players are found in the club by name (any case) or added as guests, and the match is started and
its events recorded through `scoring.services`, exactly as if they had been entered at the table.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext

from base.errors import ServiceError
from clubs import validators
from clubs.actors import Actor
from clubs.models import Club, Player
from scoring import services as scoring
from scoring.engine import EngineError
from scoring.engine.document import (
    DocumentData,
    MatchDocument,
    check_import_size,
    dump_document,
    parse_document,
)
from scoring.engine.events import renamed_event
from scoring.engine.replay import GAME_NAMES, replay
from scoring.games import game_values
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer

# Caps of an import (docs/API.md): one request should not hold the database for minutes. A
# document holds at most MAX_EVENTS events (scoring.engine.document), a batch at most MAX_BATCH
# documents and MAX_BATCH_EVENTS events in all; the default request body (2.5 MB) holds about
# 30,000 short hands, and a 5 MB file about twice that.
MAX_BATCH = 1000
MAX_BATCH_EVENTS = 20000
# One name of a document's players, at fault: "players.2" is said "player 3".
PLAYER_FIELD = re.compile(r"players\.(\d+)")


# Match documents ---------------------------------------------------------------------------------


class DocumentErrorData(TypedDict):
    document: int | None
    event: int | None
    field: str | None
    message: str


@dataclass(frozen=True)
class DocumentError:
    """One refusal: the document's position in a batch (None for a single document), the index
    of the event at fault (None for the match itself), the field, and the message (translated).
    Positions and indexes count from 0, as in the engine's errors; `text` counts from 1."""

    message: str
    document: int | None = None
    event: int | None = None
    field: str | None = None

    def as_dict(self) -> DocumentErrorData:
        return {
            "document": self.document,
            "event": self.event,
            "field": self.field,
            "message": self.message,
        }

    @property
    def text(self) -> str:
        where = []
        if self.document is not None:
            where.append(gettext("document %(number)s") % {"number": self.document + 1})
        if self.event is not None:
            where.append(gettext("event %(number)s") % {"number": self.event + 1})
        seat = PLAYER_FIELD.fullmatch(self.field or "")
        if seat:
            where.append(gettext("player %(number)s") % {"number": int(seat[1]) + 1})
        elif self.field:
            where.append(gettext("field %(field)s") % {"field": self.field})
        if not where:
            return self.message
        place = ", ".join(where)
        return f"{place[:1].upper()}{place[1:]}: {self.message}"


class ImportRefused(ServiceError):
    """Nothing was imported: every problem found, in document order (`errors`, and each as a
    refusal of its own in `details`)."""

    def __init__(self, errors: Sequence[DocumentError]):
        self.errors = list(errors)
        super().__init__(
            "; ".join(error.text for error in self.errors),
            details=[
                ServiceError(
                    error.message, field=error.field, event=error.event, document=error.document
                )
                for error in self.errors
            ],
        )


def _checked(document: object, position: int | None) -> MatchDocument:
    """The parsed document (its size, names and structure checked; the game's rules are checked
    by the one replay of the import, or by `_replay_errors`)."""
    try:
        check_import_size(document)
        parsed = parse_document(document)
    except EngineError as error:
        raise ImportRefused([_engine_error(error, position)]) from error
    if parsed.game not in game_values():  # a game the engine scores, the site does not play yet
        message = gettext("%(game)s cannot be stored on this site yet: preview it instead.")
        game = GAME_NAMES.get(parsed.game, parsed.game)
        raise ImportRefused([DocumentError(message % {"game": game}, position, field="game")])
    return parsed


def _engine_error(error: EngineError, position: int | None) -> DocumentError:
    return DocumentError(
        error.translated(gettext), document=position, event=error.event, field=error.field
    )


def _replay_errors(parsed: MatchDocument, position: int | None) -> list[DocumentError]:
    """What the game's rules refuse in a parsed document (to list every bad document of a batch
    refused anyway; nothing is written)."""
    try:
        replay(parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer)
    except EngineError as error:
        return [_engine_error(error, position)]
    return []


def _check_date(played_on: dt.date | None, position: int | None) -> None:
    """`played_on` within the days a club can play (`clubs.validators.clean_day`)."""
    if played_on is None:
        return
    try:
        validators.clean_day(played_on)
    except ValidationError as error:
        raise ImportRefused(
            [DocumentError(validators.first_message(error), document=position, field="played_on")]
        ) from None


def _digest(parsed: MatchDocument, day: dt.date, copy: int) -> str:
    """What tells one imported score sheet from another: the SHA-256 of the canonical document
    (`dump_document`: cards counted, rules as overrides, keys sorted), the day it was played on,
    and which copy of that same sheet on that day it is (two identical sheets sent in one batch
    are two matches; sending the batch again finds both)."""
    canonical = json.dumps(
        {"document": dump_document(parsed), "played_on": day.isoformat(), "copy": copy},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _digests(parsed: Sequence[MatchDocument], played_on: dt.date | None) -> list[str]:
    day = played_on or timezone.localdate()
    seen: Counter[str] = Counter()
    digests = []
    for document in parsed:
        first = _digest(document, day, 1)
        seen[first] += 1
        digests.append(first if seen[first] == 1 else _digest(document, day, seen[first]))
    return digests


@dataclass(frozen=True)
class Imported:
    """One imported document: its match, and whether it was made now (False: the same document
    had been imported before, and this is that match)."""

    match: Match
    created: bool


class _DigestTaken(Exception):
    """Another import of the same document committed first."""


def _import(
    *,
    club: Club,
    user: Actor,
    parsed: MatchDocument,
    played_on: dt.date | None,
    position: int | None,
    digest: str,
) -> Imported:
    """The match of `parsed` in `club`: the one imported before with the same `digest`, or a new
    one (one replay, its events written at once by `scoring.events_import`)."""
    found = Match.objects.filter(club=club, import_digest=digest).first()
    if found is not None:
        return Imported(found, created=False)
    try:
        with transaction.atomic():
            return Imported(
                _create(
                    club=club,
                    user=user,
                    parsed=parsed,
                    played_on=played_on,
                    position=position,
                    digest=digest,
                ),
                created=True,
            )
    except _DigestTaken:
        return Imported(Match.objects.get(club=club, import_digest=digest), created=False)


def _players(club: Club, names: Sequence[str], position: int | None) -> list[Player]:
    """The club's players of `names` (any case), or new guests; a name at fault is named by its
    place in the list ("players.2"), and so is a name that is the same player of the club as one
    before it ("anna" after "Anna")."""
    players: list[Player] = []
    seats: dict[int, str] = {}
    for index, name in enumerate(names):
        field = f"players.{index}"
        try:
            player = scoring.guest_player(club=club, name=name)
        except scoring.MatchError as error:
            raise ImportRefused(
                [DocumentError(error.message, document=position, field=field)]
            ) from error
        if player.pk in seats:
            message = gettext(
                "%(name)s and %(other)s are the same player of the club (%(player)s): "
                "list them once."
            ) % {"name": " ".join(name.split()), "other": seats[player.pk], "player": player.name}
            raise ImportRefused([DocumentError(message, document=position, field=field)])
        seats[player.pk] = " ".join(name.split())
        players.append(player)
    return players


def _create(
    *,
    club: Club,
    user: Actor,
    parsed: MatchDocument,
    played_on: dt.date | None,
    position: int | None,
    digest: str,
) -> Match:
    try:
        players = _players(club, parsed.players, position)
        # the club's spelling of a name wins ("anna" on the sheet is the club's "Anna")
        names = {name: player.name for name, player in zip(parsed.players, players, strict=True)}
        first_dealer = parsed.first_dealer or parsed.players[0]
        renamed = dataclasses.replace(
            parsed,
            players=tuple(names[name] for name in parsed.players),
            events=tuple(renamed_event(event, names) for event in parsed.events),
            first_dealer=names[first_dealer],
        )
        data = dump_document(renamed)
        match = scoring.match_start(
            club=club,
            user=user,
            preset=renamed.preset,
            players=players,
            options=data["rules"],
            first_dealer_seat=parsed.players.index(first_dealer) + 1,
        )
        when = None
        if played_on is not None:
            when = timezone.make_aware(dt.datetime.combine(played_on, dt.time.min))
        try:
            with transaction.atomic():
                Match.objects.filter(pk=match.pk).update(
                    import_digest=digest, **({"started_at": when} if when else {})
                )
        except IntegrityError as error:
            raise _DigestTaken from error
        try:
            scoring.events_import(match=match, user=user, events=data["events"], finished_at=when)
        except scoring.MatchError as error:
            event = error.event - 1 if error.event is not None else None
            raise ImportRefused(
                [DocumentError(error.message, document=position, event=event, field=error.field)]
            ) from error
    except scoring.MatchError as error:
        raise ImportRefused(
            [DocumentError(error.message, document=position, field=error.field)]
        ) from error
    match.refresh_from_db()
    return match


@transaction.atomic
def documents_import(
    *, club: Club, user: Actor, data: object, played_on: dt.date | None = None
) -> list[Imported]:
    """Import `data`, one match document or a list of them (all or nothing, in the order given),
    into `club`; answers what became of each document, in order.

    The players are the club's players of those names (any case), or new guests. With
    `played_on`, the matches started (and, when finished, ended) on that day. A document imported
    before (same canonical document, same day: see `_digest`) is not imported again: its entry
    is the match imported then (`created` False). Raises `ImportRefused` listing every problem
    (document, event, field), and writes nothing then. At most `MAX_BATCH` documents, each of at
    most `MAX_EVENTS` events, and `MAX_BATCH_EVENTS` events in all.
    """
    alone = not isinstance(data, list)
    documents: list[object] = data if isinstance(data, list) else [data]
    _check_batch_size(documents)
    _check_date(played_on, None)
    position_of = (lambda index: None) if alone else (lambda index: index)
    valid = _parsed_batch(documents, position_of)
    errors: list[DocumentError] = []
    imported = []
    for index, (document, digest) in enumerate(zip(valid, _digests(valid, played_on), strict=True)):
        try:
            with transaction.atomic():
                imported.append(
                    _import(
                        club=club,
                        user=user,
                        parsed=document,
                        played_on=played_on,
                        position=position_of(index),
                        digest=digest,
                    )
                )
        except ImportRefused as refused:
            errors += refused.errors
    if errors:
        raise ImportRefused(errors)  # rolls back the documents imported before
    return imported


def _check_batch_size(documents: list[object]) -> None:
    if not documents:
        raise ImportRefused([DocumentError(gettext("Give at least one match document."))])
    if len(documents) > MAX_BATCH:
        raise ImportRefused(
            [
                DocumentError(
                    gettext("At most %(count)s matches can be imported at once.")
                    % {"count": MAX_BATCH}
                )
            ]
        )


def _parsed_batch(
    documents: list[object], position_of: Callable[[int], int | None]
) -> list[MatchDocument]:
    """Every document checked, or `ImportRefused` with every problem of every document (the
    replay's too, for the documents that parse), and at most `MAX_BATCH_EVENTS` events in all."""
    errors: list[DocumentError] = []
    parsed: list[MatchDocument | None] = []
    for index, document in enumerate(documents):
        try:
            parsed.append(_checked(document, position_of(index)))
        except ImportRefused as refused:
            errors += refused.errors
            parsed.append(None)
    if errors:
        for index, each in enumerate(parsed):
            if each is not None:
                errors += _replay_errors(each, position_of(index))
        errors.sort(key=lambda error: error.document or 0)
        raise ImportRefused(errors)
    valid = [document for document in parsed if document is not None]
    total = sum(len(document.events) for document in valid)
    if total > MAX_BATCH_EVENTS:
        raise ImportRefused(
            [
                DocumentError(
                    gettext(
                        "At most %(count)s events can be imported at once (these documents "
                        "hold %(total)s): send them in smaller batches."
                    )
                    % {"count": MAX_BATCH_EVENTS, "total": total}
                )
            ]
        )
    return valid


def club_matches_export(*, club: Club) -> list[DocumentData]:
    """Every match of the club as a match document, oldest first, in three queries."""
    matches = (
        Match.objects.filter(club=club)
        .order_by("started_at", "id")
        .prefetch_related(
            Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat")),
            Prefetch(
                "events",
                queryset=MatchEvent.objects.order_by("number").prefetch_related(
                    Prefetch("versions", queryset=EventVersion.objects.filter(is_current=True))
                ),
            ),
        )
    )
    documents = []
    for match in matches:
        versions = []
        for event in match.events.all():
            for version in event.versions.all():
                version.event = event
                versions.append(version)
        document, _numbers = scoring.match_document(match, list(match.seats.all()), versions)
        documents.append(document)
    return documents
