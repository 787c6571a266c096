"""What a request costs in Django, from the API root to a hand: `.venv/bin/python bench/floor.py`.

The load benchmark (bench/load.py) compares hands a second with the API root's, its trivial
endpoint. This one says where that ratio comes from, on one thread with no network: it makes its
own PostgreSQL database (bin/start-postgres tallone_floor, dropped at the end), starts a Scala 40
match of 5 players with `--hands` hands already recorded, and times, through Django's test client
and the production settings (DEBUG=0, every middleware), the CPU time of this process per request:

- the API root, anonymous (bench/load.py's trivial endpoint) and with a scorekeeper's token;
- the cheapest write a recorded hand could be: the token, then one transaction that locks the
  match row, counts its events, inserts one and bumps the match's revision (a view of this file,
  not of the app: no permission check, no replay, no answer but `{}`);
- a real hand (`POST /api/v1/matches/{id}/events/`), in turn on matches of `--hands` hands that
  grow by at most 20 each.

PostgreSQL's own CPU (a few tenths of a ms per statement) comes on top of the writes and is not
counted here. Options: `--hands N` (default 40), `--repeat N` (requests per kind, default 500).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import secrets
import sys
import time
import types
import uuid
from pathlib import Path

from throwaway_database import create_database, drop_database

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "tallone_floor"
HANDS_PER_MATCH = 20
WARM_UP = 20  # requests of each kind before any is timed


def measure(options) -> list[tuple[str, float, float]]:
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="testserver",
        CONN_MAX_AGE="60",
        API_WRITE_RATE="1000000/min",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django.db.models import F
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import include, path
    from knox.models import AuthToken
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from clubs.models import Club, Membership, Player, Role, User
    from scoring import services
    from scoring.models import Match, MatchEvent

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Circolo", slug="circolo")
    user = User(username="scorekeeper")
    user.set_unusable_password()
    user.save()
    Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
    _instance, token = AuthToken.objects.create(user=user)  # the key, shown once
    players = Player.objects.bulk_create(Player(club=club, name=f"P{seat}") for seat in range(5))
    names = [player.name for player in players]
    rng = random.Random(1)

    def hand_body() -> str:
        closer = rng.choice(names)
        points = {name: rng.randint(0, 120) for name in names if name != closer}
        return json.dumps({"type": "hand", "closer": closer, "points": points})

    def new_match(hands: int) -> Match:
        match = services.match_start(
            club=club,
            user=user,
            preset="scala40",
            players=players,
            options={"elimination_at": 1_000_000},  # never ends, however many hands
        )
        for _number in range(hands):
            services.event_record(match=match, user=user, data=json.loads(hand_body()))
        return match

    # The hands (warm-up included) go round these matches: each grows by HANDS_PER_MATCH at most.
    count = -(-(options.repeat + WARM_UP) // HANDS_PER_MATCH)
    matches = [new_match(options.hands) for _number in range(count)]
    turns = itertools.cycle(matches)
    bare = new_match(0)  # the cheapest writes' own match: their events have no version

    class CheapestWrite(APIView):
        """Everything a recorded hand cannot do without, and nothing else."""

        def post(self, request, pk):
            with transaction.atomic():
                locked = Match.objects.select_for_update().get(pk=pk)
                number = MatchEvent.objects.filter(match=locked).count() + 1_000_000
                MatchEvent.objects.create(match=locked, number=number, kind="hand")
                Match.objects.filter(pk=pk).update(revision=F("revision") + 1)
            return Response({}, status=201)

    urls = types.ModuleType("bench_floor_urls")
    urls.urlpatterns = [
        path("bench/cheapest-write/<int:pk>/", CheapestWrite.as_view()),
        path("", include("config.urls")),
    ]
    sys.modules[urls.__name__] = urls

    anonymous = Client()
    scorekeeper = Client(HTTP_AUTHORIZATION=f"Token {token}")

    def expect(response, status: int) -> None:
        assert response.status_code == status, (response.status_code, response.content[:300])

    kinds = [
        ("API root, anonymous (bench/load.py's trivial endpoint)", 200,
         lambda: anonymous.get("/api/v1/")),
        ("API root, with a token", 200, lambda: scorekeeper.get("/api/v1/")),
        ("cheapest write, with a token", 201,
         lambda: scorekeeper.post(f"/bench/cheapest-write/{bare.pk}/", "{}",
                                  content_type="application/json")),
        ("a hand, with a token", 201,
         lambda: scorekeeper.post(f"/api/v1/matches/{next(turns).pk}/events/", hand_body(),
                                  content_type="application/json",
                                  HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)),
    ]  # fmt: skip
    results = []
    with override_settings(ROOT_URLCONF=urls.__name__):
        for _warm_up in range(WARM_UP):  # every kind, before any is timed
            for _label, status, request in kinds:
                expect(request(), status)
        for label, status, request in kinds:
            cpu, wall = time.process_time(), time.perf_counter()
            for _number in range(options.repeat):
                expect(request(), status)
            cpu = (time.process_time() - cpu) / options.repeat * 1000
            wall = (time.perf_counter() - wall) / options.repeat * 1000
            results.append((label, cpu, wall))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands recorded before timing")
    parser.add_argument("--repeat", type=int, default=500, help="requests per kind")
    options = parser.parse_args(argv)
    url = create_database(DATABASE)
    os.environ["DATABASE_URL"] = url
    try:
        results = measure(options)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(DATABASE)
    print(
        f"\n{options.repeat} requests per kind, one thread, hands on matches of "
        f"{options.hands} to {options.hands + HANDS_PER_MATCH} hands; "
        f"load average {os.getloadavg()[0]:.2f}\n"
    )
    print("| request | CPU ms | wall ms | CPU, times the anonymous API root |")
    print("|---|---|---|---|")
    root = results[0][1]
    for label, cpu, wall in results:
        print(f"| {label} | {cpu:.2f} | {wall:.2f} | {cpu / root:.1f} |")
    cheapest = results[2][1]
    print(
        f"\nEven the cheapest write costs {cheapest / root:.1f} times the trivial endpoint's CPU "
        "in this process alone: hands at half the trivial endpoint's throughput would need it "
        "at 2 or less."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
