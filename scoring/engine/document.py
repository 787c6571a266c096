"""The match document of DESIGN.md: a match as plain JSON-like data, and back.

Used by the stateless preview endpoint, by import/export and by tests. The shape:

    {"game": "scala40", "preset": "scala40-club", "rules": {"elimination_at": 151},
     "players": ["Anna", "Bruno", "Carla"], "first_dealer": "Bruno",
     "events": [{"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12}}, ...]}

- `game` may be left out when `preset` is given; `preset` defaults to the game's default preset
  (`DEFAULT_PRESET`); when both are given they must agree.
- `rules` holds flat option overrides on top of the preset (option names of RULES.md).
- `first_dealer` is optional (default: the first player); `events` is optional (default: none).
- Events: `{"type": "hand" | "reentry" | "withdraw" | "time_call", ...}`.
  Scala 40 and Ramino hands: `closer`, `points` (player -> whole number >= 0), optional `in_hand`
  (true/false), `not_opened` (list of players); Ramino hands also `closing` (default "normal").
  Gin hands: `result` ("knock", "gin", "big_gin", "dead"); except for "dead", `knocker` and
  `deadwood` (player -> whole number >= 0); optional `upcard` (a card, Oklahoma).
  Burraco hands: `end` and `lines` (`burraco_document`, which parses and dumps them).
  `reentry` and `withdraw` name the `player`; `time_call` has nothing else.
- Extension: a hand may give some players' points (Gin: deadwood) as cards,
  `"cards": {"Bruno": "8h Kd"}`, counted with the game's card values (`cards.count_points`; Scala 40
  honours the `ace_alone_is_one` option). A player may not have both points and cards. Cards are
  turned into points on parsing, so `dump_document` writes points.

`parse_document` is strict: an unknown key anywhere is refused, and so is a value of the wrong type.
Every refusal is an `EngineError` whose `event` is the index of the offending event (None for the
match itself) and whose `field` is the key at fault: "game", "preset", "rules", "rules.<option>",
"players" (the list as a whole), "players.<index>" (one name of the list, from 0), "first_dealer",
"events", or a key inside the event ("type", "closer", "points", ...).
Game rules (who is in play, limits of points, what a preset allows) are checked by `replay`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict, TypeGuard, cast

from .burraco_document import BurracoHandData, dump_burraco_hand, parse_burraco_hand
from .cards import JOKER, count_points, parse_card
from .errors import EngineError, RuleSetError
from .errors import gettext_noop as _
from .events import BurracoHand, Event, GinHand, Hand, Reentry, TimeCall, Withdraw
from .names import check_name
from .presets import DEFAULT_PRESET, preset_game, rules_for
from .replay import replay, validate_players
from .rules import Options, RuleSet
from .state import StateData

TOP_LEVEL_KEYS = ("game", "preset", "rules", "players", "first_dealer", "events")
EVENT_TYPES = ("hand", "reentry", "withdraw", "time_call")
GIN_RESULTS = ("knock", "gin", "big_gin", "dead")
RAMINO_CLOSINGS = ("normal", "colore", "figura", "two_cards", "scala_reale", "pockerissimo")

_PENALTY_HAND_KEYS = ("type", "closer", "points", "cards", "in_hand", "not_opened")
_HAND_KEYS: dict[str, tuple[str, ...]] = {
    "scala40": _PENALTY_HAND_KEYS,
    "ramino": (*_PENALTY_HAND_KEYS, "closing"),
    "gin": ("type", "result", "knocker", "deadwood", "cards", "upcard"),
}
_DEAD_HAND_KEYS = ("type", "result", "upcard")
_PLAYER_EVENT_KEYS = ("type", "player")
# More than any game seats: a longer list is refused before its names are checked one by one.
MAX_PLAYERS = 20
# The most events a match holds (a real match has well under a hundred hands), wherever they come
# from: an imported document (`check_import_size`: an import stores a document in one
# transaction, and the cap keeps it short) and a match entered at the table (`check_new_event`),
# so that any match the site holds exports a document that imports back. Not checked by
# `parse_document`, which also reads the matches already stored.
MAX_EVENTS = 2000
_TIME_CALL_KEYS = ("type",)

# The document's data as `dump_document` writes it and `parse_document` reads it (which also
# takes a hand's `cards` for its points); a stored event's data has the same shape.
Cards = str | list[str]  # "8h Kd JK", or one card a string


class HandEntry(TypedDict):
    """A hand of Scala 40 or Ramino as the entry form gives it (without "type"): who closed, and
    the points (or cards) of the others."""

    closer: str
    points: NotRequired[dict[str, int]]
    cards: NotRequired[dict[str, Cards]]
    in_hand: NotRequired[bool]
    not_opened: NotRequired[list[str]]
    closing: NotRequired[str]  # Ramino's RAMINO_CLOSINGS


class HandData(HandEntry):
    """A hand of Scala 40 or Ramino, as an event of the document."""

    type: Literal["hand"]


class GinHandEntry(TypedDict):
    """A hand of Gin Rummy as the entry form gives it (without "type"): its result
    (GIN_RESULTS), and but for a dead hand who knocked and everyone's deadwood (or cards)."""

    result: str
    knocker: NotRequired[str]
    deadwood: NotRequired[dict[str, int]]
    cards: NotRequired[dict[str, Cards]]
    upcard: NotRequired[str]  # Oklahoma


