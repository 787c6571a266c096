"""The pairings tests read pages and messages in English, as the tournaments tests do."""

from tests.tournaments.conftest import client, english

__all__ = ["client", "english"]
