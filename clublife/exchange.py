"""Import and export: match documents (DESIGN.md) one by one or as a batch, and a whole club as
one JSON archive.

Match documents are how a club types in its old paper sheets: every document is checked by the
engine before anything is written (a refusal names the document, the event and the field), its
players are found in the club by name (any case) or added as guests, and the match is started and
its events recorded through `scoring.services`, exactly as if they had been entered at the table.

The club archive keeps every row that belongs to a club, with its primary keys, so a fresh
install that imports it shows the same pages at the same addresses (for backups and for moving
servers). It carries the club's own data and never anyone's account: a user is named by their
username only (no password hash, e-mail, name or dates), and an import links the usernames that
have an account here and reports the others. It is written with Django's "python" serializer and
made JSON-ready here; import runs in one transaction and refuses an archive whose rows would
collide with rows already there.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clublife.models import Rating, RatingChange, Season
from clubs import validators
from clubs.errors import ServiceError
from clubs.models import Club, Membership, Player, Role
from scoring import services as scoring
from scoring.engine import EngineError
from scoring.engine.document import (
    MatchDocument,
    check_import_size,
    dump_document,
    parse_document,
)
from scoring.engine.events import Event, GinHand, Hand, Reentry, Withdraw
from scoring.engine.replay import replay
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer
from tournaments.models import Entry, Reopening, ResultFix, Round, Table, TableSeat, Tournament

# Caps of an import (docs/API.md): one request should not hold the database for minutes. A
# document holds at most MAX_EVENTS events (scoring.engine.document), a batch at most MAX_BATCH
# documents and MAX_BATCH_EVENTS events in all; the default request body (2.5 MB) holds about
# 30,000 short hands, and a 5 MB file about twice that.
MAX_BATCH = 1000
MAX_BATCH_EVENTS = 20000

ARCHIVE_FORMAT = "tallone-club"
# Version 2 names users by username in the rows that refer to them and holds no user rows.
# Version 1 (user rows with password hashes and e-mails) is still read: only its usernames are
# used, the rest of its user rows is ignored.
ARCHIVE_VERSION = 2
READABLE_VERSIONS = (1, 2)


# Match documents ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentError:
    """One refusal: the document's position in a batch (None for a single document), the index
    of the event at fault (None for the match itself), the field, and the message (translated).
    Positions and indexes count from 0, as in the engine's errors; `text` counts from 1."""

    message: str
    document: int | None = None
    event: int | None = None
    field: str | None = None

    def as_dict(self) -> dict[str, Any]:
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
        if self.field:
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


def _checked(document: Any, position: int | None) -> MatchDocument:
    """The parsed document (its size, names and structure checked; the game's rules are checked
    by the one replay of the import, or by `_replay_errors`)."""
    try:
        check_import_size(document)
        return parse_document(document)
    except EngineError as error:
        raise ImportRefused([_engine_error(error, position)]) from error


def _engine_error(error: EngineError, position: int | None) -> DocumentError:
    return DocumentError(
        error.translated(gettext), document=position, event=error.event, field=error.field
    )


def _replay_errors(parsed: MatchDocument, position: int) -> list[DocumentError]:
    """What the game's rules refuse in a parsed document (to list every bad document of a batch
    refused anyway; nothing is written)."""
    try:
        replay(parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer)
    except EngineError as error:
        return [_engine_error(error, position)]
    return []


def _renamed_event(event: Event, names: dict[str, str]) -> Event:
    if isinstance(event, Hand):
        return dataclasses.replace(
            event,
            closer=names[event.closer],
            points={names[name]: points for name, points in event.points.items()},
            not_opened=frozenset(names[name] for name in event.not_opened),
        )
    if isinstance(event, GinHand):
        return dataclasses.replace(
            event,
            knocker=names[event.knocker] if event.knocker is not None else None,
            deadwood={names[name]: points for name, points in event.deadwood.items()},
        )
    if isinstance(event, Reentry | Withdraw):
        return dataclasses.replace(event, player=names[event.player])
    return event


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
    user,
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