class GinHandData(GinHandEntry):
    """A hand of Gin Rummy, as an event of the document."""

    type: Literal["hand"]


class PlayerEventData(TypedDict):
    type: Literal["reentry", "withdraw"]
    player: str


class TimeCallData(TypedDict):
    type: Literal["time_call"]


EventData = HandData | GinHandData | BurracoHandData | PlayerEventData | TimeCallData
# A hand of any game, with or without its "type".
HandEventData = HandData | GinHandData
AnyHandEntry = HandEntry | GinHandEntry


def is_hand(data: EventData) -> TypeGuard[HandEventData]:
    """Whether the event is a hand (of any game)."""
    return data.get("type") == "hand"


def is_penalty_hand(data: AnyHandEntry) -> TypeGuard[HandEntry]:
    """Whether the hand is a Scala 40 or Ramino hand: only those have a closer (a Gin hand with
    one is refused by `parse_document`)."""
    return "closer" in data


def is_gin_hand(data: AnyHandEntry) -> TypeGuard[GinHandEntry]:
    """Whether the hand is a Gin hand: only a Gin hand has a result (a Scala 40 or Ramino hand
    with one is refused by `parse_document`)."""
    return "result" in data


def hand_event(entry: AnyHandEntry) -> HandEventData:
    """The event of a hand as the entry form gives it: the same keys, then "type"."""
    if is_penalty_hand(entry):
        return {**entry, "type": "hand"}
    if is_gin_hand(entry):
        return {**entry, "type": "hand"}
    if "lines" in entry:  # a Burraco hand (`burraco_document`): its lines, not its players
        return cast("HandEventData", {**entry, "type": "hand"})
    raise TypeError(f"not a hand: {entry!r}")


class DocumentData(TypedDict):
    game: str
    preset: str
    rules: Options  # options by name (RULES.md): numbers, booleans, choices, amounts
    players: list[str]
    first_dealer: NotRequired[str]
    events: list[EventData]


@dataclass(frozen=True)
class MatchDocument:
    """A parsed, structurally valid match: everything `replay` needs, plus the preset's name.

    `rules` is the full resolved rule set (the preset with the document's overrides applied).
    """

    game: str
    preset: str
    rules: RuleSet
    players: tuple[str, ...]
    events: tuple[Event, ...]
    first_dealer: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "events", tuple(self.events))


# ---------------------------------------------------------------------------------------------
# parse


