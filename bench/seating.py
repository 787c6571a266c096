"""Benchmark of the `balanced` seating, run by hand: `.venv/bin/python bench/seating.py`.

Seats 200 players (tables of 3 to 5, preferring 4) for 8 rounds with `balanced`. Between rounds
it feeds back random table results (a seeded shuffle gives every table its places and penalty
points), computes the standings and passes their places as the next round's ranks, as the Django
layer will. It times `seat_round` alone and prints, for every round, the CPU seconds it took (and
the wall seconds, which a busy machine stretches: the target judges CPU), the repeat meetings it
had to leave and the least possible (the report's bound), the first-seat spread and how many
players sit away from their standing's tables; then the slowest round.
Target: under 2 s of CPU per round. Results go to docs/PERFORMANCE.md.

Options: `--players N`, `--rounds R`, `--seed S`, `--apart G` (G keep-apart groups of 4 random
players, every other one hard), `--profile` (cProfile of the slowest round's seating, top
functions by own time).
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.engine.seating import Method, seat_round
from tournaments.engine.seating_apart import ApartGroup
from tournaments.engine.table_standings import SeatResult, TableResult, standings

TARGET_SECONDS = 2.0


def random_results(tables, rng: random.Random) -> list[TableResult]:
    """Every table finishes in a random order, with penalty points growing with the place."""
    results = []
    for table in tables:
        finish = list(table)
        rng.shuffle(finish)
        seats = tuple(
            SeatResult(
                player=player,
                place=place,
                penalty=(place - 1) * 40 + rng.randrange(40),
                won=place == 1,
            )
            for place, player in enumerate(finish, start=1)
        )
        results.append(TableResult(seats=seats))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--apart", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    players = [f"P{number:03d}" for number in range(1, options.players + 1)]
    ranks = {player: 1 for player in players}
    apart = [
        ApartGroup(tuple(rng.sample(players, 4)), hard=number % 2 == 1, name=f"G{number}")
        for number in range(options.apart)
    ]
    history: list[tuple[tuple[str, ...], ...]] = []
    results: list[list[TableResult]] = []
    print(f"python {platform.python_version()} on {platform.processor() or platform.machine()}")
    print(f"{options.players} players, {options.rounds} rounds, balanced seating")
    if apart:
        print(f"{len(apart)} keep-apart groups of 4 players")
    print(
        "round  CPU s  wall s  repeats  bound  first-seat spread  displaced (tables away, summed)"
    )
    times = []
    walls = []
    slowest = None
    for number in range(1, options.rounds + 1):
        seed = rng.randrange(2**31)
        start, start_cpu = time.perf_counter(), time.process_time()
        result = seat_round(ranks, method=Method.BALANCED, seed=seed, history=history, apart=apart)
        elapsed = time.process_time() - start_cpu
        walls.append(time.perf_counter() - start)
        times.append(elapsed)
        if slowest is None or elapsed > times[slowest[0] - 1]:
            slowest = (number, dict(ranks), list(history), seed)
        report = result.report
        print(
            f"{number:5d}  {elapsed:5.3f}  {walls[-1]:6.3f}  {len(report.repeats):7d}  "
            f"{report.repeat_bound:5d}  "
            f"{report.first_seat_spread:17d}  {len(report.displaced):9d} "
            f"({sum(abs(distance) for _player, distance in report.displaced)})"
        )
        history.append(result.seating.tables)
        results.append(random_results(result.seating.tables, rng))
        ranks = standings(results).places()
    worst = max(times)
    mean = sum(times) / len(times)
    print(
        f"slowest round: {worst:.3f} s of CPU (target {TARGET_SECONDS:.1f} s); mean {mean:.3f} s; "
        f"slowest wall {max(walls):.3f} s, load average {os.getloadavg()[0]:.1f}: "
        f"{'MET' if worst < TARGET_SECONDS else 'MISSED'}"
    )
    if options.profile and slowest is not None:
        _number, ranks, history, seed = slowest
        profiler = cProfile.Profile()
        profiler.runcall(
            seat_round, ranks, method=Method.BALANCED, seed=seed, history=history, apart=apart
        )
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return 0 if worst < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
