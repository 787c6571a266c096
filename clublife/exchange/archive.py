"""The club archive: a whole club as one JSON archive, exported and imported.

The club archive keeps every row that belongs to a club, with its primary keys, so a fresh
install that imports it shows the same pages at the same addresses (for backups and for moving
servers). It carries the club's own data and never anyone's account: a user is named by their
username only (no password hash, e-mail, name or dates), and an import links the usernames that
have an account here and reports the others. It is written with Django's "python" serializer and
made JSON-ready here; import runs in one transaction and refuses an archive whose rows would
collide with rows already there.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypedDict

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

from base.errors import ServiceError
from clublife.exchange.lines import check_lines
from clublife.models import Rating, RatingChange, Season
from clubs import validators
from clubs.models import Club, Membership, Player, Role, User
from pairings.models import Pair, Team, TeamLineup, TeamMember, TurnoAction, VpTable
from pairings.vptables.services import checked_bands
from scoring import services as scoring
from scoring.engine import MatchState
from scoring.models import (
    EventVersion,
    Match,
    MatchEvent,
    MatchPlayer,
    MatchStatus,
    TableCode,
    TableJoin,
)
from tournaments.models import (
    Entry,
    GuestCheckIn,
    KeepApart,
    Reopening,
    ResultFix,
    Round,
    Table,
    TableSeat,
    Tournament,
)

ARCHIVE_FORMAT = "tallone-club"


class ArchiveRow(TypedDict):
    """One row of an archive, in the shape of Django's "python" serializer."""

    model: str  # the model's label
    pk: int
    # The row's fields as the serializer gives and reads them: any model field's value (made
    # JSON-ready on export), which only the deserializer and the model's checks judge.
    fields: dict[str, Any]


# Version 2 names users by username in the rows that refer to them and holds no user rows.
# Version 1 (user rows with password hashes and e-mails) is still read: only its usernames are
# used, the rest of its user rows is ignored. A model added to the archive keeps the version (as
# guests' check-ins and keep-apart groups did): an archive written before it simply has none of
# its rows, and imports as it did.
ARCHIVE_VERSION = 2
READABLE_VERSIONS = (1, 2)

# The club archive --------------------------------------------------------------------------------


class ArchiveError(ServiceError):
    """The archive cannot be imported here; nothing was written."""


