"""Serializers of the tournaments API.

Request serializers check the shape of a body; the rules (table sizes, tie-breaks, payouts, who
may confirm) are checked by `tournaments.services`, whose refusals the views answer as field
errors. Response serializers read the selectors' views (`tournaments.selectors.TournamentView`
and its rounds, tables and seats; standings rows; the ledger), never the ORM directly.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from clubs import validators
from scoring.engine import PRESETS
from scoring.engine.rules import MONEY_MAX
from scoring.serializers import (
    AuthorField,
    DatabaseIdField,
    EnumSchema,
    PlayerStatusEnum,
    enum_field,
)
from tournaments.engine import brackets
from tournaments.formats import format_of
from tournaments.models import (
    EntryStatus,
    Format,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    Tournament,
    TournamentStatus,
)
from tournaments.services import SETTING_RANGES, money_max_message, setting_range_message

# Choice sets, each its own schema component ------------------------------------------------------


class TournamentFormatEnum(EnumSchema):
    choices = Format.choices


class TournamentStatusEnum(EnumSchema):
    choices = TournamentStatus.choices


class SeatingMethodEnum(EnumSchema):
    choices = SeatingMethod.choices


class EntryStatusEnum(EnumSchema):
    choices = EntryStatus.choices


class RoundKindEnum(EnumSchema):
    choices = RoundKind.choices


class RoundStatusEnum(EnumSchema):
    choices = RoundStatus.choices


def link(request, name: str, *args) -> str:
    """An absolute URL of the API (or of a page) when the request is known."""
    return reverse(name, args=args, request=request)


def exact(value: Fraction) -> str:
    """A fraction as text: "7", "11/2", "19/3"."""
    return str(value)


def rounded(value: Fraction) -> str:
    """A fraction to two decimals, as the pages show it."""
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01")))


def kind_field(kind: str) -> serializers.Field:
    """A read-only field that always answers `kind`: which of the standings this is."""

    def to_representation(self, value) -> str:
        return kind

    field_class = extend_schema_field({"type": "string", "enum": [kind]})(
        type(
            f"{kind.title()}KindField",
            (serializers.Field,),
            {"to_representation": to_representation},
        )
    )
    return field_class(source="*", read_only=True)


# Numbers that must stay exact ---------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [{"type": "integer"}, {"type": "string", "pattern": r"^\d+(\.\d+)?$"}],
        "description": "A whole number, or a decimal as a string or a JSON number (5.5).",
    }
)
class ExactNumberField(serializers.Field):
    """A number kept exact: an int, a decimal string, or a JSON number written as a decimal
    (the JSON text `5.5` is read back as the string "5.5", never as a float)."""

    default_error_messages = {"invalid": _("Enter a number, such as 5 or 5.5.")}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int):
            return data
        if isinstance(data, float):
            return repr(data)  # the shortest text that reads back as this float: what was sent
        if isinstance(data, str) and data.strip():
            return data.strip()
        self.fail("invalid")

    def to_representation(self, value):
        return value


# Tournaments -------------------------------------------------------------------------------------


def setting_field(name: str, **kwargs) -> serializers.IntegerField:
    """A whole-number setting within its range of `services.SETTING_RANGES`, refused in the
    service's words."""
    minimum, maximum = SETTING_RANGES[name]
    message = lazy(setting_range_message, str)(name)
    return serializers.IntegerField(
        min_value=minimum,
        max_value=maximum,
        error_messages={"min_value": message, "max_value": message},
        **kwargs,
    )


def money_field(**kwargs) -> serializers.DecimalField:
    """An amount of a tournament's money: 0 to `MONEY_MAX`, to the cent."""
    message = lazy(money_max_message, str)()
    return serializers.DecimalField(
        max_digits=8,
        decimal_places=2,
        max_value=MONEY_MAX,
        error_messages={"max_value": message},
        **kwargs,
    )


