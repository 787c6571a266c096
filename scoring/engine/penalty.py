"""The shared replay of the penalty-point games, Scala 40 and Ramino (RULES.md sections 0, 1, 2, 4).

Scores are penalty points: they accumulate and lower is better. `replay_penalty` walks the events
once, keeps the running state in a few small dicts, and records a `Snapshot` after every event. The
two games differ only in what a hand's `closing` does, which each passes in as a `PenaltyGame`.

Contract of the state (checked by the property tests):
- a player in play never has a total that meets the elimination rule; the closer of a hand never
  sees their total go up, so a hand always leaves at least its closer in play;
- `Snapshot.charges` is the change of every total made by that event (a hand's points after
  doubling, bonuses and the floor at 0; a re-entry's jump), so a player's total is the sum of their
  charges over the history;
- status `eliminated` only lasts while the player may still re-enter (the re-entry window, right
  after the hand that busted them); a player who cannot re-enter is `out` at once;
- a finished match has `ended_by` set, a place for every player, and refuses any further event.

Decisions taken where RULES.md is silent are written in docs/rules.md (penalty games section).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .errors import EngineError, InternalError
from .errors import gettext_noop as _
from .events import Event, Hand, Reentry, TimeCall, Withdraw
from .rules import PenaltyRules
from .state import (
    EndedBy,
    LedgerEntry,
    LedgerKind,
    MatchState,
    PlayerState,
    Pot,
    Snapshot,
    Status,
)

IN_PLAY = Status.IN_PLAY
ELIMINATED = Status.ELIMINATED
OUT = Status.OUT
WITHDRAWN = Status.WITHDRAWN
WINNER = Status.WINNER

MATCH_OVER = _("The match is over.")
WRONG_EVENT = _("This kind of event cannot be recorded in a %(game)s match.")
NOT_A_PLAYER = _("%(player)s is not a player of this match.")
NOT_IN_PLAY = _("%(player)s is no longer in play.")
ONLY_ONE_IN_PLAY = _(
    "Only %(player)s is still in play: record first the re-entry or the withdrawal of %(players)s."
)
CLOSER_HAS_NO_POINTS = _("%(player)s closed the hand and scores 0: leave their points empty.")
POINTS_MISSING = _("The points of %(player)s are missing.")
POINTS_NOT_WHOLE = _("The points of %(player)s must be a whole number.")
POINTS_NEGATIVE = _("The points of %(player)s cannot be negative.")
POINTS_TOO_HIGH = _("The points of %(player)s cannot be more than %(maximum)s.")
IN_HAND_NOT_BOOL = _("Closing in hand must be true or false.")
CLOSER_NOT_OPENED = _("%(player)s closed the hand: whoever closes cannot be marked as not opened.")
REENTRY_OFF = _("Re-entry is not allowed in this match.")
REENTRY_IN_PLAY = _("%(player)s is in play and cannot re-enter.")
REENTRY_WITHDRAWN = _("%(player)s has withdrawn: there is no re-entry after a withdrawal.")
REENTRY_TOO_LATE = _("%(player)s can re-enter only right after the hand of the bust.")
REENTRY_DECLINED = _("%(player)s has already declined to re-enter.")
REENTRY_MAX_USED = _("%(player)s cannot re-enter again: the limit is %(maximum)s per player.")
REENTRY_TOO_FEW = _("Re-entry needs at least %(minimum)s players still in play; %(count)s are.")
REENTRY_WOULD_BUST = _(
    "%(player)s cannot re-enter: the re-entry total %(total)s already reaches the elimination "
    "threshold."
)
LAST_CANNOT_WITHDRAW = _("%(player)s is the only player still in play and cannot withdraw.")

ZERO = Decimal("0.00")
NO_POT = Pot()  # frozen, so every match without money can share it


@dataclass(frozen=True, slots=True)
class Closing:
    """What a hand's closing kind adds to the opponents' points."""

    closer_credit: int = 0  # taken off the closer's total
    opponents_extra: int = 0  # added to each opponent's charge, after any doubling
    wins_match: EndedBy | None = None  # the closer wins the match at once


NORMAL_CLOSING = Closing()


@dataclass(frozen=True, slots=True)
class PenaltyGame:
    """What sets one penalty-point game apart from the other.

    `closings(rules)` maps every accepted `Hand.closing` to its effect under `rules`;
    `unknown_closing` is the refusal of any other value (placeholders `closing`, `closings`).
    """

    name: str  # the game's proper name, used in messages
    closings: Callable[[PenaltyRules], Mapping[str, Closing]]
    unknown_closing: str


def replay_penalty(
    rules: PenaltyRules,
    players: tuple[str, ...],
    events: Sequence[Event],
    *,
    first_dealer: str,
    game: PenaltyGame,
) -> MatchState:
    """Replay `events` of a penalty-point match and return its whole state.

    `players` (seat order) and `first_dealer` are already validated by `replay.validate_players`.
    Raises `EngineError` located at the first event the rules refuse.
    """
    match = PenaltyMatch(rules, players, first_dealer, game)
    for index, event in enumerate(events):
        match.apply(index, event)
    return match.state()


class PenaltyMatch:
    """The running state of one replay; `apply` mutates it one event at a time."""

    def __init__(
        self, rules: PenaltyRules, players: tuple[str, ...], first_dealer: str, game: PenaltyGame
    ) -> None:
        self.rules = rules
        self.game = game
        self.closings = game.closings(rules)
        self.players = players
        self.seat = {name: seat for seat, name in enumerate(players)}
        # The lowest total that is out: ">=" 101 -> 101, ">" 101 -> 102.
        self.limit = rules.elimination_at + (1 if rules.elimination_rule == ">" else 0)
        # Options read by every hand, resolved once.
        self.flat_penalty = rules.not_opened_penalty
        self.in_hand_doubles = rules.in_hand_scoring == "double"
        self.in_hand_credit = rules.in_hand_bonus if rules.in_hand_scoring == "bonus" else 0
        self.floor_at_zero = not rules.allow_negative
        self.totals = dict.fromkeys(players, 0)
        self.statuses = dict.fromkeys(players, IN_PLAY)
        self.reentries = dict.fromkeys(players, 0)
        self.in_play = list(players)  # seat order
        self.left_at: dict[str, int] = {}  # event at which a player last left play
        # The re-entry window: the hand that last eliminated someone, until the next event that
        # is neither a re-entry nor a decline of a player it eliminated.
        self.window: int | None = None
        self.window_score = 0  # the re-entry total for players eliminated by that hand
        self.window_survivors = 0  # players that hand left in play
        self.pending: list[str] = []  # eliminated players who may still re-enter (seat order)
        self.declined: set[str] = set()
        self.first_dealer = first_dealer
        self.last_dealer: str | None = None  # who dealt the last hand
        self.dealer: str | None = first_dealer  # who deals the next hand
        self.ended_by: EndedBy | None = None
        self.winner: str | None = None
        self.ledger: list[LedgerEntry] = []
        if rules.stake > 0:
            self.ledger.extend(
                LedgerEntry(LedgerKind.STAKE, name, rules.stake, None) for name in players
            )
        self.history: list[Snapshot] = []

    # -- events --------------------------------------------------------------------------------

    def apply(self, index: int, event: Event) -> None:
        """Apply one event and record the snapshot after it; refuse it with an EngineError."""
        if self.ended_by is not None:
            raise EngineError(MATCH_OVER, event=index)
        if isinstance(event, Hand):
            charges, eliminated = self._hand(index, event)
        elif isinstance(event, Reentry):
            charges, eliminated = self._reentry(index, event)
        elif isinstance(event, Withdraw):
            charges, eliminated = self._withdraw(index, event)
        elif isinstance(event, TimeCall):
            charges, eliminated = self._time_call()
        else:
            raise EngineError(
                WRONG_EVENT, event=index, field="type", params={"game": self.game.name}
            )
        self.dealer = dealer = self._next_dealer()
        # Positional arguments: this runs once per event and keywords cost measurably more.
        self.history.append(
            Snapshot(index, dict(self.totals), charges, dict(self.statuses), eliminated, dealer)
        )

    def _hand(self, index: int, hand: Hand) -> tuple[dict[str, int], tuple[str, ...]]:
        """RULES.md section 1, "Order of a hand": validate, charge, add, eliminate, end."""
        if len(self.in_play) == 1:
            # Only with reentry_min_in_play 1: a bust left one player and the window is open.
            raise EngineError(
                ONLY_ONE_IN_PLAY,
                event=index,
                field="type",
                params={"player": self.in_play[0], "players": ", ".join(self.pending)},
            )
        closing, charges = self._hand_charges(index, hand)
        if self.window is not None:
            self._close_window()
        self.last_dealer = self.dealer
        totals = self.totals
        floor = self.floor_at_zero
        limit = self.limit
        eliminated = []
        for name in self.in_play:
            old = totals[name]
            new = old + charges[name]
            if floor and new < 0:
                new = 0
                charges[name] = -old
            totals[name] = new
            if new >= limit:
                eliminated.append(name)
        if closing.wins_match is not None:
            self._eliminate(index, eliminated, may_reenter=False)
            self._finish(hand.closer, closing.wins_match)
        elif eliminated:
            self._eliminate(index, eliminated, may_reenter=True)
            self._end_if_last_in_play()
        return charges, tuple(eliminated)

    def _hand_charges(self, index: int, hand: Hand) -> tuple[Closing, dict[str, int]]:
        """Validate `hand` and return its closing and the charge of every player (0 if out)."""
        closer = hand.closer
        statuses = self.statuses
        if statuses.get(closer) is not IN_PLAY:
            self._require_in_play(index, "closer", closer)
        closing = self.closings.get(hand.closing) if isinstance(hand.closing, str) else None
        if closing is None:
            raise EngineError(
                self.game.unknown_closing,
                event=index,
                field="closing",
                params={"closing": hand.closing, "closings": ", ".join(self.closings)},
            )
        if not isinstance(hand.in_hand, bool):
            raise EngineError(IN_HAND_NOT_BOOL, event=index, field="in_hand")
        not_opened = hand.not_opened
        for name in not_opened:
            if name == closer or statuses.get(name) is not IN_PLAY:
                self._check_not_opened(index, closer, not_opened)
        points = hand.points
        maximum = self.rules.max_hand_points
        flat = self.flat_penalty
        double = hand.in_hand and self.in_hand_doubles
        extra = closing.opponents_extra
        charges = dict.fromkeys(self.players, 0)
        used = 0  # entries of `points` that belong to an opponent in play
        # One pass for the usual valid hand; on anything odd, `_check_points` finds the refusal.
        for name in self.in_play:
            if name == closer:
                continue
            value = points.get(name)
            if value is None:
                if flat is None or name not in not_opened:
                    self._check_points(index, closer, points, not_opened)
                assert flat is not None  # `_check_points` refused the hand otherwise
                charge = flat
            else:
                used += 1
                if type(value) is not int or not 0 <= value <= maximum:
                    self._check_points(index, closer, points, not_opened)
                charge = flat if flat is not None and name in not_opened else value
            if double:
                charge *= 2
            charges[name] = charge + extra
        if used != len(points):
            self._check_points(index, closer, points, not_opened)
        credit = closing.closer_credit
        if hand.in_hand:
            credit += self.in_hand_credit
        charges[closer] = -credit
        return closing, charges

    def _reentry(self, index: int, event: Reentry) -> tuple[dict[str, int], tuple[str, ...]]:
        """The player's total becomes the re-entry total of the hand that eliminated them."""
        name = event.player
        status = self._status(index, "player", name)
        if not self.rules.reentry_allowed:
            raise EngineError(REENTRY_OFF, event=index, field="player")
        if status is not ELIMINATED:
            self._refuse_reentry(index, name, status)
        charges = dict.fromkeys(self.players, 0)
        charges[name] = self.window_score - self.totals[name]
        self.totals[name] = self.window_score
        self.reentries[name] += 1
        self.statuses[name] = IN_PLAY
        self.pending.remove(name)
        self.in_play = [player for player in self.players if self.statuses[player] is IN_PLAY]
        fee = self.rules.reentry_fee
        if fee > 0:
            self.ledger.append(LedgerEntry(LedgerKind.REENTRY_FEE, name, fee, index))
        return charges, ()

    def _refuse_reentry(self, index: int, name: str, status: Status) -> None:
        """Raise the refusal that says why `name` (not eliminated) cannot re-enter."""
        message = REENTRY_TOO_LATE
        params: dict[str, object] = {"player": name}
        if status is IN_PLAY:
            message = REENTRY_IN_PLAY
        elif status is WITHDRAWN:
            message = REENTRY_WITHDRAWN
        elif self.window is not None and self.left_at.get(name) == self.window:
            # Busted by the hand just played: say which rule keeps the player out.
            if name in self.declined:
                message = REENTRY_DECLINED
            elif self.reentries[name] >= self.rules.reentry_max:
                message = REENTRY_MAX_USED
                params["maximum"] = self.rules.reentry_max
            elif self.window_survivors < self.rules.reentry_min_in_play:
                message = REENTRY_TOO_FEW
                params = {"minimum": self.rules.reentry_min_in_play, "count": self.window_survivors}
            else:
                message = REENTRY_WOULD_BUST
                params["total"] = self.window_score
        raise EngineError(message, event=index, field="player", params=params)

    def _withdraw(self, index: int, event: Withdraw) -> tuple[dict[str, int], tuple[str, ...]]:
        """An eliminated player declines to re-enter; a player in play leaves for good."""
        name = event.player
        status = self._status(index, "player", name)
        charges = dict.fromkeys(self.players, 0)
        if status is ELIMINATED:
            # Declining keeps the window open for the others that hand eliminated.
            self.statuses[name] = OUT
            self.pending.remove(name)
            self.declined.add(name)
            self._end_if_last_in_play()
            return charges, ()
        if status is not IN_PLAY:
            raise EngineError(NOT_IN_PLAY, event=index, field="player", params={"player": name})
        if len(self.in_play) == 1:
            raise EngineError(
                LAST_CANNOT_WITHDRAW, event=index, field="player", params={"player": name}
            )
        self._close_window()
        self.statuses[name] = WITHDRAWN
        self.left_at[name] = index
        self.in_play.remove(name)
        self._end_if_last_in_play()
        return charges, (name,)

    def _time_call(self) -> tuple[dict[str, int], tuple[str, ...]]:
        """The lowest total in play wins; players tied for it share first place, no winner."""
        self._close_window()
        lowest = min(self.totals[name] for name in self.in_play)
        leaders = [name for name in self.in_play if self.totals[name] == lowest]
        self._finish(leaders[0] if len(leaders) == 1 else None, EndedBy.TIME)
        return dict.fromkeys(self.players, 0), ()

    # -- state changes -------------------------------------------------------------------------

    def _eliminate(self, index: int, names: list[str], *, may_reenter: bool) -> None:
        """Take `names` out of play; those who may re-enter stay `eliminated` in a window."""
        if not names:
            return
        survivors = [name for name in self.in_play if name not in names]
        self.in_play = survivors
        rules = self.rules
        score = max(self.totals[name] for name in survivors) + rules.reentry_extra_points
        open_window = (
            may_reenter
            and rules.reentry_allowed
            and len(survivors) >= rules.reentry_min_in_play
            and score < self.limit
        )
        for name in names:
            self.left_at[name] = index
            if open_window and self.reentries[name] < rules.reentry_max:
                self.statuses[name] = ELIMINATED
                self.pending.append(name)
            else:
                self.statuses[name] = OUT
        # Even without anyone pending, the window remembers why a re-entry now is refused.
        self.window = index
        self.window_score = score
        self.window_survivors = len(survivors)

    def _close_window(self) -> None:
        """The re-entry moment has passed: eliminated players are out for good."""
        for name in self.pending:
            self.statuses[name] = OUT
        self.pending.clear()
        self.declined.clear()
        self.window = None

    def _end_if_last_in_play(self) -> None:
        if len(self.in_play) == 1 and not self.pending:
            self._finish(self.in_play[0], EndedBy.LAST_IN_PLAY)

    def _finish(self, winner: str | None, ended_by: EndedBy) -> None:
        self.ended_by = ended_by
        self.winner = winner
        if winner is not None:
            self.statuses[winner] = WINNER

    def _next_dealer(self) -> str | None:
        """The first player in play from the first dealer, or after whoever dealt the last hand."""
        if self.ended_by is not None:
            return None
        count = len(self.players)
        if self.last_dealer is None:
            start = self.seat[self.first_dealer]
        else:
            start = self.seat[self.last_dealer] + 1
        for step in range(count):
            name = self.players[(start + step) % count]
            if self.statuses[name] is IN_PLAY:
                return name
        raise InternalError("a match that has not ended has nobody in play")

    # -- checks --------------------------------------------------------------------------------

    def _check_not_opened(self, index: int, closer: str, not_opened: frozenset[str]) -> None:
        """Refuse the first wrong name of `not_opened`, in seat order (frozenset order depends
        on string hashing, and the refusal must not)."""
        for name in sorted(not_opened, key=lambda n: (self.seat.get(n, -1), repr(n))):
            self._require_in_play(index, "not_opened", name)
            if name == closer:
                raise EngineError(
                    CLOSER_NOT_OPENED, event=index, field="not_opened", params={"player": name}
                )

    def _check_points(
        self, index: int, closer: str, points: Mapping[str, int], not_opened: frozenset[str]
    ) -> None:
        """Refuse the first wrong entry of `points` (in the order given), else the first
        opponent in play (in seat order) whose points are missing."""
        for name, value in points.items():
            if name == closer:
                raise EngineError(
                    CLOSER_HAS_NO_POINTS, event=index, field="points", params={"player": name}
                )
            self._require_in_play(index, "points", name)
            _check_value(index, name, value, self.rules.max_hand_points)
        for name in self.in_play:
            exempt = self.flat_penalty is not None and name in not_opened
            if name != closer and name not in points and not exempt:
                raise EngineError(
                    POINTS_MISSING, event=index, field="points", params={"player": name}
                )

    def _status(self, index: int, field: str, name: object) -> Status:
        status = self.statuses.get(name) if isinstance(name, str) else None
        if status is None:
            raise EngineError(NOT_A_PLAYER, event=index, field=field, params={"player": name})
        return status

    def _require_in_play(self, index: int, field: str, name: object) -> None:
        if self._status(index, field, name) is not IN_PLAY:
            raise EngineError(NOT_IN_PLAY, event=index, field=field, params={"player": name})

    # -- the live state, for a cache (`scoring.engine.progress`) -------------------------------

    def to_cache(self) -> dict[str, Any]:
        """The live state `apply` reads, as JSON-ready data: no history, so its size does not
        grow with the match (the ledger holds at most one fee per re-entry)."""
        return {
            "totals": dict(self.totals),
            "statuses": {name: str(status) for name, status in self.statuses.items()},
            "reentries": dict(self.reentries),
            "in_play": list(self.in_play),
            "left_at": dict(self.left_at),
            "window": self.window,
            "window_score": self.window_score,
            "window_survivors": self.window_survivors,
            "pending": list(self.pending),
            "declined": sorted(self.declined),
            "last_dealer": self.last_dealer,
            "dealer": self.dealer,
            "ended_by": str(self.ended_by) if self.ended_by is not None else None,
            "winner": self.winner,
            "ledger": [
                [str(entry.kind), entry.player, str(entry.amount), entry.event]
                for entry in self.ledger
            ],
        }

    def load_cache(self, data: Mapping[str, Any]) -> None:
        """Take the live state `to_cache` gave (of a match with the same rules and players).
        (`data` is JSON read back from the database, in the shape `to_cache` wrote: Any.)"""
        self.totals = {name: int(data["totals"][name]) for name in self.players}
        self.statuses = {name: Status(data["statuses"][name]) for name in self.players}
        self.reentries = {name: int(data["reentries"][name]) for name in self.players}
        self.in_play = list(data["in_play"])
        self.left_at = {name: int(index) for name, index in data["left_at"].items()}
        self.window = data["window"]
        self.window_score = int(data["window_score"])
        self.window_survivors = int(data["window_survivors"])
        self.pending = list(data["pending"])
        self.declined = set(data["declined"])
        self.last_dealer = data["last_dealer"]
        self.dealer = data["dealer"]
        self.ended_by = EndedBy(data["ended_by"]) if data["ended_by"] is not None else None
        self.winner = data["winner"]
        self.ledger = [
            LedgerEntry(LedgerKind(kind), player, Decimal(amount), event)
            for kind, player, amount, event in data["ledger"]
        ]
        self.history = []

    # -- result --------------------------------------------------------------------------------

    def state(self) -> MatchState:
        """The `MatchState` after the events applied so far."""
        finished = self.ended_by is not None
        places = self._places() if finished else dict.fromkeys(self.players)
        totals, statuses, reentries = self.totals, self.statuses, self.reentries
        # Positional arguments and a list comprehension: built once per replay, but a replay of a
        # short match spends a good part of its time here.
        players = tuple(
            [
                PlayerState(name, totals[name], statuses[name], reentries[name], places[name])
                for name in self.players
            ]
        )
        entries = tuple(self.ledger)
        pot = Pot(sum([entry.amount for entry in entries], ZERO), entries) if entries else NO_POT
        return MatchState(
            self.rules.game,
            players,
            tuple(self.history),
            finished,
            self.winner,
            self.ended_by,
            self.dealer,
            pot,
            reentry_total=self.window_score if self.pending else None,
        )

    def _places(self) -> dict[str, int]:
        """RULES.md "Ranking at the end": winner; players in play by total; then who went out,
        the later the better, lower total first. Equal keys share a place (1, 2, 2, 4)."""
        keys: dict[str, tuple[int, int, int]] = {}
        for name in self.players:
            status = self.statuses[name]
            if status is WINNER:
                keys[name] = (0, 0, 0)
            elif status is IN_PLAY:
                keys[name] = (1, 0, self.totals[name])
            else:
                keys[name] = (2, -self.left_at[name], self.totals[name])
        order = sorted(self.players, key=keys.__getitem__)
        places: dict[str, int] = {}
        for position, name in enumerate(order, start=1):
            previous = order[position - 2] if position > 1 else None
            same = previous is not None and keys[previous] == keys[name]
            places[name] = places[previous] if previous is not None and same else position
        return places


def _check_value(index: int, name: str, value: object, maximum: int) -> None:
    """Points are whole numbers from 0 to `maximum` (a bool is not a number)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise EngineError(POINTS_NOT_WHOLE, event=index, field="points", params={"player": name})
    if value < 0:
        raise EngineError(POINTS_NEGATIVE, event=index, field="points", params={"player": name})
    if value > maximum:
        raise EngineError(
            POINTS_TOO_HIGH,
            event=index,
            field="points",
            params={"player": name, "maximum": maximum},
        )
