"""The API's shapes of Gin (rounds of pairings and brackets): pairing and bracket standings, the
bracket and result fixes."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from pairings.engine import brackets
from scoring.serializers import (
    AuthorField,
    DatabaseIdField,
    EnumSchema,
    enum_field,
)
from tournaments.serializers import EntryStatusEnum, kind_field, match_link

# Gin: standings, bracket, fixes ------------------------------------------------------------------


class PairingStandingsRowSerializer(serializers.Serializer):
    """A row of a Swiss or round robin (a `pairings.selectors.standings.PairingStandingRow`)."""

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
    """A player's place in a bracket (a `pairings.selectors.standings.BracketStandingRow`)."""

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
    """A match of the bracket. Needs `context["bracket"]`: the
    `pairings.selectors.brackets.BracketView`."""

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
    match_url = serializers.SerializerMethodField(
        help_text=_("The match in this API; null when you may not see it.")
    )

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
        return match_link(self.context, "api-match-detail", table.match if table else None)


class ConflictSerializer(serializers.Serializer):
    match = serializers.IntegerField(help_text=_("The bracket match."))
    table = serializers.IntegerField(source="table.pk", allow_null=True, default=None)
    message = serializers.CharField()


class BracketSerializer(serializers.Serializer):
    """A bracket (a `pairings.selectors.brackets.BracketView`), replayed from the results in
    force."""

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
        matches = BracketMatchSerializer(view.bracket.matches, many=True, context=context)
        # `many=True` makes a list serializer, whose data is a list: the stubs say one item's.
        return matches.data  # type: ignore[return-value]


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