# Every model of a club, parents before children; each with how to find the club's rows.
ARCHIVE_MODELS: tuple[tuple[type[models.Model], str], ...] = (
    (Club, "pk"),
    (Membership, "club"),
    (Player, "club"),
    (Match, "club"),
    (TableCode, "match__club"),
    (TableJoin, "code__match__club"),
    (MatchPlayer, "match__club"),
    (MatchEvent, "match__club"),
    (EventVersion, "event__match__club"),
    (Tournament, "club"),
    (Entry, "tournament__club"),
    (Pair, "tournament__club"),
    (Round, "tournament__club"),
    (Table, "round__tournament__club"),
    (TurnoAction, "round__tournament__club"),
    (TableSeat, "table__round__tournament__club"),
    (ResultFix, "table__round__tournament__club"),
    (Reopening, "tournament__club"),
    (GuestCheckIn, "tournament__club"),
    (KeepApart, "tournament__club"),
    (VpTable, "club"),
    (Team, "tournament__club"),
    (TeamMember, "team__tournament__club"),
    (TeamLineup, "team__tournament__club"),
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


def _archive_tables() -> list[str]:
    """The database tables the archive writes: its models' and their many-to-many tables (a
    keep-apart group's players)."""
    tables = []
    for model, _lookup in ARCHIVE_MODELS:
        tables.append(model._meta.db_table)
        tables += [field.m2m_db_table() for field in model._meta.many_to_many]
    return tables


# A foreign key's value types are Django's generic parameters, here of any model's: Any.
def _user_fields(model: type[models.Model]) -> list[models.ForeignKey[Any, Any]]:
    user_model = get_user_model()
    return [
        field
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and field.related_model is user_model
    ]


def _json_ready(value: object) -> object:
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()  # microseconds kept, so the order of rows is kept too
    if isinstance(value, Decimal):
        return str(value)
    return value


def _serialized(
    queryset: Iterable[models.Model], fields: Sequence[str] | None = None
) -> list[ArchiveRow]:
    options = {"fields": fields} if fields is not None else {}
    rows: list[ArchiveRow] = serializers.serialize("python", queryset, **options)
    for row in rows:
        row["fields"] = {name: _json_ready(value) for name, value in row["fields"].items()}
    return rows


def _user_reference_fields(model: type[models.Model]) -> list[str]:
    return [field.name for field in _user_fields(model)]


def club_export(club: Club) -> dict[str, object]:
    """The whole club as one JSON-ready archive: every row that belongs to it, primary keys kept
    (events with all their versions, tournaments, seasons, ratings). A row that refers to a user
    (a member, a linked player, who recorded or confirmed what) holds that user's username, and
    nothing else of any account leaves the server: no password hash, e-mail, name or date."""
    rows: list[tuple[list[str], ArchiveRow]] = []
    for model, lookup in ARCHIVE_MODELS:
        names = _user_reference_fields(model)
        queryset = (
            model._default_manager.filter(**{lookup: club.pk})
            .order_by("pk")
            .prefetch_related(
                *(
                    Prefetch(
                        field.name, queryset=field.related_model._default_manager.order_by("pk")
                    )
                    for field in model._meta.many_to_many
                )
            )
        )
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


def _archive_objects(data: object) -> list[ArchiveRow]:
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
    objects = [_with_fee_paid(row) for row in objects]
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


def _with_fee_paid(row: ArchiveRow) -> ArchiveRow:
    """An entry of an archive written before the entry fee was its own fact (`Entry.paid_at`)
    had paid when it checked in: it is paid at its check-in time, as the migration made it."""
    if row["model"] != _label(Entry) or "paid_at" in row["fields"]:
        return row
    return {**row, "fields": {**row["fields"], "paid_at": row["fields"].get("checked_in_at")}}


def _from_version_1(objects: list[ArchiveRow], user_label: str) -> list[ArchiveRow]:
    """Version 1 rows as version 2 rows: user ids replaced by the usernames of the archive's
    user rows (an id without a user row names nobody), the user rows dropped."""
    usernames = {
        row["pk"]: row["fields"].get("username")
        for row in objects
        if row["model"] == user_label and isinstance(row["fields"].get("username"), str)
    }
    by_label = {_label(model): model for model, _lookup in ARCHIVE_MODELS}
    converted: list[ArchiveRow] = []
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
    VpTable: ("name", validators.NAME_LENGTH),
}


def _damaged(item: models.Model, field: str, message: object) -> ArchiveError:
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
        for field_name, errors in error.error_dict.items():
            for problem in errors:
                if problem.code not in IGNORED_FIELD_CHECKS:
                    raise _damaged(item, field_name, next(iter(problem))) from error
    name = ARCHIVE_NAME_FIELDS.get(type(item))
    if name is not None:
        try:
            validators.clean_name(getattr(item, name[0]), max_length=name[1])
        except ValidationError as error:
            raise _damaged(item, name[0], validators.first_message(error)) from error
    if isinstance(item, VpTable):
        _check_vp_table(item)
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


def _check_vp_table(item: VpTable) -> None:
    """A club's VP table as its service checks it (`pairings.vptables.services.checked_bands`):
    a table with a gap or an overlap would give a turno the wrong VP."""
    bands = item.bands
    if not isinstance(bands, list) or not all(isinstance(band, dict) for band in bands):
        raise _damaged(item, "bands", _("a VP table's bands are a list of bands."))
    try:
        checked_bands(item.hands, bands)
    except ServiceError as error:
        raise _damaged(item, "bands", error.message) from error
    except (TypeError, ValueError) as error:  # a bound or a VP that is not a whole number
        raise _damaged(item, "bands", _("a band's bounds and VP are whole numbers.")) from error


