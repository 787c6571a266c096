"""The settings of a tournament, declared once: the one table the rest derive from.

Each row says a setting's name (a `Tournament` field), its default, its kind, its bounds, the
formats it belongs to, and its words (the form's label and help, the API schema's help), in the
style of `scoring.engine.rules.option()`. From the table come the creation form's fields and
fieldsets (`tournaments.forms`), the API's request fields and the OpenAPI schema
(`tournaments.serializers`), the defaults (`Tournament`'s columns, `tournament_create`), the
bounds checks and their refusals (`tournaments.services`), each format's own settings
(`TournamentFormat.form_settings`) and the tests' POST bodies (`tests.tournaments.settings`).
A new setting is one line here (and its column). `tests/tournaments/test_settings_table.py`
fails when a setting is declared anywhere else.

Pure: no Django but its lazy translation, so the models can take their defaults from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine.rules import MONEY_MAX
from tournaments.engine.table_standings import DEFAULT_TIE_BREAKS, TieBreak

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# A setting's value, by its kind: a whole number, a choice, a flag (None: the format's), an
# amount or a percentage, a list of tie-breaks or of percentages, or placement points by table
# size (None: an optional setting left empty).
SettingValue = (
    int | bool | str | Decimal | tuple[str, ...] | list[str] | dict[str, list[int | str]] | None
)

# Kinds: how a setting is asked, read and checked.
WHOLE = "whole"  # a whole number within its bounds, refused in `RANGE_MESSAGE`'s words
SIZE = "size"  # a table size: its bounds and their words are the seating engine's
SEATING = "seating"  # a seating method (`SeatingMethod`)
TIE_BREAKS = "tie_breaks"  # an order of tie-breaks among the format's own
FLAG = "flag"  # yes or no
FORMAT_FLAG = "format_flag"  # yes or no, or left to the format's default
MONEY = "money"  # an amount, to the cent, up to `MONEY_MAX`
PERCENT = "percent"  # a percentage, to two decimals
PERCENTS = "percents"  # a list of percentages (the payouts)
PLACEMENT = "placement"  # points by table size (API only)
CHOICE = "choice"  # one of the row's `choices`
CHOICES = "choices"  # a list of the row's `choices`, in order (one per turno)

# Groups: the creation form's fieldsets, in order; `API_ONLY` settings are not on the form.
FORMAT_GROUP = "format"
MONEY_GROUP = "money"
RUNNING_GROUP = "running"
API_ONLY = "api"

TABLE_FORMATS = ("rounds", "knockout")
GIN_FORMATS = ("single_elimination", "double_elimination", "round_robin", "swiss")
PAIRING_FORMATS = ("round_robin", "swiss")
BURRACO_FORMATS = ("burraco_pairs", "burraco_individual", "burraco_teams")

RANGE_MESSAGE = _("Enter a whole number from %(minimum)s to %(maximum)s.")
MONEY_MAX_MESSAGE = _("An amount can be at most %(maximum)s.")
TIE_BREAKS_HELP = _(
    "In order, each at most once; an unknown or repeated one is refused. Table formats choose "
    "among %(table)s; not given: %(table_default)s. Gin (Swiss, round robin) choose among "
    "buchholz, median_buchholz, net, head_to_head; not given: all four in that order. Burraco "
    "chooses among vp, mp, points, head_to_head, lot, attendance, draw; not given: vp, mp."
)


def money_max_message() -> str:
    """The refusal of an amount above `MONEY_MAX`, in the user's language."""
    return str(MONEY_MAX_MESSAGE) % {"maximum": f"{MONEY_MAX:.2f}"}


def tie_breaks_help() -> str:
    """The schema's words for `tie_breaks`: the table formats' choices and default from the
    engine (`table_standings.DEFAULT_TIE_BREAKS`, the one default)."""
    return str(TIE_BREAKS_HELP) % {
        "table": ", ".join(str(key) for key in TieBreak),
        "table_default": ", ".join(str(key) for key in DEFAULT_TIE_BREAKS),
    }


