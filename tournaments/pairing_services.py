"""Gin tournaments: brackets, round robin and Swiss (being written)."""

from tournaments.models import Tournament


def on_match_changed(sender, match, **kwargs) -> None:
    """A scoring match changed: a bracket moves its players on."""


def check_finished(tournament: Tournament) -> None:
    """Refuse to finish a Gin tournament that is not over."""
