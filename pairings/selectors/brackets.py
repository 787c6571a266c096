"""A Gin bracket (single or double elimination) replayed from its draw and the results in force
(`bracket_of`), with its tables, fixes and conflicts, and as the pages draw it: match cards in
columns and sections (`bracket_sections`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from pairings import presenters as words
from pairings.engine import brackets as engine
from pairings.selectors.facts import Facts, TableFacts, load_facts
from tournaments.models import (
    ResultFix,
    Round,
    RoundKind,
    Table,
    Tournament,
)


@dataclass(frozen=True)
class Conflict:
    """A result the bracket could not use: a table whose players no longer play its match
    (an earlier result was fixed) but whose match has been played, or a fix that no longer fits."""

    match: int
    table: Table | None
    message: str


@dataclass
class BracketView:
    tournament: Tournament
    bracket: engine.Bracket | None  # None before the draw
    names: dict[engine.PlayerId, str]
    tables: dict[int, Table]  # bracket match number -> table
    fixes: dict[int, list[ResultFix]]  # bracket match number -> every fix, oldest first
    table_facts: dict[int, TableFacts] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    round: Round | None = None

    @property
    def sections(self) -> list[BracketSection]:
        return bracket_sections(self)

    @property
    def by_hands(self) -> bool:
        """Played a mano: the scores shown are hands won."""
        rules = self.tournament.rules if self.tournament is not None else None
        return (rules or {}).get("match_mode") == "hands"

    @property
    def score_legend(self) -> str:
        return words.score_legend(by_hands=self.by_hands)


def draw_players(round: Round) -> list[int]:
    return [int(player) for player in round.report.get("players", [])]


# How a bracket is replayed from its draw and results: the format's (single or double
# elimination, `pairings.formats`), with the tournament's settings.
Replay = Callable[[Tournament, list[int], Iterable[engine.Result]], engine.Bracket]


def bracket_from(facts: Facts, replay: Replay) -> BracketView:
    tournament = facts.tournament
    round = next((r for r in facts.rounds if r.kind == RoundKind.BRACKET), None)
    view = BracketView(tournament, None, facts.names, {}, {}, round=round)
    if round is None:
        return view
    results = []
    for table_facts in facts.tables[round.pk]:
        number = table_facts.table.bracket_match
        if number is None:
            continue
        view.tables[number] = table_facts.table
        view.fixes[number] = table_facts.fixes
        view.table_facts[number] = table_facts
        result = table_facts.result(draws=False)
        if result is not None and result.winner is not None and result.loser is not None:
            results.append(engine.Result(number, result.winner, result.loser, result.walkover))
    bracket = replay(tournament, draw_players(round), sorted(results, key=_by_match))
    view.bracket = bracket
    for dropped in bracket.discarded:
        view.conflicts.append(
            Conflict(
                dropped.match,
                view.tables.get(dropped.match),
                words.discarded_result(
                    dropped.match, facts.name(dropped.winner), facts.name(dropped.loser)
                ),
            )
        )
    discarded = {result.match for result in bracket.discarded}
    for number, table_facts in view.table_facts.items():
        match = bracket.matches[number - 1]
        if number in discarded or not table_facts.has_events:
            continue
        if set(table_facts.seats) != {p for p in match.players if p is not None}:
            view.conflicts.append(
                Conflict(number, table_facts.table, words.started_by_other_players(number))
            )
    return view


def _by_match(result: engine.Result) -> int:
    return result.match


def bracket_of(tournament: Tournament, replay: Replay) -> BracketView:
    """The bracket replayed (by `replay`) from the results in force, with its tables, fixes and
    conflicts. Ask the tournament's format: `format_of(tournament).bracket_of(tournament)`."""
    return bracket_from(load_facts(tournament), replay)


@dataclass(frozen=True)
class SideLine:
    name: str
    known: bool
    won: bool
    score: int | None


