"""Words in one place for the Gin formats: the sentences and labels that the bracket and pairings
pages, their printables and the standings share, in the user's language (the tournaments' own
words, which these build on, are `tournaments.presenters`).

- matches: `match_state_label` (a bracket match or a pairing: waiting, to play, playing, awaiting
  confirmation, played, not needed, no winner), `bracket_match_label` (a bracket card's badge),
  `pairing_result` (a pairing's result as a page says it) and `pairing_result_short` (as a
  printed grid fits it), `bye_line`, `byes_note`;
- the bracket: `slot_label` ("Winner of match 5"), `column_title` ("Semi-finals", "Losers'
  round 2", "Losers' final"), `section_title`, `bracket_result` (a played match's line),
  `score_legend`, `champion_label`, `still_playing_label`, `champion_line`, the
  conflicts the director must check (`discarded_result`, `started_by_other_players`);
- standings: `tie_break_label` (the Gin tie-breaks, and the tournaments' for the shared ones),
  `tie_break_column` and `tie_break_value` (the standings' tie-break columns),
  `standings_order` (the standings page's line);
- VP tables: `vp_refusal` (a refusal of `check_vp_table`, naming its band, in MP and VP) and
  `default_vp_table_name` ("FIBur 3 smazzate").

Nothing here reads the database or computes a score: the selectors give the numbers (the net
points of a result included). It imports no selector, so selectors may ask it for the words they
carry (a card's sides and badge, a column's title, a ranking's stage, a conflict).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from pairings.engine.brackets import Section, SlotKind
from pairings.engine.burraco import vp_tables
from pairings.engine.burraco.vp_tables import VpTableError
from tournaments import presenters as tournament_words
from tournaments.models import Entry

# Matches -----------------------------------------------------------------------------------------

MATCH_STATES: dict[str, Promise] = {
    "waiting": gettext_lazy("Waiting"),
    "ready": gettext_lazy("To play"),
    "played": gettext_lazy("Played"),
    "not_needed": gettext_lazy("Not needed"),
    "no_winner": gettext_lazy("No winner: the director decides"),
}
# said as a table's state is (`tournaments.presenters.table_state_label`)
TABLE_STATES = {"playing": "playing", "awaiting_confirmation": "awaiting"}


def match_state_label(state: str) -> str:
    """Where a bracket match or a pairing is: "Waiting", "To play", "Playing", "Awaiting
    confirmation", "Played", "Not needed", "No winner: the director decides"."""
    if state in TABLE_STATES:
        return tournament_words.table_state_label(TABLE_STATES[state])
    return str(MATCH_STATES[state])


def bracket_match_label(state: str, *, walkover: bool, fixed: bool) -> str:
    """The badge of a bracket match: "Walkover", "Fixed" (by the director), or its state."""
    if walkover:
        return gettext("Walkover")
    if fixed:
        return gettext("Fixed")
    return match_state_label(state)


class Result(Protocol):
    """A pairing's result as the selectors give it (`pairings.selectors.facts.TableResult`)."""

    @property
    def winner(self) -> int | None: ...
    @property
    def net(self) -> int: ...
    @property
    def walkover(self) -> bool: ...
    @property
    def fixed(self) -> bool: ...


class Pairing(Protocol):
    """A pairing as the selectors give it (`pairings.selectors.rounds.PairingView`)."""

    @property
    def result(self) -> Result | None: ...
    @property
    def winner(self) -> Entry | None: ...
    @property
    def status(self) -> str: ...


def _winner(pairing: Pairing) -> str:
    return pairing.winner.player.name if pairing.winner is not None else ""


def pairing_result(pairing: Pairing) -> str:
    """A pairing's result as a page says it: "Draw", "Anna wins · net 28", "Anna wins
    (walkover)", "Anna wins (fixed by the director)"; while it has none, its state."""
    result = pairing.result
    if result is None:
        return match_state_label(pairing.status)
    if result.winner is None:
        return gettext("Draw")
    wins = gettext("%(name)s wins") % {"name": _winner(pairing)}
    if result.walkover:
        return f"{wins} ({gettext('walkover')})"
    if result.fixed:
        return f"{wins} ({gettext('fixed by the director')})"
    return f"{wins} · " + gettext("net %(net)s") % {"net": result.net}


SHORT_STATES: dict[str, Promise] = {
    "awaiting_confirmation": gettext_lazy("to confirm"),
    "playing": gettext_lazy("playing"),
    "no_winner": gettext_lazy("no winner yet"),
}


def pairing_result_short(pairing: Pairing) -> str:
    """A pairing's result as a printed grid fits it: "Anna +28", "Anna (walkover)", "draw";
    while it has none, "to confirm", "playing", "no winner yet" or nothing."""
    result = pairing.result
    if result is None:
        label = SHORT_STATES.get(pairing.status)
        return str(label) if label is not None else ""
    if result.winner is None:
        return gettext("draw")
    if result.walkover:
        return gettext("%(name)s (walkover)") % {"name": _winner(pairing)}
    return gettext("%(name)s +%(net)s") % {"name": _winner(pairing), "net": result.net}


