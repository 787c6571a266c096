"""Serializers of the scoring API.

The match document is validated by the engine (`scoring.engine.document`), whose errors point at
the event and field at fault; the serializers here describe its shape for the OpenAPI schema.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs import validators
from scoring import presenters
from scoring.engine import rules_for
from scoring.engine.rules import BOOL, CHOICE, MONEY, OPTIONAL_INT, OptionInfo
from scoring.event_parts import BurracoLineSerializer
from scoring.games import game_choices, game_label, game_presets
from scoring.models import (
    EndedBy,
    EventKind,
    EventVersion,
    Match,
    MatchPlayer,
    MatchStatus,
    PlayerStatus,
)
from scoring.rule_words import choice_label, option_label

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from clubs.models import Club


class AuthorField(serializers.CharField):
    """The username of who entered, started, confirmed or fixed something; null when nobody
    (or an anonymous visitor) did, and null for whoever may not know it.

    Only the club's members see who did it (`clubs.permissions.can_see_authors`): the view asks
    once and passes the answer as `context["show_authors"]` to the outermost serializer (nested
    serializers share its context). Without it the field is null: a serializer that is not told
    who is reading shows nobody's username."""

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_null", True)
        kwargs.setdefault("default", None)
        super().__init__(**kwargs)

    def get_attribute(self, instance):
        if not self.context.get("show_authors", False):
            return None
        return super().get_attribute(instance)


# Ids --------------------------------------------------------------------------------------------

# Every id a client sends is checked first: a larger one than a row can have is a crash, not
# "no such row" (clubs.validators.MAX_DATABASE_ID).
ID_MAX = validators.MAX_DATABASE_ID
ID_OUT_OF_RANGE = _("No such id: an id is a whole number from 1 to {max}.")


class DatabaseIdField(serializers.IntegerField):
    """The id of a row, as a client sends it: a whole number from 1 to `ID_MAX`, else a 400."""

    default_error_messages = {"out_of_range": ID_OUT_OF_RANGE}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.min_value, self.max_value = 1, ID_MAX  # for the schema; checked below

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not 1 <= value <= ID_MAX:
            self.fail("out_of_range", max=ID_MAX)
        return value


class EnumSchema(serializers.Serializer):
    """A choice set shown once in the schema as its own component, named after the subclass.

    The "status" of a match and the "status" of a player are different choice sets under one field
    name; named components keep the schema free of drf-spectacular's enum-name collisions."""

    choices: "Sequence[tuple[str, StrOrPromise]]" = []


class EnumSchemaExtension(OpenApiSerializerExtension):
    target_class = EnumSchema
    match_subclasses = True

    def get_name(self, auto_schema, direction):
        return type(self.target).__name__  # an instance: drf-spectacular instantiates the class

    def map_serializer(self, auto_schema, direction):
        choices = self.target.choices
        return {
            "type": "string",
            "enum": [value for value, _label in choices],
            "description": "\n".join(f"* `{value}` - {label}" for value, label in choices),
        }


class RuleOptionsSchema(serializers.Serializer):
    """Every rule option of every game as the schema's `RuleOptions` component: its label and
    help, and for a choice each value with its words, in the language the schema is asked in
    (`?lang=it`), the same words as the rule forms (`scoring.rule_words`)."""


def rule_option_schema(info: OptionInfo, games: list[str]) -> dict[str, object]:
    """One option's JSON schema: type, bounds, and a description in words."""
    description = f"{option_label(info.name)}: {gettext(info.help)} ({', '.join(games)})"
    schema: dict[str, object]
    if info.kind == CHOICE:
        schema = {"type": "string", "enum": list(info.choices)}
        description += "\n" + "\n".join(
            f"* `{value}` - {choice_label(info.name, value)}" for value in info.choices
        )
    elif info.kind == BOOL:
        schema = {"type": "boolean"}
    elif info.kind == MONEY:
        schema = {"type": "string", "format": "decimal"}
    else:
        schema = {"type": "integer"}
        if info.minimum is not None:
            schema["minimum"] = info.minimum
        if info.maximum is not None:
            schema["maximum"] = int(info.maximum)
        if info.kind == OPTIONAL_INT:
            schema["nullable"] = True
    return {**schema, "description": description}


