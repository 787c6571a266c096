"""Standings of Gin tournaments played in pairs: Swiss and round robin by match points and
tie-breaks, brackets by the round in which each player went out.

Swiss and round robin (`pairing_standings`): a match won (at the table or by walkover, vittoria a
tavolino) or a bye (turno di riposo) is worth 1 match point, a draw 1/2, a loss 0. Players are
ordered by match points, then by the chosen tie-breaks in order (default: Buchholz,
median-Buchholz, net points, head to head); players equal on all of them share a place (1, 2, 2,
4). Rows of a shared place are listed by player id, so the result never depends on the order of
the input.

- Buchholz: the sum of the current match points of every opponent met (an opponent met twice
  counts twice). A bye counts as an opponent with 0 match points.
- Median-Buchholz: the Buchholz without the best and the worst of those opponents' match points;
  0 with fewer than three opponents (byes included).
- Net points: the Gin net differences summed, + for the winner of a match and - for the loser (a
  draw: + for `first`, - for `second`); a bye is worth 0 net points.
- Head to head: among the players still equal when it is reached, the match points each won in
  the matches they played against one another.

Brackets (`bracket_standings`): 1 the champion, 2 the loser of the final (or grand final), then
every player eliminated in the same round shares the best place left: 3-4, 5-8, 9-16 in single
elimination (3 and 4 when a third-place match was played), 3, 4, 5-6, 7-8, 9-12, 13-16 in double
elimination, by the losers' round in which they lost their second match.

This module also holds the types that the pairing engines share: `Pairing` and `Round`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from .brackets import (
    Bracket,
    BracketMatch,
    Format,
    MatchStatus,
    PlayerId,
    Section,
    check_players,
)
from .errors import TournamentError
from .errors import gettext_noop as _

UNKNOWN_TIE_BREAK = _("%(value)s is not a tie-break; choose among: %(choices)s.")
REPEATED_TIE_BREAK = _("The tie-break %(value)s is listed twice.")
NOT_ENTERED = _("%(player)s plays a match but is not entered in the tournament.")
AGAINST_THEMSELVES = _("%(player)s cannot play against themselves.")
WINNER_NOT_PLAYING = _("The winner %(player)s did not play this match.")
WALKOVER_WITHOUT_WINNER = _("A walkover needs a winner.")
NET_NOT_WHOLE = _("The net points of a match must be a whole number.")


def display_key(player: PlayerId) -> tuple[bool, PlayerId]:
    """A sort key for ids of either kind: numbers first, in numeric order, then names."""
    return (isinstance(player, str), player)


@dataclass(frozen=True)
class Pairing:
    """Two players at table `table` (from 1, best placed pairing first); `first` deals first
    (the "white" of a chess pairing)."""

    table: int
    first: PlayerId
    second: PlayerId

    @property
    def players(self) -> tuple[PlayerId, PlayerId]:
        return (self.first, self.second)


@dataclass(frozen=True)
class Round:
    """One round of a Swiss or round robin tournament: the pairings and the player with the bye
    (a field of odd size), if any."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None = None


@dataclass(frozen=True)
class MatchResult:
    """A finished match between `first` and `second`.

    `winner` is one of them, or None for a draw. `net` is the Gin net difference from the
    winner's side (for a draw, from `first`'s side); the scoring engine's `net_total`. A walkover
    (`walkover=True`) needs a winner; its net is whatever the director entered (usually 0).
    """

    first: PlayerId
    second: PlayerId
    winner: PlayerId | None
    net: int = 0
    walkover: bool = False


class TieBreak(StrEnum):
    BUCHHOLZ = "buchholz"
    MEDIAN_BUCHHOLZ = "median_buchholz"
    NET = "net"
    HEAD_TO_HEAD = "head_to_head"


DEFAULT_TIE_BREAKS = (
    TieBreak.BUCHHOLZ,
    TieBreak.MEDIAN_BUCHHOLZ,
    TieBreak.NET,
    TieBreak.HEAD_TO_HEAD,
)


@dataclass(frozen=True)
class Standing:
    """A row of the standings. `points` are match points (win or bye 1, draw 1/2).

    `head_to_head` is None unless head to head was reached with this player still equal to
    others; it is then the match points the player won against those others.
    """

    place: int
    player: PlayerId
    played: int  # matches played, walkovers included; byes are not matches
    wins: int
    draws: int
    losses: int
    byes: int
    points: float
    buchholz: float
    median_buchholz: float
    net: int
    head_to_head: float | None = None


def check_tie_breaks(tie_breaks: Iterable[TieBreak | str]) -> tuple[TieBreak, ...]:
    """Validate a club's ordered list of tie-breaks (names or `TieBreak`s) and return it.

    An empty list is allowed: players equal on match points then share a place.
    """
    return chosen_keys(tie_breaks, TieBreak)


Key = TypeVar("Key", bound=StrEnum)