class TournamentSettingsSerializer(serializers.Serializer):
    """The settings that shape a tournament; any left out takes its default."""

    is_public = serializers.BooleanField(
        required=False, help_text=_("Anyone can follow it (default: yes).")
    )
    confirm_results = serializers.BooleanField(
        required=False,
        help_text=_(
            "A table counts only once someone other than who entered it confirms it (default: "
            "yes for table formats, no for Gin)."
        ),
    )
    rounds_planned = setting_field(
        "rounds_planned",
        required=False,
        help_text=_("Qualifying rounds (rounds format), Swiss rounds (0: automatic)."),
    )
    final_table_size = setting_field(
        "final_table_size",
        required=False,
        help_text=_("Players at the final table (0: none; knockout: 2 to 6)."),
    )
    advance = setting_field(
        "advance",
        required=False,
        allow_null=True,
        help_text=_("Knockout: players through per table."),
    )
    drop = setting_field(
        "drop",
        required=False,
        allow_null=True,
        help_text=_("Knockout: players out per table."),
    )
    table_size = serializers.IntegerField(min_value=0, max_value=100, required=False)
    table_size_min = serializers.IntegerField(min_value=0, max_value=100, required=False)
    table_size_max = serializers.IntegerField(min_value=0, max_value=100, required=False)
    first_seating = enum_field(SeatingMethodEnum, required=False)
    seating = enum_field(SeatingMethodEnum, required=False)
    tie_breaks = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=_(
            "In order. Table formats: points, wins, head_to_head, opponents, penalty. Gin: "
            "buchholz, median_buchholz, net, head_to_head."
        ),
    )
    placement_points = serializers.DictField(
        child=serializers.ListField(child=ExactNumberField()),
        required=False,
        help_text=_('Points by table size, best place first, e.g. {"5": [7, 5.5, 4, 2.5, 1]}.'),
    )
    third_place = serializers.BooleanField(required=False)
    grand_final_reset = serializers.BooleanField(required=False)
    cycles = setting_field("cycles", required=False)
    entry_fee = money_field(required=False)
    house_cut_percent = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    payout_percents = serializers.ListField(
        child=ExactNumberField(),
        required=False,
        help_text=_("Percent of the prizes for places 1, 2, ...; they add up to 100."),
    )
    payout_unit = money_field(
        required=False,
        help_text=_("Payouts are rounded down to a multiple of this amount."),
    )
    round_minutes = setting_field(
        "round_minutes", required=False, help_text=_("0: no round clock.")
    )


class TournamentCreateSerializer(TournamentSettingsSerializer):
    club = serializers.SlugField(help_text=_("The club's slug."))
    name = serializers.CharField(max_length=120, validators=[validators.name_validator])
    starts_on = serializers.DateField(
        required=False,
        help_text=_("Default: today."),
        validators=[validators.planned_day_validator],
    )
    preset = serializers.ChoiceField(choices=list(PRESETS))
    format = enum_field(TournamentFormatEnum)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text=_("Rule options that differ from the preset, by their option names."),
    )


