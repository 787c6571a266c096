"""Benchmark of the standings of a table tournament, run by hand:
`.venv/bin/python bench/standings.py`.

Builds, in a throwaway test database (SQLite in memory, or the test copy of DATABASE_URL's
database), a `rounds` tournament of 1,000 entries with 10 qualifying rounds played: every round
seats everyone at tables of 4 in a seeded shuffle, and every table has a finished, confirmed
scoring match with random places, totals and winner (written with bulk_create, untimed; the
services are not what is measured). Then it times `selectors.tournament_view` and
`selectors.table_standings` (which reads the view itself) several times, and counts their
queries. It does the same at a tenth of the size, to show the count does not grow. Target: the
standings under 0.5 s of CPU (the best pass; wall time, which a busy machine stretches, is
printed beside it), with the same number of queries at both sizes. Results go to
docs/PERFORMANCE.md.

Options: `--entries N` (default 1000), `--rounds R` (default 10), `--repeat R` (timed passes,
default 5; best and mean reported), `--seed S`.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from clubs.models import Club, Player  # noqa: E402
from scoring.engine import rules_for  # noqa: E402
from scoring.models import Match, MatchPlayer, MatchStatus  # noqa: E402
from tournaments import selectors  # noqa: E402
from tournaments.models import (  # noqa: E402
    Entry,
    EntryStatus,
    Format,
    Round,
    RoundKind,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)

TARGET_SECONDS = 0.5
TABLE = 4


def build(entries: int, rounds: int, seed: int) -> Tournament:
    """A running `rounds` tournament of `entries` players with `rounds` rounds played and
    confirmed, written with bulk_create."""
    rng = random.Random(seed)
    now = timezone.now()
    rules = rules_for("scala40", {}).to_dict()
    club = Club.objects.create(name=f"Circolo {entries}", slug=f"bench-standings-{entries}")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Giocatore {number:04d}") for number in range(1, entries + 1)
    )
    tournament = Tournament.objects.create(
        club=club,
        name=f"Bench {entries} x {rounds}",
        game="scala40",
        preset="scala40",
        rules=rules,
        format=Format.ROUNDS,
        status=TournamentStatus.RUNNING,
        rounds_planned=rounds,
        entry_fee=10,
    )
    entry_rows = Entry.objects.bulk_create(
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
    for number in range(1, rounds + 1):
        round = Round.objects.create(
            tournament=tournament,
            number=number,
            kind=RoundKind.QUALIFYING,
            status=RoundStatus.FINISHED,
            seating_method="random",
            seed=number,
            clock_started_at=now,
            time_called_at=now,
        )
        order = list(entry_rows)
        rng.shuffle(order)
        seated = [order[start : start + TABLE] for start in range(0, len(order), TABLE)]
        matches = Match.objects.bulk_create(
            Match(
                club=club,
                game="scala40",
                preset="scala40",
                rules=rules,
                table_label=f"Table {table_number}",
                status=MatchStatus.FINISHED,
                finished_at=now,
                revision=3,
                ended_by="time",
                hand_count=3,
            )
            for table_number in range(1, len(seated) + 1)
        )
        tables = Table.objects.bulk_create(
            Table(
                round=round,
                number=table_number,
                match=match,
                confirmed_at=now,
                confirmed_revision=match.revision,
            )
            for table_number, match in enumerate(matches, start=1)
        )
        TableSeat.objects.bulk_create(
            TableSeat(table=table, entry=entry, seat=seat)
            for table, players_at in zip(tables, seated, strict=True)
            for seat, entry in enumerate(players_at, start=1)
        )
        match_players = []
        for match, players_at in zip(matches, seated, strict=True):
            finish = list(range(len(players_at)))
            rng.shuffle(finish)
            for seat, (entry, rank) in enumerate(zip(players_at, finish, strict=True), start=1):
                match_players.append(
                    MatchPlayer(
                        match=match,
                        player_id=entry.player_id,
                        seat=seat,
                        name=players[entry.seed - 1].name,
                        total=rank * 40 + rng.randrange(40),
                        status="winner" if rank == 0 else "in_play",
                        place=rank + 1,
                    )
                )
        created = MatchPlayer.objects.bulk_create(match_players)
        winners = {seat.match_id: seat.pk for seat in created if seat.place == 1}
        for match in matches:
            match.winner_id = winners[match.pk]
        Match.objects.bulk_update(matches, ["winner"])
    return tournament


def measure(function, repeat: int) -> tuple[float, float, float, int]:
    """Best and mean wall seconds of `repeat` calls, the best CPU seconds of this process (a
    fairer figure on a busy machine), and the queries of one call."""
    times, cpu = [], []
    for _pass in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    with CaptureQueriesContext(connection) as queries:
        function()
    return min(times), sum(times) / len(times), min(cpu), len(queries)


def report(entries: int, rounds: int, seed: int, repeat: int) -> tuple[float, int]:
    start = time.perf_counter()
    tournament = build(entries, rounds, seed)
    built = time.perf_counter() - start
    tables = entries // TABLE + (1 if entries % TABLE else 0)
    print(
        f"{entries} entries, {rounds} rounds ({rounds * tables} tables, "
        f"{rounds * entries} seats), built in {built:.1f} s"
    )
    standings = selectors.table_standings(tournament)
    assert len(standings.rows) == entries and standings.rounds_counted == rounds
    assert all(row.tables == rounds for row in standings.rows)
    worst = (0.0, 0)
    for name, function in (
        ("tournament_view", lambda: selectors.tournament_view(tournament)),
        ("table_standings", lambda: selectors.table_standings(tournament)),
        ("final_ranking", lambda: selectors.final_ranking(tournament)),
    ):
        best, mean, cpu, queries = measure(function, repeat)
        print(
            f"  {name:16s} best {best:.3f} s  mean {mean:.3f} s  cpu {cpu:.3f} s  {queries} queries"
        )
        if name == "table_standings":
            worst = (cpu, queries)
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(
            f"python {platform.python_version()} on "
            f"{platform.processor() or platform.machine()}, {connection.vendor}, "
            f"{os.cpu_count()} CPUs, load average "
            + " ".join(f"{load:.1f}" for load in os.getloadavg())
        )
        _small_seconds, small_queries = report(
            max(options.entries // 10, TABLE), options.rounds, options.seed, options.repeat
        )
        seconds, queries = report(options.entries, options.rounds, options.seed, options.repeat)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    met = seconds < TARGET_SECONDS and queries == small_queries
    print(
        f"standings of {options.entries} entries: {seconds:.3f} s of CPU (target "
        f"{TARGET_SECONDS} s), {queries} queries ({small_queries} at a tenth of the size): "
        f"{'MET' if met else 'MISSED'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