def parse_document(data: object) -> MatchDocument:
    """Validate a match document (decoded JSON) and return it as a `MatchDocument`.

    Raises `EngineError` on the first problem found, top-level problems first, then the events in
    order (see the module docstring for `event` and `field`).
    """
    if not isinstance(data, Mapping):
        raise EngineError(_("A match document must be a JSON object."))
    _refuse_unknown_keys(data, TOP_LEVEL_KEYS, event=None)
    game, preset = _game_and_preset(data)
    rules = _rules(preset, data.get("rules"))
    players = _players(data)
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and not isinstance(first_dealer, str):
        raise EngineError(_("first_dealer must be the name of a player."), field="first_dealer")
    validate_players(rules, players, first_dealer)
    events_data = data.get("events")
    events = _events([] if events_data is None else events_data, game, rules, players)
    return MatchDocument(
        game=game,
        preset=preset,
        rules=rules,
        players=players,
        events=events,
        first_dealer=first_dealer,
    )


def parse_event(
    index: int, data: object, game: str, rules: RuleSet, players: Sequence[str]
) -> Event:
    """One event of the match document (the event at `index` of a match of `game`, `rules` and
    `players`), checked as `parse_document` checks it: `EngineError` at `index` otherwise."""
    return _event(index, data, _Context(game=game, rules=rules, players=frozenset(players)))


def check_import_size(data: object) -> None:
    """Refuse (`EngineError`, field "events") a document with more than `MAX_EVENTS` events."""
    events = data.get("events") if isinstance(data, Mapping) else None
    if isinstance(events, list | tuple) and len(events) > MAX_EVENTS:
        raise EngineError(
            _("A match document holds at most %(count)s events (this one has %(length)s)."),
            field="events",
            params={"count": MAX_EVENTS, "length": len(events)},
        )


def check_new_event(number: int, kind: object) -> str:
    """The type of the event a match is about to record as its event `number` (from 1), or
    `EngineError`: an unknown type (field "type"), or a match without room for it (field
    "match"). A match holds at most `MAX_EVENTS` events, the last place kept for a time call, so
    that a full match can still end."""
    if kind not in EVENT_TYPES:
        raise EngineError(
            _("The event type must be one of: hand, reentry, withdraw, time_call."), field="type"
        )
    if number > MAX_EVENTS or (number == MAX_EVENTS and kind != "time_call"):
        raise EngineError(
            _(
                "A match holds at most %(count)s events, the last one kept for calling time: "
                "nothing was recorded. Call time to end this match."
            ),
            field="match",
            params={"count": MAX_EVENTS},
        )
    return str(kind)


def _game_and_preset(data: Mapping[str, object]) -> tuple[str, str]:
    game = data.get("game")
    preset = data.get("preset")
    if game is not None and (not isinstance(game, str) or game not in DEFAULT_PRESET):
        raise EngineError(
            _("Unknown game %(game)s; the games are: %(games)s."),
            field="game",
            params={"game": game, "games": ", ".join(DEFAULT_PRESET)},
        )
    if preset is None:
        if game is None:
            raise EngineError(
                _("Say which game is played: give the game, the preset, or both."), field="game"
            )
        return game, DEFAULT_PRESET[game]
    if not isinstance(preset, str):
        raise EngineError(_("preset must be the name of a preset."), field="preset")
    preset_of = preset_game(preset)  # refuses an unknown preset, field "preset"
    if game is not None and game != preset_of:
        raise EngineError(
            _("The preset %(preset)s is for %(preset_game)s, not for %(game)s."),
            field="preset",
            params={"preset": preset, "preset_game": preset_of, "game": game},
        )
    return preset_of, preset


def _rules(preset: str, overrides: object) -> RuleSet:
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping) or not all(isinstance(k, str) for k in overrides):
        raise EngineError(
            _('rules must be an object of option names and values, e.g. {"elimination_at": 151}.'),
            field="rules",
        )
    try:
        return rules_for(preset, dict(overrides))
    except RuleSetError as error:
        error.field = f"rules.{error.field}" if error.field else "rules"
        raise


