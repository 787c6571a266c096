"""Words in one place: the sentences and labels that the match pages, the printables and the
exports show for events, rules and results, in the user's language.

Every page and PDF that describes a match asks here, so the same event, rule or result reads the
same everywhere: `describe_event` (what an event recorded), `describe_changes` (what a correction
changed), a match's table (`table_name`: "Table 3" once), `result_line`, `event_title` ("Hand
7"; the kind alone between hands), `describe_change`
(what another phone did meanwhile), the parts of a Gin game's final score (`gin_score_parts`,
`gin_final_lines`, `games_won_line`), the end bonuses added by the hand that ended a game
(`gin_end_line`, apart from the hand's own points), and the labels of event kinds, statuses,
endings, Ramino closings and Gin results (one table each: the forms offer the same labels as
choices). Numbers come from the engine (the re-entry total: `MatchState.reentry_total`; a Gin
hand's outcome: `HandScore.outcome`; a game's parts: `GinGame.parts`; what a game's end added:
`Snapshot.game_ends`); nothing here computes a score.
The rules' words (presets, options and their choices, the rules as labels and sentences) are
`scoring.rule_words`. A woman player's statuses agree in Italian (`status_label`, `busted_label`,
`withdrew_note`, `end_reason`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.template.defaultfilters import floatformat
from django.utils.dateformat import time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from clubs.models import Gender
from scoring.engine import (
    EngineError,
    Event,
    GinGameEnd,
    GinScoreParts,
    MatchState,
)
from scoring.engine.cards import count_points
from scoring.engine.document import (
    Cards,
    EventData,
    GinHandEntry,
    HandEntry,
    is_hand,
    is_penalty_hand,
)
from scoring.engine.names import table_label
from scoring.engine.rules import Options, OptionValue
from scoring.games import all_games, game_named, game_of
from scoring.models import EndedBy, EventKind, Match, PlayerStatus
from scoring.selectors import EventRow, MatchDetail
from scoring.services import MatchChange

# Labels ------------------------------------------------------------------------------------------

RAMINO_CLOSINGS = [
    ("normal", pgettext_lazy("ramino closing", "Normal")),
    ("colore", pgettext_lazy("ramino closing", "Colore")),
    ("figura", pgettext_lazy("ramino closing", "Figura")),
    ("two_cards", pgettext_lazy("ramino closing", "Two cards")),
    ("scala_reale", pgettext_lazy("ramino closing", "Scala reale")),
    ("pockerissimo", pgettext_lazy("ramino closing", "Pokerissimo")),
]

GIN_RESULTS = [
    ("knock", pgettext_lazy("gin result", "Knock")),
    ("gin", pgettext_lazy("gin result", "Gin")),
    ("big_gin", pgettext_lazy("gin result", "Big gin")),
    ("dead", pgettext_lazy("gin result", "Dead hand")),
]


# A card's suit as players read it: the letter the match document stores, and its symbol.
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card_label(code: str | None) -> str:
    """A card as players read it, from the code the match document stores: "Kd" is "K♦", "10h"
    "10♥", "3s" "3♠" (an Oklahoma upcard on the page, in the PDFs, in a conflict notice);
    anything else as stored, "" for none."""
    text = (code or "").strip()
    rank, suit = text[:-1], text[-1:].lower()
    if not rank or suit not in SUIT_SYMBOLS:
        return text
    return f"{rank.upper()}{SUIT_SYMBOLS[suit]}"


def closing_label(closing: str) -> str:
    """A Ramino closing's label, as the hand form offers it ("Colore")."""
    label = dict(RAMINO_CLOSINGS).get(closing)
    return str(label) if label is not None else closing


def closing_word(closing: str) -> str:
    """A Ramino closing inside a sentence or a note ("colore")."""
    label = dict(RAMINO_CLOSINGS).get(closing)
    return str(label).lower() if label is not None else closing


def gin_result_word(result: str) -> str:
    """A Gin hand's result inside a sentence or a note ("knock"; "undercut", the engine's reading
    of a knock the defender wins, which no form offers)."""
    if result == "undercut":
        return gettext("undercut")
    label = dict(GIN_RESULTS).get(result)
    return str(label).lower() if label is not None else result