def bye_line(name: str) -> str:
    """A page's line for the bye of a round: "Bye: Anna (1 point)"."""
    return gettext("Bye: %(name)s (1 point)") % {"name": name}


def byes_note(names: Iterable[str]) -> str:
    """A printable's note of the byes of a round: "Bye (a point, no match): Anna."."""
    return gettext("Bye (a point, no match): %(names)s.") % {"names": ", ".join(names)}


# The bracket -------------------------------------------------------------------------------------


def slot_label(kind: SlotKind, match: int) -> str:
    """A side of a bracket match before its player is known: "Winner of match 5", "Loser of
    match 5"."""
    if kind is SlotKind.WINNER:
        return gettext("Winner of match %(match)s") % {"match": match}
    return gettext("Loser of match %(match)s") % {"match": match}


def column_title(
    section: Section, round: int, rounds: int, losers_rounds: Sequence[int] = ()
) -> str:
    """A round of a bracket (`rounds`: the rounds of its winners' bracket; `losers_rounds`: the
    rounds of its losers' bracket that have matches, counted as players say them from 1 even when
    byes leave the first empty): "Final", "Semi-finals", "Quarter-finals", "Round 2", "Losers'
    round 1", "Losers' final", "Third place", "Grand final" and its second match."""
    if section is Section.LOSERS:
        if round in losers_rounds:
            if round == losers_rounds[-1] and len(losers_rounds) > 1:
                return gettext("Losers' final")
            round = list(losers_rounds).index(round) + 1
        return gettext("Losers' round %(round)s") % {"round": round}
    if section is Section.THIRD_PLACE:
        return third_place_label()
    if section is Section.GRAND_FINAL:
        return gettext("Grand final")
    if section is Section.RESET:
        return gettext("Grand final, second match")
    left = rounds - round
    if left == 0:
        return gettext("Final")
    if left == 1:
        return gettext("Semi-finals")
    if left == 2:
        return gettext("Quarter-finals")
    return tournament_words.round_number_label(round)


def bracket_result(
    winner: str, scores: tuple[int | None, int | None], *, walkover: bool, fixed: bool
) -> str:
    """A played bracket match's result, the winner's score first: "Anna wins 2-0", "Anna wins
    (walkover)", "Anna wins (fixed by the director)"."""
    wins = gettext("%(name)s wins") % {"name": winner}
    if walkover:
        return f"{wins} ({gettext('walkover')})"
    if fixed:
        return f"{wins} ({gettext('fixed by the director')})"
    if scores[0] is None or scores[1] is None:
        return wins
    return f"{wins} {scores[0]}\N{EN DASH}{scores[1]}"


def score_legend(*, by_hands: bool) -> str:
    """What the numbers beside the names count: hands won a mano, points otherwise."""
    if by_hands:
        return gettext("Scores: hands won (played a mano).")
    return gettext("Scores: points.")


def third_place_label() -> str:
    return gettext("Third place")


def section_title(key: str, *, double: bool) -> str:
    """A part of the bracket: the "Bracket" of a single elimination, or the "Winners' bracket",
    "Losers' bracket" and "Grand final" of a double one."""
    if key == "losers":
        return gettext("Losers' bracket")
    if key == "finals":
        return gettext("Grand final")
    return gettext("Winners' bracket") if double else gettext("Bracket")


def champion_label() -> str:
    return gettext("Champion")


def still_playing_label() -> str:
    return gettext("Still playing")


def champion_line(name: str) -> str:
    """ "Champion: Anna", over the bracket (its page and its printable)."""
    return gettext("Champion: %(name)s") % {"name": name}


def walkover_mark() -> str:
    """After a winner by walkover in the printed bracket: "w/o"."""
    return gettext("w/o")


def discarded_result(match: int, winner: str, loser: str) -> str:
    """A result the bracket set aside: its players changed after an earlier fix."""
    return gettext(
        "The result of match %(match)s (%(winner)s beat %(loser)s) no longer fits: "
        "its players changed after an earlier result was fixed."
    ) % {"match": match, "winner": winner, "loser": loser}


def started_by_other_players(match: int) -> str:
    """A bracket match played by players who no longer play it."""
    return gettext(
        "Match %(match)s was started by players who no longer play it: "
        "fix its result or clear the fix that changed it."
    ) % {"match": match}


# Standings ---------------------------------------------------------------------------------------

GIN_TIE_BREAK_LABELS: dict[str, Promise] = {
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("median-Buchholz"),
    "net": gettext_lazy("net points"),
}


TIE_BREAK_COLUMNS: dict[str, Promise] = {
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median-Buchholz"),
    "net": gettext_lazy("Net"),
    "head_to_head": gettext_lazy("Head to head"),
}


