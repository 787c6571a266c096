"""Benchmark of Swiss pairing, run by hand: `.venv/bin/python bench/pairing.py`.

Plays a Swiss tournament of 512 players (default) over `default_rounds(512)` = 9 rounds (default)
with random results, seeded so that every run plays the same tournament, and times each call of
`pair_swiss` (the standings between rounds are computed untimed). Prints, for every round, the
seconds it took, the path the pairing took (ideal pairing / local repair / exact matching on the
whole field), the rematches in the ideal pairing that had to be repaired, the pairs that float
between score groups, "extra D" (rule D of `pairings.engine.swiss`: the sum of squared score
differences above the least possible, 0 when the score groups were kept with the fewest floats)
and the rematches left; then the worst round against the target.

Results are draws with probability `--draws` (default 0.05: Gin matches rarely end level, but a
draw makes odd score groups and floats, which is the hard case) and otherwise a random winner;
`--odd` drops one player so that every round has a bye. Results go to docs/PERFORMANCE.md.

Options: `--players N`, `--rounds R`, `--seed S`, `--draws P`, `--odd`, `--profile` (cProfile of
the slowest round's pairing, top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairings.engine import swiss
from pairings.engine.standings import MatchResult, Round, pairing_standings
from pairings.engine.swiss import SwissEntry, default_rounds, pair_swiss

TARGET_SECONDS_PER_ROUND = 2.0


class PathSpy:
    """Records which path `swiss._pair` took, by wrapping the module's helpers."""

    def __init__(self) -> None:
        self.repairs = self.exact_whole_field = self.conflicts = 0
        self._repair = swiss._repair
        self._exact = swiss._exact

    def install(self) -> None:
        def repair(field, ideal, conflicts, partner):
            self.repairs += 1
            self.conflicts += len(conflicts)
            return self._repair(field, ideal, conflicts, partner)

        def exact(field, players, partner, *, with_bye):
            if len(players) == len(field.ranked):
                self.exact_whole_field += 1
            return self._exact(field, players, partner, with_bye=with_bye)

        swiss._repair = repair
        swiss._exact = exact

    def reset(self) -> None:
        self.repairs = self.exact_whole_field = self.conflicts = 0

    def path(self) -> str:
        if self.exact_whole_field:
            return "exact, whole field"
        return "local repair" if self.repairs else "ideal"


@dataclass
class Row:
    number: int
    seconds: float
    path: str
    groups: int
    conflicts: int
    floats: int
    extra: int  # rule D: sum of squared differences above the ideal pairing's lower bound
    rematches: int


def rounds_of(args: argparse.Namespace) -> Iterator[tuple[list[SwissEntry], list[Round]]]:
    """Yield (entries, rounds so far) before each round; the caller appends the round it pairs.

    Results of the round just paired are drawn at random before the next standings.
    """
    rng = random.Random(args.seed)
    players = list(range(1, args.players - (1 if args.odd else 0) + 1))
    rounds: list[Round] = []
    results: list[MatchResult] = []
    for _ in range(args.rounds):
        byes = [round.bye for round in rounds if round.bye is not None]
        points = {row.player: row.points for row in pairing_standings(players, results, byes=byes)}
        yield [SwissEntry(player, points[player]) for player in players], rounds
        for pairing in rounds[-1].pairings:
            winner = None if rng.random() < args.draws else rng.choice(pairing.players)
            results.append(MatchResult(pairing.first, pairing.second, winner))


def measure(entries: list[SwissEntry], previous: list[Round], round: Round) -> tuple[int, ...]:
    """(score groups, floats, extra squared differences, rematches) of `round`."""
    field = swiss._Field(entries, previous)
    pairs = [pairing.players for pairing in round.pairings]
    ideal = swiss._ideal_pairs(field, [p for p in field.ranked if p != round.bye])
    extra = sum(field.difference(*p) for p in pairs) - sum(field.difference(*p) for p in ideal)
    floats = sum(field.units[a] != field.units[b] for a, b in pairs)
    rematches = sum(field.meetings(*pair) > 0 for pair in pairs)
    return len(set(field.units.values())), floats, extra, rematches


def play(args: argparse.Namespace) -> list[Row]:
    spy = PathSpy()
    spy.install()
    rows = []
    for entries, rounds in rounds_of(args):
        spy.reset()
        start = time.perf_counter()
        round = pair_swiss(entries, rounds)
        seconds = time.perf_counter() - start
        groups, floats, extra, rematches = measure(entries, rounds, round)
        rows.append(
            Row(round.number, seconds, spy.path(), groups, spy.conflicts, floats, extra, rematches)
        )
        rounds.append(round)
    return rows


def profile_round(args: argparse.Namespace, number: int) -> None:
    """Play the same tournament again and profile the pairing of round `number`."""
    for entries, rounds in rounds_of(args):
        if len(rounds) == number - 1:
            profiler = cProfile.Profile()
            profiler.enable()
            pair_swiss(entries, rounds)
            profiler.disable()
            print(f"\n--- cProfile of round {number}: top 20 by own time")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
            return
        rounds.append(pair_swiss(entries, rounds))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--rounds", type=int, help="rounds to pair (default: default_rounds)")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--draws", type=float, default=0.05, help="probability of a draw")
    parser.add_argument("--odd", action="store_true", help="one player fewer: a bye every round")
    parser.add_argument("--profile", action="store_true", help="cProfile the slowest round")
    args = parser.parse_args(argv)
    args.rounds = args.rounds or default_rounds(args.players)

    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {os.cpu_count()} CPUs"
    )
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
        print(f"Load average at start (1, 5, 15 min): {load}")
    count = args.players - (1 if args.odd else 0)
    print(f"Swiss, {count} players, {args.rounds} rounds, draws {args.draws:.0%}, seed {args.seed}")
    rows = play(args)
    print(
        f"\n{'round':>5}{'seconds':>9}  {'path':<20}{'groups':>7}{'repaired':>9}{'floats':>7}"
        f"{'extra D':>8}{'rematches':>10}"
    )
    for row in rows:
        print(
            f"{row.number:>5}{row.seconds:>9.3f}  {row.path:<20}{row.groups:>7}{row.conflicts:>9}"
            f"{row.floats:>7}{row.extra:>8}{row.rematches:>10}"
        )
    worst = max(rows, key=lambda row: row.seconds)
    mean = sum(row.seconds for row in rows) / len(rows)
    verdict = "met" if worst.seconds < TARGET_SECONDS_PER_ROUND else "NOT met"
    print(
        f"\nmean {mean:.3f} s per round, worst {worst.seconds:.3f} s (round {worst.number}); "
        f"target under {TARGET_SECONDS_PER_ROUND:.0f} s per round: {verdict}"
    )
    if args.profile:
        profile_round(args, worst.number)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