def kind_label(kind: str) -> str:
    """The name of an event kind ("Hand", "Re-entry"...), or "Event" for one this version does
    not know."""
    return str(EventKind(kind).label) if kind in EventKind.values else gettext("Event")


def event_title(kind: str, hand_number: int | None, *, stays_out: bool = False) -> str:
    """What an event is called on pages, PDFs and messages: "Hand 7" for a hand (numbered as
    players count hands, `scoring.engine.hand_numbers`), the kind alone for a re-entry, a
    withdrawal or a time call, which fall between hands; "Stays out" for the withdrawal of a
    player just busted who declined the re-entry (`EventRow.stays_out`)."""
    if kind == EventKind.HAND and hand_number is not None:
        return gettext("Hand %(number)s") % {"number": hand_number}
    if stays_out and kind == EventKind.WITHDRAW:
        return gettext("Stays out")
    return kind_label(kind)


def row_title(row: EventRow) -> str:
    """`event_title` of an event of the history."""
    return event_title(row.event.kind, row.hand_number, stays_out=row.stays_out)


def describe_change(change: MatchChange, game: str, rules: Options) -> str:
    """A change another phone made, for the phone whose submission it stopped: "Hand 7 was
    recorded from another phone at 21:04. Closed by Anna. Bruno 12, ..." (a correction, a void:
    said so). A hand is named as the flash messages and the form's title name it ("Mano 7
    registrata"); the other events (re-entry, withdrawal, time call) agree in Italian with their
    own nouns ("Rientro registrato")."""
    when = time_format(localtime(change.at), "H:i")
    what = describe_event(change.data, game, rules)
    if change.kind == EventKind.HAND and change.hand is not None:
        said = {"number": change.hand, "time": when}
        if change.is_void:
            sentence = gettext("Hand %(number)s was voided at %(time)s: %(reason)s")
        elif change.version > 1:
            sentence = gettext("Hand %(number)s was corrected at %(time)s.")
        else:
            sentence = gettext("Hand %(number)s was recorded from another phone at %(time)s.")
    else:
        said = {"event": kind_label(change.kind), "time": when}
        if change.is_void:
            sentence = pgettext("not a hand", "%(event)s was voided at %(time)s: %(reason)s")
        elif change.version > 1:
            sentence = pgettext("not a hand", "%(event)s was corrected at %(time)s.")
        else:
            sentence = pgettext(
                "not a hand", "%(event)s was recorded from another phone at %(time)s."
            )
    if change.is_void:
        return sentence % {**said, "reason": change.reason}
    return f"{sentence % said} {what}".strip()


def correction_hint(later_kind: str) -> str:
    """What to do when a correction is refused because of a later event it no longer fits: a
    re-entry after a bust the corrected hand no longer makes is voided first."""
    if later_kind == EventKind.REENTRY:
        return gettext(
            "If this hand no longer puts the player out, void the re-entry first (History, "
            "Void), then correct the hand."
        )
    return gettext(
        "To correct this hand, first void or correct the later event it no longer fits (History)."
    )


# A woman player's words where Italian agrees with her ("Sballata", "si è ritirata"); a man or a
# player whose gender is not said gets the generic words (the status's own label).
WOMAN_STATUS_LABELS = {
    PlayerStatus.ELIMINATED: pgettext_lazy("woman player", "Eliminated"),
    PlayerStatus.OUT: pgettext_lazy("woman player", "Out for good"),
    PlayerStatus.WITHDRAWN: pgettext_lazy("woman player", "Withdrawn"),
    PlayerStatus.WINNER: pgettext_lazy("woman player", "Winner"),
}


def status_label(status: str, gender: str = "") -> str:
    """A player's status ("In play", "Eliminated", "Out"...), agreeing with a woman player's
    gender in Italian ("Sballata"); "" for none (a seat whose match has not started)."""
    status = str(status)
    if status not in PlayerStatus.values:
        return ""
    if gender == Gender.FEMALE and status in WOMAN_STATUS_LABELS:
        return str(WOMAN_STATUS_LABELS[PlayerStatus(status)])
    return str(PlayerStatus(status).label)


