"""Tournaments: the facts. Standings, brackets and payouts are derived by the engine.

A tournament has entries (players registered, checked in, dropped), and rounds. A round's tables
(or, for Gin, its pairings) are `Table`s: the seating lives in `TableSeat` until the round starts,
then every table plays an ordinary scoring `Match` with the tournament's rule set, so everything
of table play works inside a tournament. Results are read from those matches; a table counts only
once its result is confirmed (when the tournament asks for confirmation), and a confirmation holds
for the match revision it saw: a later correction makes the table unconfirmed again.

A bracket (single or double elimination) is not stored: it is replayed by the engine from the
seeds and the results of its tables, plus the director's fixes (`ResultFix`, append-only).
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership, Player
from scoring.games import game_choices
from scoring.models import Match, MatchStatus
from tournaments.choices import (
    EntryStatus,
    Format,
    GuestStatus,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    TournamentStatus,
)
from tournaments.engine.table_standings import DEFAULT_TIE_BREAKS
from tournaments.settings_table import default_of

__all__ = [  # the choices live in `tournaments.choices`; the models' users import them from here
    "EntryStatus",
    "Format",
    "GuestStatus",
    "RoundKind",
    "RoundStatus",
    "SeatingMethod",
    "TournamentStatus",
]


def default_tie_breaks() -> list[str]:
    """The table formats' default order, the engine's (one source of truth; each format's own
    is `TournamentFormat.default_tie_breaks`)."""
    return [str(tie_break) for tie_break in DEFAULT_TIE_BREAKS]


def default_payout_percents() -> list[str]:
    percents = default_of("payout_percents")
    assert isinstance(percents, list)  # the setting's default, a fresh list
    return percents


def default_movements() -> list[str]:
    movements = default_of("movements")
    assert isinstance(movements, list)  # the setting's default, a fresh list
    return movements


def new_check_in_key() -> str:
    """The secret of a tournament's check-in link: 96 random bits (16 characters, URL-safe), so
    the link cannot be guessed from the tournament's id or from another tournament's link."""
    return secrets.token_urlsafe(12)


class TournamentQuerySet(models.QuerySet["Tournament"]):
    def for_user(self, user) -> "TournamentQuerySet":
        """Every tournament of the user's clubs, and those the user plays in (an entry of a
        player linked to their account); public tournaments for everyone."""
        if user.is_authenticated:
            plays = Entry.objects.filter(player__user=user).values("tournament_id")
            return self.filter(
                Q(is_public=True) | Q(club_id__in=Membership.club_ids_of(user)) | Q(pk__in=plays)
            )
        return self.filter(is_public=True)


class Tournament(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("date"), default=timezone.localdate)
    game = models.CharField(_("game"), max_length=10, choices=game_choices())
    preset = models.CharField(_("preset"), max_length=30)
    rules = models.JSONField(
        _("rules"), help_text=_("The full rule set every match of the tournament is played with.")
    )
    format = models.CharField(_("format"), max_length=20, choices=Format.choices)
    status = models.CharField(
        _("status"),
        max_length=14,
        choices=TournamentStatus.choices,
        default=TournamentStatus.REGISTRATION,
    )
    is_public = models.BooleanField(
        _("public"),
        default=default_of("is_public"),
        help_text=_("Anyone can follow the standings, seating, brackets and live scores."),
    )
    confirm_results = models.BooleanField(
        _("results need confirmation"),
        default=default_of("confirm_results"),
        help_text=_(
            "A table counts in the standings only once someone other than who entered it "
            "confirms it."
        ),
    )
    # Table formats (Scala 40, Ramino).
    rounds_planned = models.PositiveSmallIntegerField(
        _("rounds"),
        default=default_of("rounds_planned"),
        help_text=_("Qualifying rounds (rounds format) or Swiss rounds; 0 for Swiss: automatic."),
    )
    final_table_size = models.PositiveSmallIntegerField(
        _("final table"),
        default=default_of("final_table_size"),
        help_text=_("Players at the final table (0: no final table; knockout: 2 to 6)."),
    )
    advance = models.PositiveSmallIntegerField(
        _("players through per table"), null=True, blank=True
    )
    drop = models.PositiveSmallIntegerField(_("players out per table"), null=True, blank=True)
    table_size = models.PositiveSmallIntegerField(
        _("preferred table size"), default=default_of("table_size")
    )
    table_size_min = models.PositiveSmallIntegerField(
        _("smallest table"), default=default_of("table_size_min")
    )
    table_size_max = models.PositiveSmallIntegerField(
        _("largest table"), default=default_of("table_size_max")
    )
    first_seating = models.CharField(
        _("seating of round 1"),
        max_length=10,
        choices=SeatingMethod.choices,
        default=default_of("first_seating"),
    )
    seating = models.CharField(
        _("seating of later rounds"),
        max_length=10,
        choices=SeatingMethod.choices,
        default=default_of("seating"),
    )
    tie_breaks = models.JSONField(_("tie-breaks"), default=default_tie_breaks)
    placement_points = models.JSONField(
        _("placement points"),
        default=dict,
        blank=True,
        help_text=_("Points by table size, best place first; empty: linear from 7 to 1."),
    )
    # Gin formats.
    third_place = models.BooleanField(_("match for third place"), default=default_of("third_place"))
    grand_final_reset = models.BooleanField(
        _("grand final reset"), default=default_of("grand_final_reset")
    )
    cycles = models.PositiveSmallIntegerField(_("round robin cycles"), default=default_of("cycles"))
    # Burraco (BURRACO.md section 2-3)
    movements = models.JSONField(_("movements"), default=default_movements)
    hands_per_turno = models.PositiveSmallIntegerField(
        _("hands per turno"), default=default_of("hands_per_turno")
    )
    mitchell_skip = models.PositiveSmallIntegerField(
        _("Mitchell skip"), default=default_of("mitchell_skip")
    )
    italiana_groups = models.PositiveSmallIntegerField(
        _("groups of the all'italiana"), default=default_of("italiana_groups")
    )
    danese = models.CharField(_("danese"), max_length=12, default=default_of("danese"))
    grouping = models.CharField(
        _("partners in each group of four"), max_length=12, default=default_of("grouping")
    )
    bye_vp = models.PositiveSmallIntegerField(
        _("victory points of a bye"), default=default_of("bye_vp")
    )
    # null: derived (the lowest difference worth the bye's VP; the rest as a bye)
    bye_mp = models.PositiveSmallIntegerField(_("match points of a bye"), null=True, blank=True)
    rest_vp = models.PositiveSmallIntegerField(
        _("victory points of a pair whose opponents abandon"), null=True, blank=True
    )
    rest_mp = models.PositiveSmallIntegerField(
        _("match points of a pair whose opponents abandon"), null=True, blank=True
    )
    # Money.
    entry_fee = models.DecimalField(
        _("entry fee"), max_digits=8, decimal_places=2, default=default_of("entry_fee")
    )
    house_cut_percent = models.DecimalField(
        _("house cut (%)"), max_digits=5, decimal_places=2, default=default_of("house_cut_percent")
    )
    payout_percents = models.JSONField(_("payouts (%)"), default=default_payout_percents)
    payout_unit = models.DecimalField(
        _("payouts rounded to"), max_digits=8, decimal_places=2, default=default_of("payout_unit")
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"),
        default=default_of("round_minutes"),
        help_text=_("The round clock; 0: no clock."),
    )
    check_in_key = models.CharField(
        _("check-in key"),
        max_length=32,
        unique=True,
        default=new_check_in_key,
        editable=False,
        help_text=_(
            "The secret of the self check-in link and its QR code; a new one revokes the old."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(format__in=Format.values), name="tournament_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=TournamentStatus.values), name="tournament_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0), name="tournament_entry_fee_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(house_cut_percent__gte=0, house_cut_percent__lte=100),
                name="tournament_house_cut_percent",
            ),
            models.CheckConstraint(
                condition=Q(payout_unit__gt=0), name="tournament_payout_unit_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"pk": self.pk})


class Entry(models.Model):
    """A player entered in a tournament. Late arrivals play from `first_round` on; a player who
    drops keeps the results of the rounds played and is no longer seated."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    seed = models.PositiveIntegerField(_("seed"), help_text=_("1 is the best; registration order."))
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.REGISTERED
    )
    first_round = models.PositiveSmallIntegerField(_("plays from round"), default=1)
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)
    paid_at = models.DateTimeField(
        _("entry fee paid"),
        null=True,
        blank=True,
        help_text=_("When the director took the entry fee at the desk; empty while it is due."),
    )
    dropped_at = models.DateTimeField(_("dropped"), null=True, blank=True)
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)
    # Set by the entries page on each card it shows (`tournaments.views.core`); no columns.
    message_place: str
    can_come_back: bool

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_player_once"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="entry_seed_unique"),
            models.CheckConstraint(
                condition=Q(status__in=EntryStatus.values), name="entry_status_valid"
            ),
            models.CheckConstraint(condition=Q(seed__gte=1), name="entry_seed_positive"),
            models.CheckConstraint(
                condition=Q(first_round__gte=1), name="entry_first_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.player.name

    @property
    def has_paid(self) -> bool:
        """The director took the entry fee (`paid_at`): at the desk check-in, or marked paid
        beside the entry. A player who checks in by phone is here but has not paid. Fees are not
        given back to a player who drops: a dropped player who paid stays paid."""
        return self.paid_at is not None


class KeepApart(models.Model):
    """Players the director keeps at different tables in every seating of the tournament's table
    rounds (a family, a couple, the members of one club in an inter-club event). A hard group is
    never seated together (a seating that cannot keep it apart is refused); a soft one is kept
    apart when possible, and the seating report lists its pairs seated together."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="apart_groups",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=80, blank=True)
    hard = models.BooleanField(
        _("never at the same table"),
        default=False,
        help_text=_("Otherwise they are kept apart when possible."),
    )
    entries = models.ManyToManyField(Entry, related_name="apart_groups", verbose_name=_("players"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("keep-apart group")
        verbose_name_plural = _("keep-apart groups")
        ordering = ["tournament", "created_at", "pk"]

    def __str__(self) -> str:
        return self.name or ", ".join(entry.player.name for entry in self.entries.all())


class GuestCheckIn(models.Model):
    """A guest who checked in by the tournament's QR code with a typed name: the director
    approves it (which registers and checks in the guest: `entry`) or refuses it."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="guest_check_ins",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=120)
    status = models.CharField(
        _("status"), max_length=10, choices=GuestStatus.choices, default=GuestStatus.PENDING
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entry"),
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)

    class Meta:
        verbose_name = _("guest check-in")
        verbose_name_plural = _("guest check-ins")
        ordering = ["tournament", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=GuestStatus.values), name="guest_check_in_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """A round of a tournament. A bracket is one round whose tables appear as matches become
    ready. The round clock runs from `clock_started_at`, minus the time it was paused."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=12, choices=RoundKind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.SEATED
    )
    seating_method = models.CharField(
        _("seating"), max_length=10, choices=SeatingMethod.choices, blank=True
    )
    seed = models.BigIntegerField(
        _("seating seed"), default=0, help_text=_("The same seed gives the same seating.")
    )
    report = models.JSONField(_("seating report"), default=dict, blank=True)
    clock_started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("clock paused"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("seconds paused"), default=0)
    time_called_at = models.DateTimeField(_("time called"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(condition=Q(kind__in=RoundKind.values), name="round_kind_valid"),
            models.CheckConstraint(
                condition=Q(status__in=RoundStatus.values), name="round_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.get_kind_display()} {self.number}"

    def elapsed_seconds(self, now=None) -> int:
        """Seconds the clock has run: from its start, less the pauses, stopped at a time call."""
        if self.clock_started_at is None:
            return 0
        end = self.time_called_at or self.clock_paused_at or now or timezone.now()
        return max(
            int((end - self.clock_started_at).total_seconds()) - self.clock_paused_seconds, 0
        )

    def remaining_seconds(self, now=None) -> int | None:
        minutes = self.tournament.round_minutes
        if not minutes:
            return None
        return max(minutes * 60 - self.elapsed_seconds(now), 0)


class Table(models.Model):
    """A table of a round (for Gin, a pairing or a bracket match), and its match once started."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    bracket_match = models.PositiveSmallIntegerField(
        _("bracket match"), null=True, blank=True, help_text=_("The bracket's match number.")
    )
    match = models.OneToOneField(
        Match,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
        verbose_name=_("match"),
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    confirmed_revision = models.PositiveIntegerField(
        _("confirmed revision"),
        null=True,
        blank=True,
        help_text=_("The match revision confirmed; any later change needs a new confirmation."),
    )
    # Confirmed at the table by a phone that joined with the table code (no account): which
    # phone, and the name it gave. A director's confirmation over a dispute says why.
    confirmed_join = models.ForeignKey(
        "scoring.TableJoin",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed at the table by"),
    )
    confirmed_reason = models.TextField(_("reason of the director's confirmation"), blank=True)
    # A phone of the table said the result is not right: the director's console flags it.
    disputed_at = models.DateTimeField(_("disputed"), null=True, blank=True)
    dispute_message = models.TextField(_("what is not right"), blank=True)
    dispute_name = models.CharField(_("disputed by"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.UniqueConstraint(
                fields=["round", "bracket_match"],
                condition=Q(bracket_match__isnull=False),
                name="table_bracket_match_unique",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    # The result fields: set only by `confirm`, `dispute` and `clear_result`.
    RESULT_FIELDS = (
        "confirmed_by",
        "confirmed_join",
        "confirmed_reason",
        "confirmed_at",
        "confirmed_revision",
        "disputed_at",
        "dispute_message",
        "dispute_name",
    )

    def is_confirmed_for(self, match: Match | None) -> bool:
        return (
            match is not None
            and self.confirmed_revision is not None
            and self.confirmed_revision == match.revision
        )

    def result_counts(self, *, confirm_results: bool) -> bool:
        """THE rule of whether the table's result counts: its match is finished and, when the
        tournament asks for confirmation (`confirm_results`), confirmed at the match's current
        revision. `counted_match_q` is the same rule for a query of matches."""
        match = self.match
        if match is None or match.status != MatchStatus.FINISHED:
            return False
        return not confirm_results or self.is_confirmed_for(match)

    @staticmethod
    def counted_match_q() -> Q:
        """`result_counts` for a query of `Match` rows: a club night's finished match counts;
        a tournament table's once `result_counts` says so."""
        return Q(status=MatchStatus.FINISHED) & (
            Q(tournament_table__isnull=True)
            | Q(tournament_table__round__tournament__confirm_results=False)
            | Q(tournament_table__confirmed_revision=F("revision"))
        )

    def confirm(self, *, user, join, reason: str, revision: int) -> None:
        """Record the confirmation of the result at `revision`, by `user` (an account) or at the
        table by the phone of `join`; it ends a dispute, whose words stay (the console says what
        the director confirmed over). The caller (a service) has the tournament row locked and
        has asked `tournaments.rules.confirm_refusal`."""
        self.confirmed_by = user if join is None else None
        self.confirmed_join = join
        self.confirmed_reason = reason
        self.confirmed_at = timezone.now()
        self.confirmed_revision = revision
        self.disputed_at = None
        self.save(update_fields=self.RESULT_FIELDS[:6])

    def dispute(self, *, message: str, name: str) -> None:
        """Flag the result as not right for the director (`name` says who)."""
        self.disputed_at = timezone.now()
        self.dispute_message = message[:500]
        self.dispute_name = name[:150]
        self.save(update_fields=["disputed_at", "dispute_message", "dispute_name"])

    def clear_result(self) -> None:
        """Forget every confirmation and dispute (the table's match changes: nothing of what
        was said about the old result holds). Saves the result fields only."""
        self.confirmed_by = None
        self.confirmed_join = None
        self.confirmed_reason = ""
        self.confirmed_at = None
        self.confirmed_revision = None
        self.disputed_at = None
        self.dispute_message = ""
        self.dispute_name = ""
        self.save(update_fields=self.RESULT_FIELDS)


class TableSeat(models.Model):
    """Who sits at a table, in seat order (seat 1 deals first). `playoff_place` is a place the
    director entered after a play-off, for players tied across a knockout cut."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="seats", verbose_name=_("entry")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    playoff_place = models.PositiveSmallIntegerField(_("play-off place"), null=True, blank=True)

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(fields=["table", "entry"], name="table_entry_once"),
            models.CheckConstraint(condition=Q(seat__gte=1), name="table_seat_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.seat}"


class ResultFix(models.Model):
    """The director's word on a pairing or bracket match: a walkover, or a corrected winner.
    Append-only: a new fix supersedes the current one, which is kept; a fix with no winner
    clears the earlier fix (the match result counts again)."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="fixes", verbose_name=_("table")
    )
    winner = models.ForeignKey(
        Entry,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("winner"),
    )
    walkover = models.BooleanField(_("walkover"), default=False)
    reason = models.TextField(_("reason"))
    is_current = models.BooleanField(_("current"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("result fix")
        verbose_name_plural = _("result fixes")
        ordering = ["table", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(is_current=True), name="one_current_fix"
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="fix_needs_a_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.winner or '-'}"


class Reopening(models.Model):
    """A director reopened a finished tournament, to fix it: who, when, and why. Append-only:
    the tournament's history of reopenings (its matches take changes again until it is finished
    again)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="reopenings",
        verbose_name=_("tournament"),
    )
    reason = models.TextField(_("reason"))
    finished_at = models.DateTimeField(
        _("had finished"), help_text=_("When the tournament had finished before this reopening.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("reopened by"),
    )
    created_at = models.DateTimeField(_("reopened"), auto_now_add=True)

    class Meta:
        verbose_name = _("reopening")
        verbose_name_plural = _("reopenings")
        ordering = ["tournament", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="reopening_needs_a_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.reason}"
