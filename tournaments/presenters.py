"""Words in one place for tournaments: the sentences, labels and numbers as shown that the pages,
the printables and the exports share, in the user's language (as `scoring/presenters.py` is for a
match).

- numbers: `points_text` (tournament points on a page, localised), `number` (as the printed
  grids and the CSV notes write them, a dot for decimals);
- rounds: `round_label` (a page's "Qualifying round 2", "Final table"), `round_title` (a
  printable's "Round 2", "Final table", "Bracket"), `round_number_label`, `final_table_label`
  (the final ranking's stages say them too);
- rounds' states: `round_state` and `round_state_label` (a running round whose every table counts
  is "Complete"); `clock_of`, a round's clock as the console and the projector show it;
- tables: `table_state_label` (seated, playing, awaiting confirmation, done: the console, the
  table page, and the Gin pairings share "Playing" and "Awaiting confirmation");
- seating: `seating_notice` (a notice of the seating engine, stored in English; the repeats
  against their lower bound in plural forms: "4 repeats, the minimum possible"), `repeat_line`
  (players who have met before) and `apart_line` (players of a keep-apart group seated together);
- tie-breaks: `tie_break_label`, `tie_breaks_note` (the order, on the standings page and the
  printables) and `tie_break_mark` (the page's mark of the tie-break that set two neighbours on
  the same points apart); the Gin formats add their own tie-breaks in `pairings.presenters`;
- entries: `dropped_mark` (a dropped player in the standings: the pages' badge, the CSV column),
  `marked_checked_in` (the desk's message after a check-in), `checked_in_line` (the check-in
  page's banner right after a tap);
- what a director's action will do, said on the page that asks first: `drop_consequences`,
  `finish_consequences`, `reseat_consequences`, `call_time_consequences`.

Amounts of money are said by `scoring.presenters.money` ("€ 36.00"), pages and printables alike.

Nothing here reads the database or computes a score: the selectors and the engine give the
numbers, this module says them. It imports only models and the engine's message constants, so
selectors may ask it too (the final ranking's stages).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Protocol

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import (
    gettext,
    gettext_lazy,
    ngettext,
    npgettext,
    pgettext,
    pgettext_lazy,
)

from clubs.models import Gender, Player
from scoring.presenters import times
from tournaments.engine.seating import REPEATS_ABOVE_MINIMUM, REPEATS_MINIMUM
from tournaments.models import Entry, EntryStatus, Round, RoundKind, RoundStatus, SeatingMethod

# Numbers -----------------------------------------------------------------------------------------


def points_text(points: Fraction) -> str:
    """Tournament points as a page shows them: exact fractions rounded to two decimals, no
    trailing zeros, in the user's number format (5,5 in Italian)."""
    text = f"{Decimal(points.numerator) / Decimal(points.denominator):.2f}"
    return formats.number_format(Decimal(text.rstrip("0").rstrip(".")), use_l10n=True)