def _players(data: Mapping[str, object]) -> tuple[str, ...]:
    players = data.get("players")
    if not isinstance(players, list | tuple):
        raise EngineError(
            _("players must be the list of the players' names, in seat order."), field="players"
        )
    if len(players) > MAX_PLAYERS:  # before each name is looked at: the list may be huge
        raise EngineError(_("Too many players."), field="players")
    # a name at fault is named by its place in the list: "players.2" is the third
    seen: dict[str, int] = {}
    for index, name in enumerate(players):
        check_name(name, field=f"players.{index}")  # length, control characters
        if name in seen:
            raise EngineError(
                _("%(player)s is already listed as player %(first)s."),
                field=f"players.{index}",
                params={"player": name, "first": seen[name] + 1},
            )
        seen[name] = index
    return tuple(players)


def _events(
    events: object, game: str, rules: RuleSet, players: tuple[str, ...]
) -> tuple[Event, ...]:
    if not isinstance(events, list | tuple):
        raise EngineError(_("events must be a list of events."), field="events")
    context = _Context(game=game, rules=rules, players=frozenset(players))
    return tuple(_event(index, item, context) for index, item in enumerate(events))


@dataclass(frozen=True)
class _Context:
    game: str
    rules: RuleSet
    players: frozenset[str]


def _event(index: int, data: object, context: _Context) -> Event:
    if not isinstance(data, Mapping):
        raise EngineError(
            _('An event must be an object with a type, e.g. {"type": "time_call"}.'), event=index
        )
    kind = data.get("type")
    if kind is None:
        raise EngineError(
            _("The event has no type; the types are: %(types)s."),
            event=index,
            field="type",
            params={"types": ", ".join(EVENT_TYPES)},
        )
    if kind not in EVENT_TYPES:
        raise EngineError(
            _("Unknown event type %(type)s; the types are: %(types)s."),
            event=index,
            field="type",
            params={"type": kind, "types": ", ".join(EVENT_TYPES)},
        )
    if kind == "hand":
        if context.game == "gin":
            return _gin_hand(index, data, context)
        if context.game == "burraco":
            return parse_burraco_hand(index, data)
        return _penalty_hand(index, data, context)
    if kind == "time_call":
        _refuse_unknown_keys(data, _TIME_CALL_KEYS, event=index)
        return TimeCall()
    _refuse_unknown_keys(data, _PLAYER_EVENT_KEYS, event=index)
    player = _required_player(index, data, "player", context)
    return Reentry(player) if kind == "reentry" else Withdraw(player)


def _penalty_hand(index: int, data: Mapping[str, object], context: _Context) -> Hand:
    """A Scala 40 or Ramino hand."""
    _refuse_unknown_keys(data, _HAND_KEYS[context.game], event=index)
    closer = _required_player(index, data, "closer", context)
    points = _scores(index, data, "points", context)
    in_hand = data.get("in_hand", False)
    if not isinstance(in_hand, bool):
        raise EngineError(_("in_hand must be true or false."), event=index, field="in_hand")
    not_opened = _player_list(index, data, "not_opened", context)
    closing = data.get("closing", "normal")
    if not isinstance(closing, str) or closing not in RAMINO_CLOSINGS:
        raise EngineError(
            _("Unknown closing %(closing)s; the closings are: %(closings)s."),
            event=index,
            field="closing",
            params={"closing": closing, "closings": ", ".join(RAMINO_CLOSINGS)},
        )
    return Hand(
        closer=closer,
        points=points,
        in_hand=in_hand,
        not_opened=frozenset(not_opened),
        closing=closing,
    )


def _gin_hand(index: int, data: Mapping[str, object], context: _Context) -> GinHand:
    result = data.get("result")
    if not isinstance(result, str) or result not in GIN_RESULTS:
        message = (
            _("Unknown result %(result)s; the results are: %(results)s.")
            if result is not None
            else _("A Gin hand needs its result: %(results)s.")
        )
        raise EngineError(
            message,
            event=index,
            field="result",
            params={"result": result, "results": ", ".join(GIN_RESULTS)},
        )
    upcard = _upcard(index, data)
    if result == "dead":
        for key in data:
            if key not in _DEAD_HAND_KEYS and key in _HAND_KEYS["gin"]:
                raise EngineError(
                    _("A dead hand scores nothing: remove %(key)s."),
                    event=index,
                    field=key,
                    params={"key": key},
                )
        _refuse_unknown_keys(data, _DEAD_HAND_KEYS, event=index)
        return GinHand(result="dead", upcard=upcard)
    _refuse_unknown_keys(data, _HAND_KEYS["gin"], event=index)
    knocker = _required_player(index, data, "knocker", context)
    if "deadwood" not in data and "cards" not in data:
        raise EngineError(
            _("A %(result)s needs the deadwood of both players."),
            event=index,
            field="deadwood",
            params={"result": result},
        )
    deadwood = _scores(index, data, "deadwood", context)
    return GinHand(result=result, knocker=knocker, deadwood=deadwood, upcard=upcard)


