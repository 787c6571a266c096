"""Signals of the scoring app, for the apps that build on it (tournaments) without a dependency
the wrong way round."""

from django.dispatch import Signal

# Sent inside the transaction that changed a match, after its cache was refreshed by a replay:
# `match` is the match, locked, with its new status and winner. A receiver that raises rolls
# the change back. `was_finished` says whether the match was finished before the change (None
# when the sender does not know).
match_changed = Signal()