def _check_matches_replay(club: Club) -> None:
    """Every imported match replays with its stored rules and events, and holds the result they
    give: a match the engine refuses would answer an error on every page that shows it, and the
    pages, ratings and seasons read the stored result rather than replay (a finished match with a
    seat without a place would break every season that counts it). Three queries, whatever the
    number of matches."""
    club_matches = Match.objects.filter(club=club)
    events = scoring.current_events_by_match(club_matches)
    matches = club_matches.prefetch_related(
        Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat"))
    )
    for match in matches:
        seats = list(match.seats.all())
        try:
            replayed = scoring.replay_current(match, seats, events.get(match.pk, []))
        except (scoring.MatchError, StopIteration, KeyError, TypeError, ValueError) as error:
            message = getattr(error, "message", None) or gettext("its events cannot be replayed.")
            raise ArchiveError(
                _("The archive is damaged: match %(pk)s cannot be replayed: %(message)s")
                % {"pk": match.pk, "message": message}
            ) from error
        _check_result(match, seats, replayed.state)


def _check_result(match: Match, seats: Sequence[MatchPlayer], state: MatchState) -> None:
    """The match's stored result (what `scoring.cache.refresh_cache` writes of a replay: its
    status, each seat's total, status, re-entries, place and hands won) is its events' result."""
    status = MatchStatus.FINISHED if state.finished else MatchStatus.IN_PROGRESS
    checks: list[tuple[models.Model, str, object, object]] = [
        (match, "status", match.status, str(status))
    ]
    by_name = {seat.name: seat for seat in seats}
    for player in state.players:
        seat = by_name[player.name]
        checks += [
            (seat, "total", seat.total, player.total),
            (seat, "status", seat.status, str(player.status)),
            (seat, "reentries", seat.reentries, player.reentries),
            (seat, "place", seat.place, player.place),
            (seat, "hands_won", seat.hands_won, player.hands_won),
        ]
    for item, field, stored, replayed in checks:
        if stored != replayed:
            raise _damaged(
                item,
                field,
                _("%(stored)s instead of %(replayed)s, the result of its match's events.")
                % {"stored": json.dumps(stored), "replayed": json.dumps(replayed)},
            )


def _check_versions_in_force(by_model: dict[str, list[ArchiveRow]]) -> None:
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


def _check_references(by_model: dict[str, list[ArchiveRow]]) -> None:
    """Every reference between the archive's rows stays inside the archive."""
    labels = [_label(model) for model, _lookup in ARCHIVE_MODELS]
    pks = {label: {row["pk"] for row in by_model.get(label, [])} for label in labels}
    for model, _lookup in ARCHIVE_MODELS:
        for row in by_model.get(_label(model), []):
            for field in model._meta.concrete_fields:
                if not isinstance(field, models.ForeignKey):
                    continue
                value = row["fields"].get(field.name)
                target = _label(field.related_model)
                if value is None or target not in pks:
                    continue
                if value not in pks[target]:
                    raise _not_in_archive(model, row["pk"], target, value)
            for field in model._meta.many_to_many:
                values = row["fields"].get(field.name, [])
                target = _label(field.related_model)
                if not isinstance(values, list) or not all(
                    isinstance(value, int) and not isinstance(value, bool) for value in values
                ):
                    raise ArchiveError(
                        _(
                            "The archive is damaged: %(model)s %(pk)s lists its %(field)s as "
                            "%(value)s instead of a list of ids."
                        )
                        % {
                            "model": _label(model),
                            "pk": row["pk"],
                            "field": field.name,
                            "value": json.dumps(values),
                        }
                    )
                for value in values:
                    if value not in pks[target]:
                        raise _not_in_archive(model, row["pk"], target, value)


def _not_in_archive(model: type[models.Model], pk: int, target: str, value: object) -> ArchiveError:
    return ArchiveError(
        _(
            "The archive is damaged: %(model)s %(pk)s refers to %(target)s "
            "%(value)s, which is not in it."
        )
        % {"model": _label(model), "pk": pk, "target": target, "value": value}
    )


