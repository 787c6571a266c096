"""Scala 40 matches as long as a benchmark needs, within the rules (bench/floor.py, bench/load.py).

The rules refuse an elimination threshold above `THRESHOLD_MAX` (10,000), so a match that must
never end takes that threshold, and its hands come from a `ScoreSheet`, which never takes a
player to it: each opponent of the closer pays 0 to `most` points while that keeps their total,
counting every hand the sheet has given (recorded or not), below the threshold, and 0 after.
Pure Python: the load benchmark's client imports it without Django.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine.rules import THRESHOLD_MAX

OPTIONS = {"elimination_at": THRESHOLD_MAX}  # the match_start options of a long match
MOST_POINTS = 120  # a hand's points when nothing limits them: what a losing hand often costs


def most_points_for(hands: int) -> int:
    """The most points a hand may give so that `hands` hands take nobody to the threshold."""
    return max(1, min(MOST_POINTS, (THRESHOLD_MAX - 1) // max(1, hands)))


class ScoreSheet:
    """The hands of one long match, in the engine's match document format (names, not seats)."""

    def __init__(self, names: Iterable[str], rng: random.Random, most: int = MOST_POINTS) -> None:
        self.names = list(names)
        self.rng = rng
        self.most = most
        self.paid = dict.fromkeys(self.names, 0)  # an upper bound of every total

    def hand(self) -> dict:
        closer = self.rng.choice(self.names)
        points = {}
        for name in self.names:
            if name == closer:
                continue
            room = THRESHOLD_MAX - 1 - self.paid[name]
            points[name] = self.rng.randint(0, max(0, min(self.most, room)))
            self.paid[name] += points[name]
        return {"type": "hand", "closer": closer, "points": points}
