"""Benchmark of the printables, run by hand: `.venv/bin/python bench/pdf.py`.

Starts N different matches in a throwaway test database (SQLite in memory, or the test copy of
DATABASE_URL's database), then renders their blank score sheets, and their filled reports, each
kind in ONE `render_pdf` call (a tournament prints a whole round at once), and prints the seconds
per page. Target: under 0.1 s per page. Results go to docs/PERFORMANCE.md.

The matches cycle through what a club plays: Scala 40 with 4 players (club and standard rules),
Ramino with 4, Scala 40 with 6 (landscape), Gin standard and Gin Hollywood. For the reports each
match gets 8 to 20 hands of random but valid points first (untimed), a correction every fifth hand.

Options: `--matches N` (default 100), `--kind sheet|report|both`, `--seed S`, `--repeat R` (timed
passes, default 3; the best is reported), `--language it|en`, `--output FILE.pdf` (keep the PDFs,
as FILE-sheet.pdf and FILE-report.pdf),
`--images DIR` (write the PNGs of docs/img/ with pdftoppm instead of timing anything).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import RequestFactory  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import translation  # noqa: E402
from pypdf import PdfReader  # noqa: E402

from base.printing import render_pdf  # noqa: E402
from clubs.models import Club, Player  # noqa: E402
from scoring import services  # noqa: E402
from scoring.models import Match  # noqa: E402
from scoring.printing import match_report, score_sheet  # noqa: E402

TARGET_SECONDS_PER_PAGE = 0.1
HOST = "tallone.example"  # the QR codes' address
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
TABLES = (
    ("scala40-club", 4),
    ("scala40", 4),
    ("ramino", 4),
    ("scala40-club", 6),
    ("gin-standard", 2),
    ("gin-hollywood", 2),
)


def make_matches(count: int, seed: int, *, hands: bool) -> list[Match]:
    """`count` matches of one club (with `hands` played), cycling through `TABLES`."""
    rng = random.Random(seed)
    club = Club.objects.create(
        name="Circolo del Tallone", slug=f"bench-{seed}-{int(hands)}", city="Bologna"
    )
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    matches = []
    for index in range(count):
        preset, seats = TABLES[index % len(TABLES)]
        match = services.match_start(
            club=club,
            user=None,
            preset=preset,
            players=players[:seats],
            table_label=str(index // len(TABLES) + 1),
            first_dealer_seat=1 + index % seats,
        )
        if hands:
            play(match, rng, rng.randint(8, 20))
        matches.append(match)
    return matches


def play(match: Match, rng: random.Random, hands: int) -> None:
    """Record up to `hands` random valid hands (fewer if the match ends), correcting every fifth."""
    for number in range(1, hands + 1):
        match.refresh_from_db()
        if match.is_finished:
            return
        seats = list(match.seats.order_by("seat"))
        in_play = [seat.name for seat in seats if seat.status == "in_play"]
        if match.game == "gin":
            knocker, defender = rng.sample([seat.name for seat in seats], 2)
            if rng.random() < 0.2:
                data = {"result": "gin", "knocker": knocker, "deadwood": {knocker: 0}}
                data["deadwood"][defender] = rng.randint(5, 40)
            else:
                data = {
                    "result": "knock",
                    "knocker": knocker,
                    "deadwood": {knocker: rng.randint(1, 10), defender: rng.randint(0, 40)},
                }
        else:
            closer = rng.choice(in_play)
            data = {
                "closer": closer,
                "points": {name: rng.randint(0, 45) for name in in_play if name != closer},
            }
        event, _created = services.hand_record(match=match, user=None, data=data)
        if number % 5 == 0:  # one more point for someone: a correction to footnote
            key = "deadwood" if match.game == "gin" else "points"
            name = max(data[key])
            corrected = {**data, key: {**data[key], name: data[key][name] + 1}}
            with contextlib.suppress(services.MatchError):  # it may bust someone: skip it
                services.hand_correct(
                    event=event, user=None, data=corrected, expected_version=1, reason="Recount"
                )


@dataclass(frozen=True)
class Timing:
    build: float  # seconds making the documents (queries, templates, QR codes)
    render: float  # seconds in render_pdf
    cpu: float  # CPU seconds of both, this process only (steadier on a busy machine)
    pages: int
    pdf: bytes

    @property
    def per_page(self) -> float:
        return (self.build + self.render) / self.pages

    @property
    def cpu_per_page(self) -> float:
        return self.cpu / self.pages


def timed(documents_for, matches, repeat: int) -> Timing:
    """The best of `repeat` passes: make every document, then render them all in ONE call."""
    best = None
    for _ in range(repeat):
        cpu, start = time.process_time(), time.perf_counter()
        documents = [documents_for(match) for match in matches]
        built = time.perf_counter()
        pdf = render_pdf(documents)
        done, cpu = time.perf_counter(), time.process_time() - cpu
        if best is None or done - start < best[0] + best[1]:
            best = (built - start, done - built, cpu, pdf)
    build, render, cpu, pdf = best
    return Timing(build, render, cpu, len(PdfReader(io.BytesIO(pdf)).pages), pdf)


def write_images(directory: Path) -> None:
    """The PNGs of docs/printables.md: one of each kind of page, rendered with pdftoppm."""
    request = RequestFactory().get("/", SERVER_NAME=HOST)
    club = Club.objects.create(name="Circolo del Tallone", slug="docs", city="Bologna")
    people = {name: Player.objects.create(club=club, name=name) for name in NAMES}

    def start(preset, names, **kwargs):
        players = [people[name] for name in names]
        return services.match_start(club=club, user=None, preset=preset, players=players, **kwargs)

    scala = start("scala40-club", NAMES[:4], table_label="3")
    six = start("scala40", NAMES, table_label="7", first_dealer_seat=3)
    hollywood = start("gin-hollywood", NAMES[:2], table_label="12")
    report = start(
        "scala40-club", NAMES[:4], table_label="5", options={"reentry_fee": "5", "stake": "2"}
    )
    example_report(report)
    report.refresh_from_db()
    pages = {
        "sheet-scala40": score_sheet(scala, request=request),
        "sheet-6-players": score_sheet(six, request=request),
        "sheet-gin-hollywood": score_sheet(hollywood, request=request),
        "report-scala40": match_report(report, show_authors=True),
    }
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, document in pages.items():
            pdf = Path(scratch) / f"{name}.pdf"
            pdf.write_bytes(render_pdf([document]))
            target = directory / name
            subprocess.run(
                ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, target],
                check=True,
            )
            print(f"{target}.png  {Path(f'{target}.png').stat().st_size // 1024} KB")


def example_report(match: Match) -> None:
    """A Scala 40 club match to its end: a chiusura in mano, a player who had not opened busts
    and re-enters (with the fee), a correction, a voided hand, two players out."""
    from django.contrib.auth import get_user_model

    scorer = get_user_model().objects.create(username="giulia", first_name="Giulia")

    def hand(closer, **points):
        extra = {key: points.pop(key) for key in ("in_hand", "not_opened") if key in points}
        event, _created = services.hand_record(
            match=match, user=scorer, data={"closer": closer, "points": points, **extra}
        )
        return event

    first = hand("Anna", Bruno=35, Carla=12, Dario=44)
    hand("Carla", Anna=20, Bruno=9, Dario=17, in_hand=True)
    hand("Bruno", Anna=5, Carla=30, Dario=0, not_opened=["Dario"])
    services.player_reenter(match=match, user=scorer, seat=match.seats.get(name="Dario"))
    hand("Dario", Anna=15, Bruno=22, Carla=8)
    services.hand_correct(
        event=first,
        user=scorer,
        data={"closer": "Anna", "points": {"Bruno": 53, "Carla": 12, "Dario": 44}},
        expected_version=1,
        reason="Bruno counted a joker as 10",
    )
    twice = hand("Anna", Bruno=3, Carla=3, Dario=3)
    services.event_void(event=twice, user=scorer, reason="Entered twice", expected_version=1)
    hand("Anna", Bruno=9, Carla=20, Dario=19)
    hand("Carla", Anna=10, Dario=5)
    hand("Dario", Anna=25, Carla=32)
    hand("Anna", Dario=8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--kind", choices=("sheet", "report", "both"), default="both")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--language", default="it")
    parser.add_argument("--output", type=Path)
    parser.add_argument("--images", type=Path)
    args = parser.parse_args()

    setup_test_environment()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    translation.activate(args.language)
    try:
        if args.images:
            write_images(args.images)
            return
        request = RequestFactory().get("/", SERVER_NAME=HOST)
        kinds = ("sheet", "report") if args.kind == "both" else (args.kind,)
        load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
        print(f"{args.matches} matches, {connection.vendor}, language {args.language}, load {load}")
        for kind in kinds:
            matches = make_matches(args.matches, args.seed, hands=kind == "report")
            if kind == "sheet":
                timing = timed(lambda m: score_sheet(m, request=request), matches, args.repeat)
            else:
                timing = timed(lambda m: match_report(m, show_authors=True), matches, args.repeat)
            verdict = "ok" if timing.per_page < TARGET_SECONDS_PER_PAGE else "OVER TARGET"
            print(
                f"{kind:>6}: {len(matches)} documents, {timing.pages} pages, "
                f"{len(timing.pdf) // 1024} KB; build {timing.build:.2f} s + render "
                f"{timing.render:.2f} s = {timing.per_page:.3f} s per page "
                f"({timing.cpu_per_page:.3f} s of CPU); target {TARGET_SECONDS_PER_PAGE}: {verdict}"
            )
            if args.output:
                args.output.with_stem(f"{args.output.stem}-{kind}").write_bytes(timing.pdf)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