@dataclass(frozen=True)
class MatchCard:
    """A bracket match as the page draws it."""

    match: engine.BracketMatch
    sides: tuple[str, str]  # names, or "Winner of match 5"
    known: tuple[bool, bool]
    winner_side: int | None  # 0 or 1
    table: Table | None
    status: str  # waiting / ready / playing / played / not_needed
    walkover: bool
    fixed: bool
    scores: tuple[int | None, int | None]

    @property
    def lines(self) -> tuple[SideLine, SideLine]:
        first, second = (
            SideLine(self.sides[i], self.known[i], self.winner_side == i, self.scores[i])
            for i in (0, 1)
        )
        return first, second

    @property
    def result_line(self) -> str:
        """A played match's result ("Anna wins 2-0", the deciding score), or "" before."""
        if self.winner_side is None:
            return ""
        loser_side = 1 - self.winner_side
        scores = (self.scores[self.winner_side], self.scores[loser_side])
        return words.bracket_result(
            self.sides[self.winner_side], scores, walkover=self.walkover, fixed=self.fixed
        )

    @property
    def status_label(self) -> str:
        """Its badge: walkover, fixed, or its state (`pairings.presenters`)."""
        return words.bracket_match_label(self.status, walkover=self.walkover, fixed=self.fixed)


@dataclass(frozen=True)
class BracketColumn:
    title: str
    cards: tuple[MatchCard, ...]


@dataclass(frozen=True)
class BracketSection:
    key: str
    title: str
    columns: tuple[BracketColumn, ...]


def _side(
    slot: engine.Slot, names: dict[engine.PlayerId, str], players: Sequence[engine.PlayerId]
) -> str:
    if slot.kind is engine.SlotKind.SEED:
        return names.get(players[slot.ref - 1], "")
    return words.slot_label(slot.kind, slot.ref)


def _card_order(card: MatchCard) -> tuple[bool, int]:
    # top to bottom as in the full chart; the third-place match under the final
    return (card.match.section is engine.Section.THIRD_PLACE, card.match.position)


def losers_rounds(bracket: engine.Bracket) -> list[int]:
    """The rounds of the losers' bracket that have matches (byes may leave the first empty)."""
    return sorted({m.round for m in bracket.matches if m.section is engine.Section.LOSERS})


def bracket_sections(view: BracketView) -> list[BracketSection]:
    """The bracket as columns of match cards: winners' bracket (with the third-place match),
    losers' bracket, finals."""
    bracket = view.bracket
    if bracket is None:
        return []
    rounds = bracket.size.bit_length() - 1
    losers = losers_rounds(bracket)
    grouped: dict[tuple[str, int], list[MatchCard]] = defaultdict(list)
    for match in bracket.matches:
        section = match.section
        key = "losers" if section is engine.Section.LOSERS else "winners"
        if section in (engine.Section.GRAND_FINAL, engine.Section.RESET):
            key = "finals"
        order = match.round
        if section is engine.Section.THIRD_PLACE:
            order = rounds  # alongside the final
        if section is engine.Section.RESET:
            order = 2
        grouped[(key, order)].append(_match_card(view, match))
    sections = []
    for key in ("winners", "losers", "finals"):
        orders = sorted(order for section_key, order in grouped if section_key == key)
        if not orders:
            continue
        columns = []
        for order in orders:
            cards = sorted(grouped[(key, order)], key=_card_order)
            titles_in = []
            for card in cards:
                title = words.column_title(card.match.section, card.match.round, rounds, losers)
                if title not in titles_in:
                    titles_in.append(title)
            columns.append(BracketColumn(" · ".join(titles_in), tuple(cards)))
        title = words.section_title(key, double=bracket.double)
        sections.append(BracketSection(key, title, tuple(columns)))
    return sections


def _match_card(view: BracketView, match: engine.BracketMatch) -> MatchCard:
    """A match's card: its sides (a player, or where they come from), who won, its table, its
    state ("playing" once its table has events) and the scores of a match played."""
    assert view.bracket is not None
    table_facts = view.table_facts.get(match.number)
    first_side, second_side = (
        view.names.get(player, "")
        if player is not None
        else _side(slot, view.names, view.bracket.players)
        for player, slot in zip(match.players, match.slots, strict=True)
    )
    status = str(match.status)
    if match.status is engine.MatchStatus.READY and table_facts and table_facts.has_events:
        status = "playing"
    winner_side = None
    if match.result is not None:
        winner_side = match.players.index(match.result.winner)
    fix = table_facts.fix if table_facts else None
    scores: tuple[int | None, int | None] = (None, None)
    walkover = bool(match.result and match.result.walkover)
    if table_facts is not None and not walkover:  # a walkover was not played: no score
        scores = (table_facts.score(match.players[0]), table_facts.score(match.players[1]))
    return MatchCard(
        match=match,
        sides=(first_side, second_side),
        known=(match.players[0] is not None, match.players[1] is not None),
        winner_side=winner_side,
        table=view.tables.get(match.number),
        status=status,
        walkover=walkover,
        fixed=fix is not None and match.result is not None,
        scores=scores,
    )
