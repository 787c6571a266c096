"""Signals of the tournaments app, for the apps that build on it (pairings, club life) without a
dependency the wrong way round."""

from django.dispatch import Signal

# Sent inside the transaction of `tournaments.services.table_confirm` once a table's result is
# confirmed (its match now counts): `table` is the confirmed table, `tournament` its tournament
# (its row locked), `user` who confirmed. A receiver that raises rolls the confirmation back.
# Receivers: a bracket moves on (`pairings.services.on_table_confirmed`), the match is rated
# (`clublife.ratings.on_table_confirmed`).
table_confirmed = Signal()
