"""Burraco tournaments: registering pairs, seating each turno, and the director's actions on a
turno (BURRACO.md section 2-3). Each service locks the tournament row first
(`select_for_update`), like `tournaments.services`; views and the API ask `can_direct` first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from pairings.burraco.action_selectors import checked_action, refuse_change
from pairings.burraco.formats import BurracoFormat, burraco_format_of
from pairings.burraco.selectors import (
    BurracoFacts,
    TurnoFacts,
    burraco_facts,
    burraco_standings,
    refuse_unknown_line,
    seating_report,
    still_playing_refusal,
    turno_rules,
    vp_table_report,
)
from pairings.burraco.team_seating import TableSeats
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import danese, movements
from pairings.engine.burraco.movements import Table as EngineTable
from pairings.engine.burraco.movements import TurnoSeating
from pairings.engine.burraco.vp_tables import DEFAULT_VP_TABLES, VpTable, bands_of, check_vp_table
from pairings.engine.errors import TournamentError
from pairings.engine.round_robin import round_robin
from pairings.models import Pair, TurnoAction
from pairings.models import VpTable as ClubVpTable
from pairings.presenters import default_vp_table_name
from tournaments.errors import TournamentActionError
from tournaments.locking import locked, refuse_if_finished, user_or_none
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundKind,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.rounds import tables_match_start
from tournaments.services import entries_register

PAIR_SEPARATOR = "/"

# Pairs ---------------------------------------------------------------------------------------


def _pairs_format(tournament: Tournament) -> None:
    if burraco_format_of(tournament).value != "burraco_pairs":
        raise TournamentActionError(
            _("An individual event has no pairs: each player is entered alone."), field="pairs"
        )


def _refuse_new_pairs(tournament: Tournament, *, field: str) -> None:
    """A pair joins a pairs tournament not finished, before its first turno is seated."""
    refuse_if_finished(tournament)
    _pairs_format(tournament)
    if tournament.rounds.exists():
        raise TournamentActionError(
            _("The first turno is seated: a pair can no longer join."), field=field
        )


def _next_number(tournament: Tournament) -> int:
    return (Pair.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def pairs_register(
    *, tournament: Tournament, user: Actor, lines: Sequence[str], check_in: bool = False
) -> list[Pair]:
    """Enter pairs from lines such as "Anna Rossi / Bruno Bianchi" (a club player's name enters
    that player, any other name a guest), numbered in this order. All or nothing: a line that
    is not two names, a name listed twice or already entered is refused (by line), and nobody is
    entered. With `check_in` they are here and have paid. Locks the tournament row, then enters
    the players as `entries_register`."""
    tournament = locked(tournament)
    _refuse_new_pairs(tournament, field="pairs")
    names: list[str] = []
    for number, line in enumerate((line for line in lines if line.strip()), start=1):
        parts = [part.strip() for part in line.split(PAIR_SEPARATOR)]
        if len(parts) != 2 or not all(parts):
            raise TournamentActionError(
                _('Line %(number)s ("%(line)s") is not a pair: write two names with "/" between.')
                % {"number": number, "line": line.strip()},
                field="pairs",
            )
        names += parts
    if not names:
        raise TournamentActionError(
            _('Write one pair a line, such as "Anna Rossi / Bruno Bianchi".'), field="pairs"
        )
    try:
        entries = entries_register(tournament=tournament, user=user, names=names, check_in=check_in)
    except TournamentActionError as error:
        error.field = "pairs"
        raise
    first_number = _next_number(tournament)
    return [
        Pair.objects.create(
            tournament=tournament,
            number=first_number + index,
            first=entries[2 * index],
            second=entries[2 * index + 1],
        )
        for index in range(len(entries) // 2)
    ]


@transaction.atomic
def pair_register(*, tournament: Tournament, user: Actor, first: Entry, second: Entry) -> Pair:
    """Make a pair of two players already entered, neither in a pair yet (a guest checked in at
    the door, a player registered alone), before the first turno. Locks the tournament row."""
    tournament = locked(tournament)
    _refuse_new_pairs(tournament, field="first")
    if first.pk == second.pk:
        raise TournamentActionError(_("A pair is two different players."), field="second")
    for entry in (first, second):
        if entry.tournament_id != tournament.pk:
            raise TournamentActionError(_("Both players must be entered here."), field="first")
        if Pair.objects.filter(Q(first=entry) | Q(second=entry)).exists():
            raise TournamentActionError(
                _("%(name)s is already in a pair.") % {"name": entry.player.name}, field="first"
            )
    return Pair.objects.create(
        tournament=tournament, number=_next_number(tournament), first=first, second=second
    )


# Seating a turno -----------------------------------------------------------------------------


def vp_table_for(
    tournament: Tournament, hands: int, *, for_teams: bool = False
) -> tuple[str, VpTable]:
    """The VP table of a turno of `hands` hands: the club's own for that count (the last
    edited), else the one the engine ships; refused when there is none (a 2-hand turno). A
    team match's table (`for_teams`) is the club's own team table: no other is used for it,
    nor it for pairs."""
    own = (
        ClubVpTable.objects.filter(club_id=tournament.club_id, hands=hands, for_teams=for_teams)
        .order_by("-updated_at", "-pk")
        .first()
    )
    if own is not None:
        bands = bands_of((band["low"], band["high"], band["winner"]) for band in own.bands)
        return own.name, check_vp_table(hands, bands)
    if for_teams:
        raise TournamentActionError(
            _(
                "There is no team VP table for turni of %(hands)s hands: enter one in the "
                "club's VP tables (for team matches) before seating the turno."
            )
            % {"hands": hands},
            field="hands_per_turno",
        )
    if hands in DEFAULT_VP_TABLES:
        return default_vp_table_name(hands), DEFAULT_VP_TABLES[hands]
    raise TournamentActionError(
        _(
            "There is no VP table for turni of %(hands)s hands: enter one in the club's VP "
            "tables before seating the turno."
        )
        % {"hands": hands},
        field="hands_per_turno",
    )


def _without_absent(seating: TurnoSeating, present: set[PlayerId]) -> TurnoSeating:
    """A movement planned ahead (Mitchell, all'italiana) with the pairs gone since: a table
    that lost a line is left empty (its number kept: NS pairs stay at their tables) and gives
    the other line a bye."""
    tables, byes = [], [bye for bye in seating.byes if bye in present]
    for table in seating.tables:
        ns_in, eo_in = table.ns[0] in present, table.eo[0] in present
        if ns_in and eo_in:
            tables.append(table)
        elif ns_in or eo_in:
            byes.append(table.ns[0] if ns_in else table.eo[0])
    return TurnoSeating(seating.turno, tuple(tables), tuple(byes))


@dataclass(frozen=True)
class _Turno:
    """What a movement needs to seat turno `number` of `planned`: the lines present (registration
    order),
    how many turni of the same movement came before (`same`) and how many there are (`total`),
    and the lines a movement planned ahead fixed at its first turno (`order`)."""

    tournament: Tournament
    facts: BurracoFacts
    number: int
    planned: int  # the tournament's turni
    present: list[PlayerId]
    same: int
    total: int
    order: list[PlayerId]


Seated = tuple[TurnoSeating, dict[str, Any]]


def _mitchell(turno: _Turno) -> Seated:
    plan = movements.mitchell(turno.order, turno.total, turno.tournament.mitchell_skip)
    seating = _without_absent(plan.turni[turno.same], set(turno.present))
    return seating, {"order": turno.order, "odd_tables": plan.odd_tables}


def split_groups(order: Sequence[PlayerId], count: int) -> list[list[PlayerId]]:
    """The groups (gironi) of an all'italiana: `order` dealt snake-wise into `count` groups
    (1, 2, ..., count, count, ..., 2, 1, ...), so each holds a share of every level."""
    groups: list[list[PlayerId]] = [[] for _ in range(count)]
    for index, line in enumerate(order):
        lap, place = divmod(index, count)
        groups[place if lap % 2 == 0 else count - 1 - place].append(line)
    return groups


def _italiana(turno: _Turno) -> Seated:
    """Each group's round robin, its turno `same`; the tables numbered group after group."""
    count = max(turno.tournament.italiana_groups, 1)
    if len(turno.order) < 2 * count:
        raise TournamentActionError(
            _("%(groups)s groups need at least %(pairs)s pairs (now: %(count)s).")
            % {"groups": count, "pairs": 2 * count, "count": len(turno.order)},
            field="italiana_groups",
        )
    groups = split_groups(turno.order, count)
    first_ns = turno.same % 2 == 0  # NS and EO alternate from one turno to the next
    tables: list[EngineTable] = []
    byes: list[PlayerId] = []
    for group in groups:
        schedule = round_robin(group)
        scheduled = schedule[turno.same % len(schedule)]
        for p in scheduled.pairings:
            ns, eo = ((p.first,), (p.second,)) if first_ns else ((p.second,), (p.first,))
            tables.append(EngineTable(len(tables) + 1, ns, eo))
        if scheduled.bye is not None:
            byes.append(scheduled.bye)
    seating = TurnoSeating(turno.number, tuple(tables), tuple(byes))
    extra: dict[str, Any] = {"order": turno.order}
    if count > 1:
        extra["groups"] = groups
    return _without_absent(seating, set(turno.present)), extra


def _ranked(turno: _Turno) -> list[PlayerId]:
    """The lines present in standings order (registration order before any turno)."""
    if not turno.facts.turni:
        return turno.present
    standings = burraco_standings(turno.tournament, turno.facts).standings
    return [line for line in standings.ranked() if line in turno.present]


def _danese(turno: _Turno) -> Seated:
    seated = danese.danese_turno(
        _ranked(turno),
        turno.number,
        [previous.seating for previous in turno.facts.turni],
        turno.tournament.danese,
        last_turno=turno.number == turno.planned,
    )
    return seated.seating, {
        "step": str(seated.step),
        "repeats": [sorted(pair) for pair in seated.repeats],
    }


def _individual(turno: _Turno) -> Seated:
    seated = movements.individual_turno(
        _ranked(turno),
        turno.number,
        [previous.seating for previous in turno.facts.turni],
        turno.tournament.grouping,
    )
    return seated.seating, {"repeats": [sorted(pair) for pair in seated.repeats]}


# How each movement seats a turno (`BurracoFormat.movement`)
SEATERS: dict[str, Callable[[_Turno], Seated]] = {
    "mitchell": _mitchell,
    "italiana": _italiana,
    "danese": _danese,
    "individual": _individual,
}


# The refusal to seat a turno with fewer than two lines checked in, by what a line is
TOO_FEW = {
    "pair": _("At least 2 pairs must be checked in to seat a turno (now: %(count)s)."),
    "team": _("At least 2 teams must be checked in to seat a turno (now: %(count)s)."),
    "player": _("At least 2 players must be checked in to seat a turno (now: %(count)s)."),
}


def _seat(tournament: Tournament, kind: BurracoFormat, facts: BurracoFacts, number: int) -> Seated:
    movement = kind.movement(tournament, number)
    present = facts.present()
    if len(present) < 2:
        raise TournamentActionError(TOO_FEW[facts.kind] % {"count": len(present)}, field="entries")
    planned = kind.planned_turni(tournament)
    movements_of = [kind.movement(tournament, n) for n in range(1, planned + 1)]
    order = next(
        (
            list(previous.round.report.get("order", present))
            for previous in facts.turni
            if previous.movement == movement
        ),
        present,
    )
    turno = _Turno(
        tournament,
        facts,
        number,
        planned,
        present,
        same=movements_of[: number - 1].count(movement),
        total=movements_of.count(movement),
        order=order,
    )
    return SEATERS[movement](turno)


@transaction.atomic
def turno_seat(*, tournament: Tournament, user: Actor) -> Round:
    """Seat the next turno: its movement (Mitchell, danese, all'italiana, or an individual
    regrouping) over the lines still in, once every table of the last turno is decided; each
    table gets its seats (NS in 1 and 3, EO in 2 and 4), its Burraco match of the turno's hands
    and its table code, and the turno's clock starts. The turno's VP table is kept in its report.
    Locks the tournament row first."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    kind = burraco_format_of(tournament)
    facts = burraco_facts(tournament)
    number = len(facts.turni) + 1
    planned = kind.planned_turni(tournament)
    if number > planned:
        raise TournamentActionError(
            _("Every turno is seated (%(planned)s).") % {"planned": planned}, field="round"
        )
    playing = still_playing_refusal(facts)
    if playing is not None:
        raise playing
    table_name, vp_table = vp_table_for(
        tournament, tournament.hands_per_turno, for_teams=kind.team_matches
    )
    try:
        turno_rules(tournament, vp_table)  # a bye must be worth VP the table gives
        seating, extra = _seat(tournament, kind, facts, number)
        extra |= kind.seated(facts, seating)  # teams: each names its pairs first
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    Round.objects.filter(tournament=tournament, status=RoundStatus.RUNNING).update(
        status=RoundStatus.FINISHED
    )
    round = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=RoundKind.TURNO,
        status=RoundStatus.RUNNING,
        clock_started_at=timezone.now(),
        report={
            "movement": kind.movement(tournament, number),
            **seating_report(seating),
            "vp_table": vp_table_report(table_name, vp_table),
            **extra,
        },
    )
    _open_tables(tournament, round, kind.table_seats(facts, seating), user)
    if tournament.status == TournamentStatus.REGISTRATION:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    return round


def _open_tables(tournament: Tournament, round: Round, seated: TableSeats, user: Actor) -> None:
    """A table per (number, NS, EO) of the format's `table_seats`, its four seats (NS 1 and 3,
    EO 2 and 4), its match started."""
    if not seated:
        return
    tables = Table.objects.bulk_create(
        Table(round=round, number=number) for number, _ns, _eo in seated
    )
    seats = []
    for row, (_number, ns, eo) in zip(tables, seated, strict=True):
        for seat, entry in zip((1, 3, 2, 4), (*ns, *eo), strict=True):
            seats.append(TableSeat(table=row, entry=entry, seat=seat))
    TableSeat.objects.bulk_create(seats)
    tables_match_start(tournament=tournament, tables=tables, user=user)


# The director's actions on a turno -----------------------------------------------------------


def _open_turno(round: Round) -> tuple[Tournament, BurracoFacts, TurnoFacts]:
    """The tournament (its row locked), its facts and the turno of `round`; refused once the
    tournament is over or the next turno is seated."""
    tournament = locked(round.tournament)
    burraco_format_of(tournament)
    facts = burraco_facts(tournament)
    turno = next((t for t in facts.turni if t.round.pk == round.pk), None)
    if turno is None:
        raise TournamentActionError(_("Choose a turno of this tournament."), field="round")
    refuse_change(facts, turno)
    return tournament, facts, turno


@transaction.atomic
def turno_action_record(
    *,
    round: Round,
    user: Actor,
    kind: str,
    reason: str,
    table: Table | None = None,
    side: str = "",
    line: int | None = None,
    minutes: int = 0,
    vp: int = 0,
    mp: int | None = None,
) -> TurnoAction:
    """Record a director's action on a turno (BURRACO.md section 2): a line's abandonment at a
    table (`side`, and the MP it keeps), its lateness (`side`, `minutes`), or an adjustment of a
    pair's or player's VP and MP (`line`). Checked as `checked_action` says, then by the engine
    through the standings it changes: refused, nothing is recorded. Locks the tournament row
    first."""
    tournament, facts, turno = _open_turno(round)
    action = checked_action(
        facts,
        turno,
        kind=kind,
        reason=reason,
        table=table,
        side=side,
        line=line,
        minutes=minutes,
        vp=vp,
        mp=mp,
    )
    action.created_by = user_or_none(user)
    action.save()
    burraco_standings(tournament)  # the engine's refusal undoes it
    return action


@transaction.atomic
def turno_action_undo(*, action: TurnoAction, user: Actor) -> TurnoAction:
    """Undo a director's action, until the next turno is seated; it stays in the history.
    Locks the tournament row first."""
    _open_turno(action.round)
    action = TurnoAction.objects.select_for_update().get(pk=action.pk)
    if action.undone_at is None:
        action.undone_at = timezone.now()
        action.save(update_fields=["undone_at"])
    return action


@transaction.atomic
def pair_withdraw(*, tournament: Tournament, user: Actor, line: int) -> list[Entry]:
    """A pair (a player of an individual event, a team) leaves the tournament: not seated from
    the next turno on; its results so far stay. Locks the tournament row first."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    facts = burraco_facts(tournament)
    refuse_unknown_line(facts, line)
    now = timezone.now()
    members = list(facts.members(line))
    for entry in members:
        entry.status = EntryStatus.DROPPED
        entry.dropped_at = now
    Entry.objects.bulk_update(members, ["status", "dropped_at"])
    return members
