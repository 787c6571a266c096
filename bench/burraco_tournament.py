"""Benchmark of a Burraco pairs tournament in the database (issue 29), run by hand:
`.venv/bin/python bench/burraco_tournament.py`.

Builds, in a throwaway test database (SQLite in memory, or the test copy of DATABASE_URL's
database), a `burraco_pairs` tournament of 500 pairs (1,000 checked-in entries, written with
bulk_create) with its default movements, Mitchell x3 then danese, each turno of 3 hands. Every
turno is seated by the service the director's console calls, `turno_seat`, and played as at the
club: each table's three hands are entered one by one (`scoring.services.hand_record`, as the
scorekeeper's page does), then the director confirms the table (`table_confirm`). Untimed (about
a minute at 500 pairs: 2,250 hands, 750 confirmations), that leaves the facts of real play:
finished matches with their line totals, the tables confirmed.

Then it measures:
- (a) `turno_seat` of the 4th turno (danese, 500 pairs): the whole service, the standings that
  order the pairs, the seating and its writes (250 tables, 1,000 seats, 250 matches, the table
  codes), wall and CPU seconds and queries; each pass runs in a transaction of its own, rolled
  back after it but for the last (kept and played), so every pass seats the same turno (the
  commit is not timed);
- (b) `pairings.burraco.selectors.burraco_standings(tournament)` after the 4 turni, best of
  `--repeat` passes, and its queries.
It does the same at a tenth of the pairs (50; at least 12: 3 Mitchell turni need 3 tables, and
the danese a field to choose from), to show the number of queries does not grow. Targets
(issue 29): the danese turno of 500 pairs seated under 1 s, the standings under 0.5 s (both
judged in CPU time, the best pass; the wall time, which a busy machine stretches, is printed
beside it), the standings in the same number of queries at both sizes. Exits 1 when a target
is missed. Results go to docs/PERFORMANCE.md.

Options: `--pairs N` (default 500), `--repeat R` (timed passes, default 3), `--seed S`,
`--profile` (cProfile, in CPU time, of one more seating and standings of the
largest size, top functions by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from clubs.models import Club, Membership, Player, Role, User  # noqa: E402
from pairings.burraco import services as burraco  # noqa: E402
from pairings.burraco.selectors import burraco_standings  # noqa: E402
from pairings.models import Pair  # noqa: E402
from scoring import services as scoring  # noqa: E402
from scoring.models import Match, MatchStatus  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Entry, EntryStatus, Round, Tournament  # noqa: E402

SEATING_TARGET = 1.0
STANDINGS_TARGET = 0.5
TURNI = 4


class Rollback(Exception):
    """Raised inside a timed pass's atomic block to undo what it wrote."""


def tallone(rng: random.Random) -> dict[str, Any]:
    """A hand that ends with the stock used up, both pozzetti taken: each line melded 0 to 400
    and holds 0 to 100 in hand (a hand total of -100 to 400; the 108 cards are worth 1,080)."""
    return {
        "type": "hand",
        "end": "tallone",
        "lines": {
            line: {
                "pozzetto_taken": True,
                "melded": 5 * rng.randint(0, 80),
                "in_hand": 5 * rng.randint(0, 20),
            }
            for line in ("NS", "EO")
        },
    }


def build(pairs: int, seed: int) -> tuple[Tournament, User, User]:
    """A club, its director and scorekeeper, and a Burraco pairs tournament of `pairs` pairs,
    every player checked in (bulk_create: the registration is not what is measured)."""
    rng = random.Random(seed)
    now = timezone.now()
    club = Club.objects.create(name=f"Circolo {pairs}", slug=f"bench-burraco-{pairs}")
    director, scorekeeper = (User(username=f"{role}-{pairs}") for role in ("dir", "score"))
    for user, role in ((director, Role.DIRECTOR), (scorekeeper, Role.SCOREKEEPER)):
        user.set_unusable_password()
        user.save()
        Membership.objects.create(club=club, user=user, role=role)
    tournament = services.tournament_create(
        club=club,
        user=director,
        name=f"Torneo di Burraco {pairs}",
        preset="burraco",
        format="burraco_pairs",
    )
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Giocatore {number:04d}") for number in range(1, 2 * pairs + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(
            tournament=tournament,
            player=player,
            seed=seed_number,
            status=EntryStatus.CHECKED_IN,
            checked_in_at=now,
            paid_at=now,
        )
        for seed_number, player in enumerate(players, start=1)
    )
    Pair.objects.bulk_create(
        Pair(
            tournament=tournament,
            number=number,
            first=entries[2 * number - 2],
            second=entries[2 * number - 1],
            lot=rng.randrange(1_000_000),
        )
        for number in range(1, pairs + 1)
    )
    return tournament, director, scorekeeper


def play(round: Round, director: User, scorekeeper: User, rng: random.Random) -> None:
    """Every table of the turno: three random hands (`tallone`) entered one by one by the
    scorekeeper (`hand_record`: the match finishes with the third), then confirmed by the
    director (`table_confirm`)."""
    tables = list(round.tables.select_related("match", "round__tournament").order_by("number"))
    for table in tables:
        hands = [tallone(rng) for _hand in range(3)]
        assert table.match is not None
        for hand in hands:
            scoring.hand_record(match=table.match, user=scorekeeper, data=hand)
    for table in tables:
        services.table_confirm(table=table, user=director)
    finished = Match.objects.filter(tournament_table__round=round, status=MatchStatus.FINISHED)
    assert finished.count() == len(tables)


STATEMENT = re.compile(r'^(INSERT INTO|UPDATE|DELETE FROM|SELECT .*? FROM) "?(\w+)"?', re.S)


