"""Benchmark of the Burraco tournament cores: `.venv/bin/python bench/burraco_seating.py`.

Plays a danese of 500 pairs (default) over 4 turni of 3 hands with random turno totals, seeded so
that every run plays the same evening: before each turno it times `danese_turno` (the seating,
`modificato`: no repeat where possible) and, after the last, `score_turno` for every turno and
`burraco_standings` with the chain `vp, mp, points, head_to_head, lot` (the pure part of the
standings: the database's share is measured by the services' query counts). Between turni the
standings, untimed, give the next turno's order. Prints, per turno, the CPU seconds (and the wall
seconds, which a busy machine stretches: the targets judge CPU), the step of `modificato` that
seated it and the repeats; then the standings' time.
Targets (issue 29): seating a danese turno of 500 pairs under 1 s; the standings of 500 pairs
over 4 turni under 0.5 s. Exits 1 when either is missed. Results go to docs/PERFORMANCE.md.

Options: `--pairs N` (odd: a bye every turno), `--turni T`, `--seed S`, `--profile` (cProfile of
the slowest turno's seating, top functions by own time).
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

from pairings.engine.burraco.danese import danese_turno
from pairings.engine.burraco.movements import TurnoSeating
from pairings.engine.burraco.standings import burraco_standings
from pairings.engine.burraco.turno import TableResult, TurnoScore, score_turno, turno_rules

SEATING_TARGET = 1.0
STANDINGS_TARGET = 0.5
CHAIN = ("vp", "mp", "points", "head_to_head", "lot")


def random_results(seating: TurnoSeating, rng: random.Random) -> list[TableResult]:
    """Each line's turno total: three hands of -300 to 1,200 points, in steps of 5."""
    return [
        TableResult(
            table.table,
            table.ns,
            table.eo,
            5 * sum(rng.randint(-60, 240) for _hand in range(3)),
            5 * sum(rng.randint(-60, 240) for _hand in range(3)),
        )
        for table in seating.tables
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=4)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    pairs = [f"C{number:03d}" for number in range(1, options.pairs + 1)]
    lots = {pair: index for index, pair in enumerate(pairs)}
    rules = turno_rules(3)
    seatings: list[TurnoSeating] = []
    results: list[tuple[int, list[TableResult], tuple[str | int, ...]]] = []
    ranked: list[str | int] = list(pairs)
    print(f"python {platform.python_version()} on {platform.processor() or platform.machine()}")
    print(f"{options.pairs} pairs, {options.turni} turni of 3 hands, danese modificato")
    print("turno  CPU s  wall s  step        repeats  byes")
    times, slowest = [], None
    for number in range(1, options.turni + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        seated = danese_turno(ranked, number, seatings, last_turno=number == options.turni)
        elapsed, wall = time.process_time() - start_cpu, time.perf_counter() - start
        times.append(elapsed)
        if slowest is None or elapsed > max(times[:-1], default=0):
            slowest = (number, list(ranked), list(seatings))
        print(
            f"{number:5d}  {elapsed:5.3f}  {wall:6.3f}  {seated.step:<11}  "
            f"{len(seated.repeats):7d}  {len(seated.seating.byes):4d}"
        )
        seatings.append(seated.seating)
        results.append((number, random_results(seated.seating, rng), seated.seating.byes))
        scores = [score_turno(rules, n, tables, byes) for n, tables, byes in results]
        ranked = burraco_standings(pairs, scores, CHAIN, lots=lots).ranked()

    start, start_cpu = time.perf_counter(), time.process_time()
    scores_: list[TurnoScore] = [score_turno(rules, n, tables, byes) for n, tables, byes in results]
    standings = burraco_standings(pairs, scores_, CHAIN, lots=lots)
    standings_cpu, standings_wall = time.process_time() - start_cpu, time.perf_counter() - start
    settled = sum(row.settled_by is not None for row in standings.rows)
    print(
        f"standings after {options.turni} turni: {standings_cpu:.3f} s of CPU "
        f"({standings_wall:.3f} s wall), {settled} ties settled by a key after vp"
    )
    worst = max(times)
    met = worst < SEATING_TARGET and standings_cpu < STANDINGS_TARGET
    print(
        f"slowest seating: {worst:.3f} s of CPU (target {SEATING_TARGET:.1f} s); standings "
        f"{standings_cpu:.3f} s (target {STANDINGS_TARGET:.1f} s); load average "
        f"{os.getloadavg()[0]:.1f}: {'MET' if met else 'MISSED'}"
    )
    if options.profile and slowest is not None:
        number, ranked, previous = slowest
        profiler = cProfile.Profile()
        profiler.runcall(danese_turno, ranked, number, previous)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
