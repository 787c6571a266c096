"""Signals of the scoring app, for the apps that build on it (tournaments) without a dependency
the wrong way round."""

from django.dispatch import Signal

# Sent inside the transaction that changed a match, after its cache was refreshed by a replay:
# `match` is the match, locked, with its new status and winner. A receiver that raises rolls
# the change back. `was_finished` says whether the match was finished before the change (None
# when the sender does not know).
# A service that changes many matches at once sends `matches_changed` instead (below).
match_changed = Signal()

# `match_changed` for many matches at once, sent once by the services that change a batch of
# matches in one transaction (`scoring.services.matches_start`: a round's matches started;
# `matches_call_time`: time called on a whole round, through `scoring.cache.refresh_caches`), so
# that its receivers do their work for the batch in a number of queries that does not grow with
# it. `matches` are the matches, locked, with their new status and winner; `was_finished` maps
# each one's id to whether it was finished before the change. A receiver that raises rolls the
# whole batch back. Every receiver of `match_changed` receives this one too, and does for each
# match what it does for one.
matches_changed = Signal()
