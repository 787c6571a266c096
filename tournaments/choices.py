"""The choices of tournaments' facts: formats, statuses, seating methods and round kinds (the
models import them from here; every module may import them from `tournaments.models`)."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Format(models.TextChoices):
    ROUNDS = "rounds", _("Rounds and final table")
    KNOCKOUT = "knockout", _("Knockout by tables")
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
    DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
    ROUND_ROBIN = "round_robin", _("Round robin")
    SWISS = "swiss", _("Swiss")
    BURRACO_PAIRS = "burraco_pairs", _("Burraco pairs (Mitchell, danese)")
    BURRACO_INDIVIDUAL = "burraco_individual", _("Burraco individual")
    BURRACO_TEAMS = "burraco_teams", _("Burraco teams")


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Running")
    FINISHED = "finished", pgettext_lazy("tournament", "Finished")


class SeatingMethod(models.TextChoices):
    RANDOM = "random", _("Random")
    SNAKE = "snake", _("Snake by seed")
    DANESE = "danese", _("Danese (by standings)")
    BALANCED = "balanced", _("Balanced")


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")
    CHECKED_IN = "checked_in", _("Checked in")
    DROPPED = "dropped", _("Dropped")


class GuestStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the director")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")


class RoundKind(models.TextChoices):
    QUALIFYING = "qualifying", _("Qualifying round")
    KNOCKOUT = "knockout", _("Knockout round")
    FINAL = "final", _("Final table")
    BRACKET = "bracket", _("Bracket")
    PAIRING = "pairing", _("Pairing round")
    TURNO = "turno", _("Turno")


class RoundStatus(models.TextChoices):
    SEATED = "seated", _("Seated")
    RUNNING = "running", _("Running")
    FINISHED = "finished", pgettext_lazy("round", "Finished")
