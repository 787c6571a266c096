"""What a round costs the database: `.venv/bin/python bench/rounds.py`.

For each size of `--tables` (default 5 and 50 tables of 4 players), it makes a rounds
tournament of Scala 40 in its own PostgreSQL database (bin/start-postgres tallone_rounds, dropped
at the end; `--sqlite`: SQLite in memory), enters and checks in the players, seats round 1
(untimed), then counts the queries (Django's `CaptureQueriesContext`) and times (wall and CPU
seconds of this process) the director's three round-wide actions, through the services the
views call:

- starting the round (`round_start`: every table's match and the clock);
- calling time (`round_call_time` by the scorekeeper, the director's deputy, after one hand at
  every table: every match ends);
- confirming a table (`table_confirm` by the director, one request of the desk a table: the
  most queries one took, and the mean seconds).

Targets (issue 27): starting a round of 50 tables in at most 40 queries and under 0.2 s (quiet
machine); calling time, and each confirmation, in a number of queries that does not grow with
the tables. It prints MET or MISSED and does not exit non-zero for a missed target (figures go
to docs/PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import time
from pathlib import Path

from throwaway_database import create_database, drop_database

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "tallone_rounds"
TABLE = 4
TARGET_QUERIES = 40
TARGET_SECONDS = 0.2


def setup_django(url: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=url,
        ALLOWED_HOSTS="testserver",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def measure(function) -> tuple[int, float, float]:
    """Queries, wall seconds and CPU seconds of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return len(queries), wall, cpu


def one_size(tables: int, seed: int) -> dict[str, tuple[int, float, float]]:
    """The three actions on a round of `tables` tables; {action: (queries, wall s, CPU s)}."""
    from clubs.models import Club, Membership, Player, Role, User
    from scoring import services as scoring
    from tournaments import services
    from tournaments.models import Format

    club = Club.objects.create(name=f"Circolo {tables}", slug=f"bench-rounds-{tables}")
    director, scorekeeper = (User(username=f"{role}-{tables}") for role in ("dir", "score"))
    for user, role in ((director, Role.DIRECTOR), (scorekeeper, Role.SCOREKEEPER)):
        user.set_unusable_password()
        user.save()
        Membership.objects.create(club=club, user=user, role=role)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Giocatore {number:03d}") for number in range(tables * TABLE)
    )
    tournament = services.tournament_create(
        club=club, user=director, name=f"Coppa {tables}", preset="scala40", format=Format.ROUNDS
    )
    services.entries_register(tournament=tournament, user=director, players=players, check_in=True)
    round = services.round_seat(tournament=tournament, user=director, seed=seed)
    assert round.tables.count() == tables, round.tables.count()
    results = {"start the round": measure(lambda: services.round_start(round=round, user=director))}
    rng = random.Random(seed)
    for table in round.tables.select_related("match"):
        names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
        points = {name: rng.randrange(1, 60) for name in names[1:]}
        hand = {"closer": names[0], "points": points}
        scoring.hand_record(match=table.match, user=scorekeeper, data=hand)
    round.refresh_from_db()
    results["call time"] = measure(lambda: services.round_call_time(round=round, user=scorekeeper))

    # one request of the desk a table: the most queries of one, the mean seconds
    confirmed = [
        measure(lambda table=table: services.table_confirm(table=table, user=director))
        for table in round.tables.order_by("number")
    ]
    results["confirm a table (each)"] = (
        max(queries for queries, _wall, _cpu in confirmed),
        sum(wall for _queries, wall, _cpu in confirmed) / len(confirmed),
        sum(cpu for _queries, _wall, cpu in confirmed) / len(confirmed),
    )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="5,50", help="round sizes, in tables of 4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sqlite", action="store_true", help="SQLite in memory")
    options = parser.parse_args(argv)
    sizes = sorted({int(tables) for tables in options.tables.split(",")})
    url = "sqlite://:memory:" if options.sqlite else create_database(DATABASE)
    try:
        setup_django(url)
        from django.db import connection

        vendor = connection.vendor
        results = {tables: one_size(tables, options.seed) for tables in sizes}
    finally:
        if not options.sqlite:
            from django.db import connections

            connections.close_all()
            drop_database(DATABASE)
    loads = " ".join(f"{load:.1f}" for load in os.getloadavg())
    print(f"\n{vendor}, tables of {TABLE}, load average {loads}\n")
    print("| action | tables | queries | wall s | CPU s |\n|---|---|---|---|---|")
    for tables, actions in results.items():
        for action, (queries, wall, cpu) in actions.items():
            print(f"| {action} | {tables} | {queries:,} | {wall:.3f} | {cpu:.3f} |")
    largest = results[sizes[-1]]
    queries, wall, _cpu = largest["start the round"]
    print(
        f"\nstart a round of {sizes[-1]} tables: {queries:,} queries (at most {TARGET_QUERIES}): "
        f"{'MET' if queries <= TARGET_QUERIES else 'MISSED'}; {wall:.3f} s (under "
        f"{TARGET_SECONDS} s quiet): {'MET' if wall < TARGET_SECONDS else 'MISSED'}"
    )
    for action in largest:
        counts = [results[tables][action][0] for tables in sizes]
        same = len(set(counts)) == 1
        print(
            f"{action}: queries at {', '.join(map(str, sizes))} tables: "
            f"{', '.join(map(str, counts))}, constant: {'MET' if same else 'MISSED'}"
        )
    if vendor == "sqlite":
        print(
            "(SQLite: Django splits an INSERT of more than 999 values, so a round's matches and "
            "seats take one INSERT more for about every 45 tables; PostgreSQL has no such split)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