def rule_options_schema() -> dict[str, object]:
    """The `RuleOptions` component: every option of every preset's rule set, by name."""
    properties: dict[str, dict[str, object]] = {}
    games: dict[str, list[str]] = {}
    infos: dict[str, OptionInfo] = {}
    for preset in game_presets():
        rules = rules_for(preset)
        for info in rules.options():
            infos.setdefault(info.name, info)
            label = game_label(rules.game)
            if label not in games.setdefault(info.name, []):
                games[info.name].append(label)
    for name, info in infos.items():
        properties[name] = rule_option_schema(info, games[name])
    return {
        "type": "object",
        "description": gettext(
            "Rule options by name; each game takes its own (in brackets), a choice takes one of "
            "its values (listed with their meaning)."
        ),
        "properties": properties,
    }


class RuleOptionsSchemaExtension(OpenApiSerializerExtension):
    target_class = RuleOptionsSchema

    def get_name(self, auto_schema, direction):
        return "RuleOptions"

    def map_serializer(self, auto_schema, direction):
        return rule_options_schema()


RulesField = extend_schema_field(RuleOptionsSchema)(
    type("RulesField", (serializers.DictField,), {})
)


class MatchStatusEnum(EnumSchema):
    choices = MatchStatus.choices


class PlayerStatusEnum(EnumSchema):
    choices = PlayerStatus.choices


def enum_field(schema: type[EnumSchema], **kwargs) -> serializers.ChoiceField:
    """A ChoiceField of `schema`'s choices that the schema shows as the `schema` component."""
    field_class = extend_schema_field(schema)(
        type(f"{schema.__name__}Field", (serializers.ChoiceField,), {})
    )
    return field_class(choices=schema.choices, **kwargs)


