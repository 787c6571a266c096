"""Gin Rummy (RULES.md section 3): standard, Oklahoma, Hollywood, and a mano.

`replay(rules, players, events, first_dealer=...)` is called by `scoring.engine.replay`, which has
already checked the two players and resolved the first dealer. `score_hand` checks and scores one
hand on its own (a preview needs nothing more), and `parse_upcard` reads an Oklahoma upcard: both
live in `gin_hands` (one hand), and are read through this module too.

Words used below:
- a hand is *entered* in a game when its points (and box) count there: always the one game, and
  in Hollywood the games chosen by `_games_for`;
- a player has *scored* in a game once a hand they won has been entered in it (even a hand worth
  0). Hollywood uses it to pick the games of a win; the shutout looks at it for the loser;
- a game is *settled* when it reached the target (or its loser withdrew): the end bonuses are paid;
  it is *closed* without bonuses at a time call or at the end of a match played a mano. Either way
  `final_scores` is set, with `parts` (`GinScoreParts`: points, game bonus, boxes, shutout) saying
  what each final score is made of, and the game is finished.
- a player's `total` is the sum over the games of the final score of a finished game, else the
  running score: the score of the single game, or the sum of the three Hollywood games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, overload

from .errors import EngineError, InternalError
from .errors import gettext_noop as _
from .events import Event, GinHand, Hand, Reentry, TimeCall, Withdraw
from .gin_hands import RESULTS, HandScore, Upcard, parse_upcard, score_hand
from .rules import GinRules
from .state import (
    EndedBy,
    GinGame,
    GinGameEnd,
    GinScoreParts,
    LedgerEntry,
    LedgerKind,
    MatchState,
    PlayerState,
    Pot,
    Snapshot,
    Status,
)

__all__ = ["RESULTS", "HandScore", "Upcard", "parse_upcard", "replay", "score_hand"]

HOLLYWOOD_GAMES = 3
_NO_POT = Pot()  # frozen, so every match without a stake can share it
_IN_PLAY = Status.IN_PLAY  # looked up once: an enum member lookup costs on every snapshot

# --- Games ----------------------------------------------------------------------------------


class _Game:
    """The working state of one game; `frozen()` gives its `GinGame` (cached until it changes)."""

    __slots__ = ("_frozen", "boxes", "final", "net", "number", "scored", "scores", "winner")

    def __init__(self, number: int, players: Sequence[str]) -> None:
        self.number = number
        self.scores = dict.fromkeys(players, 0)
        self.boxes = dict.fromkeys(players, 0)
        self.scored: set[str] = set()
        self.final: dict[str, GinScoreParts] | None = None  # set when the game is finished
        self.winner: str | None = None
        self.net: int | None = None
        self._frozen: GinGame | None = None

    @property
    def open(self) -> bool:
        return self.final is None

    def values(self) -> dict[str, int]:
        """What the game adds to the players' totals: the final scores once finished."""
        final = self.final
        if final is None:
            return self.scores
        return {name: parts.total for name, parts in final.items()}

    def enter(self, hand: HandScore, box_points: int) -> None:
        """Count a won hand here; `box_points` is what its boxes add at once (0 when at the end)."""
        self.scores[hand.winner] += hand.points
        self.scores[hand.box_to] += box_points
        self.boxes[hand.box_to] += hand.boxes
        self.scored.add(hand.winner)
        self._frozen = None

    @overload
    def leader(self, tie_breaker: str) -> str: ...
    @overload
    def leader(self, tie_breaker: None) -> str | None: ...
    def leader(self, tie_breaker: str | None) -> str | None:
        """The player with the higher score; `tie_breaker` when the scores are equal."""
        (first, first_score), (second, second_score) = self.scores.items()
        if first_score == second_score:
            return tie_breaker
        return first if first_score > second_score else second

    def settle(self, rules: GinRules, winner: str) -> None:
        """End the game with its bonuses: game bonus, boxes at the end, shutout."""
        loser = self._other(winner)
        shutout = rules.shutout != "none" and loser not in self.scored
        bonus = rules.game_bonus
        if shutout and rules.shutout == "game_bonus":
            bonus = rules.shutout_game_bonus
        doubled = shutout and rules.shutout == "double"
        winner_parts = self._parts(rules, winner, bonus, shutout=shutout, doubled=doubled)
        self._finish(winner, {winner: winner_parts, loser: self._parts(rules, loser, 0)})

    def close(self, rules: GinRules, winner: str | None) -> None:
        """End the game as it stands, without bonuses (time call, or a match played a mano):
        boxes count only if they were paid at once."""
        paid = rules.box_timing == "immediate"
        parts = {name: self._parts(rules, name, 0, boxes_paid=paid) for name in self.scores}
        self._finish(winner, parts)

    def _parts(
        self,
        rules: GinRules,
        name: str,
        bonus: int,
        *,
        shutout: bool = False,
        doubled: bool = False,
        boxes_paid: bool = True,
    ) -> GinScoreParts:
        """`name`'s final score in parts: the running score holds the boxes when they are paid
        at once, so the points are what is left of it without them."""
        value = rules.box_bonus
        boxes = self.boxes[name]
        at_once = boxes * value if rules.box_timing == "immediate" else 0
        return GinScoreParts(
            points=self.scores[name] - at_once,
            boxes=boxes if boxes_paid else 0,
            box_value=value,
            game_bonus=bonus,
            shutout=shutout,
            doubled=doubled,
        )

    def frozen(self) -> GinGame:
        """The game as it stands; snapshots in which it did not change share the same object."""
        if self._frozen is None:
            final = self.final
            self._frozen = GinGame(
                number=self.number,
                scores=dict(self.scores),
                boxes=dict(self.boxes),
                final_scores=self.values() if final is not None else None,
                winner=self.winner,
                net=self.net,
                finished=final is not None,
                parts=dict(final) if final is not None else None,
            )
        return self._frozen

    def _finish(self, winner: str | None, parts: dict[str, GinScoreParts]) -> None:
        # Final scores in seat order, whoever won: each is the total of its parts.
        self.final = {name: parts[name] for name in self.scores}
        self.winner = winner
        if winner is None:
            self.net = 0
        else:
            self.net = parts[winner].total - parts[self._other(winner)].total
        self._frozen = None

    def _other(self, player: str) -> str:
        first, second = self.scores
        return second if player == first else first