SETTING_FIELDS = tuple(TournamentSettingsSerializer().fields)


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament as lists show it."""

    url = serializers.SerializerMethodField(help_text=_("The tournament in this API."))
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    format = enum_field(TournamentFormatEnum, read_only=True)
    status = enum_field(TournamentStatusEnum, read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "url",
            "club",
            "name",
            "starts_on",
            "game",
            "preset",
            "format",
            "status",
            "is_public",
            "created_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_url(self, tournament) -> str:
        return link(self.context.get("request"), "api-tournament-detail", tournament.pk)


class RoundSummarySerializer(serializers.Serializer):
    """A round in a few numbers (a `selectors.RoundView`)."""

    number = serializers.IntegerField(source="round.number")
    url = serializers.SerializerMethodField()
    kind = enum_field(RoundKindEnum, source="round.kind")
    status = enum_field(RoundStatusEnum, source="round.status")
    tables = serializers.SerializerMethodField(help_text=_("How many tables (or pairings)."))
    finished_tables = serializers.IntegerField()
    confirmed_tables = serializers.IntegerField(
        help_text=_("Tables whose result counts: finished, and confirmed when that is asked.")
    )
    complete = serializers.BooleanField(help_text=_("Every table's result counts."))

    def get_url(self, view) -> str:
        round = view.round
        return link(
            self.context.get("request"), "api-round-detail", round.tournament_id, round.number
        )

    def get_tables(self, view) -> int:
        return len(view.tables)


class EntryCountsSerializer(serializers.Serializer):
    registered = serializers.IntegerField()
    checked_in = serializers.IntegerField()
    dropped = serializers.IntegerField()


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament with its rules, its settings and its rounds.

    Needs `context["view"]`: the `selectors.TournamentView` of the tournament."""

    first_seating = enum_field(SeatingMethodEnum, read_only=True)
    seating = enum_field(SeatingMethodEnum, read_only=True)
    entries = serializers.SerializerMethodField(help_text=_("Entries by status."))
    rounds = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField(
        help_text=_("Where to read the entries, rounds, standings, ranking, money and bracket.")
    )

    class Meta(TournamentSerializer.Meta):
        fields = [
            *TournamentSerializer.Meta.fields,
            "rules",
            "confirm_results",
            "rounds_planned",
            "final_table_size",
            "advance",
            "drop",
            "table_size",
            "table_size_min",
            "table_size_max",
            "first_seating",
            "seating",
            "tie_breaks",
            "placement_points",
            "third_place",
            "grand_final_reset",
            "cycles",
            "entry_fee",
            "house_cut_percent",
            "payout_percents",
            "payout_unit",
            "round_minutes",
            "entries",
            "rounds",
            "links",
        ]
        read_only_fields = fields

    @extend_schema_field(EntryCountsSerializer)
    def get_entries(self, tournament) -> dict:
        counts = dict.fromkeys(EntryStatus.values, 0)
        for entry in self.context["view"].entries.values():
            counts[entry.status] += 1
        return counts

    @extend_schema_field(RoundSummarySerializer(many=True))
    def get_rounds(self, tournament) -> list:
        return RoundSummarySerializer(
            self.context["view"].rounds, many=True, context=self.context
        ).data

    @extend_schema_field(serializers.DictField(child=serializers.URLField()))
    def get_links(self, tournament) -> dict:
        request = self.context.get("request")
        names = ["entries", "rounds", "standings", "final-ranking", "ledger"]
        if format_of(tournament).is_bracket:
            names.append("bracket")
        return {
            name.replace("-", "_"): link(request, f"api-tournament-{name}", tournament.pk)
            for name in names
        }


# Entries -----------------------------------------------------------------------------------------


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id", help_text=_("The club's player id."))
    name = serializers.CharField(source="player.name")
    is_guest = serializers.BooleanField(source="player.is_guest")
    seed = serializers.IntegerField(help_text=_("1 is the best; registration order."))
    status = enum_field(EntryStatusEnum)
    first_round = serializers.IntegerField(help_text=_("The first round the player is seated in."))
    has_paid = serializers.BooleanField(help_text=_("Entry fees are collected at check-in."))
    checked_in_at = serializers.DateTimeField(allow_null=True)
    dropped_at = serializers.DateTimeField(allow_null=True)


class EntryCreateSerializer(serializers.Serializer):
    player = DatabaseIdField(required=False, help_text=_("The id of one of the club's players."))
    guest = serializers.CharField(
        required=False,
        max_length=80,
        validators=[validators.player_name_validator],
        help_text=_(
            "Instead of a player id: a guest's name (the club's player of that name, or a "
            "new guest)."
        ),
    )
    check_in = serializers.BooleanField(
        required=False, default=False, help_text=_("The player is here and has paid.")
    )

    def validate(self, data):
        if ("player" in data) == ("guest" in data):
            raise serializers.ValidationError(
                {"player": [gettext("Give either a player id or a guest's name.")]}
            )
        return data


class CheckedInSerializer(serializers.Serializer):
    checked_in = serializers.IntegerField(help_text=_("How many players were checked in now."))


# Rounds and tables -------------------------------------------------------------------------------


class TournamentSeatSerializer(serializers.Serializer):
    """A player at a table (a `selectors.SeatView`), with the live result of the match."""

    seat = serializers.IntegerField(help_text=_("Seat 1 deals first."))
    entry = serializers.IntegerField(source="entry.pk")
    name = serializers.CharField(source="entry.player.name")
    total = serializers.IntegerField(allow_null=True, help_text=_("Null until the match starts."))
    place = serializers.IntegerField(allow_null=True)
    status = serializers.SerializerMethodField()
    reentries = serializers.IntegerField()
    won = serializers.BooleanField()
    playoff_place = serializers.IntegerField(
        allow_null=True, help_text=_("The place a play-off across a knockout cut gave.")
    )

    @extend_schema_field(PlayerStatusEnum(allow_null=True))
    def get_status(self, seat) -> str | None:
        return seat.status or None


