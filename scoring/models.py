"""Matches at a table, and their events: the facts. Scores are derived by the engine's replay.

An event (a hand, a re-entry, a withdrawal, a time call) is a `MatchEvent` slot with append-only
`EventVersion` rows: recording writes version 1, a correction adds a version and marks the old one
superseded, voiding adds a void version with its reason. Nothing is ever deleted. The current
versions, in order, are the match's event list in the match document format (DESIGN.md), keyed by
the players' names as they were when the match started (`MatchPlayer.name`).

The totals, statuses and winner stored on `Match` and `MatchPlayer` are a cache of the last replay,
written in the same transaction as the event that changed them.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from clubs.permissions import visible_matches


class Game(models.TextChoices):
    SCALA40 = "scala40", _("Scala 40")
    RAMINO = "ramino", _("Ramino")
    GIN = "gin", _("Gin Rummy")
    BURRACO = "burraco", _("Burraco")


def is_played(game: str) -> bool:
    """Whether a match of `game` may be stored: the engine may score a game the application does
    not play yet, whose presets no form, API or service takes."""
    return game in Game.values


class MatchStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", _("Finished")


class PlayerStatus(models.TextChoices):
    IN_PLAY = "in_play", _("In play")
    ELIMINATED = "eliminated", _("Eliminated")
    OUT = "out", _("Out for good")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    WINNER = "winner", _("Winner")


class EventKind(models.TextChoices):
    HAND = "hand", _("Hand")
    REENTRY = "reentry", _("Re-entry")
    WITHDRAW = "withdraw", _("Withdrawal")
    TIME_CALL = "time_call", _("Time call")


class EndedBy(models.TextChoices):
    LAST_IN_PLAY = "last_in_play", _("Last player in play")
    SCALA_REALE = "scala_reale", _("Scala reale")
    POCKERISSIMO = "pockerissimo", _("Pokerissimo")
    TARGET = "target", _("Target reached")
    HANDS = "hands", _("Hands won")
    TIME = "time", _("Time called")


class ClosedReason(models.TextChoices):
    """Why a match takes no more changes; the label is the refusal the user reads."""

    TOURNAMENT_FINISHED = (
        "tournament_finished",
        _(
            "This match belongs to a finished tournament: the director must reopen the "
            "tournament to change it."
        ),
    )


class MatchQuerySet(models.QuerySet["Match"]):
    def for_user(self, user) -> "MatchQuerySet":
        """The matches the user may see (`clubs.permissions.can_see_match`): every match of the
        user's clubs; for everyone, the finished matches of public clubs and the matches in
        progress of the public clubs that show them live."""
        return self.filter(visible_matches(user, finished=Q(status=MatchStatus.FINISHED)))


class Match(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="matches", verbose_name=_("club")
    )
    game = models.CharField(_("game"), max_length=10, choices=Game.choices)
    preset = models.CharField(_("preset"), max_length=30)
    rules = models.JSONField(
        _("rules"), help_text=_("The full rule set the match was started with.")
    )
    table_label = models.CharField(_("table"), max_length=40, blank=True)
    first_dealer_seat = models.PositiveSmallIntegerField(_("first dealer's seat"), default=1)
    status = models.CharField(
        _("status"), max_length=12, choices=MatchStatus.choices, default=MatchStatus.IN_PROGRESS
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("started by"),
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    revision = models.PositiveIntegerField(
        _("revision"), default=0, help_text=_("Grows with every change; pages poll it.")
    )
    # Cache of the last replay.
    winner = models.ForeignKey(
        "MatchPlayer", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    ended_by = models.CharField(_("ended by"), max_length=14, choices=EndedBy.choices, blank=True)
    dealer_seat = models.PositiveSmallIntegerField(_("next dealer's seat"), null=True, blank=True)
    pot_total = models.DecimalField(_("pot"), max_digits=10, decimal_places=2, default=0)
    hand_count = models.PositiveIntegerField(_("hands"), default=0)
    import_digest = models.CharField(
        _("import digest"),
        max_length=64,
        blank=True,
        default="",
        editable=False,
        help_text=_(
            "For an imported match: the SHA-256 of its document and day, so the same import sent "
            "again finds this match instead of making another."
        ),
    )
    start_key = models.CharField(
        _("start key"),
        max_length=64,
        blank=True,
        default="",
        editable=False,
        help_text=_(
            "The idempotency key of the form that started the match: the same form sent again "
            "(Back, then submit) finds this match instead of starting another."
        ),
    )
    # Set by a higher app (a finished tournament closes its matches); blank: the match is open.
    closed_because = models.CharField(
        _("closed because"), max_length=24, choices=ClosedReason.choices, blank=True, default=""
    )
    closed_at = models.DateTimeField(_("closed on"), null=True, blank=True)
    # A club night's result countersigned by the other line (a game whose kind says
    # `countersigned_by_lines`): by a phone holding a seat (`confirmed_join`) or an account, at
    # the match's revision; any later change needs a new confirmation. Set only by `confirm`.
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_join = models.ForeignKey(
        "TableJoin",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed at the table by"),
    )
    confirmed_name = models.CharField(_("confirmed by (name)"), max_length=150, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    confirmed_revision = models.PositiveIntegerField(
        _("confirmed revision"),
        null=True,
        blank=True,
        help_text=_("The match revision confirmed; any later change needs a new confirmation."),
    )

    objects = MatchQuerySet.as_manager()

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-started_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(game__in=Game.values), name="match_game_valid"),
            models.CheckConstraint(
                condition=Q(status__in=MatchStatus.values), name="match_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer_seat__gte=1), name="match_first_dealer_seat_positive"
            ),
            models.CheckConstraint(condition=Q(pot_total__gte=0), name="match_pot_not_negative"),
            models.UniqueConstraint(
                fields=["club", "import_digest"],
                condition=~Q(import_digest=""),
                name="match_import_digest_unique_per_club",
            ),
            models.UniqueConstraint(
                fields=["club", "start_key"],
                condition=~Q(start_key=""),
                name="match_start_key_unique_per_club",
            ),
            models.CheckConstraint(
                condition=Q(closed_because="", closed_at__isnull=True)
                | Q(closed_because__in=ClosedReason.values, closed_at__isnull=False),
                name="match_closed_has_reason_and_time",
            ),
        ]
        indexes = [models.Index(fields=["club", "status", "-started_at"])]

    def __str__(self) -> str:
        label = f" {self.table_label}" if self.table_label else ""
        return f"{self.get_game_display()}{label} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:match", kwargs={"pk": self.pk})

    @property
    def is_finished(self) -> bool:
        return self.status == MatchStatus.FINISHED

    @property
    def is_closed(self) -> bool:
        """Whether the match refuses every change (see `scoring.services`)."""
        return bool(self.closed_because)

    @property
    def is_countersigned(self) -> bool:
        """A club night's result confirmed by the other line, as the match stands now."""
        return self.confirmed_revision is not None and self.confirmed_revision == self.revision

    def confirm(self, *, user, join, name: str) -> None:
        """Record the countersignature of the result at the match's revision, by `user` (an
        account) or at the table by the phone of `join`, said as `name`. The caller (a service)
        has the match row locked and has asked `scoring.countersign.match_confirm_refusal`."""
        self.confirmed_by = user if join is None else None
        self.confirmed_join = join
        self.confirmed_name = name[:150]
        self.confirmed_at = timezone.now()
        self.confirmed_revision = self.revision
        self.save(
            update_fields=[
                "confirmed_by",
                "confirmed_join",
                "confirmed_name",
                "confirmed_at",
                "confirmed_revision",
            ]
        )

    @property
    def closed_message(self) -> str:
        return str(ClosedReason(self.closed_because).label) if self.closed_because else ""