# --- The match ------------------------------------------------------------------------------


class GinMatch:
    """Applies events one by one and records a snapshot after each.

    Gin has exactly two players, so the hot paths name them (`first`, `second`) instead of
    looping: a bench requires tens of thousands of hands a second.
    """

    def __init__(self, rules: GinRules, players: tuple[str, str], first_dealer: str) -> None:
        self.rules = rules
        self.players = players
        self.first, self.second = players
        self.hollywood = rules.variant == "hollywood"
        # What one box adds to the score at once (0 when boxes are paid at the end).
        self.box_points_now = rules.box_bonus if rules.box_timing == "immediate" else 0
        count = HOLLYWOOD_GAMES if self.hollywood else 1
        self.games = [_Game(number, players) for number in range(1, count + 1)]
        self.hands_won = dict.fromkeys(players, 0)
        self.dealer = first_dealer
        self.finished = False
        self.winner: str | None = None
        self.ended_by: EndedBy | None = None
        self.withdrawn: str | None = None
        self.totals = dict.fromkeys(players, 0)
        self.history: list[Snapshot] = []
        self.ended: set[int] = set()  # the games whose end a snapshot has carried
        self.boxes_at_end = rules.box_timing != "immediate"  # boxes paid when a game ends

    def apply(self, index: int, event: Event) -> None:
        """Apply one event and record its snapshot; a refusal carries `index`."""
        if self.finished:
            raise EngineError(_("The match is over."), event=index)
        try:
            if isinstance(event, GinHand):
                self._hand(event)
            elif isinstance(event, Withdraw):
                self._withdraw(event)
            elif isinstance(event, TimeCall):
                self._time_call()
            elif isinstance(event, Hand):
                raise EngineError(
                    _(
                        "This is a Scala 40 or Ramino hand; a Gin Rummy hand records a result, "
                        "a knocker and the deadwood."
                    ),
                    field="type",
                )
            elif isinstance(event, Reentry):
                raise EngineError(_("There is no re-entry in Gin Rummy."), field="type")
            else:
                raise InternalError(f"not an event: {event!r}")
        except EngineError as error:
            error.at_event(index)
            raise
        self._snapshot(index)

    def _hand(self, event: GinHand) -> None:
        hand = score_hand(self.rules, self.players, event)
        if hand is None:
            return  # a dead hand: nothing counts, and the same dealer deals again
        rules = self.rules
        winner = hand.winner
        self.hands_won[winner] += 1
        self.dealer = winner
        box_points = self.box_points_now * hand.boxes
        entered = self._games_for(winner) if self.hollywood else self.games
        for game in entered:
            game.enter(hand, box_points)
        if rules.match_mode == "hands":
            if self.hands_won[winner] >= rules.hands_to_win:
                self.games[0].close(rules, winner)
                self._end(winner, EndedBy.HANDS)
            return
        target = rules.target
        settled = False
        for game in entered:
            scores = game.scores
            if scores[self.first] >= target or scores[self.second] >= target:
                # Both may pass the target in one hand (an immediate box to a knocker who was
                # undercut): the higher score wins the game, the hand's winner on equal scores.
                game.settle(rules, game.leader(tie_breaker=winner))
                settled = True
        if settled and all(not game.open for game in self.games):
            self._end(self._games_majority(), EndedBy.TARGET)

    def _games_for(self, winner: str) -> list[_Game]:
        """The Hollywood games a hand won by `winner` is entered in.

        RULES.md: every open game where the winner has scored, plus the lowest-numbered open game
        where they have not. Among the open games, those where a player has scored always come
        first (a win is entered in a run of open games from the lowest; a closing game leaves
        the run), so this is: the open games up to the first where the winner has not scored.
        """
        chosen = []
        for game in self.games:
            if game.final is None:
                chosen.append(game)
                if winner not in game.scored:
                    break
        return chosen

    def _games_majority(self) -> str:
        """Who won more of the settled games (one game, or all three in Hollywood)."""
        wins = dict.fromkeys(self.players, 0)
        for game in self.games:
            if game.winner is None:
                raise InternalError(f"game {game.number} was settled without a winner")
            wins[game.winner] += 1
        return self.first if wins[self.first] > wins[self.second] else self.second

    def _withdraw(self, event: Withdraw) -> None:
        """The player who withdraws loses: the open games are settled as won by the other."""
        player = event.player
        if player not in self.players:
            raise EngineError(
                _("%(player)s is not a player of this match."),
                field="player",
                params={"player": player},
            )
        other = self._other(player)
        for game in self.games:
            if game.open:
                if self.rules.match_mode == "hands":
                    game.close(self.rules, other)
                else:
                    game.settle(self.rules, other)
        self.withdrawn = player
        self._end(other, EndedBy.LAST_IN_PLAY)

    def _time_call(self) -> None:
        """Close the open games as they stand and rank by total (a mano: hands won, then total)."""
        if self.rules.match_mode == "hands":
            totals = self._totals()
            winner = self._ahead({name: (self.hands_won[name], totals[name]) for name in totals})
            self.games[0].close(self.rules, winner)
        else:
            for game in self.games:
                if game.open:
                    game.close(self.rules, game.leader(tie_breaker=None))
            winner = self._ahead({name: (total,) for name, total in self._totals().items()})
        self._end(winner, EndedBy.TIME)

    def _ahead(self, standing: dict[str, tuple[int, ...]]) -> str | None:
        """The player whose standing is higher; None when they are equal."""
        first, second = self.first, self.second
        if standing[first] == standing[second]:
            return None
        return first if standing[first] > standing[second] else second

    def _end(self, winner: str | None, ended_by: EndedBy) -> None:
        self.finished = True
        self.winner = winner
        self.ended_by = ended_by

    def _other(self, player: str) -> str:
        return self.second if player == self.first else self.first

    def _totals(self) -> dict[str, int]:
        first, second = self.first, self.second
        if not self.hollywood:
            values = self.games[0].values()
            return {first: values[first], second: values[second]}
        total_first = total_second = 0
        for game in self.games:
            values = game.values()
            total_first += values[first]
            total_second += values[second]
        return {first: total_first, second: total_second}

    def _statuses(self) -> dict[str, Status]:
        statuses = {self.first: _IN_PLAY, self.second: _IN_PLAY}
        if self.winner is not None:
            statuses[self.winner] = Status.WINNER
        if self.withdrawn is not None:
            statuses[self.withdrawn] = Status.WITHDRAWN
        return statuses

    def _snapshot(self, index: int) -> None:
        first, second = self.first, self.second
        totals = self._totals()
        previous = self.totals
        self.totals = totals
        ends = tuple(  # the games this event ended, and what their ends added
            GinGameEnd(game.number, dict(game.scores), dict(game.final), self.boxes_at_end)
            for game in self.games
            if game.final is not None and game.number not in self.ended
        )
        self.ended.update(end.game for end in ends)
        self.history.append(
            Snapshot(
                event=index,
                totals=totals,
                charges={
                    first: totals[first] - previous[first],
                    second: totals[second] - previous[second],
                },
                statuses=self._statuses(),
                dealer=None if self.finished else self.dealer,
                games=tuple([game.frozen() for game in self.games])
                if self.hollywood
                else (self.games[0].frozen(),),
                game_ends=ends,
            )
        )

    # -- the live state, for a cache (`scoring.engine.progress`) -------------------------------

    def to_cache(self) -> dict[str, Any]:
        """The live state `apply` reads, as JSON-ready data (no history: one to three games)."""
        return {
            "games": [_game_data(game) for game in self.games],
            "hands_won": dict(self.hands_won),
            "dealer": self.dealer,
            "finished": self.finished,
            "winner": self.winner,
            "ended_by": str(self.ended_by) if self.ended_by is not None else None,
            "withdrawn": self.withdrawn,
            "totals": dict(self.totals),
            "ended": sorted(self.ended),
        }

    def load_cache(self, data: Mapping[str, Any]) -> None:
        """Take the live state `to_cache` gave (of a match with the same rules and players)."""
        for game, game_data in zip(self.games, data["games"], strict=True):
            game.scores = {name: int(game_data["scores"][name]) for name in self.players}
            game.boxes = {name: int(game_data["boxes"][name]) for name in self.players}
            game.scored = set(game_data["scored"])
            final = game_data["final"]
            game.final = (
                None
                if final is None
                else {name: GinScoreParts(**final[name]) for name in self.players}
            )
            game.winner = game_data["winner"]
            game.net = game_data["net"]
            game._frozen = None
        self.hands_won = {name: int(data["hands_won"][name]) for name in self.players}
        self.dealer = data["dealer"]
        self.finished = bool(data["finished"])
        self.winner = data["winner"]
        self.ended_by = EndedBy(data["ended_by"]) if data["ended_by"] is not None else None
        self.withdrawn = data["withdrawn"]
        self.totals = {name: int(data["totals"][name]) for name in self.players}
        self.ended = set(data["ended"])
        self.history = []

    def _places(self) -> dict[str, int | None]:
        if not self.finished:
            return dict.fromkeys(self.players)
        if self.winner is None:
            return dict.fromkeys(self.players, 1)  # a time call with equal standing: shared place
        return {name: 1 if name == self.winner else 2 for name in self.players}

    def _net_total(self) -> int | None:
        """The sum of the games' net differences from the match winner's point of view.

        Every game's final scores are in the totals, so this is the difference of the totals.
        """
        if not self.finished:
            return None
        if self.winner is None:
            return 0
        return self.totals[self.winner] - self.totals[self._other(self.winner)]

    def _pot(self) -> Pot:
        stake: Decimal = self.rules.stake
        if stake <= 0:
            return _NO_POT
        entries = tuple(
            LedgerEntry(kind=LedgerKind.STAKE, player=name, amount=stake, event=None)
            for name in self.players
        )
        return Pot(total=stake * len(self.players), entries=entries)

    def state(self) -> MatchState:
        statuses = self._statuses()
        places = self._places()
        return MatchState(
            game=GinRules.game,
            players=tuple(
                PlayerState(
                    name=name,
                    total=self.totals[name],
                    status=statuses[name],
                    place=places[name],
                    hands_won=self.hands_won[name],
                )
                for name in self.players
            ),
            history=tuple(self.history),
            finished=self.finished,
            winner=self.winner,
            ended_by=self.ended_by,
            dealer=None if self.finished else self.dealer,
            pot=self._pot(),
            games=tuple(game.frozen() for game in self.games),
            net_total=self._net_total(),
        )


def _game_data(game: _Game) -> dict[str, Any]:
    final = game.final
    return {
        "number": game.number,
        "scores": dict(game.scores),
        "boxes": dict(game.boxes),
        "scored": sorted(game.scored),
        "final": None if final is None else {name: parts_data(p) for name, p in final.items()},
        "winner": game.winner,
        "net": game.net,
    }


def parts_data(parts: GinScoreParts) -> dict[str, Any]:
    """A final score's parts as JSON-ready data (`GinScoreParts(**data)` gives them back)."""
    return {
        "points": parts.points,
        "boxes": parts.boxes,
        "box_value": parts.box_value,
        "game_bonus": parts.game_bonus,
        "shutout": parts.shutout,
        "doubled": parts.doubled,
    }


def replay(
    rules: GinRules, players: Sequence[str], events: Sequence[Event], *, first_dealer: str
) -> MatchState:
    """Replay a Gin match: `players` are the two names (already checked), `first_dealer` one.

    Raises `EngineError` carrying the index of the first event the rules refuse.
    Deterministic: the same arguments always give the same state.
    """
    first, second = players
    match = GinMatch(rules, (first, second), first_dealer)
    for index, event in enumerate(events):
        match.apply(index, event)
    return match.state()