@dataclass(frozen=True)
class Setting:
    """One row of the table. `formats`: the formats whose own setting it is (empty: every
    format's). `stores`: a form field read into another setting, in the words of the formats
    it is for (a Swiss's rounds, 0 automatic). `optional`: may be left empty (null). `refusal`:
    the words of a value out of bounds, when not `RANGE_MESSAGE`'s. `format_defaults`: the
    default of some formats, when not `default`."""

    name: str
    kind: str
    default: SettingValue
    group: str
    label: StrOrPromise = ""
    help: StrOrPromise = ""
    api_help: StrOrPromise | None = None
    minimum: int | Decimal | None = None
    maximum: int | Decimal | None = None
    formats: tuple[str, ...] = ()
    stores: str = ""
    optional: bool = False
    refusal: StrOrPromise | None = None
    format_defaults: Mapping[str, SettingValue] = field(default_factory=dict)
    choices: tuple[tuple[str, StrOrPromise], ...] = ()

    @property
    def on_form(self) -> bool:
        return self.group != API_ONLY

    @property
    def in_api(self) -> bool:
        return not self.stores

    def initial(self, format: str = "") -> SettingValue:
        """The default (of `format` when it has its own), as a fresh value to store."""
        value = self.format_defaults.get(format, self.default)
        if isinstance(value, tuple):
            return list(value)
        if isinstance(value, Mapping):
            return dict(value)
        return value

    @property
    def bounds(self) -> dict[str, Any]:  # keyword arguments of a Django or DRF field
        """The bounds as a form's or a serializer's field takes them."""
        return {"min_value": self.minimum, "max_value": self.maximum}

    def within(self, value: int | Decimal) -> bool:
        """Whether `value` lies within the bounds."""
        return (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        )

    def range_message(self) -> str:
        """The refusal of a value out of bounds, in the user's language."""
        if self.refusal is not None:
            return str(self.refusal)
        return str(RANGE_MESSAGE) % {"minimum": self.minimum, "maximum": self.maximum}


class _SettingInfo(TypedDict, total=False):
    """The rest of a row (see `Setting`)."""

    label: StrOrPromise
    help: StrOrPromise
    api_help: StrOrPromise | None
    minimum: int | Decimal | None
    maximum: int | Decimal | None
    formats: tuple[str, ...]
    stores: str
    optional: bool
    refusal: StrOrPromise | None
    format_defaults: Mapping[str, SettingValue]
    choices: tuple[tuple[str, StrOrPromise], ...]


def setting(
    name: str,
    kind: str,
    default: SettingValue,
    group: str = FORMAT_GROUP,
    **info: Unpack[_SettingInfo],
) -> Setting:
    """One row of the table (see `Setting`)."""
    return Setting(name, kind, default, group, **info)


_GIN_NO = dict.fromkeys(GIN_FORMATS, False)
_TIE_BREAKS_FORM_HELP = _(
    "Players on the same points are set apart by the first tie-break that tells them "
    "apart, then the next. Leave a place empty to use fewer; all empty: the usual order."
)
_GIN_TIE_BREAKS_FORM_HELP = _(
    "Players on the same match points are set apart by the first tie-break that tells "
    "them apart, then the next. Leave a place empty to use fewer; all empty: the usual "
    "order."
)

MOVEMENT_CHOICES = (
    ("mitchell", _("Mitchell")),
    ("danese", _("Danese")),
    ("italiana", _("All'italiana (round robin)")),
)
DANESE_CHOICES = (("modificato", _("Modificato")), ("puro", _("Puro")))
GROUPING_CHOICES = (
    ("first_two", _("1st and 2nd against 3rd and 4th")),
    ("ends", _("1st and 4th against 2nd and 3rd")),
)