class TournamentTableSerializer(serializers.Serializer):
    """A table of a round (a `selectors.TableView`) and its match. Who confirmed it shows with
    `context["show_authors"]` only (`scoring.serializers.AuthorField`)."""

    id = serializers.IntegerField(source="table.pk")
    number = serializers.IntegerField(source="table.number")
    bracket_match = serializers.IntegerField(source="table.bracket_match", allow_null=True)
    match = serializers.IntegerField(
        source="table.match_id", allow_null=True, help_text=_("Null until the round starts.")
    )
    match_url = serializers.SerializerMethodField(
        help_text=_("The match in this API, where hands are recorded.")
    )
    match_page = serializers.SerializerMethodField(
        help_text=_("The match's page, where scorekeepers enter hands.")
    )
    revision = serializers.SerializerMethodField(help_text=_("The match's revision."))
    finished = serializers.BooleanField()
    counts = serializers.BooleanField(
        help_text=_("The result counts: finished, and confirmed when the tournament asks for it.")
    )
    awaiting_confirmation = serializers.BooleanField()
    confirmed = serializers.SerializerMethodField(
        help_text=_("Confirmed at the match's current revision (a later correction undoes it).")
    )
    confirmed_by = AuthorField(
        source="table.confirmed_by.username",
        help_text=_("Who confirmed the result: for the club's members only, null for anyone else."),
    )
    confirmed_at = serializers.DateTimeField(source="table.confirmed_at", allow_null=True)
    seats = TournamentSeatSerializer(many=True)

    def get_match_url(self, view) -> str | None:
        if view.table.match_id is None:
            return None
        return link(self.context.get("request"), "api-match-detail", view.table.match_id)

    def get_match_page(self, view) -> str | None:
        if view.table.match_id is None:
            return None
        return link(self.context.get("request"), "scoring:match", view.table.match_id)

    def get_confirmed(self, view) -> bool:
        return view.table.is_confirmed_for(view.match)

    def get_revision(self, view) -> int | None:
        return view.match.revision if view.match is not None else None


class RepeatSerializer(serializers.Serializer):
    players = serializers.ListField(child=serializers.CharField())
    table = serializers.IntegerField()
    before = serializers.IntegerField(help_text=_("How many times they had met before."))


class SeatingReportSerializer(serializers.Serializer):
    """What the seating had to give way on (docs/rules.md, "The seating report")."""

    repeats = RepeatSerializer(many=True, required=False)
    repeat_cost = serializers.IntegerField(required=False)
    first_seat_spread = serializers.IntegerField(
        required=False,
        help_text=_(
            "How many more first seats the most-dealt player had than the least-dealt one."
        ),
    )
    notices = serializers.SerializerMethodField(help_text=_("In the request's language."))

    def get_notices(self, report) -> list[str]:
        return [
            gettext(notice["message"]) % notice.get("params", {})
            for notice in report.get("notices", [])
        ]


class SwapReportSerializer(SeatingReportSerializer):
    new_repeats = RepeatSerializer(many=True, help_text=_("Repeat meetings the swap created."))


class ClockSerializer(serializers.Serializer):
    started_at = serializers.DateTimeField(source="clock_started_at", allow_null=True)
    paused_at = serializers.DateTimeField(source="clock_paused_at", allow_null=True)
    time_called_at = serializers.DateTimeField(allow_null=True)
    elapsed_seconds = serializers.SerializerMethodField()
    remaining_seconds = serializers.SerializerMethodField(
        help_text=_("Null when the tournament has no round clock.")
    )

    def get_elapsed_seconds(self, round) -> int:
        return round.elapsed_seconds()

    def get_remaining_seconds(self, round) -> int | None:
        return round.remaining_seconds()


class RoundSerializer(RoundSummarySerializer):
    """A round with its seating report, clock and tables (a `selectors.RoundView`)."""

    seating_method = serializers.SerializerMethodField()
    seed = serializers.IntegerField(
        source="round.seed", help_text=_("The same seed gives the same seating.")
    )
    clock = ClockSerializer(source="round")
    report = SeatingReportSerializer(source="round.report")
    tables = TournamentTableSerializer(many=True)

    @extend_schema_field(SeatingMethodEnum(allow_null=True))
    def get_seating_method(self, view) -> str | None:
        return view.round.seating_method or None