def busted_label(gender: str = "") -> str:
    """The mark of a player a hand eliminated, in the history ("busted": "sballato", "sballata")."""
    return pgettext("woman player", "busted") if gender == Gender.FEMALE else gettext("busted")


def withdrew_note(player: str, gender: str = "") -> str:
    """A withdrawal in a report's notes: "Anna withdrew" ("Anna si è ritirata", "Bruno si è
    ritirato"; a player whose gender is not said: "Dario ha lasciato la partita", which agrees
    with anyone)."""
    if gender == Gender.FEMALE:
        return pgettext("woman player", "%(player)s withdrew") % {"player": player}
    if gender == Gender.MALE:
        return pgettext("man player", "%(player)s withdrew") % {"player": player}
    return pgettext("any player", "%(player)s withdrew") % {"player": player}


def ended_by_label(ended_by: str | None) -> str:
    """How a match ended ("Last player in play", "Time"...), or "" while it goes on."""
    return str(EndedBy(str(ended_by)).label) if ended_by else ""


def last_in_play_line(name: str, gender: str = "") -> str:
    """The last player in play won: "Finished: Anna is the last one in play" ("Finita: Anna è
    l'ultima in gioco"; "l'ultimo" for a man; a player whose gender is not said reads "Finita:
    in gioco resta solo Bruno", which agrees with anyone)."""
    if gender == Gender.FEMALE:
        sentence = pgettext("woman player", "Finished: %(name)s is the last one in play.")
    elif gender == Gender.MALE:
        sentence = pgettext("man player", "Finished: %(name)s is the last one in play.")
    else:
        sentence = gettext("Finished: %(name)s is the last one in play.")
    return sentence % {"name": name}


def end_reason(state: MatchState, genders: dict[str, str] | None = None) -> str:
    """Why a finished match ended, one sentence under the winner on the result card: "Finished:
    Anna is the last one in play.", "Finished: Bruno closed with a scala reale.", "Finished when
    time was called."; "" while it goes on. `genders` (name: gender) lets Italian agree with the
    winner."""
    if not state.finished:
        return ""
    winner, ended_by = state.winner, str(state.ended_by or "")
    named = {"name": winner}
    if ended_by == EndedBy.TIME:
        return gettext("Finished when time was called.")
    if winner is None and ended_by == EndedBy.HANDS:  # a match of lines (a Burraco turno)
        return gettext("Finished: every hand of the match is played.")
    if winner is None:
        return gettext("Ended: %(how)s") % {"how": ended_by_label(ended_by)}
    if ended_by == EndedBy.LAST_IN_PLAY:
        return last_in_play_line(winner, (genders or {}).get(winner, ""))
    if ended_by == EndedBy.SCALA_REALE:
        return gettext("Finished: %(name)s closed with a scala reale.") % named
    if ended_by == EndedBy.POCKERISSIMO:
        return gettext("Finished: %(name)s closed with a pokerissimo.") % named
    if ended_by == EndedBy.TARGET and len(state.games) > 1:
        return gettext("Finished: the three games are over, %(name)s won more of them.") % named
    if ended_by == EndedBy.TARGET:
        return gettext("Finished: %(name)s reached the target score.") % named
    if ended_by == EndedBy.HANDS:
        count = state.player(winner).hands_won
        return ngettext(
            "Finished: %(name)s won %(count)s hand.",
            "Finished: %(name)s won %(count)s hands.",
            count,
        ) % {**named, "count": count}
    return gettext("Ended: %(how)s") % {"how": ended_by_label(ended_by)}


def started_before_line(names: Sequence[str]) -> str:
    """A start form sent again, changed, whose key had already started a match: what it was
    started with, and that the change was not applied."""
    return gettext(
        "This match had already been started with %(players)s: the change was not applied."
    ) % {"players": ", ".join(names)}


def table_name(label: str) -> str:
    """A match's table as every page, printable and API answer says it, once: "Table 3" ("Tavolo
    3") for a number, free text as typed ("Terrace"), "" for none. A label stored before labels
    were numbers ("Tavolo 3") reads the same."""
    label = table_label(label or "")
    if label.isdigit():
        return gettext("Table %(number)s") % {"number": label}
    return label


