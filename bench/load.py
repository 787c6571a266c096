"""Load benchmark of hand entry, run by hand: `.venv/bin/python bench/load.py`.

Builds its own PostgreSQL database (bin/start-postgres tallone_bench), migrates it and fills it in
a child process: one club, N scorekeepers (each a user with an API token) and, for each of them,
one Scala 40 match of 4 to 6 players per phase that writes hands, with the highest elimination
threshold the rules accept and hands that never take anyone to it (bench/long_match.py), so no
match ever ends. Then it starts gunicorn with config/gunicorn.py and the
production settings (DEBUG=0, 2 workers, plain http on loopback) and runs three phases, each for
`--duration` seconds, with an asyncio client (aiohttp) on the same machine:

- paced: every scorekeeper sends a request every 1/`--rate` seconds (with jitter), most of them a
  hand (POST /api/v1/matches/{id}/events/ with an Idempotency-Key), the rest a refresh of the
  match (GET /api/v1/matches/{id}/) as the phone shows the totals; latency and errors against
  the targets (p99 under 100 ms, no errors);
- hands, saturated: the same N clients post hands with no pause at all: the most hands per second
  the server gives;
- trivial, saturated: the same N clients GET the API root (/api/v1/, through Django and DRF, no
  database): the ceiling of the server. Target (issue 27): hands a second at least 25 % of the
  trivial endpoint's requests a second in the same run.

It prints a markdown table for docs/PERFORMANCE.md and MET or MISSED for each target; it exits
non-zero only when the run itself failed. Then it stops gunicorn and drops the database.

Options: `--duration S` (default 60), `--quick` (10 s), `--users N` (default 100), `--rate R`
(requests per second per scorekeeper in the paced phase, default 1), `--reads F` (share of match
refreshes in the paced phase, default 0.2), `--threads T` (GUNICORN_THREADS, default 1),
`--workers W` (default 2), `--conn-max-age S` (CONN_MAX_AGE, default 60 as
deploy/tallone.env.example sets it), `--phases` (a comma-separated subset of
paced,hands,trivial), `--keep` (leave the database and the logs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from long_match import OPTIONS, ScoreSheet
from static_files import static_is_current
from throwaway_database import create_database, drop_database

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
DATABASE = "tallone_bench"
TARGET_P99_MS = 100.0
TARGET_RATIO = 0.25  # hands a second, as a share of the trivial endpoint's (issue 27)
PHASES = ("paced", "hands", "trivial")
# gthread workers close an idle kept-alive connection after 2 s (gunicorn's keepalive): the client
# drops its own first, or it would send a request into a connection the server is closing.
KEEPALIVE = 1.0


# Setup, in a child process with Django ----------------------------------------------------------


def setup_child(users: int, sets: int, seed: int) -> None:
    """Fill the database (DATABASE_URL) and print, as JSON, each scorekeeper's token and matches."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from knox.models import AuthToken

    from clubs.models import Club, Membership, Player, Role, User
    from scoring import services

    rng = random.Random(seed)
    club = Club.objects.create(name="Federazione", slug="federazione")
    accounts = []
    for index in range(users):
        user = User(username=f"scorekeeper{index:03d}")
        user.set_unusable_password()  # tokens only: hashing 100 passwords would take half a minute
        user.save()
        Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
        _instance, token = AuthToken.objects.create(user=user)  # the key, shown once
        matches = []
        for number in range(sets):
            size = rng.randint(4, 6)
            players = Player.objects.bulk_create(
                Player(club=club, name=f"T{index:03d}-{number}-{seat}") for seat in range(size)
            )
            match = services.match_start(
                club=club,
                user=user,
                preset="scala40",
                players=players,
                options=OPTIONS,  # never ends, with the hands of a ScoreSheet
                table_label=f"Tavolo {index + 1}",
            )
            matches.append({"id": match.pk, "names": [player.name for player in players]})
        accounts.append({"token": token, "matches": matches})
    json.dump(accounts, sys.stdout)


# The server -------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_environment(options, database_url: str, port: int) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("REDIS_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    env.update(
        DEBUG="0",  # the real environment wins over the developer's .env
        SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=database_url,
        SECURE_SSL_REDIRECT="0",  # plain http on loopback; nginx does TLS in production
        ALLOWED_HOSTS="127.0.0.1",
        CONN_MAX_AGE=str(options.conn_max_age),
        # The write limit is per user: a real scorekeeper sends a hand a minute, these send
        # hundreds; the default 120/min would answer 429 and measure the throttle instead.
        API_WRITE_RATE="1000000/min",
        BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY=str(options.workers),
        GUNICORN_THREADS=str(options.threads),
        LOG_LEVEL="WARNING",
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout


def cpu_seconds_of_tree(pid: int) -> float:
    """CPU seconds of gunicorn's master, its live workers and the workers it has reaped."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        this, parent = int(entry.name), int(fields[1])
        if this == pid:
            total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        elif parent == pid:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def machine_cpu() -> tuple[int, int]:
    """(busy, total) jiffies of all cores since boot."""
    values = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


# The client -------------------------------------------------------------------------------------


@dataclass
class Phase:
    name: str
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    late: int = 0
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    machine_busy: float = 0.0
    load_average: float = 0.0
    restarts: int = 0

    def add(self, kind: str, status: int | None, seconds: float, error: str = "") -> None:
        self.latencies.setdefault(kind, []).append(seconds)
        if status is not None:
            self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
        if error:
            self.failures[error] = self.failures.get(error, 0) + 1

    def all_latencies(self) -> list[float]:
        return [value for values in self.latencies.values() for value in values]

    def errors(self) -> int:
        bad = sum(count for status, count in self.statuses.items() if not status.startswith("2"))
        return bad + sum(self.failures.values())


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank] * 1000


async def request(session, phase: Phase, kind: str, method: str, url: str, **kwargs) -> None:
    started = time.perf_counter()
    try:
        async with session.request(method, url, **kwargs) as response:
            await response.read()
            phase.add(kind, response.status, time.perf_counter() - started)
    except Exception as error:  # a refused or dropped connection is an error of the run
        phase.add(kind, None, time.perf_counter() - started, type(error).__name__)


async def scorekeeper(session, base, account, match, phase, options, deadline, rng, paced):
    headers = {"Authorization": f"Token {account['token']}"}
    events = f"{base}/api/v1/matches/{match['id']}/events/"
    detail = f"{base}/api/v1/matches/{match['id']}/"
    interval = 1 / options.rate
    # Spread the first requests over one interval, so the clients do not start in lockstep.
    next_at = time.perf_counter() + (rng.uniform(0, interval) if paced else 0)
    while True:
        if paced:
            if next_at >= deadline:
                return  # the next request would fall after the end of the phase
            wait = next_at - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            elif wait < -interval / 2:
                phase.late += 1  # the previous answer came after this one was due
            # Jitter of +-20% around the scorekeeper's own rhythm.
            next_at = max(next_at, time.perf_counter()) + interval * rng.uniform(0.8, 1.2)
        if time.perf_counter() >= deadline:
            return
        if paced and rng.random() < options.reads:
            await request(session, phase, "GET match", "GET", detail, headers=headers)
        else:
            body = match["sheet"].hand()
            await request(
                session,
                phase,
                "POST hand",
                "POST",
                events,
                json=body,
                headers={**headers, "Idempotency-Key": str(uuid.uuid4())},
            )


async def trivial_client(session, base, phase, deadline) -> None:
    while time.perf_counter() < deadline:
        await request(session, phase, "GET /api/v1/", "GET", f"{base}/api/v1/")


async def warm_up(base: str, accounts: list[dict]) -> None:
    import aiohttp

    connector = aiohttp.TCPConnector(keepalive_timeout=KEEPALIVE)
    async with aiohttp.ClientSession(connector=connector) as session:
        for _ in range(3):
            phase = Phase("warm-up")
            await asyncio.gather(
                *(
                    request(
                        session,
                        phase,
                        "POST hand",
                        "POST",
                        f"{base}/api/v1/matches/{account['matches'][1]['id']}/events/",
                        json=account["matches"][1]["sheet"].hand(),
                        headers={"Authorization": f"Token {account['token']}"},
                    )
                    for account in accounts[:8]
                ),
                *(
                    request(
                        session,
                        phase,
                        "GET match",
                        "GET",
                        f"{base}/api/v1/matches/{account['matches'][1]['id']}/",
                        headers={"Authorization": f"Token {account['token']}"},
                    )
                    for account in accounts[:8]
                ),
                *(request(session, phase, "root", "GET", f"{base}/api/v1/") for _ in range(8)),
            )
            refused = {status for status in phase.statuses if not status.startswith("2")}
            if refused:
                raise RuntimeError(f"warm-up failed: {phase.statuses} {phase.failures}")


async def run_phase(name, base, accounts, options, server_pid, log_path) -> Phase:
    import aiohttp

    phase = Phase(name)
    rng = random.Random(f"{options.seed}-{name}")
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=KEEPALIVE)
    timeout = aiohttp.ClientTimeout(total=30)
    set_index = {"paced": 0, "hands": 1}.get(name, 0)
    phase.load_average = os.getloadavg()[0]
    boots_before = log_path.read_text().count("Booting worker")
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    server_before = cpu_seconds_of_tree(server_pid)
    busy_before, total_before = machine_cpu()
    started = time.perf_counter()
    deadline = started + options.duration
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        if name == "trivial":
            clients = [trivial_client(session, base, phase, deadline) for _ in accounts]
        else:
            clients = [
                scorekeeper(
                    session,
                    base,
                    account,
                    account["matches"][set_index],
                    phase,
                    options,
                    deadline,
                    random.Random(rng.random()),
                    paced=name == "paced",
                )
                for account in accounts
            ]
        await asyncio.gather(*clients)
    phase.seconds = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    phase.client_cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (
        cpu_before.ru_utime + cpu_before.ru_stime
    )
    phase.server_cpu = cpu_seconds_of_tree(server_pid) - server_before
    busy_after, total_after = machine_cpu()
    phase.machine_busy = (busy_after - busy_before) / max(1, total_after - total_before)
    phase.restarts = log_path.read_text().count("Booting worker") - boots_before
    return phase


# Report -----------------------------------------------------------------------------------------


def report(phases: dict[str, Phase], options, hands_per_match: dict[str, float]) -> None:
    cores = os.cpu_count() or 1
    print()
    print(
        "| phase | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors "
        "| CPU: server / client / machine busy |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for phase in phases.values():
        rows = [("all", phase.all_latencies())] if len(phase.latencies) > 1 else []
        rows += sorted(phase.latencies.items())
        for label, values in rows:
            title = f"{phase.name}: {label}" if label != "all" else f"{phase.name}: all"
            errors = phase.errors() if label in ("all",) or len(phase.latencies) == 1 else ""
            cpu = (
                f"{phase.server_cpu / phase.seconds:.2f} / {phase.client_cpu / phase.seconds:.2f}"
                f" / {phase.machine_busy * cores:.2f} cores"
                if label == "all" or len(phase.latencies) == 1
                else ""
            )
            print(
                f"| {title} | {len(values):,} | {len(values) / phase.seconds:,.1f} "
                f"| {percentile(values, 0.50):.1f} | {percentile(values, 0.95):.1f} "
                f"| {percentile(values, 0.99):.1f} | {max(values) * 1000:.1f} | {errors} | {cpu} |"
            )
    print()
    for phase in phases.values():
        extra = f", {phase.late} requests sent late" if phase.name == "paced" else ""
        print(
            f"{phase.name}: {phase.seconds:.1f} s, load average {phase.load_average:.2f} at the "
            f"start, answers {dict(sorted(phase.statuses.items()))}, failures "
            f"{phase.failures or 'none'}, {phase.restarts} worker restarts, gunicorn CPU "
            f"{phase.server_cpu * 1000 / max(1, len(phase.all_latencies())):.1f} ms per request"
            f"{extra}"
        )
    for name, hands in hands_per_match.items():
        if name not in phases:
            continue
        print(f"{name}: {hands:.0f} hands per match on average at the end")
    print()
    if "paced" in phases:
        paced = phases["paced"]
        p99 = percentile(paced.all_latencies(), 0.99)
        verdict = "MET" if p99 < TARGET_P99_MS else "MISSED"
        print(f"target p99 under {TARGET_P99_MS:.0f} ms (paced): {p99:.1f} ms, {verdict}")
    errors = sum(phase.errors() for phase in phases.values())
    print(f"target no errors (every phase): {errors} errors, {'MET' if errors == 0 else 'MISSED'}")
    if "hands" in phases and "trivial" in phases:
        hands = phases["hands"]
        trivial = phases["trivial"]
        hand_rate = len(hands.all_latencies()) / hands.seconds
        ceiling = len(trivial.all_latencies()) / trivial.seconds
        ratio = hand_rate / ceiling
        verdict = "MET" if ratio >= TARGET_RATIO else "MISSED"
        print(
            f"target hands at least {TARGET_RATIO:.0%} of the trivial endpoint (saturated): "
            f"{hand_rate:,.1f} / {ceiling:,.1f} req/s = {ratio:.0%}, {verdict}"
        )


def hand_counts(env: dict[str, str], accounts: list[dict]) -> dict[str, float]:
    """Average hands per match of each phase's matches (read back from the database)."""
    counts = {}
    for name, index in (("paced", 0), ("hands", 1)):
        ids = [account["matches"][index]["id"] for account in accounts]
        code = (
            "from scoring.models import Match; from django.db.models import Avg; "
            f"print(Match.objects.filter(pk__in={ids}).aggregate(a=Avg('hand_count'))['a'] or 0)"
        )
        counts[name] = float(manage(env, "shell", "-v", "0", "-c", code).strip().splitlines()[-1])
    return counts