class RoundSeatSerializer(serializers.Serializer):
    method = enum_field(
        SeatingMethodEnum,
        required=False,
        help_text=_("Default: the tournament's method for round 1 or for later rounds."),
    )
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=_("The number the random parts of the seating are drawn from; default: new."),
    )


class SwapSerializer(serializers.Serializer):
    first = DatabaseIdField(help_text=_("An entry id."))
    second = DatabaseIdField(help_text=_("An entry id."))


class CallTimeSerializer(serializers.Serializer):
    ended = serializers.IntegerField(help_text=_("How many matches the time call ended."))
    round = RoundSerializer()


class PlayoffSerializer(serializers.Serializer):
    places = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        help_text=_('Entry id to play-off place, e.g. {"12": 1, "15": 2}.'),
    )

    def validate_places(self, places):
        try:
            return {int(entry_id): place for entry_id, place in places.items()}
        except ValueError:
            raise serializers.ValidationError(gettext("Name the players by entry id.")) from None


# Standings, ranking, money -----------------------------------------------------------------------


class TableStandingsRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField(help_text=_("Others share this place."))
    entry = serializers.IntegerField(source="entry_id")
    name = serializers.CharField(source="entry.player.name")
    status = enum_field(EntryStatusEnum, source="entry.status")
    points = serializers.SerializerMethodField(help_text=_("Tournament points, to 2 decimals."))
    points_exact = serializers.SerializerMethodField(help_text=_('Exactly, e.g. "19/3".'))
    wins = serializers.IntegerField()
    opponents = serializers.SerializerMethodField(
        help_text=_("Strength of schedule: the table-mates' average points, to 2 decimals.")
    )
    penalty = serializers.IntegerField(help_text=_("Penalty points of every match; lower first."))
    tables = serializers.IntegerField(help_text=_("Tables counted."))
    head_to_head = serializers.IntegerField()

    def get_points(self, row) -> str:
        return rounded(row.points)

    def get_points_exact(self, row) -> str:
        return exact(row.points)

    def get_opponents(self, row) -> str:
        return rounded(row.opponents)


class TableStandingsSerializer(serializers.Serializer):
    """The standings of a table tournament (Scala 40, Ramino)."""

    kind = kind_field("table")
    tie_breaks = serializers.ListField(child=serializers.CharField())
    rounds_counted = serializers.IntegerField()
    rows = TableStandingsRowSerializer(many=True)


class RankingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    entry = serializers.IntegerField(source="entry.pk")
    name = serializers.CharField(source="entry.player.name")
    stage = serializers.CharField(
        help_text=_("Gin brackets: how far the player went; empty otherwise.")
    )
    payout = serializers.SerializerMethodField()

    @extend_schema_field(serializers.DecimalField(max_digits=12, decimal_places=2))
    def get_payout(self, row) -> str:
        return str(self.context["paid"].get(row.entry.pk, Decimal("0.00")))


class LedgerPotSerializer(serializers.Serializer):
    entry_fees = serializers.DecimalField(max_digits=12, decimal_places=2)
    reentry_fees = serializers.DecimalField(max_digits=12, decimal_places=2)
    gross = serializers.DecimalField(max_digits=12, decimal_places=2)
    house = serializers.DecimalField(max_digits=12, decimal_places=2)
    prizes = serializers.DecimalField(max_digits=12, decimal_places=2)


class PlaceAmountSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class EntryAmountSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class TableAmountSerializer(serializers.Serializer):
    table = serializers.CharField(help_text=_('Round/table, e.g. "2/3".'))
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class LedgerSerializer(serializers.Serializer):
    """The money (a `selectors.Ledger`). Needs `context["names"]`: entry id to name."""

    pot = LedgerPotSerializer()
    paying_entries = serializers.IntegerField(help_text=_("Players checked in: they paid."))
    amounts = serializers.SerializerMethodField(help_text=_("The payout of each place."))
    paid = serializers.SerializerMethodField(
        help_text=_("What each player wins (shared places split).")
    )
    reentry_fees_by_table = serializers.SerializerMethodField()

    @extend_schema_field(PlaceAmountSerializer(many=True))
    def get_amounts(self, ledger) -> list:
        rows = [
            {"place": place, "amount": amount} for place, amount in enumerate(ledger.amounts, 1)
        ]
        return PlaceAmountSerializer(rows, many=True).data

    @extend_schema_field(EntryAmountSerializer(many=True))
    def get_paid(self, ledger) -> list:
        names = self.context["names"]
        rows = [
            {"entry": entry_id, "name": names[entry_id], "amount": amount}
            for entry_id, amount in sorted(ledger.paid.items(), key=lambda item: -item[1])
            if amount
        ]
        return EntryAmountSerializer(rows, many=True).data

    @extend_schema_field(TableAmountSerializer(many=True))
    def get_reentry_fees_by_table(self, ledger) -> list:
        rows = [
            {"table": table, "amount": amount} for table, amount in ledger.reentry_fees_by_table
        ]
        return TableAmountSerializer(rows, many=True).data


