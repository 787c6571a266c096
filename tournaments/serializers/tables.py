"""The API's shapes of rounds and their tables: seats, tables, seating reports, the clock, and
the bodies of seating, swaps, time calls and play-off places."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.serializers import (
    AuthorField,
    DatabaseIdField,
    PlayerStatusEnum,
    enum_field,
)
from tournaments.presenters import seating_notice
from tournaments.serializers.core import (
    RoundSummarySerializer,
    SeatingMethodEnum,
    match_link,
)

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
        help_text=_(
            "The match in this API, where hands are recorded; null when you may not see it "
            "(a private club's match, a match in progress the club does not show live)."
        )
    )
    match_page = serializers.SerializerMethodField(
        help_text=_(
            "The match's page, where scorekeepers enter hands; null when you may not see it."
        )
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
        return match_link(self.context, "api-match-detail", view.match)

    def get_match_page(self, view) -> str | None:
        return match_link(self.context, "scoring:match", view.match)

    def get_confirmed(self, view) -> bool:
        return view.table.is_confirmed_for(view.match)

    def get_revision(self, view) -> int | None:
        return view.match.revision if view.match is not None else None


class RepeatSerializer(serializers.Serializer):
    players = serializers.ListField(child=serializers.CharField())
    table = serializers.IntegerField()
    before = serializers.IntegerField(help_text=_("How many times they had met before."))


class ApartPairSerializer(serializers.Serializer):
    players = serializers.ListField(child=serializers.CharField())
    table = serializers.IntegerField()
    group = serializers.CharField(help_text=_("The keep-apart group's name, or its players."))
    hard = serializers.BooleanField()


class SeatingReportSerializer(serializers.Serializer):
    """What the seating had to give way on (docs/rules.md, "The seating report")."""

    repeats = RepeatSerializer(many=True, required=False)
    repeat_cost = serializers.IntegerField(required=False)
    repeat_bound = serializers.IntegerField(
        required=False,
        help_text=_(
            "The fewest repeat pairs any seating at these tables can have; when it equals the "
            "number of repeats, the seating is the minimum possible."
        ),
    )
    apart = ApartPairSerializer(
        many=True,
        required=False,
        help_text=_("Players of a keep-apart group seated at the same table."),
    )
    first_seat_spread = serializers.IntegerField(
        required=False,
        help_text=_(
            "How many more first seats the most-dealt player had than the least-dealt one."
        ),
    )
    notices = serializers.SerializerMethodField(help_text=_("In the request's language."))

    def get_notices(self, report) -> list[str]:
        return [seating_notice(notice) for notice in report.get("notices", [])]


class KeepApartSerializer(serializers.Serializer):
    """A keep-apart group of a tournament."""

    id = serializers.IntegerField()
    name = serializers.CharField(help_text=_("Empty: the group is named by its players."))
    hard = serializers.BooleanField(
        help_text=_(
            "True: never at the same table (a seating that cannot keep them apart is refused). "
            "False: apart when possible (the seating report lists the pairs seated together)."
        )
    )
    entries = serializers.SerializerMethodField(help_text=_("Entry ids."))

    def get_entries(self, group) -> list[int]:
        return sorted(entry.pk for entry in group.entries.all())


class KeepApartCreateSerializer(serializers.Serializer):
    entries = serializers.ListField(
        child=DatabaseIdField(), min_length=2, help_text=_("Two or more entry ids.")
    )
    hard = serializers.BooleanField(required=False, default=False)
    name = serializers.CharField(required=False, default="", allow_blank=True, max_length=80)


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
