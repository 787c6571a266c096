"""Round robin (girone all'italiana): every player meets every other, once per cycle.

`round_robin(players, cycles=1)` returns every round at once, by the circle method: one player
stays put and the others turn around them by one place each round. With an odd number of players
the fixed place is a bye (turno di riposo), so the bye moves to a different player every round and
each player has exactly one per cycle.

Who deals first (the "white" of a chess pairing) is balanced: in a cycle each player deals first
in half their matches, one more or one fewer when that number is odd. The second cycle of a double
round robin repeats the first with the dealer swapped in every match, so over two cycles every
pair has dealt first once each.
"""

from __future__ import annotations

from collections.abc import Sequence

from .brackets import PlayerId, check_players
from .errors import TournamentError
from .errors import gettext_noop as _
from .standings import Pairing, Round

BAD_CYCLES = _("The number of cycles must be a whole number of at least 1.")


def round_robin(players: Sequence[PlayerId], *, cycles: int = 1) -> tuple[Round, ...]:
    """All the rounds of a round robin of `players` played `cycles` times (1 single, 2 double).

    Rounds are numbered from 1 across cycles; a cycle has n - 1 rounds for n even, n for n odd.
    Tables are numbered in the order of the circle. Refuses fewer than 2 players, a player entered
    twice and a number of cycles that is not a whole number of at least 1.
    """
    players = check_players(players)
    if isinstance(cycles, bool) or not isinstance(cycles, int) or cycles < 1:
        raise TournamentError(BAD_CYCLES, field="cycles")
    first_cycle = _cycle(players)
    rounds = []
    for cycle in range(cycles):
        swap = cycle % 2 == 1
        for index, (pairs, bye) in enumerate(first_cycle):
            pairings = tuple(
                Pairing(table, *((second, first) if swap else (first, second)))
                for table, (first, second) in enumerate(pairs, start=1)
            )
            rounds.append(Round(cycle * len(first_cycle) + index + 1, pairings, bye))
    return tuple(rounds)


def _cycle(
    players: tuple[PlayerId, ...],
) -> list[tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]]:
    """The rounds of one cycle: (pairs as (deals first, second), player with the bye)."""
    # The fixed place is the bye when the count is odd, else the first player.
    circle: list[PlayerId | None] = [None, *players] if len(players) % 2 else list(players)
    size = len(circle)
    fixed, ring = circle[0], circle[1:]
    rounds = []
    for number in range(size - 1):
        turned = ring[number:] + ring[:number]
        line = [fixed, *turned]
        pairs: list[tuple[PlayerId, PlayerId]] = []
        bye = None
        for table in range(size // 2):
            top, bottom = line[table], line[size - 1 - table]
            if top is None or bottom is None:
                bye = bottom if top is None else top
                continue
            # Players on the ring spend as many rounds on the top half as on the bottom half, so
            # "top deals first" balances them; the fixed player alternates instead.
            if table == 0 and number % 2 == 1:
                top, bottom = bottom, top
            pairs.append((top, bottom))
        rounds.append((pairs, bye))
    return rounds