def number(value: Fraction | float | int, places: int = 2) -> str:
    """A number as the printed grids write it, a dot for decimals, halves up: 7, 5.5, 3.63 (29/8),
    6.33 (19/3)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    text = f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)}"
    return text.rstrip("0").rstrip(".")


# Rounds ------------------------------------------------------------------------------------------


def final_table_label() -> str:
    return str(RoundKind.FINAL.label)


def round_number_label(number: int) -> str:
    """ "Round 3" (a round of a printable, a column of a bracket, the stage a player reached)."""
    return gettext("Round %(number)s") % {"number": number}


def round_label(round: Round) -> str:
    """A round as the pages name it: its kind and number ("Qualifying round 2", "Knockout round
    3"), the final table without one."""
    if round.kind == RoundKind.FINAL:
        return final_table_label()
    return f"{round.get_kind_display()} {round.number}"


def round_title(round: Round) -> str:
    """A round as the printables name it: "Round 2", or "Final table" for the final of a table
    tournament, "Bracket" for a bracket."""
    if round.kind == RoundKind.FINAL:
        return final_table_label()
    if round.kind == RoundKind.BRACKET:
        return str(RoundKind.BRACKET.label)
    return round_number_label(round.number)


def event_line(round: Round, tournament_name: str | None = None) -> str:
    """The event line of a round's score sheets and of its tables' sheets and reports: the
    tournament and the round ("Coppa d'autunno — Round 2"); `tournament_name` when it is
    already read."""
    name = round.tournament.name if tournament_name is None else tournament_name
    return f"{name} — {round_title(round)}"


# Tables ------------------------------------------------------------------------------------------

TABLE_STATES: dict[str, Promise] = {
    "seated": gettext_lazy("Seated"),
    "playing": gettext_lazy("Playing"),
    "awaiting": gettext_lazy("Awaiting confirmation"),
    "done": gettext_lazy("Done"),
}


def round_state(round: Round, complete: bool) -> str:
    """Where a round is as the console shows it: "seated", "running", "complete" (still running
    in the records, but every table's result counts: no clock, no time to call) or "finished"."""
    if round.status == RoundStatus.RUNNING and complete:
        return "complete"
    return str(round.status)


def round_state_label(state: str) -> str:
    """ "Seated", "Running", "Complete" or "Finished"."""
    if state == "complete":
        return gettext("Complete")
    return str(RoundStatus(state).label)


@dataclass(frozen=True)
class Clock:
    """A round's clock as the pages count it down: the round ("Round 2"), the seconds left
    (None: no clock, or the round complete), whether it runs, the words of its state, and
    whether it is paused or time was called (the director's buttons)."""

    round: str
    remaining: int | None
    running: bool
    state: str
    paused: bool = False
    time_called: bool = False

    @property
    def text(self) -> str:
        seconds = self.remaining or 0
        return f"{seconds // 60}:{seconds % 60:02d}"


def clock_of(round: Round | None, complete: bool = False) -> Clock | None:
    """The clock of a round whose clock was started (None before, or without a round); stopped
    once the round is complete (every table's result counts) or finished."""
    if round is None or round.clock_started_at is None:
        return None
    label = round_title(round)
    if round.status == RoundStatus.FINISHED or complete:
        return Clock(label, None, False, gettext("Round complete"))
    if round.time_called_at is not None:
        return Clock(label, 0, False, gettext("Time called"), time_called=True)
    remaining = round.remaining_seconds()
    if remaining is None:
        return Clock(label, None, False, gettext("No clock"))
    if round.clock_paused_at is not None:
        return Clock(label, remaining, False, gettext("Clock paused"), paused=True)
    return Clock(label, remaining, remaining > 0, gettext("time left"))


def table_state_label(state: str) -> str:
    """Where a table is: "Seated", "Playing", "Awaiting confirmation" or "Done"."""
    return str(TABLE_STATES[state])


# Seating -----------------------------------------------------------------------------------------


def seating_notice(notice: Mapping[str, Any]) -> str:
    """A seating notice stored in English (`report["notices"]`), in the user's language. The
    engine says counts after a colon; the repeats against their lower bound read better in
    plural forms, so they are said here: "4 repeats, the minimum possible with these tables.\""""
    params = dict(notice.get("params") or {})
    message = notice.get("message")
    if message in (REPEATS_MINIMUM, REPEATS_ABOVE_MINIMUM):
        try:
            return repeats_against_bound(int(params["count"]), int(params["bound"]))
        except (KeyError, TypeError, ValueError):
            pass
    if params.get("method") in SeatingMethod.values:
        params["method"] = str(SeatingMethod(params["method"]).label)
    try:
        return gettext(notice["message"]) % params
    except (KeyError, TypeError, ValueError):
        return notice.get("message", "")


def repeats_against_bound(count: int, bound: int) -> str:
    """The repeat pairs of a seating against the fewest any seating at its tables can have."""
    if count <= bound:
        return ngettext(
            "%(count)s repeat, the minimum possible with these tables.",
            "%(count)s repeats, the minimum possible with these tables.",
            count,
        ) % {"count": count}
    return ngettext(
        "%(count)s repeats; at least %(bound)s is unavoidable with these tables.",
        "%(count)s repeats; at least %(bound)s are unavoidable with these tables.",
        bound,
    ) % {"count": count, "bound": bound}


def apart_line(pair: Mapping[str, Any]) -> str:
    """Players of a keep-apart group seated together (`report["apart"]`): "Table 2: Anna,
    Bruno sit together (keep apart: Rossi family)."."""
    return gettext("Table %(table)s: %(players)s sit together (keep apart: %(group)s).") % {
        "table": pair.get("table"),
        "players": ", ".join(pair.get("players", [])),
        "group": pair.get("group", ""),
    }


def repeat_line(repeat: Mapping[str, Any], genders: Mapping[str, str] | None = None) -> str:
    """Players seated together again (`report["repeats"]`): "Table 2: Anna, Bruno have met 1
    time before."; Italian agrees with players who are all women ("si sono già incontrate"),
    their genders by name in `genders` (the report keeps names only)."""
    players = repeat.get("players", [])
    count = repeat.get("before", 1)
    women = bool(players) and all((genders or {}).get(name) == Gender.FEMALE for name in players)
    if women:
        sentence = npgettext(
            "women players",
            "Table %(table)s: %(players)s have met %(count)s time before.",
            "Table %(table)s: %(players)s have met %(count)s times before.",
            count,
        )
    else:
        sentence = ngettext(
            "Table %(table)s: %(players)s have met %(count)s time before.",
            "Table %(table)s: %(players)s have met %(count)s times before.",
            count,
        )
    return sentence % {
        "table": repeat.get("table"),
        "players": ", ".join(repeat.get("players", [])),
        "count": repeat.get("before", 1),
    }


# Tie-breaks --------------------------------------------------------------------------------------

TIE_BREAK_LABELS: dict[str, Promise] = {
    "points": gettext_lazy("tournament points"),
    "wins": gettext_lazy("tables won"),
    "head_to_head": gettext_lazy("head to head"),
    "opponents": gettext_lazy("strength of schedule"),
    "penalty": gettext_lazy("penalty points (fewer first)"),
}


def tie_break_label(key: str) -> str:
    """A tie-break of the table formats in words ("tables won"), or its key if unknown."""
    label = TIE_BREAK_LABELS.get(key)
    return str(label) if label is not None else key


def tie_breaks_note(labels: Iterable[str]) -> str:
    """The standings' note, on the page and the printables: "Tie-breaks, in order: tournament
    points, tables won."."""
    return gettext("Tie-breaks, in order: %(list)s.") % {"list": ", ".join(labels)}


class SeparatedRow(Protocol):
    """A standings row that says which tie-break set it below the row above (`StandingsRow`)."""

    @property
    def separated_by(self) -> str | None: ...

    @property
    def separated_from(self) -> Entry | None: ...


def tie_break_mark(row: SeparatedRow) -> str:
    """A standings row's mark under the name when a tie-break set it below the player above on
    the same points (the row's `separated_by` and `separated_from`): "Tie-break with Anna
    Ferri: head to head"; empty otherwise."""
    if not row.separated_by or row.separated_from is None:
        return ""
    return gettext("Tie-break with %(player)s: %(tie_break)s") % {
        "player": row.separated_from.player.name,
        "tie_break": tie_break_label(row.separated_by),
    }


# Entries -----------------------------------------------------------------------------------------


# Italian agrees with a player whose gender is said ("si è ritirata", "si è ritirato"); for one
# whose gender is not said, the words agree with anyone ("non è più in gara"), context "any player".


# An entry's state where Italian agrees with a woman ("Iscritta", "Ritirata"); a man or a player
# whose gender is not said reads the state's own label ("Iscritto", "Ritirato").
WOMAN_ENTRY_STATES: dict[str, Promise] = {
    EntryStatus.REGISTERED: pgettext_lazy("woman player", "Registered"),
    EntryStatus.DROPPED: pgettext_lazy("woman player", "Dropped"),
}


def entry_state_label(entry: Entry) -> str:
    """An entry's state as the entries page shows it: "Registered", "Checked in", "Dropped"
    ("Ritirata" for a woman in Italian)."""
    if entry.player.gender == Gender.FEMALE and entry.status in WOMAN_ENTRY_STATES:
        return str(WOMAN_ENTRY_STATES[entry.status])
    return str(EntryStatus(entry.status).label)


def dropped_mark(entry: Entry) -> str:
    """A standings row's mark for a player who dropped ("dropped"; in Italian "ritirata",
    "ritirato", "fuori gara" when the gender is not said), else empty."""
    if entry.status != EntryStatus.DROPPED:
        return ""
    if entry.player.gender == Gender.FEMALE:
        return pgettext("woman player", "dropped")
    if entry.player.gender == Gender.MALE:
        return pgettext("man player", "dropped")
    return pgettext("any player", "dropped")


def dropped_out(player: Player) -> str:
    """The message after a drop: "Anna dropped out." ("si è ritirata", "si è ritirato"; "non è
    più in gara" when the gender is not said)."""
    said = {"name": player.name}
    if player.gender == Gender.FEMALE:
        return pgettext("woman player", "%(name)s dropped out.") % said
    if player.gender == Gender.MALE:
        return pgettext("man player", "%(name)s dropped out.") % said
    return pgettext("any player", "%(name)s dropped out.") % said


def has_dropped_out(player: Player) -> str:
    """Why a player who left the tournament cannot check in: "Anna has dropped out." (the same
    agreement as `dropped_out`)."""
    said = {"name": player.name}
    if player.gender == Gender.FEMALE:
        return pgettext("woman player", "%(name)s has dropped out.") % said
    if player.gender == Gender.MALE:
        return pgettext("man player", "%(name)s has dropped out.") % said
    return pgettext("any player", "%(name)s has dropped out.") % said


def marked_checked_in(player: Player) -> str:
    """The desk's message after a director checked a player in: "Anna checked in." ("Segnata
    presente" for a woman; "Segnato presente", Italian's generic form, otherwise)."""
    said = {"name": player.name}
    if player.gender == Gender.FEMALE:
        return pgettext("woman player", "%(name)s checked in.") % said
    if player.gender == Gender.MALE:
        return pgettext("man player", "%(name)s checked in.") % said
    return pgettext("any player", "%(name)s checked in.") % said


def entry_fees_line(count: int, fee: Decimal) -> str:
    """The ledger's entry fees, on its page and in the standings PDF: "Entry fees (8 × € 10.00)"
    (its CSV writes `times` alone beside "Entry fees")."""
    return gettext("Entry fees (%(times)s)") % {"times": times(count, fee)}


def checked_in_line(name: str, *, already: bool) -> str:
    """What the check-in page says, once, in its banner, right after a player tapped their name:
    "Anna, you are checked in. Welcome!", or "Anna, you are already checked in." for a second
    tap (the banner's usual "You are checked in as Anna." otherwise)."""
    if already:
        return gettext("%(name)s, you are already checked in.") % {"name": name}
    return gettext("%(name)s, you are checked in. Welcome!") % {"name": name}


# What a director's action will do, said before it is done ---------------------------------------


def drop_consequences(
    name: str, *, round: int | None, table: int | None, started: bool
) -> list[str]:
    """What dropping a player does, in sentences: never seated again, results kept; the match
    they are playing left for good, or the seated round to seat again; and the way back."""
    lines = [
        gettext("%(name)s will not be seated in the next rounds; the results so far stay.")
        % {"name": name}
    ]
    where = {"name": name, "table": table, "round": round}
    if round is not None and started:
        lines.append(
            gettext(
                "%(name)s is playing at table %(table)s of round %(round)s: that match is left "
                "for good, at the current total. Who drops a player records that withdrawal, "
                "and so cannot confirm the result of table %(table)s: another director or a "
                "player of that table does."
            )
            % where
        )
    elif round is not None:
        lines.append(
            gettext(
                "%(name)s is seated at table %(table)s of round %(round)s, not started yet: seat "
                "that round again before starting it."
            )
            % where
        )
    lines.append(
        gettext("Until the next round is seated, you can reinstate %(name)s on the entries page.")
        % {"name": name}
    )
    return lines


def finish_consequences() -> list[str]:
    """What finishing the tournament does."""
    return [
        gettext("The final ranking and the payouts become final."),
        gettext(
            "Every match of the tournament is closed: hands, corrections, voids, withdrawals "
            "and re-entries are refused until a director reopens the tournament."
        ),
    ]


def reseat_consequences(number: int, *, method: str, seed: int | None) -> list[str]:
    """What seating a round again does; `method` empty: the tournament's setting."""
    how = str(SeatingMethod(method).label) if method in SeatingMethod.values else ""
    lines = [
        gettext(
            "Round %(number)s is drawn again: every table may change, and the swaps made are "
            "lost. A seating already printed or shown on a screen is then out of date."
        )
        % {"number": number}
    ]
    if how and seed is not None:
        lines.append(gettext("Method: %(method)s; seed %(seed)s.") % {"method": how, "seed": seed})
    elif how:
        lines.append(gettext("Method: %(method)s; a new random seed.") % {"method": how})
    elif seed is not None:
        lines.append(gettext("The tournament's method; seed %(seed)s.") % {"seed": seed})
    return lines


def call_time_consequences(number: int, playing: int, *, ends_matches: bool = True) -> list[str]:
    """What calling time at every table of a round does, `playing` matches being played; where
    the time call does not end the matches (a Burraco turno), what each table does instead."""
    if not ends_matches:
        return [
            gettext(
                "Each table still playing enters its hand in progress as ended by time: that hand "
                "is the turno's last, and ends its match. The tables that have finished are not "
                "affected."
            )
        ]
    return [
        ngettext(
            "%(count)s match of round %(number)s is still being played: it ends now, ranked by "
            "its current totals.",
            "%(count)s matches of round %(number)s are still being played: they end now, each "
            "ranked by its current totals.",
            playing,
        )
        % {"count": playing, "number": number},
        gettext(
            "Whoever calls time records part of those results and cannot confirm them: another "
            "director or a player of each table confirms them."
        ),
    ]