class QueryCounter:
    """Counts the statements sent to the database (Django's `execute_wrapper`), but the
    savepoints of the atomic blocks, by kind and table ("INSERT tournaments_tableseat")."""

    def __init__(self) -> None:
        self.count = 0
        self.kinds: Counter[str] = Counter()

    def __call__(self, execute, sql, params, many, context):
        if "SAVEPOINT" not in sql:
            self.count += 1
            found = STATEMENT.match(sql)
            verb = found and found.group(1).split()[0]
            self.kinds[f"{verb} {found.group(2)}" if found else sql[:30]] += 1
        return execute(sql, params, many, context)

    def repeated(self) -> str:
        """The statements sent more than once, most first."""
        return ", ".join(f"{kind} x{n}" for kind, n in self.kinds.most_common() if n > 1)


def measure(function: Callable[[], Any], repeat: int, undo: bool = False):
    """Best and mean wall seconds of `repeat` calls, the best CPU seconds, the queries of the
    last call and its answer. With `undo`, every pass but the last is rolled back."""
    walls, cpus = [], []
    answer: Any = None
    for number in range(repeat):
        last = number == repeat - 1
        counter = QueryCounter()
        try:
            with transaction.atomic(), connection.execute_wrapper(counter):
                start, start_cpu = time.perf_counter(), time.process_time()
                answer = function()
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - start_cpu)
                if undo and not last:
                    raise Rollback
        except Rollback:
            pass
    return min(walls), sum(walls) / len(walls), min(cpus), counter, answer


def report(pairs: int, options: argparse.Namespace, profile: bool) -> dict[str, tuple[float, int]]:
    rng = random.Random(options.seed)
    start = time.perf_counter()
    tournament, director, scorekeeper = build(pairs, options.seed)
    for _number in range(1, TURNI):
        round = burraco.turno_seat(tournament=tournament, user=director)
        play(round, director, scorekeeper, rng)
    built = time.perf_counter() - start
    print(f"{pairs} pairs ({2 * pairs} entries), turni 1-3 seated and played in {built:.1f} s")
    results = {}
    if profile:  # rolled back: the timed passes seat the same turno
        profiled(lambda: burraco.turno_seat(tournament=tournament, user=director), undo=True)
    best, mean, cpu, queries, round = measure(
        lambda: burraco.turno_seat(tournament=tournament, user=director), options.repeat, undo=True
    )
    assert isinstance(round, Round) and round.report["movement"] == "danese"
    print(
        f"  turno_seat (danese)  best {best:.3f} s  mean {mean:.3f} s  cpu {cpu:.3f} s  "
        f"{queries.count} queries  ({round.tables.count()} tables, step {round.report['step']}, "
        f"{len(round.report['repeats'])} repeats)\n"
        f"    sent more than once: {queries.repeated() or 'none'}"
    )
    results["seat"] = (cpu, queries.count)
    play(round, director, scorekeeper, rng)
    best, mean, cpu, queries, standings = measure(
        lambda: burraco_standings(tournament), options.repeat
    )
    assert len(standings.rows) == pairs and standings.turni_counted == TURNI
    assert all(row.played == TURNI for row in standings.rows)
    print(
        f"  burraco_standings    best {best:.3f} s  mean {mean:.3f} s  cpu {cpu:.3f} s  "
        f"{queries.count} queries"
    )
    results["standings"] = (cpu, queries.count)
    if profile:
        profiled(lambda: burraco_standings(tournament))
    return results


def profiled(function: Callable[[], object], undo: bool = False) -> None:
    profiler = cProfile.Profile(time.process_time)  # CPU: a busy machine does not skew it
    try:
        with transaction.atomic():
            profiler.runcall(function)
            if undo:
                raise Rollback
    except Rollback:
        pass
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()

    setup_test_environment(debug=False)  # as the tests and production: no query log
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(
            f"python {platform.python_version()} on "
            f"{platform.processor() or platform.machine()}, {connection.vendor}, "
            f"{os.cpu_count()} CPUs, load average "
            + " ".join(f"{load:.1f}" for load in os.getloadavg())
        )
        small = report(max(options.pairs // 10, 12), options, False)
        large = report(options.pairs, options, options.profile)
        vendor = connection.vendor
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    seat_cpu, seat_queries = large["seat"]
    standings_cpu, standings_queries = large["standings"]
    seat_met = seat_cpu < SEATING_TARGET
    standings_met = standings_cpu < STANDINGS_TARGET and standings_queries == small["standings"][1]
    print(
        f"danese turno of {options.pairs} pairs seated in {seat_cpu:.3f} s of CPU (target "
        f"{SEATING_TARGET} s), {seat_queries} queries ({small['seat'][1]} at a tenth of the "
        f"size): {'MET' if seat_met else 'MISSED'}"
    )
    print(
        f"standings of {options.pairs} pairs over {TURNI} turni: {standings_cpu:.3f} s of CPU "
        f"(target {STANDINGS_TARGET} s), {standings_queries} queries "
        f"({small['standings'][1]} at a tenth of the size): "
        f"{'MET' if standings_met else 'MISSED'}; load average "
        + " ".join(f"{load:.1f}" for load in os.getloadavg())
    )
    if vendor == "sqlite":
        print(
            "(SQLite: Django splits an INSERT of more than 999 values, so the seating's tables, "
            "seats, matches, match players and table codes take more INSERTs as the tables grow; "
            "PostgreSQL has no such split)"
        )
    return 0 if seat_met and standings_met else 1


if __name__ == "__main__":
    raise SystemExit(main())