def _upcard(index: int, data: Mapping[str, object]) -> str | None:
    text = data.get("upcard")
    if text is None:
        return None
    try:
        card = parse_card(text, field="upcard", jokers=False)  # Gin: no jokers
    except EngineError as error:
        raise error.at_event(index) from None
    if card.rank == JOKER:
        raise EngineError(_("There are no jokers in Gin Rummy."), event=index, field="upcard")
    return str(card)


def _scores(index: int, data: Mapping[str, object], key: str, context: _Context) -> dict[str, int]:
    """The `key` object (points or deadwood) merged with the points counted from `cards`."""
    scores = _score_object(index, data.get(key, {}), key, context)
    for player, cards in _cards_object(index, data.get("cards", {}), context).items():
        if player in scores:
            raise EngineError(
                _("%(player)s has both %(key)s and cards; give only one of them."),
                event=index,
                field="cards",
                params={"player": player, "key": key},
            )
        scores[player] = _counted(index, cards, context)
    return scores


def _score_object(index: int, value: object, key: str, context: _Context) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise EngineError(
            _('%(key)s must be an object of players and whole numbers, e.g. {"Bruno": 35}.'),
            event=index,
            field=key,
            params={"key": key},
        )
    scores: dict[str, int] = {}
    for player, amount in value.items():
        _check_player(index, player, key, context)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise EngineError(
                _("The %(key)s of %(player)s must be a whole number."),
                event=index,
                field=key,
                params={"key": key, "player": player},
            )
        if amount < 0:
            raise EngineError(
                _("The %(key)s of %(player)s must be 0 or more."),
                event=index,
                field=key,
                params={"key": key, "player": player},
            )
        scores[player] = amount
    return scores


def _cards_object(index: int, value: object, context: _Context) -> dict[str, object]:
    if not isinstance(value, Mapping):
        raise EngineError(
            _('cards must be an object of players and their cards, e.g. {"Bruno": "8h Kd"}.'),
            event=index,
            field="cards",
        )
    for player in value:
        _check_player(index, player, "cards", context)
    return dict(value)


def _counted(index: int, cards: object, context: _Context) -> int:
    if not isinstance(cards, str) and not (
        isinstance(cards, list | tuple) and all(isinstance(card, str) for card in cards)
    ):
        raise EngineError(_("Write the cards as text, e.g. 8h Kd JK."), event=index, field="cards")
    ace_alone_is_one = bool(getattr(context.rules, "ace_alone_is_one", False))
    try:
        return count_points(context.game, cards, ace_alone_is_one=ace_alone_is_one)
    except EngineError as error:
        raise error.at_event(index) from None


def _required_player(index: int, data: Mapping[str, object], key: str, context: _Context) -> str:
    if key not in data:
        raise EngineError(
            _("The event needs %(key)s: the name of a player."),
            event=index,
            field=key,
            params={"key": key},
        )
    return _check_player(index, data[key], key, context)


def _player_list(index: int, data: Mapping[str, object], key: str, context: _Context) -> list[str]:
    names = data.get(key, [])
    if not isinstance(names, list | tuple):
        raise EngineError(
            _("%(key)s must be a list of players."), event=index, field=key, params={"key": key}
        )
    for name in names:
        _check_player(index, name, key, context)
    if len(set(names)) != len(names):
        raise EngineError(
            _("%(key)s names a player twice."), event=index, field=key, params={"key": key}
        )
    return list(names)


