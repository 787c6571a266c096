"""Hypothesis' profiles: `ci`, the default (`make test`, `.ci/run`), and `deep` (`make fuzz`).

A property that sets its own example count keeps it in `ci` (it is what the property needs to
reach its cases, said beside it) and runs DEEP_FACTOR times as many under `deep`; a property that
sets none runs the profile's count.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
DEEP_FACTOR = 10

# Property tests are checked for what they find, not how fast: on two busy cores one example may
# take far longer than Hypothesis' 200 ms default deadline.
settings.register_profile("ci", deadline=None, max_examples=50)
settings.register_profile("deep", deadline=None, max_examples=1000)


def load() -> None:
    settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """`count` examples in the `ci` profile, DEEP_FACTOR times more in `deep`."""
    return count * DEEP_FACTOR if PROFILE == "deep" else count