def _create(
    *,
    club: Club,
    user,
    parsed: MatchDocument,
    played_on: dt.date | None,
    position: int | None,
    digest: str,
) -> Match:
    try:
        players = [scoring.guest_player(club=club, name=name) for name in parsed.players]
        # the club's spelling of a name wins ("anna" on the sheet is the club's "Anna")
        names = {name: player.name for name, player in zip(parsed.players, players, strict=True)}
        first_dealer = parsed.first_dealer or parsed.players[0]
        renamed = dataclasses.replace(
            parsed,
            players=tuple(names[name] for name in parsed.players),
            events=tuple(_renamed_event(event, names) for event in parsed.events),
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
    *, club: Club, user, data: Any, played_on: dt.date | None = None
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
    documents = [data] if alone else data
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
    _check_date(played_on, None)
    position_of = (lambda index: None) if alone else (lambda index: index)
    errors: list[DocumentError] = []
    parsed: list[MatchDocument | None] = []
    for index, document in enumerate(documents):
        try:
            parsed.append(_checked(document, position_of(index)))
        except ImportRefused as refused:
            errors += refused.errors
            parsed.append(None)
    if errors:
        for index, document in enumerate(parsed):
            if document is not None:
                errors += _replay_errors(document, position_of(index))
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


def match_import(*, club: Club, user, document: dict, played_on: dt.date | None = None) -> Match:
    """Import one match document into `club` (`documents_import`); answers its match (the one
    imported before, for a document imported again)."""
    if not isinstance(document, dict):
        _checked(document, None)  # refused: not a document
    (imported,) = documents_import(club=club, user=user, data=document, played_on=played_on)
    return imported.match


def matches_import(
    *, club: Club, user, documents: list, played_on: dt.date | None = None
) -> list[Match]:
    """Import a batch of match documents, all or nothing, in the order given
    (`documents_import`); answers their matches in order."""
    if not isinstance(documents, list) or not documents:
        raise ImportRefused([DocumentError(gettext("Give at least one match document."))])
    imported = documents_import(club=club, user=user, data=documents, played_on=played_on)
    return [each.match for each in imported]


def match_export(match: Match) -> dict[str, Any]:
    """The match as a match document (voided events left out, corrections applied)."""
    seats = list(match.seats.order_by("seat"))
    document, _numbers = scoring.match_document(match, seats, scoring.current_versions(match))
    return document


def club_matches_export(*, club: Club) -> list[dict[str, Any]]:
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


# The club archive --------------------------------------------------------------------------------


class ArchiveError(ServiceError):
    """The archive cannot be imported here; nothing was written."""


# Every model of a club, parents before children; each with how to find the club's rows.
ARCHIVE_MODELS: tuple[tuple[type[models.Model], str], ...] = (
    (Club, "pk"),
    (Membership, "club"),
    (Player, "club"),
    (Match, "club"),
    (MatchPlayer, "match__club"),
    (MatchEvent, "match__club"),
    (EventVersion, "event__match__club"),
    (Tournament, "club"),
    (Entry, "tournament__club"),
    (Round, "tournament__club"),
    (Table, "round__tournament__club"),
    (TableSeat, "table__round__tournament__club"),
    (ResultFix, "table__round__tournament__club"),
    (Reopening, "tournament__club"),
    (Season, "club"),
    (Rating, "player__club"),
    (RatingChange, "player__club"),
)


# Models that changed app (label in older archives -> label today).
MOVED_MODELS = {
    "tournaments.season": "clublife.season",
    "tournaments.rating": "clublife.rating",
    "tournaments.ratingchange": "clublife.ratingchange",
}


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def _user_fields(model: type[models.Model]) -> list[models.ForeignKey]:
    user_model = get_user_model()
    return [
        field
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model is user_model
    ]


def _json_ready(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()  # microseconds kept, so the order of rows is kept too
    if isinstance(value, Decimal):
        return str(value)
    return value


def _serialized(queryset: Iterable[models.Model], fields: Sequence[str] | None = None) -> list:
    options = {"fields": fields} if fields is not None else {}
    rows = serializers.serialize("python", queryset, **options)
    for row in rows:
        row["fields"] = {name: _json_ready(value) for name, value in row["fields"].items()}
    return rows


def _user_reference_fields(model: type[models.Model]) -> list[str]:
    return [field.name for field in _user_fields(model)]


def club_export(club: Club) -> dict[str, Any]:
    """The whole club as one JSON-ready archive: every row that belongs to it, primary keys kept
    (events with all their versions, tournaments, seasons, ratings). A row that refers to a user
    (a member, a linked player, who recorded or confirmed what) holds that user's username, and
    nothing else of any account leaves the server: no password hash, e-mail, name or date."""
    rows: list[tuple[list[str], dict[str, Any]]] = []
    for model, lookup in ARCHIVE_MODELS:
        names = _user_reference_fields(model)
        queryset = model.objects.filter(**{lookup: club.pk}).order_by("pk")
        rows += [(names, row) for row in _serialized(queryset)]
    user_ids = {
        row["fields"][name]
        for names, row in rows
        for name in names
        if row["fields"].get(name) is not None
    }
    user_model = get_user_model()
    usernames = dict(
        user_model.objects.filter(pk__in=user_ids).values_list("pk", user_model.USERNAME_FIELD)
    )
    for names, row in rows:
        for name in names:
            if row["fields"].get(name) is not None:
                row["fields"][name] = usernames.get(row["fields"][name])
    objects = [row for _names, row in rows]
    return {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": club.slug,
        "objects": objects,
    }


def _archive_objects(data: Any) -> list[dict[str, Any]]:
    """The archive's rows, in the shape of version 2 (a version 1 archive is converted: its
    user rows give the usernames of the rows that refer to them, and are dropped)."""
    if not isinstance(data, dict) or data.get("format") != ARCHIVE_FORMAT:
        raise ArchiveError(_("This is not a Tallone club archive."))
    version = data.get("version")
    if version not in READABLE_VERSIONS:
        raise ArchiveError(
            _("This archive has version %(version)s; this Tallone reads versions %(expected)s.")
            % {
                "version": version,
                "expected": ", ".join(str(number) for number in READABLE_VERSIONS),
            }
        )
    objects = data.get("objects")
    if isinstance(objects, list):  # archives written before club life had its own app
        objects = [
            {**row, "model": MOVED_MODELS[row["model"]]}
            if isinstance(row, dict)
            and isinstance(row.get("model"), str)
            and row["model"] in MOVED_MODELS
            else row
            for row in objects
        ]
    user_label = _label(get_user_model())
    known = {_label(model) for model, _lookup in ARCHIVE_MODELS}
    if version == 1:
        known.add(user_label)
    if not isinstance(objects, list) or not all(
        isinstance(row, dict)
        and row.get("model") in known
        and isinstance(row.get("fields"), dict)
        and isinstance(row.get("pk"), int)
        and not isinstance(row.get("pk"), bool)
        and 1 <= row["pk"] <= validators.MAX_DATABASE_ID
        for row in objects
    ):
        raise ArchiveError(_("The archive is damaged: its list of objects cannot be read."))
    if version == 1:
        objects = _from_version_1(objects, user_label)
    by_label = {_label(model): model for model, _lookup in ARCHIVE_MODELS}
    for row in objects:
        for name in _user_reference_fields(by_label[row["model"]]):
            value = row["fields"].get(name)
            if value is not None and (not isinstance(value, str) or not value):
                raise ArchiveError(
                    _(
                        "The archive is damaged: %(model)s %(pk)s names its user by "
                        "%(value)s instead of a username."
                    )
                    % {"model": row["model"], "pk": row["pk"], "value": json.dumps(value)}
                )
    return objects


def _from_version_1(objects: list[dict[str, Any]], user_label: str) -> list[dict[str, Any]]:
    """Version 1 rows as version 2 rows: user ids replaced by the usernames of the archive's
    user rows (an id without a user row names nobody), the user rows dropped."""
    usernames = {
        row["pk"]: row["fields"].get("username")
        for row in objects
        if row["model"] == user_label and isinstance(row["fields"].get("username"), str)
    }
    by_label = {_label(model): model for model, _lookup in ARCHIVE_MODELS}
    converted = []
    for row in objects:
        if row["model"] == user_label:
            continue
        fields = dict(row["fields"])
        for name in _user_reference_fields(by_label[row["model"]]):
            if fields.get(name) is not None:
                fields[name] = usernames.get(fields[name])
        converted.append({**row, "fields": fields})
    return converted


# Names checked by `clubs.validators.clean_name`, as every other way in checks them.
ARCHIVE_NAME_FIELDS: dict[type[models.Model], tuple[str, int]] = {
    Club: ("name", validators.NAME_LENGTH),
    Player: ("name", validators.PLAYER_NAME_LENGTH),
    MatchPlayer: ("name", validators.PLAYER_NAME_LENGTH),
    Tournament: ("name", validators.NAME_LENGTH),
    Season: ("name", validators.NAME_LENGTH),
}


def _damaged(item: models.Model, field: str, message: Any) -> ArchiveError:
    return ArchiveError(
        _("The archive is damaged: %(model)s %(pk)s, field %(field)s: %(message)s")
        % {"model": _label(type(item)), "pk": item.pk, "field": field, "message": message}
    )


IGNORED_FIELD_CHECKS = frozenset({"blank"})


def _check_row(item: models.Model) -> None:
    """A row is checked as every other way in checks it, before it is written: the model's
    own field checks (lengths, digits, choices), names, and every date within the years a club
    can play, so nothing the archive brings can fail to be read back (a year-1 moment in Rome's
    time zone is year 0 in UTC; a pot beyond its digits breaks every page on SQLite)."""
    relations = [field.name for field in item._meta.concrete_fields if field.is_relation]
    try:
        item.clean_fields(exclude=relations)
    except ValidationError as error:
        # "blank" is a rule of forms, not of what can be stored and read back: an empty list of a
        # season's games or an empty report is a value the app itself writes
        for field, errors in error.error_dict.items():
            for problem in errors:
                if problem.code not in IGNORED_FIELD_CHECKS:
                    raise _damaged(item, field, next(iter(problem))) from error
    name = ARCHIVE_NAME_FIELDS.get(type(item))
    if name is not None:
        try:
            validators.clean_name(getattr(item, name[0]), max_length=name[1])
        except ValidationError as error:
            raise _damaged(item, name[0], validators.first_message(error)) from error
    for field in item._meta.concrete_fields:
        value = getattr(item, field.attname)
        if isinstance(value, dt.datetime):
            day = value.date()
        elif isinstance(value, dt.date):
            day = value
        else:
            continue
        if not validators.EARLIEST_DAY <= day <= validators.LATEST_DAY:
            raise _damaged(
                item,
                field.name,
                _("the date %(day)s is outside the years a club can play.")
                % {"day": day.isoformat()},
            )


def _check_matches_replay(club: Club) -> None:
    """Every imported match replays with its stored rules and events: a match the engine refuses
    would answer an error on every page that shows it."""
    matches = Match.objects.filter(club=club).prefetch_related(
        Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat"))
    )
    for match in matches:
        try:
            scoring.replay_current(match, list(match.seats.all()))
        except (scoring.MatchError, StopIteration, KeyError, TypeError, ValueError) as error:
            message = getattr(error, "message", None) or gettext("its events cannot be replayed.")
            raise ArchiveError(
                _("The archive is damaged: match %(pk)s cannot be replayed: %(message)s")
                % {"pk": match.pk, "message": message}
            ) from error


def _check_versions_in_force(by_model: dict[str, list[dict]]) -> None:
    """Every event has exactly one version in force: replays, and the number of the next event
    recorded, rest on it."""
    in_force = Counter(
        row["fields"].get("event")
        for row in by_model.get(_label(EventVersion), [])
        if row["fields"].get("is_current")
    )
    for row in by_model.get(_label(MatchEvent), []):
        if in_force[row["pk"]] != 1:
            raise ArchiveError(
                _(
                    "The archive is damaged: event %(number)s of match %(match)s has "
                    "%(count)s versions in force instead of one."
                )
                % {
                    "number": row["fields"].get("number"),
                    "match": row["fields"].get("match"),
                    "count": in_force[row["pk"]],
                }
            )


def _check_references(by_model: dict[str, list[dict]]) -> None:
    """Every reference between the archive's rows stays inside the archive."""
    labels = [_label(model) for model, _lookup in ARCHIVE_MODELS]
    pks = {label: {row["pk"] for row in by_model.get(label, [])} for label in labels}
    for model, _lookup in ARCHIVE_MODELS:
        for row in by_model.get(_label(model), []):
            for field in model._meta.concrete_fields:
                if not field.is_relation:
                    continue
                value = row["fields"].get(field.name)
                target = _label(field.related_model)
                if value is None or target not in pks:
                    continue
                if value not in pks[target]:
                    raise ArchiveError(
                        _(
                            "The archive is damaged: %(model)s %(pk)s refers to %(target)s "
                            "%(value)s, which is not in it."
                        )
                        % {
                            "model": _label(model),
                            "pk": row["pk"],
                            "target": target,
                            "value": value,
                        }
                    )


def _conflicts(by_model: dict[str, list[dict]]) -> list[str]:
    found = []
    for model, _lookup in ARCHIVE_MODELS:
        pks = [row["pk"] for row in by_model.get(_label(model), [])]
        taken = model.objects.filter(pk__in=pks).count() if pks else 0
        if taken:
            found.append(f"{model._meta.verbose_name_plural} ({taken})")
    return found


def _users_here(by_model: dict[str, list[dict]]) -> tuple[dict[str, int], list[str]]:
    """The usernames the archive's rows name: those with an account here (username -> id) and,
    sorted, those without one."""
    named: set[str] = set()
    for model, _lookup in ARCHIVE_MODELS:
        names = _user_reference_fields(model)
        for row in by_model.get(_label(model), []):
            named.update(row["fields"][name] for name in names if row["fields"].get(name))
    user_model = get_user_model()
    here = dict(
        user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__in": named}).values_list(
            user_model.USERNAME_FIELD, "pk"
        )
    )
    return here, sorted(named - set(here))


@dataclass(frozen=True)
class ImportedArchive:
    """What `club_import` did: the club, and the usernames the archive names that have no
    account here (their rows refer to nobody; their memberships were left out)."""

    club: Club
    unknown_usernames: list[str]


@transaction.atomic
def club_import(data: dict, *, user=None) -> ImportedArchive:
    """Import a club archive of `club_export`, keeping every primary key, in one transaction.

    Refused (`ArchiveError`, nothing written) when it is not an archive of a version this code
    reads, is damaged, the club's short name exists, or any of its rows' ids are taken here:
    import into a database that does not hold this club yet. No account is created: a username
    of the archive that has an account here is linked to it; one that has none refers to nobody
    (a player is not linked, "recorded by" stays empty) and its membership is left out; those
    usernames are reported. With `user`, that user becomes an owner of the imported club too
    (unless already a member). On PostgreSQL the id sequences are moved past the imported rows
    afterwards.
    """
    objects = _archive_objects(data)
    by_model: dict[str, list[dict]] = defaultdict(list)
    for row in objects:
        by_model[row["model"]].append(row)
    clubs = by_model.get(_label(Club), [])
    if len(clubs) != 1:
        raise ArchiveError(_("The archive is damaged: it must hold exactly one club."))
    slug = clubs[0]["fields"].get("slug")
    if Club.objects.filter(slug=slug).exists():
        raise ArchiveError(
            _("A club with the short name %(slug)s is already here; nothing was imported.")
            % {"slug": slug}
        )
    _check_references(by_model)
    _check_versions_in_force(by_model)
    conflicts = _conflicts(by_model)
    if conflicts:
        raise ArchiveError(
            _(
                "Rows with the archive's ids are already here (%(rows)s): import the archive "
                "into a database without them, e.g. a new one after `manage.py migrate`."
            )
            % {"rows": ", ".join(conflicts)}
        )
    user_ids, unknown = _users_here(by_model)
    rows = []
    for model, _lookup in ARCHIVE_MODELS:
        user_fields = _user_reference_fields(model)
        for row in by_model.get(_label(model), []):
            fields = dict(row["fields"])
            for name in user_fields:
                if fields.get(name) is not None:
                    fields[name] = user_ids.get(fields[name])
            if model is Membership and fields.get("user") is None:
                continue  # a member without an account here
            rows.append({"model": row["model"], "pk": row["pk"], "fields": fields})
    try:
        for item in serializers.deserialize("python", rows):
            _check_row(item.object)
            # raw: the timestamps of the archive are kept, no signal handler acts on the rows
            item.save(force_insert=True)
        # references are checked at commit; check them now, to answer with a clear error
        connection.check_constraints(
            table_names=[model._meta.db_table for model, _lookup in ARCHIVE_MODELS]
        )
    except (DeserializationError, IntegrityError, ValueError, TypeError, OverflowError) as error:
        raise ArchiveError(
            _("The archive is damaged: %(error)s") % {"error": str(error).splitlines()[0]}
        ) from error
    _reset_sequences()
    club = Club.objects.get(pk=clubs[0]["pk"])
    _check_matches_replay(club)
    if user is not None and not Membership.objects.filter(club=club, user=user).exists():
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return ImportedArchive(club=club, unknown_usernames=unknown)


def _reset_sequences() -> None:
    """Move the id sequences (PostgreSQL) past the imported ids, so new rows get fresh ids."""
    archived = [model for model, _lookup in ARCHIVE_MODELS]
    statements = connection.ops.sequence_reset_sql(no_style(), archived)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