class TableNameField(serializers.CharField):
    """A match's table as the pages say it, in the request's language (`presenters.table_name`):
    "Table 3" / "Tavolo 3" for a number, a name typed in free text as it is, "" for none."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        kwargs.setdefault(
            "help_text",
            _(
                'The table as the pages say it, in the request\'s language: "Table 3" for a '
                'number, a name as typed, "" for none.'
            ),
        )
        super().__init__(**kwargs)

    def to_representation(self, value):
        return presenters.table_name(value)


TABLE_LABEL_HELP = _(
    'The table as stored: its number ("3") or a name typed in free text ("Terrace"), "" for none.'
)


class MatchEventSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["hand", "reentry", "withdraw", "time_call"])
    closer = serializers.CharField(required=False, help_text=_("Scala 40 and Ramino: who closed."))
    points = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text=_("Scala 40 and Ramino: the points of every other player in play."),
    )
    cards = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text=_('Instead of points: a player\'s cards, e.g. "8h Kd JK", counted by Tallone.'),
    )
    in_hand = serializers.BooleanField(required=False, help_text=_("Chiusura in mano."))
    not_opened = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=_("Players who had not opened."),
    )
    closing = serializers.ChoiceField(
        choices=["normal", "colore", "figura", "two_cards", "scala_reale", "pockerissimo"],
        required=False,
        help_text=_("Ramino: how the closer closed."),
    )
    result = serializers.ChoiceField(
        choices=["knock", "gin", "big_gin", "dead"], required=False, help_text=_("Gin: the result.")
    )
    knocker = serializers.CharField(required=False, help_text=_("Gin: who knocked."))
    deadwood = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text=_("Gin: both players' deadwood."),
    )
    upcard = serializers.CharField(
        required=False, help_text=_("Gin Oklahoma: the upcard, e.g. 7s.")
    )
    end = serializers.ChoiceField(
        choices=["closing", "tallone", "time_out", "stallo", "arbitral"],
        required=False,
        help_text=_("Burraco: how the hand ended."),
    )
    lines = serializers.DictField(
        child=BurracoLineSerializer(),
        required=False,
        help_text=_("Burraco: what each line did, by line (NS, EO)."),
    )
    player = serializers.CharField(required=False, help_text=_("Re-entry and withdrawal: who."))


class MatchDocumentSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices(), required=False)
    preset = serializers.ChoiceField(choices=game_presets(), required=False)
    rules = RulesField(
        required=False, help_text=_("Options that differ from the preset, by their option names.")
    )
    players = serializers.ListField(child=serializers.CharField(), help_text=_("In seat order."))
    first_dealer = serializers.CharField(required=False)
    events = MatchEventSerializer(many=True, required=False)


class PlayerResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    total = serializers.IntegerField()
    status = enum_field(PlayerStatusEnum)
    reentries = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True)
    hands_won = serializers.IntegerField(required=False)


class PotSerializer(serializers.Serializer):
    total = serializers.DecimalField(max_digits=12, decimal_places=2)
    entries = serializers.ListField(child=serializers.DictField())


class MatchStateSerializer(serializers.Serializer):
    game = serializers.CharField()
    finished = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    ended_by = serializers.ChoiceField(choices=EndedBy.choices, allow_null=True)
    dealer = serializers.CharField(allow_null=True, help_text=_("Who deals the next hand."))
    players = PlayerResultSerializer(many=True)
    history = serializers.ListField(
        child=serializers.DictField(), help_text=_("The state after every event.")
    )
    pot = PotSerializer()
    games = serializers.ListField(child=serializers.DictField(), required=False)
    net_total = serializers.IntegerField(required=False, allow_null=True)


# Stored matches ----------------------------------------------------------------------------------


class SeatSerializer(serializers.ModelSerializer):
    """A seat at the match, with the cached result of the last replay."""

    player = serializers.IntegerField(source="player_id", help_text=_("The club's player id."))
    status = enum_field(PlayerStatusEnum, read_only=True)

    class Meta:
        model = MatchPlayer
        fields = ["seat", "player", "name", "total", "status", "reentries", "place", "hands_won"]
        read_only_fields = fields


# One meaning of a match's hand count, wherever the API answers it.
HAND_COUNT_HELP = _(
    "The hands that count: every hand recorded (a Gin dead hand too), less the voided ones. A "
    "voided hand keeps its number, so the last hand's number is hand_count plus void_hands."
)


class MatchSerializer(serializers.ModelSerializer):
    """A match as lists show it: its table, its status, its seats and totals."""

    club: "serializers.SlugRelatedField[Club]" = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    winner = serializers.CharField(
        source="winner.name", allow_null=True, read_only=True, default=None
    )
    status = enum_field(MatchStatusEnum, read_only=True)
    ended_by = serializers.SerializerMethodField(
        help_text=_("Why the match ended; null until then.")
    )
    seats = SeatSerializer(many=True, read_only=True)
    table_name = TableNameField(source="table_label")

    class Meta:
        model = Match
        fields = [
            "id",
            "club",
            "game",
            "preset",
            "table_label",
            "table_name",
            "status",
            "started_at",
            "finished_at",
            "revision",
            "hand_count",
            "winner",
            "ended_by",
            "pot_total",
            "first_dealer_seat",
            "dealer_seat",
            "seats",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "table_label": {"help_text": TABLE_LABEL_HELP},
            "hand_count": {"help_text": HAND_COUNT_HELP},
        }

    @extend_schema_field(serializers.ChoiceField(choices=EndedBy.choices, allow_null=True))
    def get_ended_by(self, match) -> str | None:
        return match.ended_by or None


class MatchDetailSerializer(MatchSerializer):
    """A match with its full rule set and the state replayed from its events.

    Needs `context["state"]`: the replayed `MatchState`, and `context["show_authors"]` to show
    who started it (`AuthorField`).
    """

    started_by = AuthorField(
        source="started_by.username",
        read_only=True,
        help_text=_("Who started the match: for the club's members only, null for anyone else."),
    )
    state = serializers.SerializerMethodField(
        help_text=_("The state replayed from every event, as the preview answers it.")
    )
    rules = RulesField(read_only=True, help_text=_("The match's full rule set."))
    void_hands = serializers.SerializerMethodField(
        help_text=_(
            "The hands recorded and then voided: hand_count leaves them out. The match page's "
            '"8 hands (1 void)" is hand_count 7 and void_hands 1.'
        )
    )

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "void_hands", "rules", "started_by", "state"]
        read_only_fields = fields

    def get_void_hands(self, match) -> int:
        return self.context["void_hands"]

    @extend_schema_field(MatchStateSerializer)
    def get_state(self, match) -> dict:
        return self.context["state"].to_dict()


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "description": "The id of one of the club's players."},
            {
                "type": "object",
                "properties": {"guest": {"type": "string", "maxLength": 80}},
                "required": ["guest"],
                "additionalProperties": False,
                "description": "A guest, by name: the club's player of that name, or a new guest.",
            },
        ]
    }
)
class SeatChoiceField(serializers.Field):
    """A player id, or `{"guest": "Name"}`; becomes `("id", 12)` or `("guest", "Name")`."""

    default_error_messages = {
        "invalid": _('Give a player id or {{"guest": "Name"}}.'),  # braces doubled: str.format
        "blank": _("A guest needs a name."),
        "out_of_range": ID_OUT_OF_RANGE,
    }

    def to_internal_value(self, data):
        if isinstance(data, int) and not isinstance(data, bool):
            if not 1 <= data <= ID_MAX:
                self.fail("out_of_range", max=ID_MAX)
            return ("id", data)
        if isinstance(data, dict) and set(data) == {"guest"} and isinstance(data["guest"], str):
            try:  # not empty, within 80 characters, no control characters: as every player's name
                name = validators.clean_name(
                    data["guest"],
                    max_length=validators.PLAYER_NAME_LENGTH,
                    empty_message=self.error_messages["blank"],
                )
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.messages) from None
            return ("guest", name)
        self.fail("invalid")

    def to_representation(self, value):
        kind, value = value
        return value if kind == "id" else {"guest": value}


class MatchCreateSerializer(serializers.Serializer):
    club = serializers.SlugField(help_text=_("The club's slug."))
    preset = serializers.ChoiceField(choices=game_presets())
    options = RulesField(
        required=False,
        default=dict,
        help_text=_("Options that differ from the preset, by their option names."),
    )
    players = serializers.ListField(
        child=SeatChoiceField(), min_length=1, help_text=_("In seat order.")
    )
    table_label = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text=_(
            'The table: its number ("3"; "Tavolo 3" and "Table 3" are stored as 3) or a name '
            '("Terrace").'
        ),
    )
    first_dealer_seat = serializers.IntegerField(min_value=1, required=False, default=1)
    start_key = serializers.CharField(
        max_length=64,
        required=False,
        default="",
        help_text=_(
            "Any unique key of this start: a start sent again with the same key answers "
            "the match it started (200) instead of starting another."
        ),
    )


class TablePhoneSerializer(serializers.Serializer):
    """A phone that joined a match with its table code."""

    code = serializers.CharField(
        allow_null=True,
        help_text=_("The table code it joined with: for the club's members only, null otherwise."),
    )
    name = serializers.CharField(help_text=_("The name the phone gave when joining."))
    phone = serializers.IntegerField(help_text=_("Its number among the code's phones (1, 2...)."))


class EventVersionSerializer(serializers.ModelSerializer):
    """One version of an event: what was recorded, by whom, when, and why it changed."""

    created_by = AuthorField(
        source="created_by.username",
        read_only=True,
        help_text=_("Who made this version: for the club's members only, null for anyone else."),
    )
    # a field (DRF's metaclass takes it off the class: `Serializer.data` stays)
    data = serializers.SerializerMethodField(help_text=_("The event as this version has it."))  # type: ignore[assignment]
    table_phone = serializers.SerializerMethodField(
        help_text=_(
            "The phone that wrote this version with the match's table code (no account): the "
            "code, the name it gave and its number among the code's phones; null otherwise."
        )
    )

    class Meta:
        model = EventVersion
        fields = [
            "version",
            "data",
            "is_current",
            "is_void",
            "reason",
            "created_by",
            "table_phone",
            "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(TablePhoneSerializer(allow_null=True))
    def get_table_phone(self, version) -> dict | None:
        join = version.table_join
        if join is None:
            return None
        # the code lets a phone in: the club's members only see it
        code = join.code.code if self.context.get("show_authors", False) else None
        return {"code": code, "name": join.name, "phone": join.number}

    @extend_schema_field(MatchEventSerializer)
    def get_data(self, version) -> dict:
        return version.data  # exactly as stored


class EventSerializer(serializers.Serializer):
    """An event of the match (a `scoring.selectors.EventRow`) with all its versions.

    Who recorded each version shows with `context["show_authors"]` only (`AuthorField`)."""

    number = serializers.IntegerField(
        help_text=_(
            "The event's number in the match, from 1, counting every event: its address "
            "(.../events/<number>/correct/)."
        )
    )
    hand = serializers.IntegerField(
        source="hand_number",
        allow_null=True,
        help_text=_(
            "The hand's number as players count hands (1, 2, 3...; a voided hand keeps its "
            "number); null for a re-entry, a withdrawal or a time call, which fall between hands."
        ),
    )
    kind = serializers.ChoiceField(choices=EventKind.choices, source="event.kind")
    version = serializers.IntegerField(
        source="current.version", help_text=_("The current version; corrections and voids name it.")
    )
    # a field (DRF's metaclass takes it off the class: `Serializer.data` stays)
    data = serializers.SerializerMethodField(help_text=_("The current version's event."))  # type: ignore[assignment]
    is_void = serializers.BooleanField()
    is_corrected = serializers.BooleanField()
    created_by = AuthorField(
        source="event.created_by.username",
        help_text=_("Who recorded the event: for the club's members only, null for anyone else."),
    )
    created_at = serializers.DateTimeField(source="event.created_at")
    snapshot = serializers.SerializerMethodField(
        help_text=_("The totals and statuses right after this event; null when void.")
    )
    versions = EventVersionSerializer(many=True, help_text=_("Every version, oldest first."))

    @extend_schema_field(MatchEventSerializer)
    def get_data(self, row) -> dict:
        return row.current.data

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_snapshot(self, row) -> dict | None:
        return row.snapshot.to_dict() if row.snapshot is not None else None


class WrittenStateSerializer(MatchStateSerializer):
    """The match's state after a change, without the history (one GET away: the match's
    `state`, or its events): the answer to a write keeps the same size whatever the match's
    length."""

    history = None  # type: ignore[assignment]  # DRF: None drops the inherited field


class EventResultSerializer(serializers.Serializer):
    """The answer to a change: the event as it is now, and the match's new state (totals,
    statuses, whose deal, the pot; not the state after every event)."""

    event = EventSerializer()
    state = WrittenStateSerializer()
    revision = serializers.IntegerField(help_text=_("The match's revision after the change."))


BASED_ON_HELP = _(
    "Optional: the match's revision your view of the match had when the event was typed (the "
    "`revision` of the match or of the last answer). If the match changed since (another device "
    "recorded, corrected or voided something), nothing is recorded and the answer is 409 with "
    "what changed; send again with the new revision to record it anyway. Without it, the event "
    "is recorded whatever happened meanwhile."
)


class MatchChangeSerializer(serializers.Serializer):
    """A change made after the revision a request was based on."""

    event = serializers.IntegerField(help_text=_("The event's number in the match."))
    hand = serializers.IntegerField(
        allow_null=True, help_text=_("The hand's number as players count; null if not a hand.")
    )
    kind = serializers.ChoiceField(choices=EventKind.choices)
    version = serializers.IntegerField(help_text=_("1: recorded; more: corrected or voided."))
    # a field (DRF's metaclass takes it off the class: `Serializer.data` stays)
    data = serializers.DictField(help_text=_("The event as this version has it."))  # type: ignore[assignment]
    is_void = serializers.BooleanField()
    reason = serializers.CharField(allow_blank=True)
    revision = serializers.IntegerField(help_text=_("The match's revision this change made."))
    at = serializers.DateTimeField()


class MatchMovedOnSerializer(serializers.Serializer):
    """409: the match changed after the revision the request was based on; nothing recorded."""

    detail = serializers.CharField()
    revision = serializers.IntegerField(help_text=_("The match's revision now."))
    changes = MatchChangeSerializer(many=True, help_text=_("What changed since, oldest first."))


class IdempotentSerializer(serializers.Serializer):
    idempotency_key = serializers.CharField(
        max_length=64,
        required=False,
        help_text=_(
            "Instead of the Idempotency-Key header: a key the client makes once per event; "
            "sending the same key again records nothing and answers the first event."
        ),
    )


class EventRecordSerializer(MatchEventSerializer):
    """The body of POST .../events/: the event in the match document format (for the schema; the
    engine validates the event itself, strictly)."""

    idempotency_key = serializers.CharField(
        max_length=64,
        required=False,
        help_text=_("Instead of the Idempotency-Key header."),
    )
    based_on = serializers.IntegerField(min_value=0, required=False, help_text=BASED_ON_HELP)


@extend_schema_field(MatchEventSerializer)
class EventDataField(serializers.DictField):
    """An event of the match document format, checked by the engine rather than here."""


class EventCorrectSerializer(serializers.Serializer):
    # a field (DRF's metaclass takes it off the class: `Serializer.data` stays)
    data = EventDataField(help_text=_('The hand as it should be ("type" may be left out).'))  # type: ignore[assignment]
    version = serializers.IntegerField(
        min_value=1, help_text=_("The version you are correcting (the event's current version).")
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")

    def validate_data(self, data):
        if data.get("type", "hand") != "hand":
            raise serializers.ValidationError(_("Only hands can be corrected."))
        return {key: value for key, value in data.items() if key != "type"}


class EventVoidSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, help_text=_("The version you are voiding (the event's current version).")
    )
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", help_text=_("Required: why it is void.")
    )


class PlayerEventSerializer(IdempotentSerializer):
    player = serializers.CharField(help_text=_("The player's name at this match."))
    based_on = serializers.IntegerField(min_value=0, required=False, help_text=BASED_ON_HELP)
