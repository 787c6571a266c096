"""Benchmark of the scoring engine's `replay`, run by hand: `.venv/bin/python bench/engine.py`.

Builds random but valid matches first (seeded, so every run replays the same matches), then times
only `replay(rules, players, events)` over all of them, on one core, and prints hands per second
for each workload and in total. Results go to docs/PERFORMANCE.md.

Workloads (10,000 matches each; `--quick`: 1,000):
- `scala40-club`: 6 players, 101 `>=`, flat 100 for not opened, re-entries (the club preset);
- `gin-standard`: one game to 100;
- `gin-hollywood`: three games at once, to 100 each.

A match is generated one event at a time from the engine's own state (a replay of the events so
far, untimed), so every generated event is one the rules accept; a refusal while generating is a
bug in this file or in the engine and stops the run.

The generated matches are moved out of the cyclic garbage collector's reach (`gc.freeze()`) before
timing, so that a pass costs what the replays cost and not a walk over 30,000 stored matches;
the collector stays on for what the replays allocate.

Options: `--quick`, `--matches N`, `--seed S`, `--repeat R` (timed passes; the best is reported),
`--profile` (cProfile of one pass per workload, top functions by own time), `--pin CORE`.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import (
    EngineError,
    Event,
    GinHand,
    GinRules,
    Hand,
    MatchState,
    Reentry,
    RuleSet,
    Status,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)
from scoring.engine.rules import PenaltyRules

TARGET_HANDS_PER_SECOND = 50_000
SCALA40_PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
GIN_PLAYERS = ("Nord", "Sud")
MAX_EVENTS = 120  # a match still running after this many events gets a time call


@dataclass(frozen=True)
class Match:
    players: tuple[str, ...]
    events: tuple[Event, ...]

    @property
    def hands(self) -> int:
        return sum(isinstance(event, Hand | GinHand) for event in self.events)


@dataclass(frozen=True)
class Workload:
    label: str
    rules: RuleSet
    matches: tuple[Match, ...]

    @property
    def hands(self) -> int:
        return sum(match.hands for match in self.matches)

    @property
    def events(self) -> int:
        return sum(len(match.events) for match in self.matches)


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds (`time.perf_counter`) of the best and median pass, and the CPU seconds
    (`time.process_time`) of the best: on a busy machine the wall clock also counts the time the
    process waited for a core, the CPU time does not."""

    workload: Workload
    seconds: float
    median: float
    cpu_seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.workload.hands / self.seconds

    @property
    def hands_per_cpu_second(self) -> float:
        return self.workload.hands / self.cpu_seconds


# --- generation (untimed) ------------------------------------------------------------------------


class _Builder:
    """Grows one match event by event, keeping the engine's state after the last event."""

    def __init__(self, rules: RuleSet, players: tuple[str, ...]) -> None:
        self.rules = rules
        self.players = players
        self.events: list[Event] = []
        self.state: MatchState = replay(rules, players, ())

    def add(self, event: Event) -> None:
        candidate = [*self.events, event]
        try:
            self.state = replay(self.rules, self.players, candidate)
        except EngineError as error:
            raise SystemExit(
                f"generator bug: {error!r} for {event!r} after {len(self.events)} events"
            ) from error
        self.events = candidate

    def statuses(self, status: Status) -> list[str]:
        return [player.name for player in self.state.players if player.status == status]

    def match(self) -> Match:
        return Match(self.players, tuple(self.events))


def scala40_match(rng: random.Random, rules: RuleSet) -> Match:
    """A 6-player Scala 40 match to its end (or a time call after MAX_EVENTS)."""
    if not isinstance(rules, PenaltyRules):
        raise TypeError("scala40_match needs a penalty-point rule set")
    match = _Builder(rules, SCALA40_PLAYERS)
    while not match.state.finished:
        if len(match.events) >= MAX_EVENTS:
            match.add(TimeCall())
            break
        for name in match.statuses(Status.ELIMINATED):
            in_play = len(match.state.in_play)
            if in_play >= rules.reentry_min_in_play and rng.random() < 0.7:
                match.add(Reentry(name))
            elif in_play == 1:
                match.add(Withdraw(name))  # declines; only possible with reentry_min_in_play 1
        if match.state.finished:
            break
        in_play = match.state.in_play
        if len(in_play) > 2 and rng.random() < 0.01:
            match.add(Withdraw(rng.choice(in_play)))
            continue
        match.add(_scala40_hand(rng, in_play))
    return match.match()


def _scala40_hand(rng: random.Random, in_play: Sequence[str]) -> Hand:
    closer = rng.choice(in_play)
    points: dict[str, int] = {}
    not_opened: list[str] = []
    for name in in_play:
        if name == closer:
            continue
        if rng.random() < 0.05:
            not_opened.append(name)
        elif rng.random() < 0.1:
            points[name] = rng.randint(40, 110)
        else:
            points[name] = rng.randint(0, 30)
    return Hand(
        closer=closer, points=points, in_hand=rng.random() < 0.04, not_opened=frozenset(not_opened)
    )


def gin_match(rng: random.Random, rules: RuleSet) -> Match:
    """A Gin match (one game, or Hollywood's three) to its end."""
    if not isinstance(rules, GinRules):
        raise TypeError("gin_match needs a Gin rule set")
    match = _Builder(rules, GIN_PLAYERS)
    while not match.state.finished:
        if len(match.events) >= MAX_EVENTS:
            match.add(TimeCall())
            break
        match.add(_gin_hand(rng, rules))
    return match.match()