# Main -------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per phase")
    parser.add_argument("--quick", action="store_true", help="10 s per phase")
    parser.add_argument("--users", type=int, default=100, help="simulated scorekeepers")
    parser.add_argument("--rate", type=float, default=1.0, help="paced requests/s per user")
    parser.add_argument("--reads", type=float, default=0.2, help="share of GETs when paced")
    parser.add_argument("--threads", type=int, default=1, help="GUNICORN_THREADS")
    parser.add_argument("--workers", type=int, default=2, help="WEB_CONCURRENCY")
    parser.add_argument("--conn-max-age", type=int, default=60, help="CONN_MAX_AGE, seconds")
    parser.add_argument("--phases", default=",".join(PHASES), help="subset of paced,hands,trivial")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--keep", action="store_true", help="keep the database and the logs")
    parser.add_argument("--setup", nargs=2, type=int, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.setup:
        setup_child(*options.setup, seed=options.seed)
        return 0
    if options.quick:
        options.duration = 10.0
    phases = [name.strip() for name in options.phases.split(",") if name.strip()]
    if not phases or set(phases) - set(PHASES):
        parser.error(f"--phases takes names among {', '.join(PHASES)}")

    print(
        f"python {platform.python_version()}, {os.cpu_count()} cores, load average "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
        + f"; {options.users} scorekeepers, {options.duration:.0f} s per phase, gunicorn "
        f"{options.workers} workers x {options.threads} threads, "
        f"CONN_MAX_AGE={options.conn_max_age}"
    )
    print(
        f"API_WRITE_RATE is raised to 1000000/min: the limit counts per user, and a real "
        f"scorekeeper sends about a hand a minute, while these send {options.rate * 60:.0f}/min "
        "paced and as many as the server takes when saturated."
    )
    url = create_database(DATABASE)
    work = Path(tempfile.mkdtemp(prefix="tallone-load-"))
    port = free_port()
    env = server_environment(options, url, port)
    server = None
    failed = False
    try:
        started = time.perf_counter()
        manage(env, "migrate", "--noinput", "-v", "0")
        if static_is_current():
            print("staticfiles/ is newer than static/: collectstatic skipped")
        else:
            manage(env, "collectstatic", "--noinput", "-v", "0")
        setup = subprocess.run(
            [PYTHON, __file__, "--setup", str(options.users), "2", "--seed", str(options.seed)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        accounts = json.loads(setup.stdout)
        for account in accounts:
            for match in account["matches"]:
                # every hand of a match, warm-up and phases, from one sheet: nobody reaches the
                # threshold however long the run
                match["sheet"] = ScoreSheet(match["names"], random.Random(match["id"]))
        print(
            f"database {DATABASE}: {len(accounts)} scorekeepers, {2 * len(accounts)} matches "
            f"ready in {time.perf_counter() - started:.1f} s"
        )
        log_path = work / "gunicorn.log"
        with log_path.open("w") as log:
            server = subprocess.Popen(
                [GUNICORN, "-c", "config/gunicorn.py"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, server)
        # A worker's first requests import and build what Django loads lazily (a second or more
        # each): a server that has been up for a while has paid for that already.
        asyncio.run(warm_up(base, accounts))
        results = {}
        for name in phases:
            print(f"phase {name}: {options.duration:.0f} s ...", flush=True)
            results[name] = asyncio.run(
                run_phase(name, base, accounts, options, server.pid, log_path)
            )
        report(results, options, hand_counts(env, accounts))
        if server.poll() is not None:
            print(f"gunicorn stopped during the run; its log: {log_path}")
            failed = True
    except subprocess.CalledProcessError as error:
        print(f"{' '.join(error.cmd)} failed:\n{error.stdout}\n{error.stderr}", file=sys.stderr)
        failed = True
    finally:
        if server is not None and server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        if options.keep:
            print(f"kept: database {url}, logs in {work}")
        else:
            drop_database(DATABASE)
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


def wait_until_up(base: str, server: subprocess.Popen) -> None:
    import urllib.error
    import urllib.request

    for _ in range(300):
        if server.poll() is not None:
            raise RuntimeError("gunicorn did not start")
        try:
            with urllib.request.urlopen(f"{base}/api/v1/", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer within 30 s")


if __name__ == "__main__":
    raise SystemExit(main())
