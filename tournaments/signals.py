"""Signals of the tournaments app, for the apps that build on it (club life) without a dependency
the wrong way round."""

from django.dispatch import Signal

# Sent inside the transaction of `tournaments.services.table_confirm` once a table's result is
# confirmed (its match now counts): `table` is the confirmed table. A receiver that raises rolls
# the confirmation back.
table_confirmed = Signal()
