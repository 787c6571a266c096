"""The fuzz safety net (issue 16): random and extreme writes never answer 500, and after any of
them, accepted or refused, every read still answers.

A Hypothesis state machine whose rules are the writes:
- every POST/PUT/PATCH/DELETE of the API, taken from the OpenAPI schema (so a new operation is
  fuzzed without touching this file), its path filled with the scene's objects (or with ids that
  exist nowhere, or beyond 64 bits), its body drawn from the operation's request schema with one
  leaf in eight an extreme value (tests/security/fuzz_helpers.py), and its query parameters (such
  as the import's `played_on`) as well; sometimes a body that is not JSON or is nested 5000 deep;
- every POST form the site's pages render (create a club, add a player, start a match, record a
  hand, create a tournament, import score sheets... discovered from the HTML), with the values
  the page offers mixed with extreme ones;
- the API's GET operations with extreme query parameters (a `limit` beyond 64 bits...).
Each write is sent as the owner of the club it targets, mostly, else as the other club's owner
or a visitor. What it stores stays for the next steps, as it would on a server.

The invariant reads: every few steps the lists and pages where any stored row shows (home page,
club pages, match and tournament lists, seasons, ratings, the exports and the archive, the API
lists), and at the end of each run every readable URL of the project (tests/isolation_helpers.py's
walk, so a new page is read without touching this file: match pages, tournament pages, standings,
CSV exports, every PDF) plus the pages of the objects the run created, each as the public club's
owner, as the other club's owner and as a visitor; and `manage.py export_club` for every club,
which is what bin/backup runs. No answer may be a 5xx or an exception.

Bounded and deterministic: FUZZ_EXAMPLES runs of FUZZ_STEPS steps (defaults below), split in
FUZZ_SHARDS tests so that xdist's workers share them (each shard its own fixed seed and its own
order of operations, so no two shards run the same example), no example database and no shrinking
(a failure names the requests that led to it instead). Raise them locally to search further:
`FUZZ_EXAMPLES=200 FUZZ_STEPS=40 pytest tests/security/...` (`make fuzz` does);
FUZZ_SURVEY=FILE keeps going after a failure (the run starts again from the scene) and writes
every failure it meets to FILE, one JSON line each; FUZZ_JOURNAL=FILE writes every request sent
and the beginning of its answer.
"""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test.client import encode_multipart
from django.urls import resolve
from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)

from clublife.models import Season
from scoring.models import Match
from tests.once import built_once
from tests.security.fuzz_helpers import (
    DEEP,
    DEPTH,
    Bodies,
    FuzzScene,
    Reader,
    build_fuzz_scene,
    dumps,
    extreme_text,
    guarded,
    object_paths,
    query_values,
)
from tournaments.models import Tournament

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
STEPS = int(os.environ.get("FUZZ_STEPS", "12"))
SHARDS = min(int(os.environ.get("FUZZ_SHARDS", "2")), EXAMPLES)
SEED = 20251116  # shard n runs with seed SEED + n: the same examples on every run
QUICK_READ_EVERY = 3  # steps between two quick reads; the full read ends every run
SURVEY = os.environ.get("FUZZ_SURVEY")
JOURNAL = os.environ.get("FUZZ_JOURNAL")  # a file: every request sent and its answer

WRITE_METHODS = ("post", "put", "patch", "delete")
FAR_IDS = ["0", "987654", str(2**31), str(2**63), str(10**30)]
CREATES = re.compile(r"/(matches|import|events|tournaments|clubs|players|seasons|entries)/$")
IMPORT_SCHEMA = {"$ref": "#/components/schemas/MatchImportRequest"}
BOUNDARY = "fuzz-boundary"
JSON = "application/json"
RAW_BODIES = [b"", b"\xff{", b"{", b"null", b'"x"', b"[" * DEPTH + b"]" * DEPTH, b"1e999"]

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def scene(django_db_setup, django_db_blocker):
    """One scene for the module, rolled back at the end; each run of the machine in a savepoint."""
    yield from built_once(django_db_blocker, build_fuzz_scene)