def tie_break_column(key: str) -> str:
    """A tie-break as the standings' column heading: "Buchholz", "Median-Buchholz", "Net",
    "Head to head"."""
    return str(TIE_BREAK_COLUMNS[key])


def tie_break_value(value: float | None) -> str:
    """A tie-break's value in the standings: "3", "1.5"; head to head not reached: a dash."""
    if value is None:
        return "\N{EN DASH}"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def tie_break_label(key: str) -> str:
    """A Gin tie-break in words ("median-Buchholz"); head to head is said as the table
    formats say it."""
    label = GIN_TIE_BREAK_LABELS.get(key)
    return str(label) if label is not None else tournament_words.tie_break_label(key)


def standings_order(tie_breaks: Iterable[str]) -> str:
    """The standings page's line: "Order: match points, then Buchholz, median-Buchholz, net
    points, head to head."."""
    labels = ", ".join(tie_break_label(key) for key in tie_breaks)
    return gettext("Order: match points, then %(list)s.") % {"list": labels}


# VP tables ---------------------------------------------------------------------------------------

# Each refusal of the engine's `check_vp_table` (keyed by its English template) as a director
# reads it: the band first, the points as MP and VP.
VP_REFUSALS: dict[str, Promise] = {
    vp_tables.FIRST_BAND: gettext_lazy(
        "Band 1: it starts at 0 MP and gives 10-10 VP (a difference of 0 has no winner)."
    ),
    vp_tables.STEP_BOUND: gettext_lazy("Band %(band)s: %(value)s MP is not a multiple of 5."),
    vp_tables.BAD_VP: gettext_lazy("Band %(band)s: %(value)s is not a number of VP from 0 to 20."),
    vp_tables.SPLIT: gettext_lazy("Band %(band)s: %(winner)s + %(loser)s VP make %(sum)s, not 20."),
    vp_tables.REVERSED: gettext_lazy("Band %(band)s: it ends at %(high)s MP, below %(low)s."),
    vp_tables.GAP: gettext_lazy(
        "Band %(band)s: the range from %(first)s to %(last)s MP is missing (the band should "
        "start at %(expected)s)."
    ),
    vp_tables.OVERLAP: gettext_lazy(
        "Band %(band)s: it starts at %(low)s MP, inside band %(previous)s (it should start at "
        "%(expected)s)."
    ),
    vp_tables.OPEN_BEFORE_LAST: gettext_lazy(
        "Band %(band)s: give its end (MP to); only the last band is left open."
    ),
    vp_tables.LAST_CLOSED: gettext_lazy(
        "Band %(band)s: the last band is open (leave MP to empty), so a difference above "
        "%(high)s MP gets VP too."
    ),
    vp_tables.DECREASING: gettext_lazy(
        "Band %(band)s: %(winner)s VP to the winner, fewer than band %(previous)s (%(before)s)."
    ),
    vp_tables.EMPTY: gettext_lazy("A VP table needs at least one band."),
    vp_tables.BAD_HANDS: gettext_lazy("The hands per turno are a whole number from 1 up."),
}
VP_GAP_ONE = gettext_lazy(
    "Band %(band)s: a difference of %(first)s MP is missing (the band should start at "
    "%(expected)s)."
)


def vp_refusal(error: VpTableError) -> str:
    """A refusal of a VP table in the user's language, naming its band."""
    template = VP_REFUSALS.get(error.message_template)
    if template is None:
        return error.translated(gettext)
    if error.message_template == vp_tables.GAP and error.params["first"] == error.params["last"]:
        template = VP_GAP_ONE
    return str(template) % error.params


def default_vp_table_name(hands: int) -> str:
    """The name a club sees for a table the engine ships: "FIBur 3 smazzate"."""
    return gettext("FIBur %(hands)s hands") % {"hands": hands}


BURRACO_TIE_BREAK_LABELS = {
    "vp": gettext_lazy("victory points"),
    "mp": gettext_lazy("match points (difference)"),
    "points": gettext_lazy("points scored"),
    "head_to_head": gettext_lazy("head to head"),
    "lot": gettext_lazy("lot drawn at registration"),
    "attendance": gettext_lazy("attendance this season"),
    "draw": gettext_lazy("draw"),
}


def burraco_tie_break_label(key: str) -> str:
    """A Burraco tie-break in words (BURRACO.md section 4)."""
    return str(BURRACO_TIE_BREAK_LABELS.get(str(key), key))


def burraco_order(tie_breaks: Iterable[str]) -> str:
    """The Burraco standings' chain, printed on every standings: "Order: victory points, then
    match points (difference)."."""
    keys = list(tie_breaks)
    first, rest = burraco_tie_break_label(keys[0]), [burraco_tie_break_label(k) for k in keys[1:]]
    if not rest:
        return gettext("Order: %(first)s.") % {"first": first}
    return gettext("Order: %(first)s, then %(list)s.") % {"first": first, "list": ", ".join(rest)}