class MatchPlayer(models.Model):
    """A player's seat at a match, with the cached result of the last replay."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="seats", verbose_name=_("match")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    name = models.CharField(
        _("name"), max_length=80, help_text=_("The player's name when the match started.")
    )
    total = models.IntegerField(_("total"), default=0)
    status = models.CharField(
        _("status"), max_length=12, choices=PlayerStatus.choices, default=PlayerStatus.IN_PLAY
    )
    reentries = models.PositiveSmallIntegerField(_("re-entries"), default=0)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    hands_won = models.PositiveSmallIntegerField(_("hands won"), default=0)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="seat_unique_per_match"),
            models.UniqueConstraint(fields=["match", "player"], name="player_once_per_match"),
            models.UniqueConstraint(fields=["match", "name"], name="name_unique_per_match"),
            models.CheckConstraint(condition=Q(seat__gte=1), name="seat_positive"),
            models.CheckConstraint(
                condition=Q(status__in=PlayerStatus.values), name="seat_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class MatchEvent(models.Model):
    """One event of a match, at a fixed position; its content lives in its versions."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="events", verbose_name=_("match")
    )
    number = models.PositiveIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=10, choices=EventKind.choices)
    idempotency_key = models.CharField(
        _("idempotency key"),
        max_length=64,
        blank=True,
        default="",
        help_text=_("Made by the page: a retried submission records the event once."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    # Cache of the replay, beside `MatchStateCache`: the engine's snapshot right after this event
    # as the match stands (`engine.progress.snapshot_data`), None while void or not yet written.
    result = models.JSONField(_("result"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="event_number_unique"),
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="event_idempotency_key_unique",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="event_number_positive"),
            models.CheckConstraint(condition=Q(kind__in=EventKind.values), name="event_kind_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.number}"


class EventVersion(models.Model):
    """An append-only version of an event: what was recorded, by whom, when and why."""

    event = models.ForeignKey(
        MatchEvent, on_delete=models.CASCADE, related_name="versions", verbose_name=_("event")
    )
    version = models.PositiveIntegerField(_("version"))
    data = models.JSONField(_("data"), help_text=_("The event in the match document format."))
    is_current = models.BooleanField(_("current"), default=True)
    is_void = models.BooleanField(_("void"), default=False)
    reason = models.TextField(_("reason"), blank=True)
    revision = models.PositiveIntegerField(
        _("revision"),
        default=0,
        help_text=_(
            "The match's revision this version made: what changed since a phone's view of the "
            "match are the versions with a higher one."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    table_join = models.ForeignKey(
        "TableJoin",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="versions",
        verbose_name=_("entered with the table code by"),
        help_text=_("The phone that wrote this version with the match's table code, if one did."),
    )
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("event version")
        verbose_name_plural = _("event versions")
        ordering = ["event", "version"]
        constraints = [
            models.UniqueConstraint(fields=["event", "version"], name="event_version_unique"),
            models.UniqueConstraint(
                fields=["event"], condition=Q(is_current=True), name="one_current_version"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="event_version_positive"),
            models.CheckConstraint(
                condition=Q(is_void=False) | ~Q(reason=""), name="void_needs_a_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} v{self.version}"


class MatchStateCache(models.Model):
    """The engine's live state after the match's latest event (`scoring.engine.progress`): a
    cache beside the events, never the truth. Written by the services in the transaction that
    writes an event, with the match row locked: a new event is applied to it, a correction or a
    void replays the match from its events and writes it again. It follows the match's
    `revision` it was written at; one that does not follow the match's revision is not read
    (the match is replayed instead). `rebuild_match_states` writes it again from the events."""

    match = models.OneToOneField(
        Match,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="state_cache",
        verbose_name=_("match"),
    )
    revision = models.PositiveIntegerField(_("revision"))
    events = models.PositiveIntegerField(_("events"), help_text=_("The last event's number."))
    hands = models.PositiveIntegerField(
        _("hands"), help_text=_("Hands recorded, voided ones included: the last hand's number.")
    )
    void_hands = models.PositiveIntegerField(_("void hands"), default=0)
    latest_hands = models.JSONField(
        _("latest hands"),
        default=list,
        help_text=_("The latest hands, oldest first, as [event number, void]."),
    )
    data = models.JSONField(_("state"))

    class Meta:
        verbose_name = _("match state cache")
        verbose_name_plural = _("match state caches")

    def __str__(self) -> str:
        return f"{self.match_id} @ {self.revision}"


# Table codes: a phone without an account enters one match ------------------------------------

# No look-alikes: no I, L, O, 0 or 1. 31 symbols, 6 of them: 31**6 = 887,503,681 codes
# (the arithmetic against guessing is in docs/API.md, "Table codes").
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


class TableCode(models.Model):
    """The short code printed beside the QR code of a match's score sheet. A phone that scans or
    types it joins that match (`TableJoin`) and may enter its hands (`scoring.table_access`).
    Regenerating makes a new current code and revokes the old one with every phone it let in;
    the rows stay, so the history still says which code entered what."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="table_codes", verbose_name=_("match")
    )
    code = models.CharField(_("code"), max_length=12, unique=True)
    is_current = models.BooleanField(_("current"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    correction_until = models.DateTimeField(
        _("correction allowed until"),
        null=True,
        blank=True,
        help_text=_(
            "A director let the table's phones correct a finished and confirmed result until then."
        ),
    )

    class Meta:
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        ordering = ["match", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"], condition=Q(is_current=True), name="one_current_table_code"
            ),
            models.CheckConstraint(
                condition=Q(is_current=True, revoked_at__isnull=True)
                | Q(is_current=False, revoked_at__isnull=False),
                name="table_code_revoked_is_not_current",
            ),
        ]

    def __str__(self) -> str:
        return self.code


class TableJoin(models.Model):
    """A phone that joined a match with its table code: the phone's session holds this row's id
    (`scoring.table_access`), `session` is a digest of that session's key for the audit, `name`
    the name the phone gave, `number` its order among the code's phones ("phone 2").

    A phone's identity at the table is its `seat`: it joined as that player, and a seat has one
    phone at a time (until the director releases it: `released_at`). A join without a seat is
    a follower, read-only. `user` is the account that was logged in when the phone joined: what
    the phone writes is that user's too, for every rule (`scoring.table_access`)."""

    code = models.ForeignKey(
        TableCode, on_delete=models.CASCADE, related_name="joins", verbose_name=_("table code")
    )
    number = models.PositiveSmallIntegerField(_("phone"))
    name = models.CharField(_("name"), max_length=40)
    session = models.CharField(_("session"), max_length=16)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    seat = models.ForeignKey(
        MatchPlayer,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="phones",
        verbose_name=_("seat"),
        help_text=_("The player this phone joined as; empty: a follower, read-only."),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("account"),
        help_text=_("The account logged in on the phone when it joined, if any."),
    )
    released_at = models.DateTimeField(
        _("seat released"),
        null=True,
        blank=True,
        help_text=_("The director freed the seat for another phone: this one only follows now."),
    )

    class Meta:
        verbose_name = _("phone joined by table code")
        verbose_name_plural = _("phones joined by table code")
        ordering = ["code", "number"]
        constraints = [
            models.UniqueConstraint(fields=["code", "number"], name="table_join_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_join_number_positive"),
            models.UniqueConstraint(
                fields=["code", "seat"],
                condition=Q(seat__isnull=False, released_at__isnull=True),
                name="table_join_one_phone_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code.code})"

    @property
    def label(self) -> str:
        """Who the phone is, as the console and the sheet say it: "Anna's phone" for the phone
        of Anna's seat, "Marta (Anna's phone)" when it gave another name, else its name."""
        seat = self.seat.name if self.seat_id is not None and self.seat else ""
        if not seat:
            return self.name
        if self.name == seat:
            return str(_("%(seat)s's phone") % {"seat": seat})
        return str(_("%(name)s (%(seat)s's phone)") % {"name": self.name, "seat": seat})

    @property
    def holds_seat(self) -> bool:
        """Whether the phone sits at the table as a player now (else it follows, read-only)."""
        return self.seat_id is not None and self.released_at is None