# Gin: standings, bracket, fixes ------------------------------------------------------------------


class PairingStandingsRowSerializer(serializers.Serializer):
    """A row of a Swiss or round robin (a `pairing_selectors.PairingStandingRow`)."""

    place = serializers.IntegerField(source="standing.place")
    shared = serializers.BooleanField()
    entry = serializers.IntegerField(source="entry.pk")
    name = serializers.CharField(source="entry.player.name")
    status = enum_field(EntryStatusEnum, source="entry.status")
    played = serializers.IntegerField(
        source="standing.played", help_text=_("Matches, walkovers included; byes are not.")
    )
    wins = serializers.IntegerField(source="standing.wins")
    draws = serializers.IntegerField(source="standing.draws")
    losses = serializers.IntegerField(source="standing.losses")
    byes = serializers.IntegerField(source="standing.byes")
    points = serializers.FloatField(
        source="standing.points", help_text=_("Match points: a win or a bye 1, a draw 1/2.")
    )
    buchholz = serializers.FloatField(source="standing.buchholz")
    median_buchholz = serializers.FloatField(source="standing.median_buchholz")
    net = serializers.IntegerField(source="standing.net", help_text=_("Gin net points."))
    head_to_head = serializers.FloatField(
        source="standing.head_to_head",
        allow_null=True,
        help_text=_("Only when head to head was reached with this player still tied."),
    )


class BracketStandingsRowSerializer(serializers.Serializer):
    """A player's place in a bracket (a `pairing_selectors.BracketStandingRow`)."""

    place = serializers.IntegerField(
        source="standing.place", allow_null=True, help_text=_("Null while the player is still in.")
    )
    last_place = serializers.IntegerField(
        source="standing.last_place",
        allow_null=True,
        help_text=_("The last place of a shared range (8 of 5-8)."),
    )
    shared = serializers.BooleanField(source="standing.shared")
    place_label = serializers.CharField(help_text=_('"3", or "5-8" when shared.'))
    entry = serializers.IntegerField(source="entry.pk")
    name = serializers.CharField(source="entry.player.name")
    seed = serializers.IntegerField(source="standing.seed")


class PairingStandingsSerializer(serializers.Serializer):
    """The standings of a Swiss or a round robin."""

    kind = kind_field("pairing")
    tie_breaks = serializers.ListField(child=serializers.CharField())
    rounds_counted = serializers.IntegerField()
    rows = PairingStandingsRowSerializer(many=True)


class BracketStandingsSerializer(serializers.Serializer):
    """The places of a bracket: given as players go out, shared by round."""

    kind = kind_field("bracket")
    rows = BracketStandingsRowSerializer(many=True)


class BracketSectionEnum(EnumSchema):
    choices = [(section.value, section.value) for section in brackets.Section]


class BracketMatchStatusEnum(EnumSchema):
    choices = [(status.value, status.value) for status in brackets.MatchStatus]


class BracketPlayerSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()


class BracketResultSerializer(serializers.Serializer):
    winner = serializers.IntegerField(help_text=_("An entry id."))
    loser = serializers.IntegerField(help_text=_("An entry id."))
    walkover = serializers.BooleanField()


def slot_label(slot: brackets.Slot) -> str:
    """A side of a match as the bracket names it before it is known: "seed 3", "winner of 5"."""
    if slot.kind is brackets.SlotKind.SEED:
        return f"seed {slot.ref}"
    return f"{slot.kind.value} of {slot.ref}"