def chosen_keys(values: Iterable[Key | str], kind: type[Key]) -> tuple[Key, ...]:
    """`values` as members of the tie-break enum `kind`, in order; refuses an unknown name and
    one listed twice (field `tie_breaks`). Shared by the pairing engines' standings."""
    chosen: list[Key] = []
    for value in values:
        try:
            key = kind(value)
        except ValueError:
            choices = ", ".join(str(choice) for choice in kind)
            raise TournamentError(
                UNKNOWN_TIE_BREAK, field="tie_breaks", params={"value": value, "choices": choices}
            ) from None
        if key in chosen:
            raise TournamentError(REPEATED_TIE_BREAK, field="tie_breaks", params={"value": value})
        chosen.append(key)
    return tuple(chosen)


@dataclass
class _Record:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    net: int = 0

    @property
    def points(self) -> float:
        # Halves are exact in binary floating point, so sums and comparisons are exact too.
        return self.wins + self.byes + self.draws / 2


def pairing_standings(
    players: Iterable[PlayerId],
    results: Iterable[MatchResult],
    *,
    byes: Iterable[PlayerId] = (),
    tie_breaks: Iterable[TieBreak | str] = DEFAULT_TIE_BREAKS,
) -> tuple[Standing, ...]:
    """The standings of a Swiss or round robin tournament, best first.

    `players` are everyone entered (a player with no match yet is listed with 0 points);
    `results` every match played, in any order; `byes` names a player once per bye received (a
    `Round.bye`). Refuses a result that names a player not entered, a player against themselves,
    a winner who did not play, a walkover with no winner, and a net that is not a whole number.
    """
    players = check_players(players, minimum=0)
    tie_breaks = check_tie_breaks(tie_breaks)
    results = tuple(results)
    records, opponents = _records(players, results, byes)
    points = {player: record.points for player, record in records.items()}
    buchholz, median = _buchholz(records, opponents, points)
    values = {
        TieBreak.BUCHHOLZ: buchholz,
        TieBreak.MEDIAN_BUCHHOLZ: median,
        TieBreak.NET: {player: float(record.net) for player, record in records.items()},
    }
    keys: dict[PlayerId, tuple[float, ...]] = {player: (points[player],) for player in players}
    head_to_head: dict[PlayerId, float] = {}
    for tie_break in tie_breaks:
        if tie_break is TieBreak.HEAD_TO_HEAD:
            head_to_head = _head_to_head(keys, results)
            column = {player: head_to_head.get(player, 0.0) for player in players}
        else:
            column = values[tie_break]
        keys = {player: (*key, column[player]) for player, key in keys.items()}

    ordered = sorted(players, key=lambda player: display_key(player))
    ordered.sort(key=lambda player: keys[player], reverse=True)
    rows = []
    place = 0
    for index, player in enumerate(ordered):
        if index == 0 or keys[player] != keys[ordered[index - 1]]:
            place = index + 1
        record = records[player]
        rows.append(
            Standing(
                place=place,
                player=player,
                played=record.wins + record.draws + record.losses,
                wins=record.wins,
                draws=record.draws,
                losses=record.losses,
                byes=record.byes,
                points=points[player],
                buchholz=buchholz[player],
                median_buchholz=median[player],
                net=record.net,
                head_to_head=head_to_head.get(player),
            )
        )
    return tuple(rows)


def _records(
    players: Sequence[PlayerId], results: Sequence[MatchResult], byes: Iterable[PlayerId]
) -> tuple[dict[PlayerId, _Record], dict[PlayerId, list[PlayerId]]]:
    """Each player's record (matches and byes) and opponents."""
    records = {player: _Record() for player in players}
    opponents: dict[PlayerId, list[PlayerId]] = {player: [] for player in players}
    for result in results:
        _add_result(result, records, opponents)
    for player in byes:
        if player not in records:
            raise TournamentError(NOT_ENTERED, field="byes", params={"player": player})
        records[player].byes += 1
    return records, opponents


def _buchholz(
    records: dict[PlayerId, _Record],
    opponents: dict[PlayerId, list[PlayerId]],
    points: dict[PlayerId, float],
) -> tuple[dict[PlayerId, float], dict[PlayerId, float]]:
    """Each player's Buchholz (the points of the opponents faced, a bye 0) and median Buchholz
    (less the best and the worst, from three opponents on)."""
    buchholz: dict[PlayerId, float] = {}
    median: dict[PlayerId, float] = {}
    for player, record in records.items():
        faced = sorted([points[opponent] for opponent in opponents[player]] + [0.0] * record.byes)
        buchholz[player] = sum(faced)
        median[player] = sum(faced[1:-1]) if len(faced) >= 3 else 0.0
    return buchholz, median


