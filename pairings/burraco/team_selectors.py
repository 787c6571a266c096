"""What the pages and the API show of a Burraco team tournament's teams: each team, its players,
the pairs it named for each turno, and the next turno still to name (three queries)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pairings.models import Team, TeamLineup, TeamMember
from tournaments.formats import format_of
from tournaments.models import Entry, RoundKind, Tournament


@dataclass
class TeamRow:
    team: Team
    members: list[Entry] = field(default_factory=list)
    lineups: dict[int, TeamLineup] = field(default_factory=dict)  # turno -> its pairs

    def lineup(self, turno: int | None) -> TeamLineup | None:
        return self.lineups.get(turno) if turno is not None else None


@dataclass
class TeamRoster:
    tournament: Tournament
    teams: list[TeamRow]
    planned: int  # turni
    seated: int

    @property
    def next_turno(self) -> int | None:
        """The turno whose pairs the teams name now (None: every turno is seated)."""
        return self.seated + 1 if self.seated < self.planned else None

    @property
    def registering(self) -> bool:
        """Whether teams may still join (no turno is seated)."""
        return self.seated == 0


def team_roster(tournament: Tournament) -> TeamRoster:
    """The tournament's teams in number order, their players in registration order and their
    pairs by turno."""
    rows = {team.pk: TeamRow(team) for team in Team.objects.filter(tournament=tournament)}
    entries: dict[int, Entry] = {}
    for member in TeamMember.objects.filter(team__tournament=tournament).select_related(
        "entry__player"
    ):
        rows[member.team_id].members.append(member.entry)
        entries[member.entry_id] = member.entry
    for lineup in TeamLineup.objects.filter(team__tournament=tournament):
        for name in ("first", "second", "third", "fourth"):
            setattr(lineup, name, entries[getattr(lineup, f"{name}_id")])
        rows[lineup.team_id].lineups[lineup.turno] = lineup
    kind = format_of(tournament)
    planned = kind.planned_turni(tournament) if hasattr(kind, "planned_turni") else 0
    seated = tournament.rounds.filter(kind=RoundKind.TURNO).count()
    return TeamRoster(tournament, list(rows.values()), planned, seated)