def _check_player(index: int, name: object, key: str, context: _Context) -> str:
    if not isinstance(name, str):
        raise EngineError(
            _("%(key)s must name players by their names."),
            event=index,
            field=key,
            params={"key": key},
        )
    if name not in context.players:
        raise EngineError(
            _("%(player)s is not a player of this match."),
            event=index,
            field=key,
            params={"player": name},
        )
    return name


def _refuse_unknown_keys(
    data: Mapping[str, object], allowed: tuple[str, ...], *, event: int | None
) -> None:
    for key in data:
        if key not in allowed:
            if event is None:
                message = _("Unknown key %(key)s in the match document; the keys are: %(keys)s.")
            else:
                message = _("Unknown key %(key)s in this event; the keys are: %(keys)s.")
            raise EngineError(
                message,
                event=event,
                field=str(key),
                params={"key": key, "keys": ", ".join(allowed)},
            )


# ---------------------------------------------------------------------------------------------
# dump


def dump_document(doc: MatchDocument) -> DocumentData:
    """The match document of `doc`, as JSON-ready data; `parse_document` reads it back equal.

    `rules` holds only the options that differ from the preset, in the rule set's option order;
    `first_dealer` is written only when set. Hands write `points` (Gin: `deadwood`), never cards.
    """
    game, preset, players = doc.game, doc.preset, list(doc.players)
    rules = _rule_overrides(doc.preset, doc.rules)
    events = [_dump_event(event, doc) for event in doc.events]
    if doc.first_dealer is None:
        return {
            "game": game,
            "preset": preset,
            "rules": rules,
            "players": players,
            "events": events,
        }
    return {
        "game": game,
        "preset": preset,
        "rules": rules,
        "players": players,
        "first_dealer": doc.first_dealer,
        "events": events,
    }


def _rule_overrides(preset: str, rules: RuleSet) -> Options:
    base = rules_for(preset).to_dict()
    return {name: value for name, value in rules.to_dict().items() if base.get(name) != value}


def _dump_event(event: Event, doc: MatchDocument) -> EventData:
    if isinstance(event, Hand):
        return _dump_hand(event, doc)
    if isinstance(event, GinHand):
        return _dump_gin_hand(event)
    if isinstance(event, BurracoHand):
        return dump_burraco_hand(event)
    if isinstance(event, Reentry):
        return {"type": "reentry", "player": event.player}
    if isinstance(event, Withdraw):
        return {"type": "withdraw", "player": event.player}
    if isinstance(event, TimeCall):
        return {"type": "time_call"}
    raise TypeError(f"not an event: {event!r}")


def _dump_hand(hand: Hand, doc: MatchDocument) -> HandData:
    data: HandData = {"type": "hand", "closer": hand.closer, "points": dict(hand.points)}
    if hand.in_hand:
        data["in_hand"] = True
    if hand.not_opened:
        seat = {name: position for position, name in enumerate(doc.players)}
        data["not_opened"] = sorted(hand.not_opened, key=lambda n: (seat.get(n, len(seat)), n))
    if doc.game == "ramino" or hand.closing != "normal":
        data["closing"] = hand.closing
    return data


def _dump_gin_hand(hand: GinHand) -> GinHandData:
    data: GinHandData = {"type": "hand", "result": hand.result}
    if hand.result != "dead" and hand.knocker is not None:  # every hand but a dead one has one
        data["knocker"] = hand.knocker
        data["deadwood"] = dict(hand.deadwood)
    if hand.upcard is not None:
        data["upcard"] = hand.upcard
    return data


# ---------------------------------------------------------------------------------------------
# replay


def replay_document(data: object) -> StateData:
    """Parse a match document (or take a `MatchDocument`), replay it, and answer the state.

    The answer is `MatchState.to_dict()` (the replay answer of DESIGN.md). Any refusal, of the
    document or of an event by the game's rules, propagates as `EngineError`.
    """
    doc = data if isinstance(data, MatchDocument) else parse_document(data)
    state = replay(doc.rules, doc.players, doc.events, first_dealer=doc.first_dealer)
    return state.to_dict()
