"""Serializers of the tournaments API: the choice sets, exact numbers, tournaments and entries, and
the helpers the other serializer modules share (links, exact and rounded numbers, kind fields).

Request serializers check the shape of a body; the rules (table sizes, tie-breaks, payouts, who
may confirm) are checked by `tournaments.services`, whose refusals the views answer as field
errors. Response serializers read the selectors' views (`tournaments.selectors.TournamentView`
and its rounds, tables and seats; standings rows; the ledger), never the ORM directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from clubs import validators
from clubs.models import Club
from clubs.permissions import can_see_match
from scoring.games import game_presets
from scoring.models import Match, MatchStatus
from scoring.serializers import (
    DatabaseIdField,
    EnumSchema,
    RulesField,
    enum_field,
)
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
from tournaments.settings_table import (
    CHOICE,
    CHOICES,
    FLAG,
    FORMAT_FLAG,
    MONEY,
    PERCENT,
    PERCENTS,
    PLACEMENT,
    SEATING,
    SIZE,
    STORED,
    TIE_BREAKS,
    WHOLE,
    Setting,
    money_max_message,
)

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


# `context`: a DRF serializer's context (typed so by DRF).
def match_link(context: Mapping[str, Any], name: str, match: Match | None) -> str | None:
    """A link to a tournament table's match (`name`: its API or its page), or None before the
    match exists and when the caller may not see it (`clubs.permissions.can_see_match`: a
    private club's match, a match in progress of a club that does not show them live), so an
    answer links only what its caller may open. `context["club"]`, the tournament's club, saves
    a query per table."""
    if match is None:
        return None
    request = context.get("request")
    club = context.get("club") or match.club
    finished = match.status == MatchStatus.FINISHED
    if not can_see_match(getattr(request, "user", None), club, finished=finished):
        return None
    return link(request, name, match.pk)


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


def setting_field(row: Setting) -> serializers.Field:
    """The API's request field of a stored setting of the table (`tournaments.settings_table`),
    by its kind; every one may be left out (its default)."""
    words: dict[str, Any] = {"required": False, "help_text": row.api_help}  # DRF field kwargs
    if row.kind == WHOLE:
        message = lazy(row.range_message, str)()
        return serializers.IntegerField(
            **row.bounds,
            allow_null=row.optional,
            error_messages={"min_value": message, "max_value": message},
            **words,
        )
    if row.kind == SIZE:  # a guard: the seating engine refuses a size outside 2..6 in its words
        return serializers.IntegerField(min_value=0, max_value=100, **words)
    if row.kind == SEATING:
        return enum_field(SeatingMethodEnum, **words)
    if row.kind == TIE_BREAKS:
        return serializers.ListField(child=serializers.CharField(), **words)
    if row.kind == PLACEMENT:
        return serializers.DictField(child=serializers.ListField(child=ExactNumberField()), **words)
    if row.kind in (FLAG, FORMAT_FLAG):
        return serializers.BooleanField(**words)
    if row.kind == MONEY:  # the service refuses an amount below its minimum in its words
        return serializers.DecimalField(
            max_digits=8,
            decimal_places=2,
            max_value=row.maximum,
            error_messages={"max_value": lazy(money_max_message, str)()},
            **words,
        )
    if row.kind == PERCENT:
        return serializers.DecimalField(max_digits=5, decimal_places=2, **words)
    if row.kind == PERCENTS:
        return serializers.ListField(child=ExactNumberField(), **words)
    if row.kind == CHOICE:
        return serializers.ChoiceField(choices=row.choices, **words)
    if row.kind == CHOICES:
        return serializers.ListField(
            child=serializers.ChoiceField(choices=row.choices), min_length=1, **words
        )
    raise ValueError(f"{row.name}: no API field for the kind {row.kind!r}")


# The settings that shape a tournament, from the table; any left out takes its default.
TournamentSettingsSerializer = serializers.SerializerMetaclass(
    "TournamentSettingsSerializer",
    (serializers.Serializer,),
    {
        "__module__": __name__,
        "__doc__": "The settings that shape a tournament; any left out takes its default.",
        **{row.name: setting_field(row) for row in STORED},
    },
)


class TournamentCreateSerializer(TournamentSettingsSerializer):  # type: ignore[misc,valid-type]
    club = serializers.SlugField(help_text=_("The club's slug."))
    name = serializers.CharField(max_length=120, validators=[validators.name_validator])
    starts_on = serializers.DateField(
        required=False,
        help_text=_("Default: today."),
        validators=[validators.planned_day_validator],
    )
    preset = serializers.ChoiceField(choices=game_presets())
    format = enum_field(TournamentFormatEnum)
    options = RulesField(
        required=False,
        default=dict,
        help_text=_("Rule options that differ from the preset, by their option names."),
    )


SETTING_FIELDS = tuple(TournamentSettingsSerializer().fields)


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament as lists show it."""

    url = serializers.SerializerMethodField(help_text=_("The tournament in this API."))
    club: serializers.SlugRelatedField[Club] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
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
    # a round's own serializer (`RoundSerializer`) lists the tables instead
    tables: serializers.Field = serializers.SerializerMethodField(
        help_text=_("How many tables (or pairings).")
    )
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

    entries = serializers.SerializerMethodField(help_text=_("Entries by status."))
    rounds = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField(
        help_text=_("Where to read the entries, rounds, standings, ranking, money and bracket.")
    )

    class Meta(TournamentSerializer.Meta):
        fields = [
            *TournamentSerializer.Meta.fields,
            "rules",
            *(row.name for row in STORED if row.name not in TournamentSerializer.Meta.fields),
            "entries",
            "rounds",
            "links",
        ]
        read_only_fields = fields

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        for row in STORED:  # a seating method as its own schema component, as the request's
            if row.kind == SEATING:
                fields[row.name] = enum_field(SeatingMethodEnum, read_only=True)
        return fields

    @extend_schema_field(EntryCountsSerializer)
    def get_entries(self, tournament) -> dict:
        counts = dict.fromkeys(EntryStatus.values, 0)
        for entry in self.context["view"].entries.values():
            counts[entry.status] += 1
        return counts

    @extend_schema_field(RoundSummarySerializer(many=True))
    def get_rounds(self, tournament) -> list:
        rounds = RoundSummarySerializer(
            self.context["view"].rounds, many=True, context=self.context
        )
        # `many=True` makes a list serializer, whose data is a list: the stubs say one item's.
        return rounds.data  # type: ignore[return-value]

    @extend_schema_field(serializers.DictField(child=serializers.URLField()))
    def get_links(self, tournament) -> dict:
        request = self.context.get("request")
        names = ["entries", "rounds", "standings", "final-ranking", "ledger"]
        names += format_of(tournament).api_links
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
    has_paid = serializers.BooleanField(
        help_text=_(
            "The director took the entry fee (at the desk check-in or with pay/). A self "
            "check-in by phone leaves it due."
        )
    )
    paid_at = serializers.DateTimeField(
        allow_null=True, help_text=_("When the entry fee was taken; null while it is due.")
    )
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


class EntriesCreateSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=DatabaseIdField(),
        required=False,
        default=list,
        help_text=_("The ids of club players to enter."),
    )
    guests = serializers.ListField(
        child=serializers.CharField(max_length=200, allow_blank=True, trim_whitespace=False),
        required=False,
        default=list,
        help_text=_(
            "Guests' names, one per item (a name of a club player enters that player). A name "
            "listed twice or already entered is refused by name, and nobody is entered."
        ),
    )
    check_in = serializers.BooleanField(
        required=False, default=False, help_text=_("They are here and have paid.")
    )


class CheckedInSerializer(serializers.Serializer):
    checked_in = serializers.IntegerField(help_text=_("How many players were checked in now."))