def _check_apart_groups(by_model: dict[str, list[ArchiveRow]]) -> None:
    """A keep-apart group keeps two or more players of its own tournament apart, as the keep-apart
    page and the API allow (`tournaments.services.apart_group_add`): a group naming an entry of
    another tournament would seat players of one tournament by another's.
    `_check_references` has checked that its entries are in the archive."""
    tournament_of = {
        row["pk"]: row["fields"].get("tournament") for row in by_model.get(_label(Entry), [])
    }
    for row in by_model.get(_label(KeepApart), []):
        tournament = row["fields"].get("tournament")
        entries = set(row["fields"].get("entries", []))
        for entry in sorted(entries):
            if tournament_of[entry] != tournament:
                raise ArchiveError(
                    _(
                        "The archive is damaged: %(model)s %(pk)s of tournament %(tournament)s "
                        "keeps apart %(entry_model)s %(entry)s, which is of tournament %(other)s."
                    )
                    % {
                        "model": _label(KeepApart),
                        "pk": row["pk"],
                        "tournament": tournament,
                        "entry_model": _label(Entry),
                        "entry": entry,
                        "other": tournament_of[entry],
                    }
                )
        if len(entries) < 2:
            raise ArchiveError(
                _("The archive is damaged: %(model)s %(pk)s keeps fewer than two players apart.")
                % {"model": _label(KeepApart), "pk": row["pk"]}
            )


def _conflicts(by_model: dict[str, list[ArchiveRow]]) -> list[str]:
    found = []
    for model, _lookup in ARCHIVE_MODELS:
        pks = [row["pk"] for row in by_model.get(_label(model), [])]
        taken = model._default_manager.filter(pk__in=pks).count() if pks else 0
        if taken:
            found.append(f"{model._meta.verbose_name_plural} ({taken})")
    return found


def _users_here(by_model: dict[str, list[ArchiveRow]]) -> tuple[dict[str, int], list[str]]:
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
def club_import(data: object, *, user: User | None = None) -> ImportedArchive:
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
    by_model = _checked_archive(data)
    user_ids, unknown = _users_here(by_model)
    _write_rows(_rows_here(by_model, user_ids))
    _reset_sequences()
    club = Club.objects.get(pk=by_model[_label(Club)][0]["pk"])
    _check_matches_replay(club)
    if user is not None and not Membership.objects.filter(club=club, user=user).exists():
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return ImportedArchive(club=club, unknown_usernames=unknown)


def _checked_archive(data: object) -> dict[str, list[ArchiveRow]]:
    """The archive's rows by model label, once it holds one club whose short name and row ids
    are free here, and its references, apart groups and versions in force hold."""
    by_model: dict[str, list[ArchiveRow]] = defaultdict(list)
    for row in _archive_objects(data):
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
    _check_apart_groups(by_model)
    check_lines(by_model, ArchiveError)
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
    return by_model


def _rows_here(by_model: dict[str, list[ArchiveRow]], user_ids: dict[str, int]) -> list[ArchiveRow]:
    """The rows to write, in the archive's model order, their users those of this database (a
    membership of a username without an account here left out)."""
    rows: list[ArchiveRow] = []
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
    return rows


def _write_rows(rows: list[ArchiveRow]) -> None:
    try:
        for item in serializers.deserialize("python", rows):
            _check_row(item.object)
            # raw: the timestamps of the archive are kept, no signal handler acts on the rows
            item.save(force_insert=True)
        # references are checked at commit; check them now, to answer with a clear error
        connection.check_constraints(table_names=_archive_tables())
    except (DeserializationError, IntegrityError, ValueError, TypeError, OverflowError) as error:
        raise ArchiveError(
            _("The archive is damaged: %(error)s") % {"error": str(error).splitlines()[0]}
        ) from error


def _reset_sequences() -> None:
    """Move the id sequences (PostgreSQL) past the imported ids, so new rows get fresh ids."""
    archived = [model for model, _lookup in ARCHIVE_MODELS]
    statements = connection.ops.sequence_reset_sql(no_style(), archived)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