@pytest.fixture(autouse=True)
def unthrottled(settings):
    """The machine writes far faster than any client: the throttle would answer 429 first."""
    settings.API_WRITE_RATE = "100000/min"
    settings.API_ANONYMOUS_WRITE_RATE = "100000/min"


def operations(schema: dict, methods) -> list[tuple[str, str, dict]]:
    return sorted(
        (method, path, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in methods
    )


def request_schema(operation: dict) -> dict | None:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema")


def fill_path(path: str, scene: FuzzScene, side: str, draw, created: dict) -> str:
    """The operation's path pointing at one of `side`'s objects (or at none, now and then)."""
    ids = scene.ids[side]
    if path.startswith("/api/v1/matches/"):
        kind = "match"
    elif path.startswith("/api/v1/tournaments/"):
        kind = "tournament"
    elif "/seasons/" in path:
        kind = "season"
    else:
        kind = "player"

    def value(match: re.Match) -> str:
        name = match[1]
        if draw(st.integers(0, 11), label="far id") == 0:
            return draw(st.sampled_from(FAR_IDS), label=name)
        if name == "slug":
            return scene.sides[side].club.slug
        if name == "username":
            side_ = scene.sides[side]
            return draw(st.sampled_from([side_.scorekeeper.username, side_.director.username]))
        if name == "id":
            return str(draw(st.sampled_from(ids[kind] + created.get(kind, [])), label=name))
        if name == "number":
            return str(draw(st.integers(1, 3), label=name))
        if name == "entry_id":
            return str(draw(st.sampled_from(ids["entry"]), label=name))
        if name == "table_id":
            return str(draw(st.sampled_from(ids["table"]), label=name))
        return str(draw(st.integers(1, 5), label=name))

    return re.sub(r"\{(\w+)\}", value, path)


def pick(operations: list, draw) -> tuple[str, str, dict]:
    """One of the operations, shown in a failure by its method and path alone."""
    names = [f"{method.upper()} {path}" for method, path, _ in operations]
    return operations[names.index(draw(st.sampled_from(names), label="operation"))]


def query_string(operation: dict, draw) -> str:
    parts = []
    for parameter in operation.get("parameters", []):
        if parameter["in"] == "query" and draw(st.booleans(), label=parameter["name"] + "?"):
            text = draw(query_values(parameter), label=parameter["name"])
            parts.append((parameter["name"], text))
    from urllib.parse import urlencode

    return "?" + urlencode(parts) if parts else ""


class SafetyNet(RuleBasedStateMachine):
    """Writes anything anywhere; the reads must go on answering. `scene` is set by the test."""

    scene: FuzzScene
    survey = SURVEY  # a file: note failures and go on; None: fail

    def __init__(self):
        super().__init__()
        scene = self.scene
        self.writes = operations(scene.schema, WRITE_METHODS)
        self.creates = [
            op
            for op in self.writes
            if op[0] == "post" and request_schema(op[2]) and CREATES.search(op[1])
        ]
        self.reads = [
            op for op in operations(scene.schema, ("get",)) if op[2].get("parameters")
        ]  # the GETs with query parameters
        self.forms = sorted(scene.forms)
        self.bodies = {side: Bodies(scene, side) for side in scene.sides}
        self.reader = Reader(scene)
        self.clients = self.reader.clients
        self.steps = 0
        self.failed = False
        self._begin()

    def _begin(self):
        cache.clear()  # the API's write counts
        self.savepoint = transaction.savepoint()
        self.journal: list[str] = []
        self.created: dict[str, list[int]] = {}
        self.before = {
            "match": set(Match.objects.values_list("pk", flat=True)),
            "tournament": set(Tournament.objects.values_list("pk", flat=True)),
            "season": set(Season.objects.values_list("pk", flat=True)),
        }

    def _end(self):
        transaction.savepoint_rollback(self.savepoint)
        transaction.set_rollback(False)

    # Reporting --------------------------------------------------------------------------------

    def problem(self, problems: list[str]) -> None:
        """Fail with what broke and the writes that led to it (or, surveying, note it and start
        again from the scene)."""
        report = {"problems": problems[:12], "after": self.journal[-12:]}
        if self.survey:
            with open(self.survey, "a", encoding="utf-8") as file:
                file.write(json.dumps(report, ensure_ascii=False) + "\n")
            self._end()
            self._begin()
            return
        self.failed = True
        lines = ["The safety net caught:", *problems[:12], "", "after these requests:"]
        raise AssertionError("\n".join(lines + self.journal[-12:]))

    def send(self, role: str, method: str, path: str, shown: str, **kwargs) -> None:
        client = self.clients[role]
        outcome = guarded(lambda: client.generic(method.upper(), path, **kwargs))
        entry = f"{role} {method.upper()} {path} {shown[:400]} -> "
        self.journal.append(entry + (outcome.error or str(outcome.status)))
        if JOURNAL:
            with open(JOURNAL, "a", encoding="utf-8") as file:
                file.write(self.journal[-1][:300] + " " + repr(outcome.body[:200]) + "\n")
        if outcome.failed:
            self.problem([entry + outcome.describe()])
        elif method != "get" and outcome.status in (200, 201) and path.startswith("/api/"):
            self.remember(path, outcome)

    def remember(self, path: str, outcome) -> None:
        """New matches and tournaments are written to again by later steps."""
        kind = {"/api/v1/matches/": "match", "/api/v1/tournaments/": "tournament"}.get(path)
        if kind and outcome.body_json and isinstance(outcome.body_json.get("id"), int):
            self.created.setdefault(kind, []).append(outcome.body_json["id"])

    def role(self, side: str, draw) -> str:
        other = "b" if side == "a" else "a"
        return draw(
            st.sampled_from([f"{side}_owner"] * 5 + [f"{other}_owner", "anonymous"]), label="as"
        )

    # The writes -------------------------------------------------------------------------------

    @rule(data=st.data())
    def api_write(self, data):
        self.api_send(data, self.writes)

    @rule(data=st.data())
    def api_create(self, data):
        """The writes that store new rows (a match, an imported score sheet, an event, a
        tournament, a season...), where an extreme value can stay behind as a poison row."""
        self.api_send(data, self.creates)

    @rule(data=st.data())
    def api_edge(self, data):
        """A write valid but for one value at an edge (fuzz_helpers.Bodies.edge_write)."""
        side = data.draw(st.sampled_from(sorted(self.scene.sides)), label="club")
        path, body = data.draw(self.bodies[side].edge_write(), label="edge write")
        shown = json.dumps(body, allow_nan=True)
        self.send(f"{side}_owner", "post", path, shown, data=dumps(body), content_type=JSON)

    def api_send(self, data, operations):
        draw = data.draw
        method, path, operation = pick(operations, draw)
        side = draw(st.sampled_from(sorted(self.scene.sides)), label="club")
        path = fill_path(path, self.scene, side, draw, self.created)
        path += query_string(operation, draw)
        schema = request_schema(operation)
        if draw(st.integers(0, 9), label="raw body") == 0:
            raw = draw(st.sampled_from(RAW_BODIES), label="raw")
            shown = repr(raw[:60])
        else:
            body = draw(self.bodies[side].of(schema or {"type": "object"}), label="body")
            raw = dumps(body).encode("utf-8", "surrogatepass")
            shown = json.dumps(body, allow_nan=True).replace(json.dumps(DEEP), "[[[...5000...]]]")
        self.send(
            self.role(side, draw), method, path, shown, data=raw, content_type="application/json"
        )

    @rule(data=st.data())
    def web_form(self, data):
        draw = data.draw
        action = draw(st.sampled_from(self.forms), label="form")
        side = "b" if self.scene.sides["b"].club.slug in action else "a"
        if resolve(action).kwargs.get("pk") in self.scene.ids["b"]["match"]:
            side = "b"
        fields: dict = {}
        for name, values in sorted(self.scene.forms[action].items()):
            choice = draw(st.integers(0, 11), label=name)
            if choice == 0:
                continue
            if choice == 1:
                fields[name] = draw(extreme_text, label=name)
                continue
            value = draw(st.sampled_from(values or ["<text>"]), label=name)
            if value == "<text>":
                value = draw(self.bodies[side].name(), label=name)
            elif value in ("<document>", "<file>"):
                document = draw(self.bodies[side].of(IMPORT_SCHEMA), label=name)
                text = dumps(document).encode("utf-8", "replace").decode("utf-8")
                if value == "<file>":
                    text = SimpleUploadedFile("sheets.json", text.encode())
                value = text
            fields[name] = value
        headers = {"HTTP_HX_REQUEST": "true"} if draw(st.booleans(), label="htmx") else {}
        self.send_form(self.role(side, draw), action, fields, **headers)

    def send_form(self, role: str, action: str, fields: dict, **headers) -> None:
        shown = repr({k: v if isinstance(v, str) else "<file>" for k, v in fields.items()})
        self.send(
            role,
            "post",
            action,
            shown,
            data=encode_multipart(BOUNDARY, fields),
            content_type=f"multipart/form-data; boundary={BOUNDARY}",
            **headers,
        )

    @rule(data=st.data())
    def api_read_with_query(self, data):
        draw = data.draw
        method, path, operation = pick(self.reads, draw)
        side = draw(st.sampled_from(sorted(self.scene.sides)), label="club")
        path = fill_path(path, self.scene, side, draw, self.created)
        path += query_string(operation, draw)
        self.send(self.role(side, draw), method, path, "")

    # The reads --------------------------------------------------------------------------------

    @invariant()
    def every_read_answers(self):
        self.steps += 1
        if self.steps % QUICK_READ_EVERY == 0:
            problems = self.reader.problems(quick=True)
            if problems:
                self.problem(problems)

    def teardown(self):
        try:
            if not self.failed:
                problems = self.reader.problems(quick=False, extra_paths=self.new_object_paths())
                if problems:
                    self.problem(problems)
        finally:
            self._end()

    def new_object_paths(self) -> list[str]:
        new = {
            "match": sorted(set(Match.objects.values_list("pk", flat=True)) - self.before["match"]),
            "tournament": sorted(
                set(Tournament.objects.values_list("pk", flat=True)) - self.before["tournament"]
            ),
            "season": sorted(
                set(Season.objects.values_list("pk", flat=True)) - self.before["season"]
            ),
        }
        slugs = dict(Season.objects.filter(pk__in=new["season"]).values_list("pk", "club__slug"))
        # the newest few of each: enough to render what the run stored, within the time bound
        return object_paths(new["match"][-3:], new["tournament"][-2:], new["season"][-2:], slugs)


def shard_machine(shard: int):
    """The machine of one shard: its own seed, and its lists of writes, forms and reads turned by
    `shard` places, so even Hypothesis' simplest example (the first of every run) differs."""

    def machine() -> SafetyNet:
        net = SafetyNet()
        for name in ("writes", "creates", "reads", "forms"):
            items = getattr(net, name)
            turn = shard % len(items)
            setattr(net, name, items[turn:] + items[:turn])
        return net

    return seed(SEED + shard)(machine)


# Each shard is its own xdist group (pytest -n 2 --dist loadgroup, the Makefile's), the biggest
# groups are sent first: the two workers start on one shard each instead of one worker running
# them all at the end. The controls share the groups, so each worker builds the scene once.
SHARD_GROUP = [pytest.mark.xdist_group(f"fuzz-{n % 2}") for n in range(SHARDS)]


@pytest.mark.parametrize(
    "shard", [pytest.param(n, marks=SHARD_GROUP[n], id=f"shard{n}") for n in range(SHARDS)]
)
def test_random_and_extreme_writes_leave_every_read_answering(scene, shard):
    """Issue 16: no write answers 5xx, and after the writes every list, page, export, PDF and the
    backup still answers, for members and visitors (F2, F3, F9-F12 and whatever comes next)."""
    SafetyNet.scene = scene
    run_state_machine_as_test(
        shard_machine(shard),
        settings=settings(
            max_examples=len(range(shard, EXAMPLES, SHARDS)),  # EXAMPLES dealt out to the shards
            stateful_step_count=STEPS,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        ),
    )


# Controls: the net can fail ---------------------------------------------------------------------


def plant_poison(match: Match) -> str:
    """A row the database holds but the app cannot read back: on SQLite a pot beyond its
    column's digits (SQLite stores it anyway), on PostgreSQL a start in the year 1 BC
    (timestamptz holds it, Python's datetime cannot)."""
    table = connection.ops.quote_name(Match._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"UPDATE {table} SET started_at = '0001-01-01 00:00:00+00'::timestamptz"
                " - interval '1 day' WHERE id = %s",
                [match.pk],
            )
            return "started_at"
        digits = Match._meta.get_field("pot_total").max_digits
        cursor.execute(
            f"UPDATE {table} SET pot_total = %s WHERE id = %s",
            [str(Decimal(10) ** digits), match.pk],
        )
        return "pot_total"


@pytest.mark.xdist_group("fuzz-1")
def test_control_a_poison_row_is_seen_by_the_reads_and_the_backup(scene):
    """Control: one unreadable match row makes the net report the home page, the club page, the
    lists, the exports and the backup; without it, the same reads are clean."""
    reader = Reader(scene)
    assert reader.problems(quick=True) == []
    plant_poison(scene.sides["a"].live)  # the home page lists the matches in progress
    plant_poison(scene.sides["a"].finished)  # visitors see finished ones
    problems = reader.problems(quick=True)
    joined = "\n".join(problems)
    club = scene.sides["a"].club.slug
    for seen in (
        "a_owner GET / ",
        f"a_owner GET /clubs/{club}/ ",
        "anonymous GET /api/v1/matches/",
        f"a_owner GET /clubs/{club}/matches/export.json",
        f"a_owner GET /clubs/{club}/archive.json",
        f"manage.py export_club {club} ",
    ):
        assert seen in joined, f"{seen!r} not reported:\n{joined}"


@pytest.mark.xdist_group("fuzz-1")
def test_control_a_write_that_fails_is_reported(scene, monkeypatch):
    """Control: a write that raises is reported with its request, not swallowed."""
    from clubs import services

    def broken(**kwargs):
        raise RuntimeError("planted failure")

    monkeypatch.setattr(services, "player_create", broken)
    net = _machine(scene)
    slug = scene.sides["a"].club.slug
    try:
        with pytest.raises(AssertionError, match="RuntimeError: planted failure"):
            net.send_form("a_owner", f"/clubs/{slug}/players/", {"name": "Zeno"})
    finally:
        net._end()


@pytest.mark.xdist_group("fuzz-0")
def test_control_the_net_covers_every_write_and_form(scene):
    """Control: the machine's writes are every write of the schema, and the forms it found
    include the main ones of the site (so the fuzzing cannot pass by sending nothing)."""
    net = _machine(scene)
    try:
        methods = {(m, p) for m, p, _ in net.writes}
        for method, path, _ in operations(scene.schema, WRITE_METHODS):
            assert (method, path) in methods
        assert ("post", "/api/v1/clubs/{slug}/matches/import/") in methods
        found = {resolve(action).view_name for action in net.forms}
        for name in (
            "clubs:create",
            "clubs:player-add",
            "scoring:start",
            "scoring:hand",
            "tournaments:create",
            "clublife:import",
        ):
            assert name in found, f"no form posts to {name}: {sorted(found)}"
        names = {target.name for target in scene.targets}
        for name in (
            "match-pdf:sheet",
            "match-pdf:report",
            "tournaments:standings-pdf",
            "clublife:season-standings-pdf",
            "clublife:statistics-csv",
            "tournaments:ledger-csv",
            "scoring:match",
            "tournaments:detail",
        ):
            assert name in names
    finally:
        net._end()


def _machine(scene) -> SafetyNet:
    SafetyNet.scene = scene
    net = SafetyNet()
    net.survey = None  # a control fails whatever FUZZ_SURVEY says
    return net