def _add_result(
    result: MatchResult,
    records: dict[PlayerId, _Record],
    opponents: dict[PlayerId, list[PlayerId]],
) -> None:
    for player in (result.first, result.second):
        if player not in records:
            raise TournamentError(NOT_ENTERED, field="results", params={"player": player})
    if result.first == result.second:
        raise TournamentError(AGAINST_THEMSELVES, field="results", params={"player": result.first})
    if result.winner is not None and result.winner not in (result.first, result.second):
        raise TournamentError(WINNER_NOT_PLAYING, field="results", params={"player": result.winner})
    if result.walkover and result.winner is None:
        raise TournamentError(WALKOVER_WITHOUT_WINNER, field="results")
    if isinstance(result.net, bool) or not isinstance(result.net, int):
        raise TournamentError(NET_NOT_WHOLE, field="results")
    opponents[result.first].append(result.second)
    opponents[result.second].append(result.first)
    if result.winner is None:
        records[result.first].draws += 1
        records[result.second].draws += 1
        records[result.first].net += result.net
        records[result.second].net -= result.net
        return
    loser = result.second if result.winner == result.first else result.first
    records[result.winner].wins += 1
    records[loser].losses += 1
    records[result.winner].net += result.net
    records[loser].net -= result.net


def _head_to_head(
    keys: dict[PlayerId, tuple[float, ...]], results: Sequence[MatchResult]
) -> dict[PlayerId, float]:
    """For every player equal to others on `keys`: match points won against those others."""
    groups: dict[tuple[float, ...], set[PlayerId]] = defaultdict(set)
    for player, key in keys.items():
        groups[key].add(player)
    won: dict[PlayerId, float] = {}
    for group in groups.values():
        if len(group) > 1:
            won.update(dict.fromkeys(group, 0.0))
    for result in results:
        first, second = result.first, result.second
        if first not in won or keys[first] != keys[second]:
            continue
        if result.winner is None:
            won[first] += 0.5
            won[second] += 0.5
        else:
            won[result.winner] += 1.0
    return won


# --- brackets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketPlace:
    """Where a player finished in a bracket: `place` to `last_place` shared with the others
    eliminated in the same round (equal when not shared); both None while the player is still in.
    `seed` is from 1."""

    player: PlayerId
    seed: int
    place: int | None
    last_place: int | None

    @property
    def shared(self) -> bool:
        return self.place is not None and self.place != self.last_place


def bracket_standings(bracket: Bracket) -> tuple[BracketPlace, ...]:
    """Each player's place in `bracket` as far as it is decided: players still in first (by
    seed), then by place, then by seed.

    A round's eliminated players share place 1 + (players who outlast that round) to the same plus
    the round's matches minus 1. The number of players eliminated in each round is fixed by the
    draw, so a place given is final even while the bracket is being played (apart from the 3-4
    of a third-place match still to be played, which becomes 3 and 4).
    """
    count = len(bracket.players)
    places: dict[PlayerId, tuple[int, int]] = {}
    eliminated = 0
    for group in _elimination_rounds(bracket):
        eliminated += len(group)
        place, last = count - eliminated + 1, count - eliminated + len(group)
        for match in group:
            if match.status is MatchStatus.PLAYED:
                assert match.loser is not None  # a played match has a loser
                places[match.loser] = (place, last)
    _place_grand_final(bracket, places)
    _place_third(bracket, places)
    if bracket.champion is not None:
        places[bracket.champion] = (1, 1)
    rows = [
        BracketPlace(player, seed, *places.get(player, (None, None)))
        for seed, player in enumerate(bracket.players, start=1)
    ]
    rows.sort(key=lambda row: (row.place is not None, row.place or 0, row.seed))
    return tuple(rows)


def _elimination_rounds(bracket: Bracket) -> list[list[BracketMatch]]:
    """The matches whose loser is out, grouped by round, earliest round first (grand final apart).

    Single elimination: every winners' round. Double elimination: every losers' round.
    """
    section = Section.WINNERS if bracket.format is Format.SINGLE else Section.LOSERS
    rounds: dict[int, list[BracketMatch]] = defaultdict(list)
    for match in bracket.matches:
        if match.section is section:
            rounds[match.round].append(match)
    return [rounds[number] for number in sorted(rounds)]


def _place_grand_final(bracket: Bracket, places: dict[PlayerId, tuple[int, int]]) -> None:
    """Double elimination: the player who loses the title match is second."""
    if bracket.format is not Format.DOUBLE or bracket.champion is None:
        return
    finals = [m for m in bracket.matches if m.section in (Section.GRAND_FINAL, Section.RESET)]
    last = max((m for m in finals if m.status is MatchStatus.PLAYED), key=lambda m: m.number)
    assert last.loser is not None  # a played match has a loser
    places[last.loser] = (2, 2)


def _place_third(bracket: Bracket, places: dict[PlayerId, tuple[int, int]]) -> None:
    """Single elimination with a third-place match played: 3 and 4 instead of a shared 3-4."""
    for match in bracket.matches:
        if match.section is Section.THIRD_PLACE and match.status is MatchStatus.PLAYED:
            assert match.winner is not None and match.loser is not None  # played
            places[match.winner] = (3, 3)
            places[match.loser] = (4, 4)
