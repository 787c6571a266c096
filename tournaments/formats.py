"""The format registry: one class per tournament format, the one place that knows the formats.

Modelled on Tabbycat's draw managers (`draw/manager.py`, `DRAW_MANAGER_CLASSES`): every
`Tournament.format` value has a `TournamentFormat` subclass in `FORMATS`, and `format_of(t)` (in
templates `{% format_of tournament as format %}`) answers everything that differs between
formats: which game it is played at and which settings it checks, who goes to the next round (a
table format's seating plan, a Swiss's or round robin's pairings, a bracket's replay), when it is
over, its standings and final ranking, and which pages and printables show it. The services and
selectors call it and never compare `tournament.format` themselves; the algorithms stay in the
engines, pure, and the classes are the thin adapter between the two, as the services are for the
engine.

This module holds the base class, the table formats (rounds and final table, knockout by tables)
and the registry. The formats of an app above tournaments join it with `register()` from that
app's `AppConfig.ready()`: the Gin formats (brackets, round robin, Swiss) are
`pairings.formats`, registered by `PairingsConfig.ready()`, so tournaments never imports them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.rules import OptionValue
from scoring.games import game_named
from tournaments import selectors, settings_table
from tournaments.engine import knockout, table_standings
from tournaments.engine.errors import TournamentError
from tournaments.engine.placement import PlacementScale
from tournaments.engine.tables import PlayerId
from tournaments.errors import TournamentActionError
from tournaments.models import (
    Entry,
    EntryStatus,
    Format,
    Round,
    RoundKind,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.presenters import tie_break_label
from tournaments.rounds import close_previous, present_entries, round_unfinished

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class SeatingPlan:
    """Who a table format seats next: a round of `kind` (players ranked by `ranks`, seated by
    the seating engine), or the final table (`finalists` in seat order, the leader first)."""

    kind: str = RoundKind.QUALIFYING
    players: tuple[Entry, ...] = ()
    ranks: dict[int, int] | None = None
    finalists: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Payees:
    """Who shares a tournament's prizes (`TournamentFormat.payees`): `count` competitors among
    whom places are paid, and the payee of each final-ranking row by the entry id the row
    carries, named for the ledger, its API and its PDF under `column`'s and `heading`'s words."""

    count: int
    names: dict[int, str]
    column: StrOrPromise  # "Player", "Pair"
    heading: StrOrPromise  # "Payouts by player", "Payouts by pair"


class TournamentFormat:
    """What a format is and does. The defaults are the refusals: a format that is not seated at
    tables refuses a seating."""

    value: str = ""
    uses_tables = False  # seated at tables of 2 to 6 (Scala 40, Ramino), or paired (Gin)
    is_bracket = False  # one drawn bracket that moves on by itself
    pairs_next_round = False  # a Swiss or a round robin: the director pairs each round
    takes_late_arrivals = False  # a player may enter once the first round is seated or drawn
    late_check_in_waits = False  # checked in once rounds are played: plays from the next one
    resumes_last_round_on_reopen = True
    standings_kind = ""  # "table", "pairing" or "bracket": how standings are shown
    competitor = "player"  # who is ranked: a player, or a pair of entries (Burraco pairs)
    # Pages: the panel the tournament's page includes under its own (a template name, or none),
    # the standings page, and the API links a tournament of this format has besides the common
    # ones (`api-tournament-<name>`).
    console_template = ""
    standings_url_name = "tournaments:standings"
    api_links: tuple[str, ...] = ()

    # What it is ----------------------------------------------------------------------------

    @property
    def label(self) -> str:
        return str(Format(self.value).label)

    @property
    def form_settings(self) -> tuple[str, ...]:
        """The creation form's fields of this format's own settings (the form shows only
        those), from the settings table."""
        return settings_table.of_format(self.value)

    # Settings --------------------------------------------------------------------------------

    def check_game(self, game: str) -> None:
        """Refuse a preset of a game this format is not played at."""
        raise NotImplementedError

    def checked_tie_breaks(self, tie_breaks: Iterable[str]) -> list[str]:
        raise NotImplementedError

    def tie_break_choices(self) -> list[tuple[str, str]]:
        """The tie-breaks a director may order, each with its words, in the default order."""
        return []

    def default_tie_breaks(self) -> list[str]:
        """The tie-breaks' order of a tournament created without one (the table's default of
        `tie_breaks`: each format's own)."""
        return [key for key, _label in self.tie_break_choices()]

    def check_placement_points(self, scale: object) -> None:
        """Table formats check their placement points; paired formats have none."""

    # where the console's round actions (the clock, the time call, a director's confirmation)
    # come back to on the tournament page: the anchor, and the tag of their messages
    console_anchor = "round"
    console_messages = "inline-round-panel"

    # the rule options `rule_options` sets: the creation page does not ask them
    fixed_rule_options: tuple[str, ...] = ()

    def rule_options(self, settings: dict[str, Any]) -> dict[str, OptionValue]:
        """Rule options this format sets from its settings (a Burraco turno's hands); none."""
        return {}

    def time_call_ends_matches(self) -> bool:
        """Whether calling time ends every unfinished match at once (RULES.md section 4)."""
        return True

    def call_time_question(self, number: int) -> str:
        """What the director is asked before calling time at every table of round `number`,
        in this format's word for its rounds."""
        return gettext("Call time at every table of round %(number)s?") % {"number": number}

    # `clean`: the settings by name as `services.check_settings` checks them, each of its own kind
    # (`settings_table.SettingValue`) and read as such: Any.
    def checked_cut(self, clean: dict[str, Any]) -> None:
        """The knockout's cut (advance, drop, final table); other formats have no cut."""
        clean["advance"] = clean["drop"] = None

    def check_settings(self, clean: dict[str, Any]) -> None:
        """The checks of this format's own settings, after the common ones."""

    def skips_range_check(self, field: str) -> bool:
        """Whether a setting's whole-number range is said in this format's own words."""
        return False

    # The next round --------------------------------------------------------------------------

    def require_tables(self) -> TableFormat:
        """This format, as a table format; refused when the tournament is paired."""
        if not isinstance(self, TableFormat):
            raise TournamentActionError(
                _("This tournament is paired, not seated at tables."), field="format"
            )
        return self

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        """Whether no round is left to seat (the director's console stops offering one)."""
        return False

    # The end ---------------------------------------------------------------------------------

    def finish_refusal(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> TournamentActionError | None:
        """Why the tournament is not over yet (the refusal `check_finished` raises), or None when
        it can be finished: the one rule of when a format ends."""
        raise NotImplementedError

    def can_finish(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> bool:
        """Whether the director may finish the tournament now: the consoles offer "Finish the
        tournament" then and only then."""
        if tournament.status == TournamentStatus.FINISHED:
            return False
        return self.finish_refusal(tournament, view) is None

    def check_finished(self, tournament: Tournament) -> None:
        """Refuse to finish the tournament while it is not over (its row is locked); close its
        last round when it is."""
        raise NotImplementedError

    # Reading ---------------------------------------------------------------------------------

    def standings(self, tournament: Tournament, view: selectors.TournamentView | None = None):
        raise NotImplementedError

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        raise NotImplementedError

    # Money ---------------------------------------------------------------------------------

    # Words shown wherever this format's prizes are set or shown (the creation form's money, the
    # ledger and its API, the results): a legal notice, or "" for none.
    prize_notice: StrOrPromise = ""

    def payees(
        self, tournament: Tournament, view: selectors.TournamentView, paying: Collection[int]
    ) -> Payees:
        """The competitors who share the prizes, from the ids of the paying entries (every
        player's fee goes to the pot), and the name of each ranking row's payee: by default
        every paying player, paid under his own name."""
        return Payees(
            count=len(paying),
            names={pk: view.name(pk) for pk in view.entries},
            column=_("Player"),
            heading=_("Payouts by player"),
        )

    def home_url_name(self) -> str:
        """The page a director's action on the tournament's rounds comes back to."""
        return "tournaments:detail"

    def cut_ties(self, tournament: Tournament, view: selectors.TournamentView) -> list:
        """Players tied across the cut of the last round (the console asks for a play-off)."""
        return []


def checked_final_size(size: int) -> int:
    """The final table's size as the knockout engine checks it; its refusal names the setting
    (`final_table_size`) rather than the engine's argument."""
    try:
        return knockout.check_final_size(size)
    except TournamentError as error:
        field = "final_table_size" if error.field == "final_size" else error.field
        raise TournamentActionError(error.translated(gettext), field=field) from error


# Table formats (Scala 40, Ramino) ----------------------------------------------------------------


class TableFormat(TournamentFormat):
    uses_tables = True
    standings_kind = "table"

    def check_game(self, game: str) -> None:
        if not game_named(game).seated_at_tables:
            raise TournamentActionError(
                _(
                    "Table tournaments are played at Scala 40 or Ramino: choose one of their "
                    "presets."
                ),
                field="preset",
            )

    def checked_tie_breaks(self, tie_breaks: Iterable[str]) -> list[str]:
        return [str(tie_break) for tie_break in table_standings.check_tie_breaks(tie_breaks)]

    def tie_break_choices(self) -> list[tuple[str, str]]:
        return [(str(key), tie_break_label(key)) for key in table_standings.DEFAULT_TIE_BREAKS]

    def check_placement_points(self, scale: object) -> None:
        scale = scale or {}
        if not isinstance(scale, dict):
            raise TournamentActionError(
                _("Placement points are lists of points by table size."), field="placement_points"
            )
        PlacementScale.of({int(size): points for size, points in scale.items()})

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        """Who plays round `number` (`previous`: the last round, closed)."""
        raise NotImplementedError

    def _ranked(self, tournament: Tournament, players: list[Entry], number: int) -> dict[int, int]:
        if number == 1:
            return {entry.pk: entry.seed for entry in players}
        standings = selectors.table_standings(tournament)
        order = {row.entry_id: row.place for row in standings.rows}
        # a late arrival has no standing yet: ranked after everyone, by seed
        return {entry.pk: order.get(entry.pk, len(order) + entry.seed) for entry in players}

    def standings(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> selectors.TableStandings:
        return selectors.table_standings(tournament, view)

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        return selectors.final_ranking(tournament, view, by_round_reached=self.ranks_by_round)

    ranks_by_round = False

    def finish_refusal(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> TournamentActionError | None:
        view = view or selectors.tournament_view(tournament)
        current = view.current_round
        if current is None:
            return TournamentActionError(_("No round has been played yet."), field="round")
        return round_unfinished(current.round, complete=current.complete) or (
            self.last_round_refusal(tournament, current.round)
        )

    def check_finished(self, tournament: Tournament) -> None:
        refusal = self.finish_refusal(tournament)
        if refusal is not None:
            raise refusal
        close_previous(tournament)

    def last_round_refusal(
        self, tournament: Tournament, last: Round
    ) -> TournamentActionError | None:
        """Why `last` (played) is not the tournament's last round, or None when it is."""
        raise NotImplementedError


class RoundsFormat(TableFormat):
    value = Format.ROUNDS
    takes_late_arrivals = True
    late_check_in_waits = True

    def checked_cut(self, clean: dict[str, Any]) -> None:
        super().checked_cut(clean)
        if clean["final_table_size"]:
            checked_final_size(clean["final_table_size"])

    def check_settings(self, clean: dict[str, Any]) -> None:
        if clean["rounds_planned"] < 1:
            raise TournamentActionError(
                _("Play at least one qualifying round."), field="rounds_planned"
            )

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        return (
            not tournament.final_table_size
            and round is not None
            and round.number >= tournament.rounds_planned
        )

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        if number > tournament.rounds_planned:
            if not tournament.final_table_size:
                raise TournamentActionError(
                    _("Every round has been played: finish the tournament."), field="round"
                )
            standings = selectors.table_standings(tournament)
            active = set(
                tournament.entries.filter(status=EntryStatus.CHECKED_IN).values_list(
                    "pk", flat=True
                )
            )
            finalists = [row.entry_id for row in standings.rows if row.entry_id in active]
            return SeatingPlan(finalists=tuple(finalists[: tournament.final_table_size]))
        players = present_entries(tournament, number)
        return SeatingPlan(
            RoundKind.QUALIFYING, tuple(players), self._ranked(tournament, players, number)
        )

    def last_round_refusal(
        self, tournament: Tournament, last: Round
    ) -> TournamentActionError | None:
        planned = tournament.rounds_planned + (1 if tournament.final_table_size else 0)
        if last.number >= planned:
            return None
        return TournamentActionError(
            _("Rounds played so far: %(count)s of %(planned)s.")
            % {"count": last.number, "planned": planned},
            field="round",
        )


class KnockoutFormat(TableFormat):
    value = Format.KNOCKOUT
    ranks_by_round = True

    def checked_cut(self, clean: dict[str, Any]) -> None:
        try:
            knockout.check_cut(clean.get("advance"), clean.get("drop"))
        except TournamentError as error:
            raise TournamentActionError.from_engine(error) from error
        final = clean.get("final_table_size") or clean["table_size_max"]
        clean["final_table_size"] = checked_final_size(final)

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        if previous is None:
            players = present_entries(tournament, number)
            if knockout.fits_final_table(len(players), final_size=tournament.final_table_size):
                by_seed = sorted(players, key=lambda entry: entry.seed)
                return SeatingPlan(finalists=tuple(entry.pk for entry in by_seed))
            return SeatingPlan(
                RoundKind.KNOCKOUT, tuple(players), self._ranked(tournament, players, number)
            )
        through = selectors.knockout_advancement(tournament, previous)
        if not through.settled:
            tie = through.ties[0]
            names: dict[PlayerId, str] = dict(tournament.entries.values_list("pk", "player__name"))
            raise TournamentActionError(
                _(
                    "At table %(table)s, %(players)s are tied across the cut: enter the "
                    "play-off places first."
                )
                % {
                    "table": tie.table,
                    "players": ", ".join(names[player] for player in tie.players),
                },
                field="playoff",
            )
        dropped = set(
            tournament.entries.filter(status=EntryStatus.DROPPED).values_list("pk", flat=True)
        )
        # the engine's ids are the entries' own
        going_on = [int(entry_id) for entry_id in through.advancing if entry_id not in dropped]
        standings = selectors.table_standings(tournament)
        if knockout.fits_final_table(len(going_on), final_size=tournament.final_table_size):
            # the finalists in standings order, as in the rounds format: the leader deals first
            listed = [row.entry_id for row in standings.rows]
            return SeatingPlan(finalists=tuple(sorted(going_on, key=listed.index)))
        order = {row.entry_id: row.place for row in standings.rows}
        ranks = {entry_id: order.get(entry_id, len(order) + 1) for entry_id in going_on}
        seated = tuple(Entry.objects.filter(pk__in=going_on).select_related("player"))
        return SeatingPlan(RoundKind.KNOCKOUT, seated, ranks)

    def last_round_refusal(
        self, tournament: Tournament, last: Round
    ) -> TournamentActionError | None:
        if last.kind == RoundKind.FINAL:
            return None
        return TournamentActionError(
            _("The knockout is not over: seat the next round."), field="round"
        )

    def cut_ties(self, tournament: Tournament, view: selectors.TournamentView) -> list:
        current = view.current_round
        if current is None or not current.complete:
            return []
        round = current.round
        if round.kind == RoundKind.FINAL or round.status != RoundStatus.RUNNING:
            return []
        advancement = selectors.knockout_advancement(tournament, round, view)
        return [
            {
                "table": current.tables[tie.table - 1].table,
                "seats": tie.seats,
                "players": [view.entries[int(player)] for player in tie.players],
            }
            for tie in advancement.ties
        ]


# The registry ------------------------------------------------------------------------------------

FORMAT_CLASSES: dict[str, type[TournamentFormat]] = {}
FORMATS: dict[str, TournamentFormat] = {}


def register(*classes: type[TournamentFormat]) -> None:
    """Add format classes to the registry, one per `Format` value. The table formats are added
    here; an app of other formats adds its own from its `AppConfig.ready()` (registering a class
    again changes nothing; another class for a value already taken is a mistake)."""
    for cls in classes:
        if cls.value not in Format.values:
            raise ValueError(f"{cls.__name__}.value {cls.value!r} is not a Format")
        known = FORMAT_CLASSES.get(cls.value)
        if known is cls:
            continue
        if known is not None:
            raise ValueError(f"{cls.value!r} is already the format of {known.__name__}")
        FORMAT_CLASSES[cls.value] = cls
        FORMATS[cls.value] = cls()


register(RoundsFormat, KnockoutFormat)
DEFAULT_FORMAT = Format.ROUNDS  # the creation form's first choice


def format_named(value: str) -> TournamentFormat:
    """The format of a `Tournament.format` value; `TournamentActionError` on "format" for a
    value that is none."""
    if value not in FORMATS:
        raise TournamentActionError(
            _("%(value)s is not a format; choose among: %(choices)s.")
            % {"value": value, "choices": ", ".join(Format.values)},
            field="format",
        )
    return FORMATS[value]


def format_chosen(data: Mapping[str, object]) -> TournamentFormat:
    """The format named by `data["format"]` (a form's data or a query), or the default one."""
    return FORMATS.get(str(data.get("format", ""))) or FORMATS[DEFAULT_FORMAT]


def format_of(tournament: Tournament) -> TournamentFormat:
    """The format class of `tournament` (the registry's answer to "which format is this?")."""
    return FORMATS[tournament.format]
