"""Burraco team tournaments (issue 29; BURRACO.md section 3): registering teams, and each team's
two pairs before each turno (a team turno is seated by `pairings.burraco.seating.teams_seat`).

A team of 4 or more players names its two pairs before each turno (`TeamLineup`). The engine
seats the teams as it seats pairs (danese by the team standings, or all'italiana); each of its
tables is a team match played at two tables: match k is played at table 2k - 1 (team A's pair 1
North-South v team B's pair 1 East-West) and at table 2k (team B's pair 2 North-South v team A's
pair 2 East-West). The match's result is team A's line totals at both tables against team B's,
made victory points by the club's team VP table (`pairings.burraco.selectors`). Each service
locks the tournament row first (`tournaments.locking.locked`); views and the API ask
`can_direct` first.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from pairings.burraco.formats import BurracoFormat, burraco_format_of
from pairings.burraco.selectors import TEAM_PLAYERS
from pairings.models import Team, TeamLineup, TeamMember
from tournaments.errors import TournamentActionError
from tournaments.locking import locked, refuse_if_finished
from tournaments.models import EntryStatus, RoundKind, Tournament
from tournaments.services import entries_register

NAME_SEPARATOR = ":"
PLAYER_SEPARATOR = ","
NAME_LENGTH: int = Team._meta.get_field("name").max_length or 120


def _teams_format(tournament: Tournament, field: str = "teams") -> BurracoFormat:
    kind = burraco_format_of(tournament)
    if kind.competitor != "team":
        raise TournamentActionError(
            _("This is not a team tournament: its lines are not teams."), field=field
        )
    return kind


# Teams ---------------------------------------------------------------------------------------


def _parsed(lines: Sequence[str], taken: dict[str, str]) -> list[tuple[str, list[str]]]:
    """(team name, players' names) of each line written, refused by line (`taken`: the teams'
    names by their casefold)."""
    teams: list[tuple[str, list[str]]] = []
    for number, line in enumerate((line for line in lines if line.strip()), start=1):
        name, separator, rest = line.partition(NAME_SEPARATOR)
        name = " ".join(name.split())
        players = [" ".join(part.split()) for part in rest.split(PLAYER_SEPARATOR)]
        if not separator or not name or len(players) < TEAM_PLAYERS or not all(players):
            raise TournamentActionError(
                _(
                    'Line %(number)s ("%(line)s") is not a team: write its name, ":" and 4 or '
                    "more players with commas between."
                )
                % {"number": number, "line": line.strip()},
                field="teams",
            )
        if len(name) > NAME_LENGTH:
            raise TournamentActionError(
                _("Line %(number)s: a team's name has at most %(length)s characters.")
                % {"number": number, "length": NAME_LENGTH},
                field="teams",
            )
        if name.casefold() in taken:
            raise TournamentActionError(
                _("Line %(number)s: there is a team called %(name)s already.")
                % {"number": number, "name": taken[name.casefold()]},
                field="teams",
            )
        taken[name.casefold()] = name
        teams.append((name, players))
    if not teams:
        raise TournamentActionError(
            _(
                'Write one team a line, such as "I Fiori: Anna Rossi, Bruno Bianchi, Carla '
                'Verdi, Dario Neri".'
            ),
            field="teams",
        )
    return teams


@transaction.atomic
def teams_register(
    *, tournament: Tournament, user: Actor, lines: Sequence[str], check_in: bool = False
) -> list[Team]:
    """Enter teams from lines such as "I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario
    Neri" (4 or more players; a club player's name enters that player, any other name a
    guest), numbered in this order. All or nothing: a line that is not a team, a team's name
    taken, a player listed twice or already entered is refused (by line, on "teams"), and
    nobody is entered. With `check_in` they are here and have paid. Locks the tournament row,
    then enters the players as `entries_register`."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    _teams_format(tournament)
    if tournament.rounds.exists():
        raise TournamentActionError(
            _("The first turno is seated: a team can no longer join."), field="teams"
        )
    existing = Team.objects.filter(tournament=tournament)
    taken = {name.casefold(): name for name in existing.values_list("name", flat=True)}
    parsed = _parsed(lines, taken)
    names = [player for _name, players in parsed for player in players]
    try:
        entries = entries_register(tournament=tournament, user=user, names=names, check_in=check_in)
    except TournamentActionError as error:
        error.field = "teams"
        raise
    number = max(existing.values_list("number", flat=True), default=0)
    teams, start = [], 0
    for index, (name, players) in enumerate(parsed, start=1):
        team = Team.objects.create(tournament=tournament, number=number + index, name=name)
        TeamMember.objects.bulk_create(
            TeamMember(team=team, entry=entry) for entry in entries[start : start + len(players)]
        )
        start += len(players)
        teams.append(team)
    return teams


# Lineups -------------------------------------------------------------------------------------


def _lineup_turno(tournament: Tournament, kind: BurracoFormat, turno: int) -> int:
    planned = kind.planned_turni(tournament)
    if isinstance(turno, bool) or not isinstance(turno, int) or not 1 <= turno <= planned:
        raise TournamentActionError(
            _("Choose a turno from 1 to %(planned)s.") % {"planned": planned}, field="turno"
        )
    if tournament.rounds.filter(kind=RoundKind.TURNO, number__gte=turno).exists():
        raise TournamentActionError(
            _("Turno %(number)s is seated: its pairs can no longer change.") % {"number": turno},
            field="turno",
        )
    return turno


@transaction.atomic
def team_lineup_set(
    *, team: Team, user: Actor, turno: int, pairs: Sequence[Sequence[int]]
) -> TeamLineup:
    """Name the team's two pairs for turno `turno` (entry ids, pair 1 first), among its players
    still in, until that turno is seated; named again, they replace the earlier pairs. Locks the
    tournament row first."""
    tournament = locked(team.tournament)
    refuse_if_finished(tournament)
    kind = _teams_format(tournament, field="pairs")
    turno = _lineup_turno(tournament, kind, turno)
    team = Team.objects.get(pk=team.pk)
    if len(pairs) != 2 or any(len(pair) != 2 for pair in pairs):
        raise TournamentActionError(_("Name two pairs of two players."), field="pairs")
    chosen = [entry for pair in pairs for entry in pair]
    members = {
        member.entry_id: member.entry
        for member in TeamMember.objects.filter(team=team).select_related("entry__player")
    }
    if any(entry not in members for entry in chosen):
        raise TournamentActionError(
            _("Choose the pairs among the players of %(team)s.") % {"team": team.name},
            field="pairs",
        )
    if len(set(chosen)) != len(chosen):
        raise TournamentActionError(_("A player plays in one pair only."), field="pairs")
    for entry in chosen:
        if members[entry].status == EntryStatus.DROPPED:
            raise TournamentActionError(
                _("%(name)s has left the tournament.") % {"name": members[entry].player.name},
                field="pairs",
            )
    lineup, _created = TeamLineup.objects.update_or_create(
        team=team,
        turno=turno,
        defaults=dict(zip(("first_id", "second_id", "third_id", "fourth_id"), chosen, strict=True)),
    )
    return lineup
