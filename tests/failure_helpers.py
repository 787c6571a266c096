"""A worker that dies in the middle of a request, for tests/test_failures_postgres.py.

Run as `python -m tests.failure_helpers MATCH_ID` with DATABASE_URL naming the test database: it
records one Scala 40 hand on the match through `scoring.services.hand_record` and, once every row
of the hand is written but before the transaction commits (the `match_changed` signal is sent
last, inside the transaction), prints READY and sleeps until the test kills it.
"""

from __future__ import annotations

import os
import sys
import time


def main(match_id: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from scoring import services
    from scoring.models import Match
    from scoring.signals import match_changed

    def stall(sender, match, **kwargs):
        print("READY", flush=True)
        time.sleep(120)  # the test kills the process long before

    match_changed.connect(stall, weak=False)
    match = Match.objects.get(pk=match_id)
    services.hand_record(match=match, user=None, data=KILLED_HAND)
    print("COMMITTED", flush=True)  # never reached: the test fails if it is


# The hand the killed worker was recording (charges nobody could mistake for another hand's).
KILLED_HAND = {"closer": "Anna", "points": {"Bruno": 77, "Carla": 66, "Dario": 55}}

if __name__ == "__main__":
    main(int(sys.argv[1]))