def _gin_hand(rng: random.Random, rules: GinRules) -> GinHand:
    roll = rng.random()
    if roll < 0.05:
        return GinHand(result="dead")
    knocker = rng.choice(GIN_PLAYERS)
    defender = GIN_PLAYERS[1] if knocker == GIN_PLAYERS[0] else GIN_PLAYERS[0]
    defender_deadwood = rng.randint(0, 60)
    if roll < 0.08 and rules.big_gin_bonus is not None:
        return GinHand("big_gin", knocker, {knocker: 0, defender: defender_deadwood})
    if roll < 0.25:
        return GinHand("gin", knocker, {knocker: 0, defender: defender_deadwood})
    deadwood = {knocker: rng.randint(1, rules.knock_limit), defender: defender_deadwood}
    return GinHand("knock", knocker, deadwood)


WORKLOADS: tuple[tuple[str, Callable[[random.Random, RuleSet], Match]], ...] = (
    ("scala40-club", scala40_match),
    ("gin-standard", gin_match),
    ("gin-hollywood", gin_match),
)


def build(preset: str, make: Callable[[random.Random, RuleSet], Match], count: int, seed: int):
    rng = random.Random(f"{seed}:{preset}")
    rules = rules_for(preset)
    return Workload(preset, rules, tuple(make(rng, rules) for _ in range(count)))


# --- timing --------------------------------------------------------------------------------------


def replay_all(workload: Workload) -> None:
    rules = workload.rules
    for match in workload.matches:
        replay(rules, match.players, match.events)


def time_workload(workload: Workload, repeat: int) -> Timing:
    replay_all(workload)  # warm-up, and a last check that every match replays
    passes: list[tuple[float, float]] = []
    for _ in range(repeat):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        replay_all(workload)
        passes.append((time.perf_counter() - start, time.process_time() - start_cpu))
    best, best_cpu = min(passes)
    return Timing(workload, best, statistics.median(wall for wall, _cpu in passes), best_cpu)


def profile_workload(workload: Workload, top: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    replay_all(workload)
    profiler.disable()
    print(f"\n--- cProfile, {workload.label}: top {top} by own time")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


# --- report --------------------------------------------------------------------------------------


def pin_to_core(core: int | None) -> str:
    """Pin this process to `core` when asked; the replays run on one thread either way."""
    if core is None:
        return "one thread, not pinned (--pin CORE to pin)"
    if not hasattr(os, "sched_setaffinity"):
        return "one thread, not pinned (no sched_setaffinity here)"
    os.sched_setaffinity(0, {core})
    return f"one thread, pinned to core {core}"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def print_header(core: str) -> None:
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"Machine: {platform.machine()}, {cpu_model()}, {platform.platform()}")
    print(f"CPUs: {os.cpu_count()}; {core}")
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
        print(f"Load average at start (1, 5, 15 min): {load} (other work skews the times)")


def print_results(timings: list[Timing]) -> None:
    print(
        f"\n{'workload':<15}{'matches':>8}{'hands':>9}{'events':>9}{'best s':>8}{'median s':>10}"
        f"{'hands/s':>10}{'us/match':>10}{'cpu s':>8}{'hands/cpu s':>13}"
    )
    for timing in timings:
        workload = timing.workload
        per_match = timing.seconds / len(workload.matches) * 1e6
        print(
            f"{workload.label:<15}{len(workload.matches):>8,}{workload.hands:>9,}"
            f"{workload.events:>9,}{timing.seconds:>8.3f}{timing.median:>10.3f}"
            f"{timing.hands_per_second:>10,.0f}{per_match:>10.1f}"
            f"{timing.cpu_seconds:>8.3f}{timing.hands_per_cpu_second:>13,.0f}"
        )
    hands = sum(t.workload.hands for t in timings)
    seconds = sum(t.seconds for t in timings)
    cpu_seconds = sum(t.cpu_seconds for t in timings)
    matches = sum(len(t.workload.matches) for t in timings)
    events = sum(t.workload.events for t in timings)
    print(
        f"{'total':<15}{matches:>8,}{hands:>9,}{events:>9,}{seconds:>8.3f}{'':>10}"
        f"{hands / seconds:>10,.0f}{'':>10}{cpu_seconds:>8.3f}{hands / cpu_seconds:>13,.0f}"
    )
    slowest = min(timings, key=lambda t: t.hands_per_second)
    verdict = "met" if slowest.hands_per_second >= TARGET_HANDS_PER_SECOND else "NOT met"
    print(
        f"\ntarget {TARGET_HANDS_PER_SECOND:,} hands/s (wall clock) in every workload: {verdict} "
        f"(slowest: {slowest.workload.label}, {slowest.hands_per_second:,.0f} hands/s)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1,000 matches per workload")
    parser.add_argument("--matches", type=int, help="matches per workload (default 10,000)")
    parser.add_argument("--seed", type=int, default=40, help="seed of the generator")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes; the best counts")
    parser.add_argument("--profile", action="store_true", help="cProfile one pass per workload")
    parser.add_argument("--pin", type=int, metavar="CORE", help="pin the process to this core")
    args = parser.parse_args(argv)
    count = args.matches or (1_000 if args.quick else 10_000)

    print_header(pin_to_core(args.pin))
    started = time.perf_counter()
    workloads = [build(preset, make, count, args.seed) for preset, make in WORKLOADS]
    print(
        f"Generated {count:,} matches per workload (seed {args.seed}) in "
        f"{time.perf_counter() - started:.1f} s (untimed); timed passes: {args.repeat}, best kept."
    )
    # The generated matches are the benchmark's data, not the replay's garbage: keep the cyclic
    # collector from walking them again and again while replays allocate.
    gc.collect()
    gc.freeze()
    timings = [time_workload(workload, args.repeat) for workload in workloads]
    print_results(timings)
    if args.profile:
        for workload in workloads:
            profile_workload(workload)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