def signed(value: int) -> str:
    """A signed number as the reports, the standings and the director's pages print it: "+150",
    "-150", "0" (a Gin box's or a penalty's charge, a Burraco line's MP and VP)."""
    return f"+{value}" if value > 0 else str(value)


def money(amount: OptionValue) -> str:
    return gettext("€ %(amount)s") % {"amount": floatformat(Decimal(str(amount)), 2)}


def times(count: int, amount: Decimal | str) -> str:
    """A count of equal amounts of money: "4 × € 2.00" (the tournament's ledger and the match's
    pot alike). The one multiplication sign of every page, PDF and CSV is ×, never "x"."""
    return gettext("%(count)s × %(amount)s") % {"count": count, "amount": money(amount)}


def stakes_line(count: int, amount: Decimal | str) -> str:
    """The stakes of a match's pot: "Stakes: 4 × € 2.00"."""
    return gettext("Stakes: %(times)s") % {"times": times(count, amount)}


# Events ------------------------------------------------------------------------------------------


def _count_for_display(game: str, rules: Options, cards: Cards) -> str:
    try:
        return str(count_points(game, cards, ace_alone_is_one=bool(rules.get("ace_alone_is_one"))))
    except EngineError:
        return "?"


def describe_event(data: EventData, game: str, rules: Options, *, stays_out: bool = False) -> str:
    """One line saying what an event version recorded, in the user's language (`stays_out`: a
    withdrawal that is a busted player declining the re-entry, `EventRow.stays_out`)."""
    kind = data.get("type")
    if kind == "reentry":
        return gettext("%(player)s re-entered.") % {"player": data.get("player")}
    if kind == "withdraw" and stays_out:
        return gettext("%(player)s stays out after the bust.") % {"player": data.get("player")}
    if kind == "withdraw":
        return gettext("%(player)s withdrew.") % {"player": data.get("player")}
    if kind == "time_call":
        return gettext("Time called.")
    if not is_hand(data):
        return ""
    parts, scores = game_named(game).describe_hand(data, rules)
    cards = data.get("cards") or {}
    entries = [f"{name} {value}" for name, value in scores.items()]
    entries += [
        f"{name} {text} ({_count_for_display(game, rules, text)})" for name, text in cards.items()
    ]
    entries += [
        gettext("%(player)s not opened") % {"player": name}
        for name in (data.get("not_opened", []) if is_penalty_hand(data) else [])
    ]
    if entries:
        parts.append(", ".join(entries))
    return " ".join(parts)


def gin_hand_words(data: GinHandEntry, outcome: str) -> tuple[list[str], dict[str, int]]:
    """How a Gin hand ended, in words, and its deadwoods (`GameKind.describe_hand`); `outcome`:
    what the engine scored it (a knock the defender won: "undercut")."""
    parts: list[str] = []
    result = data.get("result")
    knocker = {"player": data.get("knocker")}
    if result == "dead":
        parts.append(gettext("Dead hand."))
    elif result == "gin":
        parts.append(gettext("Gin by %(player)s.") % knocker)
    elif result == "big_gin":
        parts.append(gettext("Big gin by %(player)s.") % knocker)
    elif outcome == "undercut":
        defender = next(
            (name for name in data.get("deadwood") or {} if name != data.get("knocker")), ""
        )
        parts.append(
            gettext("Knock by %(player)s, undercut by %(defender)s.")
            % {**knocker, "defender": defender}
        )
    else:
        parts.append(gettext("Knock by %(player)s.") % knocker)
    if data.get("upcard"):
        parts.append(gettext("Upcard %(card)s.") % {"card": card_label(data["upcard"])})
    return parts, data.get("deadwood") or {}


def penalty_hand_words(data: HandEntry, *, closings: bool) -> tuple[list[str], dict[str, int]]:
    """Who closed a Scala 40 or Ramino hand (and how, when the game scores its `closings`), in
    words, and its points (`GameKind.describe_hand`)."""
    closer = {"player": data.get("closer")}
    if data.get("in_hand"):
        parts = [gettext("Closed in hand by %(player)s.") % closer]
    else:
        parts = [gettext("Closed by %(player)s.") % closer]
    closing = data.get("closing", "normal")
    if closings and closing != "normal":
        parts.append(gettext("Closing: %(closing)s.") % {"closing": closing_label(closing)})
    return parts, data.get("points") or {}


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def names_or_dash(values: Iterable[str]) -> str:
    return ", ".join(sorted(values)) or "—"