class BracketMatchSerializer(serializers.Serializer):
    """A match of the bracket. Needs `context["bracket"]`: the `pairing_selectors.BracketView`."""

    number = serializers.IntegerField()
    section = enum_field(BracketSectionEnum)
    round = serializers.IntegerField(help_text=_("From 1 within the section."))
    position = serializers.IntegerField(help_text=_("The row in the round of the full chart."))
    slots = serializers.SerializerMethodField(
        help_text=_('Each side: "seed 3", "winner of 5" or "loser of 5".')
    )
    players = serializers.SerializerMethodField(help_text=_("Null while a side is not known."))
    status = enum_field(BracketMatchStatusEnum)
    result = serializers.SerializerMethodField()
    table = serializers.SerializerMethodField(help_text=_("The table (for fixes), once set."))
    match = serializers.SerializerMethodField(help_text=_("The scoring match, once set."))
    match_url = serializers.SerializerMethodField()

    def _table(self, match):
        return self.context["bracket"].tables.get(match.number)

    def get_slots(self, match) -> list[str]:
        return [slot_label(slot) for slot in match.slots]

    # Always both sides; a side is null (not the list) while it is not known.
    @extend_schema_field(
        {
            "type": "array",
            "items": {
                "type": "object",
                "nullable": True,
                "properties": {"entry": {"type": "integer"}, "name": {"type": "string"}},
                "required": ["entry", "name"],
            },
        }
    )
    def get_players(self, match) -> list:
        names = self.context["bracket"].names
        return [
            None if player is None else {"entry": player, "name": names.get(player, "")}
            for player in match.players
        ]

    @extend_schema_field(BracketResultSerializer(allow_null=True))
    def get_result(self, match) -> dict | None:
        result = match.result
        if result is None:
            return None
        return {"winner": result.winner, "loser": result.loser, "walkover": result.walkover}

    def get_table(self, match) -> int | None:
        table = self._table(match)
        return table.pk if table is not None else None

    def get_match(self, match) -> int | None:
        table = self._table(match)
        return table.match_id if table is not None else None

    def get_match_url(self, match) -> str | None:
        table = self._table(match)
        if table is None or table.match_id is None:
            return None
        return link(self.context.get("request"), "api-match-detail", table.match_id)


class ConflictSerializer(serializers.Serializer):
    match = serializers.IntegerField(help_text=_("The bracket match."))
    table = serializers.IntegerField(source="table.pk", allow_null=True, default=None)
    message = serializers.CharField()


class BracketSerializer(serializers.Serializer):
    """A bracket (a `pairing_selectors.BracketView`), replayed from the results in force."""

    drawn = serializers.SerializerMethodField(help_text=_("False before the draw."))
    format = serializers.CharField(source="tournament.format")
    size = serializers.SerializerMethodField(help_text=_("The chart's size, byes included."))
    champion = serializers.SerializerMethodField()
    matches = serializers.SerializerMethodField()
    conflicts = ConflictSerializer(
        many=True, help_text=_("Results set aside after a fix: enter them again.")
    )

    def get_drawn(self, view) -> bool:
        return view.bracket is not None

    def get_size(self, view) -> int | None:
        return view.bracket.size if view.bracket is not None else None

    @extend_schema_field(BracketPlayerSerializer(allow_null=True))
    def get_champion(self, view) -> dict | None:
        if view.bracket is None or view.bracket.champion is None:
            return None
        champion = view.bracket.champion
        return {"entry": champion, "name": view.names.get(champion, "")}

    @extend_schema_field(BracketMatchSerializer(many=True))
    def get_matches(self, view) -> list:
        if view.bracket is None:
            return []
        context = {**self.context, "bracket": view}
        return BracketMatchSerializer(view.bracket.matches, many=True, context=context).data


class ResultFixCreateSerializer(serializers.Serializer):
    winner = DatabaseIdField(
        allow_null=True, help_text=_("The winner's entry id; null clears the fix in force.")
    )
    walkover = serializers.BooleanField(
        required=False, default=False, help_text=_("The opponent did not play.")
    )
    reason = serializers.CharField(help_text=_("Why: it is kept with the fix."))


class ResultFixSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    name = serializers.CharField(source="winner.player.name", allow_null=True, default=None)
    walkover = serializers.BooleanField()
    reason = serializers.CharField()
    is_current = serializers.BooleanField()
    created_by = AuthorField(
        source="created_by.username",
        help_text=_("Who made the fix: for the club's members only, null for anyone else."),
    )
    created_at = serializers.DateTimeField()