# In the creation form's order; the API takes the rows that store themselves, in this order.
SETTINGS: tuple[Setting, ...] = (
    setting(
        "rounds_planned",
        WHOLE,
        3,
        minimum=0,
        maximum=100,
        formats=("rounds",),
        label=_("Rounds"),
        help=_("Qualifying rounds before the final."),
        api_help=_(
            "Qualifying rounds (rounds format), Swiss rounds (0: automatic), turni of a Burraco "
            "individual event."
        ),
        format_defaults={"swiss": 0, "burraco_individual": 4},
    ),
    setting(
        "final_table_size",
        WHOLE,
        0,
        minimum=0,
        maximum=6,
        formats=TABLE_FORMATS,
        label=_("Final table"),
        help=_("Players at the final table (0: no final table; knockout: 2 to 6)."),
        api_help=_("Players at the final table (0: none; knockout: 2 to 6)."),
    ),
    setting(
        "advance",
        WHOLE,
        None,
        minimum=1,
        maximum=5,
        optional=True,
        formats=("knockout",),
        label=_("Players through per table"),
        help=_("Knockout: fill this or the next field, not both."),
        api_help=_("Knockout: players through per table."),
    ),
    setting(
        "drop",
        WHOLE,
        None,
        minimum=1,
        maximum=5,
        optional=True,
        formats=("knockout",),
        label=_("Players out per table"),
        api_help=_("Knockout: players out per table."),
    ),
    setting(
        "table_size",
        SIZE,
        4,
        minimum=2,
        maximum=6,
        formats=TABLE_FORMATS,
        label=_("Preferred table size"),
    ),
    setting(
        "table_size_min",
        SIZE,
        3,
        minimum=2,
        maximum=6,
        formats=TABLE_FORMATS,
        label=_("Smallest table"),
    ),
    setting(
        "table_size_max",
        SIZE,
        5,
        minimum=2,
        maximum=6,
        formats=TABLE_FORMATS,
        label=_("Largest table"),
    ),
    setting(
        "first_seating", SEATING, "random", formats=TABLE_FORMATS, label=_("Seating of round 1")
    ),
    setting(
        "seating", SEATING, "balanced", formats=TABLE_FORMATS, label=_("Seating of later rounds")
    ),
    # default None: the format's own order (`TournamentFormat.default_tie_breaks`)
    setting(
        "tie_breaks",
        TIE_BREAKS,
        None,
        optional=True,
        formats=TABLE_FORMATS,
        label=_("Tie-breaks, in order"),
        help=_TIE_BREAKS_FORM_HELP,
        api_help=lazy(tie_breaks_help, str)(),
    ),
    setting(
        "placement_points",
        PLACEMENT,
        {},
        API_ONLY,
        formats=TABLE_FORMATS,
        api_help=_('Points by table size, best place first, e.g. {"5": [7, 5.5, 4, 2.5, 1]}.'),
    ),
    setting(
        "swiss_rounds",
        WHOLE,
        0,
        minimum=0,
        maximum=100,
        optional=True,
        stores="rounds_planned",
        formats=("swiss",),
        label=_("Swiss rounds"),
        help=_("0: automatic, enough rounds for one player alone to win them all."),
    ),
    setting(
        "third_place",
        FLAG,
        False,
        formats=("single_elimination",),
        label=_("Match for third place"),
    ),
    setting(
        "grand_final_reset",
        FLAG,
        True,
        formats=("double_elimination",),
        label=_("Grand final reset"),
    ),
    setting(
        "cycles",
        WHOLE,
        1,
        minimum=1,
        maximum=2,
        formats=("round_robin",),
        label=_("Round robin cycles"),
        help=_("1 or 2."),
    ),
    setting(
        "gin_tie_breaks",
        TIE_BREAKS,
        None,
        optional=True,
        stores="tie_breaks",
        formats=PAIRING_FORMATS,
        label=_("Tie-breaks after match points, in order"),
        help=_GIN_TIE_BREAKS_FORM_HELP,
    ),
    # Burraco (BURRACO.md section 2-4): the values are checked by the Burraco formats
    # (`pairings.burraco.formats`), with the engine's words
    setting(
        "movements",
        CHOICES,
        ("mitchell", "mitchell", "mitchell", "danese"),
        formats=("burraco_pairs",),
        choices=MOVEMENT_CHOICES,
        label=_("Movements, one per turno"),
        help=_(
            "In order, separated by commas: mitchell, danese or italiana (round robin). Their "
            "number is the number of turni; 3 Mitchell and 1 danese is the usual evening."
        ),
        api_help=_(
            "One movement per turno, in order: mitchell, danese or italiana; their number is "
            "the number of turni (default: mitchell, mitchell, mitchell, danese). Teams: danese "
            "or italiana (default: italiana, italiana, italiana)."
        ),
        format_defaults={"burraco_teams": ("italiana", "italiana", "italiana")},
    ),
    setting(
        "team_movements",
        CHOICES,
        ("italiana", "italiana", "italiana"),
        stores="movements",
        formats=("burraco_teams",),
        choices=MOVEMENT_CHOICES,
        label=_("Movements, one per turno"),
        help=_(
            "In order, separated by commas: danese or italiana (round robin; a Mitchell does "
            "not fit team matches). Their number is the number of turni."
        ),
    ),
    setting(
        "turni",
        WHOLE,
        4,
        minimum=1,
        maximum=20,
        stores="rounds_planned",
        formats=("burraco_individual",),
        label=_("Turni of the individual event"),
        help=_("The partner changes every turno."),
    ),
    setting(
        "hands_per_turno",
        WHOLE,
        3,
        minimum=2,
        maximum=4,
        formats=BURRACO_FORMATS,
        label=_("Hands per turno"),
        help=_("2, 3 or 4 hands; the turno's victory points come from the VP table of that count."),
        api_help=_("Hands per turno, 2 to 4 (default 3)."),
    ),
    setting(
        "mitchell_skip",
        WHOLE,
        1,
        minimum=1,
        maximum=50,
        formats=("burraco_pairs",),
        label=_("Mitchell skip"),
        help=_(
            "Tables the East-West pairs move each Mitchell turno; refused if it brings a pair "
            "back to the same opponents."
        ),
    ),
    setting(
        "italiana_groups",
        WHOLE,
        1,
        minimum=1,
        maximum=16,
        formats=("burraco_pairs",),
        label=_("Groups of the all'italiana (gironi)"),
        help=_(
            "The all'italiana turni split the pairs into this many groups, each its own round "
            "robin with its own standings; 1: one group."
        ),
        api_help=_(
            "The groups (gironi) the all'italiana turni split the pairs into, snake by pair "
            "number, each a round robin ranked on its own (default 1)."
        ),
    ),
    setting(
        "danese",
        CHOICE,
        "modificato",
        formats=("burraco_pairs",),
        choices=DANESE_CHOICES,
        label=_("Danese"),
        help=_("Modificato: never the previous turno's opponents (but in the last turno)."),
    ),
    setting(
        "grouping",
        CHOICE,
        "first_two",
        formats=("burraco_individual",),
        choices=GROUPING_CHOICES,
        label=_("Partners in each group of four"),
    ),
    setting(
        "bye_vp",
        WHOLE,
        14,
        minimum=0,
        maximum=20,
        formats=BURRACO_FORMATS,
        label=_("Victory points of a bye"),
        help=_("A pair without opponents in a turno (odd number of pairs)."),
    ),
    setting(
        "bye_mp",
        WHOLE,
        None,
        minimum=0,
        maximum=5000,
        optional=True,
        formats=BURRACO_FORMATS,
        label=_("Match points of a bye"),
        help=_("Empty: the lowest difference worth the bye's VP (355 on 3 hands, 705 on 4)."),
        api_help=_("A bye's MP, in steps of 5; null: the lowest difference worth its VP."),
    ),
    setting(
        "rest_vp",
        WHOLE,
        None,
        minimum=0,
        maximum=20,
        optional=True,
        formats=BURRACO_FORMATS,
        label=_("Victory points of a pair whose opponents abandon"),
        help=_("Empty: a bye's, unless the hands played give it more."),
        api_help=_("The VP of a pair left by its opponents; null: a bye's."),
    ),
    setting(
        "rest_mp",
        WHOLE,
        None,
        minimum=0,
        maximum=5000,
        optional=True,
        formats=BURRACO_FORMATS,
        label=_("Match points of a pair whose opponents abandon"),
        help=_("Empty: a bye's, unless the hands played give it more."),
        api_help=_("The MP of a pair left by its opponents, in steps of 5; null: a bye's."),
    ),
    setting(
        "burraco_tie_breaks",
        TIE_BREAKS,
        None,
        optional=True,
        stores="tie_breaks",
        formats=BURRACO_FORMATS,
        label=_("Tie-breaks after victory points, in order"),
        help=_TIE_BREAKS_FORM_HELP,
    ),
    setting(
        "entry_fee",
        MONEY,
        Decimal(0),
        MONEY_GROUP,
        minimum=Decimal(0),
        maximum=MONEY_MAX,
        label=_("Entry fee (€)"),
        refusal=_("The entry fee cannot be negative."),
    ),
    setting(
        "house_cut_percent",
        PERCENT,
        Decimal(0),
        MONEY_GROUP,
        minimum=Decimal(0),
        maximum=Decimal(100),
        label=_("House cut (%)"),
        refusal=_("The house cut is a percentage from 0 to 100."),
    ),
    setting(
        "payout_percents",
        PERCENTS,
        ("50", "30", "20"),
        MONEY_GROUP,
        label=_("Payouts (%)"),
        help=_("The share of the prizes for 1st, 2nd, 3rd... place, such as 50, 30, 20."),
        api_help=_("Percent of the prizes for places 1, 2, ...; they add up to 100."),
    ),
    setting(
        "payout_unit",
        MONEY,
        Decimal(1),
        MONEY_GROUP,
        minimum=Decimal("0.01"),
        maximum=MONEY_MAX,
        label=_("Payouts rounded to (€)"),
        api_help=_("Payouts are rounded down to a multiple of this amount."),
        refusal=_("Payouts must be rounded to a positive amount, such as 1 or 5."),
    ),
    setting(
        "round_minutes",
        WHOLE,
        60,
        RUNNING_GROUP,
        minimum=0,
        maximum=1440,
        label=_("Minutes per round"),
        help=_("The round clock; 0: no clock."),
        api_help=_("0: no round clock (default 60; Burraco: 35, a turno of 3 hands)."),
        format_defaults=dict.fromkeys(BURRACO_FORMATS, 35),
    ),
    setting(
        "confirm_results",
        FORMAT_FLAG,
        True,
        RUNNING_GROUP,
        format_defaults=_GIN_NO,
        label=_("Results need confirmation"),
        help=_(
            "A result counts only once someone other than who entered it confirms it. Without "
            "confirmation a finished Gin match moves the bracket on at once."
        ),
        api_help=_(
            "A table counts only once someone other than who entered it confirms it (default: "
            "yes for table formats, no for Gin)."
        ),
    ),
    setting(
        "is_public",
        FLAG,
        True,
        RUNNING_GROUP,
        label=_("Public"),
        help=_("Anyone can follow the standings, seating, brackets and live scores."),
        api_help=_("Anyone can follow it (default: yes)."),
    ),
)
BY_NAME: dict[str, Setting] = {row.name: row for row in SETTINGS}
# The settings a tournament stores (its columns), which the API takes by name.
STORED: tuple[Setting, ...] = tuple(row for row in SETTINGS if row.in_api)


def default_of(name: str) -> SettingValue:
    """The default of a stored setting, for its column (`Tournament`)."""
    return BY_NAME[name].initial()


def defaults(format: str = "") -> dict[str, SettingValue]:
    """Every stored setting's default for `format` (fresh values, safe to change)."""
    return {row.name: row.initial(format) for row in STORED}


def of_format(format: str) -> tuple[str, ...]:
    """The creation form's fields that are `format`'s own settings, in the form's order."""
    return tuple(
        row.name for row in SETTINGS if row.on_form and row.formats and format in row.formats
    )


def field_of(format: str, name: str) -> str:
    """The creation form's field that gives the stored setting `name` of a `format` tournament:
    the format's own field when it has one (a Swiss's rounds, a Swiss's or round robin's
    tie-breaks), none for a tie-break order that is not the format's (each format orders its
    own tie-breaks), else the field of that name."""
    for row in SETTINGS:
        if row.stores == name and format in row.formats:
            return row.name
    row = BY_NAME[name]
    if row.kind == TIE_BREAKS and format not in row.formats:
        return ""
    return name