def describe_changes(before: Event | None, after: Event | None, names: Sequence[str]) -> str:
    """What a correction changed, in words: "Bruno 35 → 53; closer Anna → Carla"."""
    if before is None or after is None or type(before) is not type(after):
        return gettext("the whole event")
    # the game whose hands these are says what they hold (`GameKind.hand_changes`)
    fields = next(
        (
            found
            for kind in all_games()
            if (found := kind.hand_changes(before, after, names)) is not None
        ),
        [],
    )
    changes = [f"{label} {old} → {new}" for label, old, new in fields if old != new]
    return "; ".join(changes) or gettext("nothing")


# Results -----------------------------------------------------------------------------------------


def result_line(match: Match, detail: MatchDetail) -> str:
    """How the match stands in one sentence: in progress (hands so far), or who won and how
    (`end_reason`: "Finished: Anna is the last one in play."; time called: "Finished when time
    was called: Anna wins.")."""
    state = detail.state
    if not state.finished:
        # hands as the page numbers them: a voided hand keeps its number, and is said so
        count, void = detail.hands_recorded, detail.void_hands
        text = ngettext(
            "In progress: %(count)s hand so far.",
            "In progress: %(count)s hands so far.",
            count,
        ) % {"count": count}
        if void:
            text += " " + ngettext(
                "%(count)s of them is void.", "%(count)s of them are void.", void
            ) % {"count": void}
        return text
    timed = str(state.ended_by or "") == EndedBy.TIME
    if timed and state.winner:
        text = gettext("Finished when time was called: %(name)s wins.") % {"name": state.winner}
    elif timed:
        text = gettext("Finished when time was called, without a single winner.")
    elif state.winner:
        text = end_reason(state, detail.genders)  # says who won, and how
    else:
        how = ended_by_label(state.ended_by)
        text = gettext("Finished (%(how)s), without a single winner.") % {"how": how}
    margin = game_of(match).margin_line(state)
    return f"{text} {margin}." if margin else text


def gin_margin_line(state: MatchState) -> str:
    """A finished Gin match's net result, in words: by how many points the winner's total beats
    the other's (the sum of the games' net differences). In a match to a number of hands the
    winner may have fewer points. Empty without a single winner."""
    net, name = state.net_total, state.winner
    if net is None or not name:
        return ""
    if net > 0:
        return ngettext(
            "%(name)s wins by %(points)s point", "%(name)s wins by %(points)s points", net
        ) % {"name": name, "points": net}
    if net == 0:
        return gettext("%(name)s wins level on points") % {"name": name}
    return ngettext(
        "%(name)s wins with %(points)s point fewer",
        "%(name)s wins with %(points)s points fewer",
        -net,
    ) % {"name": name, "points": -net}


# Gin: the parts of a final score -----------------------------------------------------------------


def _bonus_and_box_terms(parts: GinScoreParts, *, with_boxes: bool) -> list[str]:
    """The game bonus (or the shutout's) and, when `with_boxes`, the boxes: the words that a
    final score's breakdown and a game's end line share."""
    terms = []
    if parts.game_bonus:
        bonus = {"points": parts.game_bonus}
        if parts.shutout and not parts.doubled:
            terms.append(gettext("shutout bonus %(points)s") % bonus)
        else:
            terms.append(gettext("game bonus %(points)s") % bonus)
    if parts.boxes and with_boxes:
        terms.append(
            ngettext("%(count)s box × %(value)s", "%(count)s boxes × %(value)s", parts.boxes)
            % {"count": parts.boxes, "value": parts.box_value}
        )
    return terms


def gin_score_parts(parts: GinScoreParts) -> str:
    """A finished game's final score and what it is made of, in the order RULES.md adds them:
    "256 = 106 + game bonus 100 + 2 boxes × 25"; "500 = (100 + game bonus 100 + 2 boxes × 25)
    × 2, shutout"; only the number when there is nothing but the hands' points."""
    terms = [str(parts.points), *_bonus_and_box_terms(parts, with_boxes=True)]
    if len(terms) == 1 and not parts.doubled:
        return str(parts.total)
    made_of = " + ".join(terms)
    if parts.doubled:
        made_of = gettext("(%(sum)s) × 2, shutout") % {"sum": made_of}
    return f"{parts.total} = {made_of}"


def gin_final_lines(state: MatchState, names: Sequence[str]) -> list[str]:
    """One line per finished game: each player's final score in its parts ("Anna 256 = 106 +
    game bonus 100 + 2 boxes × 25 · Bruno 30"), "Game 2: ..." when there are three games."""
    lines = []
    for game in state.games:
        if game.parts is None:
            continue
        scores = " · ".join(f"{name} {gin_score_parts(game.parts[name])}" for name in names)
        if len(state.games) > 1:
            scores = gettext("Game %(number)s: %(scores)s") % {
                "number": game.number,
                "scores": scores,
            }
        lines.append(scores)
    return lines


def games_won_line(state: MatchState, names: Sequence[str]) -> str:
    """Hollywood: the games each player won, "Games won: Anna 2-1 Bruno" (the match goes to
    the one who won more games, who may have won fewer hands); "" for a single game."""
    if len(state.games) < 2 or len(names) != 2:
        return ""
    won = state.games_won
    first, second = names
    return gettext("Games won: %(first)s %(first_won)s-%(second_won)s %(second)s") % {
        "first": first,
        "first_won": won[first],
        "second": second,
        "second_won": won[second],
    }


def gin_end_terms(end: GinGameEnd, name: str) -> list[str]:
    """What a game's end added to `name`'s score, in the words of `gin_score_parts`: the game
    bonus (or the shutout's), the boxes when they are paid at the end, the shutout's doubling."""
    parts = end.parts[name]
    terms = _bonus_and_box_terms(parts, with_boxes=end.boxes_at_end)
    if parts.doubled:
        terms.append(gettext("shutout × 2"))
    return terms


def gin_end_line(ends: Sequence[GinGameEnd], names: Sequence[str], *, games: int = 1) -> str:
    """The end bonuses of the games an event ended, apart from the hand's own points (the hand
    card shows those): "End of the game: Anna +494 (game bonus 100, 3 boxes × 25, shutout × 2)";
    "End of game 2: ..." when the match has `games` games (Hollywood). "" when the ends added
    nothing (a game closed without bonuses)."""
    lines = []
    for end in ends:
        players = [
            gettext("%(player)s %(points)s (%(terms)s)")
            % {
                "player": name,
                "points": f"{end.added[name]:+d}",
                "terms": ", ".join(gin_end_terms(end, name)),
            }
            for name in names
            if end.added.get(name)
        ]
        if not players:
            continue
        bonuses = "; ".join(players)
        if games > 1:
            lines.append(
                gettext("End of game %(number)s: %(bonuses)s")
                % {"number": end.game, "bonuses": bonuses}
            )
        else:
            lines.append(gettext("End of the game: %(bonuses)s") % {"bonuses": bonuses})
    return " · ".join(lines)


def countersigned_line(match: Match) -> str:
    """Who confirmed a club night's result and when, as the match page, the history and the
    report say it ("Result confirmed by Bruno at 21:40."); "" while it is not confirmed as the
    match stands now."""
    if not match.is_countersigned or match.confirmed_at is None:
        return ""
    return gettext("Result confirmed by %(name)s at %(time)s.") % {
        "name": match.confirmed_name,
        "time": time_format(localtime(match.confirmed_at), "H:i"),
    }


def countersigned_slip(match: Match) -> str:
    """The filled score slip's countersignature ("Confirmed by Bruno on 12/11/2026 at 21:40");
    "" while the result is not confirmed as the match stands now."""
    if not match.is_countersigned or match.confirmed_at is None:
        return ""
    when = localtime(match.confirmed_at)
    return gettext("Confirmed by %(name)s on %(date)s at %(time)s") % {
        "name": match.confirmed_name,
        "date": when.strftime("%d/%m/%Y"),
        "time": time_format(when, "H:i"),
    }
