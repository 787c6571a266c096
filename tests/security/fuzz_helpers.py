"""The pieces of the fuzz safety net (tests/security/test_fuzz_safety_net.py).

- `build_fuzz_scene()`: two clubs built alike by tests/isolation_helpers.py (players, a live and a
  finished match, a table tournament with a played round, a Gin bracket, a season), the first
  public (so anonymous visitors and the other club's owner render its pages), the second private.
- Strategies that mix valid values (the scene's names and ids, the schema's enums and bounds)
  with extreme ones (huge and negative numbers, 1e308, "1e30", "NaN", very long strings, NUL and
  control characters, formula-like names, years 1 and 9999, deep nesting, wrong types).
- `bodies_for()`: a request body for any operation, from its OpenAPI request schema.
- `discover_forms()`: the POST forms of the site, read from the pages themselves (every field a
  page renders, with the values its inputs and selects offer), so new forms are fuzzed too.
- `Reader`: GETs every page, list, export and PDF as each role, and runs `export_club` for every
  club (what bin/backup runs), each in its own savepoint; it answers the problems it saw.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import traceback
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import Resolver404, resolve
from hypothesis import strategies as st

from clubs.models import Club
from scoring.engine.presets import PRESETS, rules_for
from scoring.engine.rules import MONEY
from tests.isolation_helpers import Side, Target, build_side, url_targets
from tournaments.models import Tournament

# Patterns never read or posted: logging in/out ends the session, the admin is staff-only, the
# language switch only sets a cookie, the API's catch-all answers 404 to anything.
SKIPPED_NAMES = {"login", "logout", "set_language", "api-token", "api-not-found"}
SKIPPED_PREFIXES = ("admin:",)
# The names whose only parameter <pk> is a tournament.
TOURNAMENT_PAGES = ("tournaments:", "pairings:", "api-tournament-")
# Not read: the API's description and its documentation pages show no stored row.
NOT_READ = {"api-schema", "api-docs", "api-redoc"}

DEEP = "__deep_nesting__"  # replaced, in the JSON text, by a list nested thousands deep
DEPTH = 5000


# Extreme values ---------------------------------------------------------------------------------

EXTREME_INTS = [
    0,
    -1,
    -(2**31) - 1,
    2**31 - 1,
    2**31,
    2**53 + 1,
    2**63 - 1,
    2**63,
    -(2**63) - 1,
    2**64,
    10**30,
    -(10**30),
    10**400,
]
EXTREME_FLOATS = [1e308, -1e308, 1e-308, 0.5, -0.0, float("inf"), float("-inf"), float("nan")]
EXTREME_NUMBER_TEXTS = [
    "1e30",
    "1e308",
    "-1e308",
    "NaN",
    "Infinity",
    "-Infinity",
    "-0",
    "-1",
    "0.001",
    "99999999.99",
    "999999.99",
    "1" * 40,
    "9" * 20,
    "0x10",
    "1_000",
    "١٢",  # Arabic-Indic digits: int() accepts them
]
EXTREME_TEXTS = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\x1b[31m\x07\x08",
    "\r\n\t",
    "=1+1",
    '=HYPERLINK("http://example.com","x")',
    "+41",
    "@SUM(A1)",
    "-2+3",
    "<script>alert(1)</script>",
    "{{ 7*7 }}",
    "%(name)s %s",
    "\u202eevil",
    "\ufeff",
    "\ud800",  # a lone surrogate: valid JSON (escaped), not encodable as UTF-8
    "😀" * 41,
    "ü" * 81,
    "x" * 81,
    "x" * 121,
    "x" * 10_000,
    "../../etc/passwd",
    "' OR 1=1 --",
]
EXTREME_DATES = [
    "0001-01-01",
    "9999-12-31",
    "0000-00-00",
    "2024-02-30",
    "10000-01-01",
    "-0001-01-01",
    "2024-1-1",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59+14:00",
]
EXTREME_SHAPES = [None, True, False, [], {}, [1, "a", None], {"a": {"b": {"c": 1}}}, DEEP]

extreme_scalars = st.sampled_from(
    EXTREME_INTS + EXTREME_FLOATS + EXTREME_NUMBER_TEXTS + EXTREME_TEXTS + EXTREME_DATES
)
extreme = st.one_of(extreme_scalars, st.sampled_from(EXTREME_SHAPES))
# What a form field or a query parameter can carry: text only.
extreme_text = st.sampled_from(
    [str(v) for v in EXTREME_INTS + EXTREME_FLOATS]
    + EXTREME_NUMBER_TEXTS
    + [t for t in EXTREME_TEXTS if t != "\ud800"]
    + EXTREME_DATES
)


def sometimes_extreme(valid: st.SearchStrategy, extreme_values=extreme, one_in: int = 8):
    """Mostly `valid`, one time in `one_in` an extreme value: a body stays valid enough to reach
    the deep code (the engine, the services, the database) with one bad value in it."""
    return st.integers(1, one_in).flatmap(lambda n: extreme_values if n == 1 else valid)


def dumps(body) -> str:
    """JSON text of a body, the deep-nesting marker expanded (built as text: Python's json
    module cannot even write a structure that deep)."""
    text = json.dumps(body, allow_nan=True)
    return text.replace(json.dumps(DEEP), "[" * DEPTH + "]" * DEPTH)


# The scene -------------------------------------------------------------------------------------


@dataclass
class FuzzScene:
    sides: dict[str, Side]  # "a" (public), "b" (private)
    schema: dict
    targets: list[Target]  # every readable URL of both sides
    side_targets: dict[str, list[Target]]  # side -> its readable URLs
    forms: dict[str, dict[str, list[str]]]  # action path -> field name -> values it offers
    option_values: dict[str, list]  # rule option name -> valid values to draw from
    names: dict[str, list[str]] = field(default_factory=dict)  # side -> player names
    ids: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # side -> kind -> ids

    def owner(self, side: str):
        return self.sides[side].owner


def build_fuzz_scene() -> FuzzScene:
    a = build_side(
        name="Circolo Alfa Aqwv", slug="alfa-club", city="Aqwvtown", prefix="aqw",
        tag="aqwv", surname="Aqwv", public=True,
    )  # fmt: skip
    b = build_side(
        name="Circolo Segreto Bxyz", slug="segreto-q7", city="Bxyzville", prefix="q7",
        tag="bxyz", surname="Bxyz",
    )  # fmt: skip
    # The public club's tournaments are public too: visitors render their pages and PDFs.
    Tournament.objects.filter(club=a.club).update(is_public=True)
    sides = {"a": a, "b": b}
    client = Client()
    schema = client.get("/api/v1/schema/?format=json").json()
    side_targets = {
        key: [t for t in url_targets(side) if readable(t)] for key, side in sides.items()
    }
    scene = FuzzScene(
        sides=sides,
        schema=schema,
        targets=[t for targets in side_targets.values() for t in targets],
        side_targets=side_targets,
        forms={},
        option_values=option_values(),
        names={key: [p.name for p in side.players] for key, side in sides.items()},
        ids={key: side_ids(side) for key, side in sides.items()},
    )
    scene.forms = discover_forms(scene)
    return scene


def readable(target: Target) -> bool:
    return target.name not in SKIPPED_NAMES | NOT_READ and not target.name.startswith(
        SKIPPED_PREFIXES
    )


def side_ids(side: Side) -> dict[str, list[int]]:
    tournaments = [side.table_tournament, side.gin_tournament]
    return {
        "player": [p.pk for p in side.players],
        "match": [side.live.pk, side.finished.pk, side.gin_table.match_id],
        "tournament": [t.pk for t in tournaments],
        "entry": [e.pk for t in tournaments for e in t.entries.all()],
        "table": [side.table.pk, side.gin_table.pk],
        "season": [side.season.pk],
        "round": [1, 2],
    }


def option_values() -> dict[str, list]:
    """Every rule option of every preset, with values a form would send (its preset's value and
    its bounds) for the strategies to mix with extreme ones."""
    values: dict[str, list] = {}
    for preset in PRESETS:
        rules = rules_for(preset)
        for info in rules.options():
            found = values.setdefault(info.name, [])
            edges = MONEY_EDGES if info.kind == MONEY else INT_EDGES if "int" in info.kind else []
            candidates = (getattr(rules, info.name), info.minimum, info.maximum, *info.choices)
            for value in (*candidates, *edges):
                value = str(value) if type(value).__name__ == "Decimal" else value
                if value is not None and value not in found:
                    found.append(value)
    return values


# The edges of the columns and of the numbers the engine computes with, for the rule options.
MONEY_EDGES = ["99999999.99", "999999.99", "0.01", "1e30", 1e308, "NaN", "-0.01"]
INT_EDGES = [2**31, 2**63, 10**30, -1, 10**6]


# Bodies from the OpenAPI schema ----------------------------------------------------------------

NAME_FIELDS = {"closer", "knocker", "player", "first_dealer", "players", "not_opened", "name"}
ID_FIELDS = {
    "player": "player",
    "players": "player",
    "winner": "entry",
    "first": "entry",
    "second": "entry",
    "entry": "entry",
    "version": "round",
    "number": "round",
}


class Bodies:
    """Strategies for the bodies of one side of the scene, from the schema's components."""

    def __init__(self, scene: FuzzScene, side: str):
        self.scene = scene
        self.components = scene.schema["components"]["schemas"]
        self.names = scene.names[side]
        self.ids = scene.ids[side]
        self.slugs = [s.club.slug for s in scene.sides.values()]
        self.side = scene.sides[side]

    def name(self) -> st.SearchStrategy:
        return st.one_of(
            st.sampled_from(self.names),
            st.sampled_from([n.lower() for n in self.names]),
            st.sampled_from(["Zeno", "Ospite Uno", "Anna"]),
            st.text(min_size=1, max_size=12),
        )

    def text(self, key: str, schema: dict) -> st.SearchStrategy:
        fmt = schema.get("format")
        if fmt == "date":
            return st.one_of(st.dates().map(str), st.sampled_from(EXTREME_DATES))
        if fmt == "date-time":
            return st.datetimes().map(lambda d: d.isoformat() + "Z")
        if key in NAME_FIELDS:
            return self.name()
        if key in {"club", "slug"}:
            return st.sampled_from(self.slugs)
        if key in {"username"}:
            return st.sampled_from([self.side.scorekeeper.username, self.side.director.username])
        if key in {"cards"}:
            return st.sampled_from(["8h Kd JK", "Ah", "JK JK JK", "Zz", "10s 10s"])
        limit = schema.get("maxLength", 40)
        return st.text(min_size=schema.get("minLength", 0), max_size=min(limit, 40))

    def integer(self, key: str, schema: dict) -> st.SearchStrategy:
        low, high = schema.get("minimum"), schema.get("maximum")
        bounded = st.integers(
            low if low is not None else -5, high if high is not None else max(200, (low or 0) + 5)
        )
        kind = ID_FIELDS.get(key)
        if kind:
            return st.one_of(st.sampled_from(self.ids[kind]), bounded)
        return bounded

    def options(self) -> st.SearchStrategy:
        """Rule options: none, one at the edge of a column or of a number type (a stake that
        fills `pot_total`, a bonus of 10**30), or a few drawn freely."""
        names = sorted(self.scene.option_values)
        edges = st.sampled_from(names).flatmap(
            lambda name: st.sampled_from(self.scene.option_values[name]).map(
                lambda value: {name: value}
            )
        )
        return st.one_of(st.just({}), edges, edges, self.free_options(names))

    def free_options(self, names: list[str]) -> st.SearchStrategy:
        return st.dictionaries(
            st.sampled_from(names),
            st.sampled_from(names).flatmap(
                lambda name: sometimes_extreme(
                    st.sampled_from(self.scene.option_values[name]), one_in=3
                )
            ),
            max_size=4,
        )

    def of(self, schema: dict, key: str = "", depth: int = 0) -> st.SearchStrategy:
        """Values for `schema`, each leaf one in eight times an extreme value."""
        if depth > 6:
            return extreme
        return sometimes_extreme(self.valid(schema, key, depth))

    # Bodies built from the scene for the writes that store rows, next to those from the schema:
    # a schema-drawn score sheet is almost never one the engine accepts, and a refused write
    # stores nothing, so these reach the services and the database with one value at an edge.
    def number(self) -> st.SearchStrategy:
        return sometimes_extreme(st.integers(0, 120), st.sampled_from(EXTREME_INTS), one_in=6)

    def hand(self, players: list[str]) -> st.SearchStrategy:
        return st.sampled_from(players).flatmap(
            lambda closer: st.fixed_dictionaries(
                {
                    "type": st.just("hand"),
                    "closer": st.just(closer),
                    "points": st.fixed_dictionaries(
                        {name: self.number() for name in players if name != closer}
                    ),
                },
                optional={"in_hand": st.booleans()},
            )
        )

    def document(self) -> st.SearchStrategy:
        players = st.integers(2, 4).map(lambda n: self.names[:n])
        return players.flatmap(
            lambda names: st.fixed_dictionaries(
                {
                    "preset": st.sampled_from(["scala40", "scala40-club", "ramino"]),
                    "players": st.just(names),
                    "rules": self.options(),
                    "events": st.lists(self.hand(names), max_size=3),
                }
            )
        )

    def match_create(self) -> st.SearchStrategy:
        return st.fixed_dictionaries(
            {
                "club": st.just(self.side.club.slug),
                "preset": st.sampled_from(sorted(PRESETS)),
                "players": st.integers(2, 4).map(lambda n: self.ids["player"][:n]),
                "options": self.options(),
            }
        )

    def edge_options(self) -> st.SearchStrategy:
        """One numeric rule option at an edge of its column or of the numbers the engine uses."""
        pairs = [
            (name, value)
            for name, values in sorted(self.scene.option_values.items())
            for value in values
            if value in MONEY_EDGES or value in INT_EDGES
        ]
        return st.sampled_from(pairs).map(lambda pair: {pair[0]: pair[1]})

    def edge_write(self) -> st.SearchStrategy:
        """(path, body) of a write that is valid but for one value at an edge: the shapes of the
        poison rows issue 16 found (a stake filling the pot's column, an import dated year 1, a
        player id beyond 64 bits), drawn among all their neighbours."""
        slug = self.side.club.slug
        start = self.match_create()
        import_path = f"/api/v1/clubs/{slug}/matches/import/"
        dated = st.sampled_from(EXTREME_DATES).map(lambda day: f"{import_path}?played_on={day}")
        return st.one_of(
            st.tuples(
                st.just("/api/v1/matches/"), st.builds(_with, start, options=self.edge_options())
            ),
            st.tuples(dated, self.document()),
            st.tuples(
                st.just(import_path), st.builds(_with, self.document(), rules=self.edge_options())
            ),
            st.tuples(
                st.just("/api/v1/matches/"),
                st.builds(
                    _with,
                    start,
                    players=st.lists(
                        st.one_of(
                            st.sampled_from(self.ids["player"]), st.sampled_from(EXTREME_INTS)
                        ),
                        min_size=2,
                        max_size=4,
                    ),
                ),
            ),
        )

    def crafted(self, component: str) -> st.SearchStrategy | None:
        if component == "MatchCreateRequest":
            return self.match_create()
        if component in {"MatchDocumentRequest", "MatchImportRequest"}:
            many = st.lists(self.document(), min_size=1, max_size=3)
            return (
                self.document()
                if component != "MatchImportRequest"
                else st.one_of(self.document(), many)
            )
        if component in {"EventRecordRequest", "MatchEventRequest"}:
            return self.hand(self.names[:4])  # the players of the club's live match
        return None

    def valid(self, schema: dict, key: str, depth: int) -> st.SearchStrategy:
        if "$ref" in schema:
            component = schema["$ref"].rsplit("/", 1)[-1]
            schema = self.components[component]
            crafted = self.crafted(component)
            if crafted is not None:
                return st.one_of(crafted, crafted, self._valid(schema, key, depth))
        strategy = self._valid(schema, key, depth)
        if schema.get("nullable"):
            strategy = st.one_of(strategy, st.none())
        return strategy

    def _valid(self, schema: dict, key: str, depth: int) -> st.SearchStrategy:
        for combinator in ("oneOf", "anyOf"):
            if combinator in schema:
                return st.one_of([self.valid(s, key, depth + 1) for s in schema[combinator]])
        if "allOf" in schema:
            return self.valid(schema["allOf"][0], key, depth + 1)
        if "enum" in schema:
            return st.sampled_from([v for v in schema["enum"] if v is not None] or [None])
        kind = schema.get("type")
        if kind == "object" or "properties" in schema:
            if key in {"options", "rules"}:
                return self.options()
            properties = schema.get("properties", {})
            required = set(schema.get("required", []))
            extra = schema.get("additionalProperties")
            if not properties and extra not in (None, False):
                by_name = key in {"points", "deadwood", "cards"}
                keys = self.name() if by_name else st.text(max_size=8)
                values = self.of(extra if isinstance(extra, dict) else {}, key, depth + 1)
                return st.dictionaries(keys, values, max_size=4)
            fixed = {k: self.of(s, k, depth + 1) for k, s in properties.items() if k in required}
            optional = {
                k: self.of(s, k, depth + 1) for k, s in properties.items() if k not in required
            }
            return st.fixed_dictionaries(fixed, optional=optional)
        if kind == "array":
            items = schema.get("items", {})
            return st.lists(self.of(items, key, depth + 1), max_size=5)
        if kind == "integer":
            return self.integer(key, schema)
        if kind == "number":
            return st.one_of(st.integers(-5, 500), st.floats(allow_nan=False, allow_infinity=False))
        if kind == "string":
            return self.text(key, schema)
        if kind == "boolean":
            return st.booleans()
        return st.one_of(st.integers(-5, 100), self.name(), st.booleans())


def _with(body: dict, **changes) -> dict:
    return {**body, **changes}


def query_values(parameter: dict) -> st.SearchStrategy:
    """A query parameter's value: valid for its schema, or an extreme text."""
    schema = parameter.get("schema", {})
    edges = extreme_text
    if "enum" in schema:
        valid = st.sampled_from([str(v) for v in schema["enum"] if v is not None])
    elif schema.get("format") == "date":
        valid = st.dates(max_value=dt.date.today()).map(str)
        edges = st.sampled_from(EXTREME_DATES)
    elif schema.get("type") == "integer":
        valid = st.integers(0, 100).map(str)
        edges = st.sampled_from([str(v) for v in EXTREME_INTS] + EXTREME_NUMBER_TEXTS)
    else:
        valid = st.text(max_size=10)
    return sometimes_extreme(valid, edges, one_in=2)


# The site's forms, discovered from its pages ---------------------------------------------------


class _FormParser(HTMLParser):
    """The POST forms of a page: their action and, per field, the values the page offers."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[tuple[str, dict[str, list[str]]]] = []
        self.current: dict[str, list[str]] | None = None
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            if (attrs.get("method") or "get").lower() == "post":
                action = attrs.get("action") or self.page
                self.current = {}
                self.forms.append((urlsplit(action).path or self.page, self.current))
            return
        if self.current is None:
            return
        name = attrs.get("name")
        if tag in {"input", "textarea", "select", "button"} and name:
            if name == "csrfmiddlewaretoken":
                return
            values = self.current.setdefault(name, [])
            kind = (attrs.get("type") or "text").lower()
            if tag == "input" and kind == "file":
                values.append("<file>")
            elif tag == "textarea":
                values.append("<document>")
            elif attrs.get("value") is not None:
                values.append(attrs["value"])
            elif kind == "checkbox":
                values.append("on")
            if tag == "select":
                self.select = name
        elif tag == "option" and self.select and attrs.get("value") is not None:
            self.current[self.select].append(attrs["value"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def discover_forms(scene: FuzzScene) -> dict[str, dict[str, list[str]]]:
    """Every POST form the site's pages render for each club's owner, merged by action."""
    forms: dict[str, dict[str, list[str]]] = {}
    for key, side in scene.sides.items():
        client = Client()
        client.force_login(side.owner)
        pages = [
            t.path
            for t in scene.side_targets[key]
            if not t.is_api and not t.path.endswith((".pdf", ".csv", ".json"))
        ]
        pages += ["/", "/clubs/", "/clubs/new/", "/tournaments/", "/tournaments/new/"]
        pages += [f"/matches/new/{side.club.slug}/?preset={preset}" for preset in PRESETS]
        for page in pages:
            response = client.get(page)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = _FormParser(urlsplit(page).path)
            parser.feed(response.content.decode())
            for action, fields in parser.forms:
                if not _postable(action):
                    continue
                merged = forms.setdefault(action, {})
                for name, values in fields.items():
                    merged.setdefault(name, [])
                    merged[name] += [v for v in values if v not in merged[name]]
    return forms


def _postable(action: str) -> bool:
    try:
        match = resolve(action)
    except Resolver404:
        return False
    return match.view_name not in SKIPPED_NAMES and not match.view_name.startswith(SKIPPED_PREFIXES)


# Guarded requests ------------------------------------------------------------------------------


def _aborted() -> bool:
    """PostgreSQL refuses every statement of a transaction after an error, until a rollback."""
    if connection.vendor != "postgresql" or connection.connection is None:
        return False
    from psycopg import pq

    return connection.connection.info.transaction_status == pq.TransactionStatus.INERROR


@dataclass
class Outcome:
    status: int | None
    error: str | None  # "ExceptionType: message" when the request raised
    body: bytes = b""

    @property
    def body_json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    @property
    def failed(self) -> bool:
        return self.error is not None or (self.status is not None and self.status >= 500)

    def describe(self) -> str:
        return self.error or f"{self.status}: {self.body[:300]!r}"


def guarded(call) -> Outcome:
    """Run `call` (a request or a command) in a savepoint. What it wrote stays, as it would on a
    server, unless the database itself refuses to go on (PostgreSQL after an error): then the
    savepoint is rolled back. An exception becomes the outcome's error."""
    savepoint = transaction.savepoint()
    try:
        response = call()
        status = getattr(response, "status_code", 200)
        if getattr(response, "streaming", False):
            body = b"".join(response.streaming_content)  # a stream may fail while it is read
        else:
            body = getattr(response, "content", b"")
        outcome = Outcome(status, None, body)
    except Exception as exc:  # the safety net reports every exception, whatever its type
        frames = traceback.extract_tb(exc.__traceback__)
        where = next(
            (f"{f.filename.rsplit('/', 2)[-2]}/{f.filename.rsplit('/', 1)[-1]}:{f.lineno}"
             for f in reversed(frames) if "/site-packages/" not in f.filename
             and "/tests/" not in f.filename),
            "?",
        )  # fmt: skip
        message = str(exc).splitlines()[0][:200] if str(exc) else ""
        outcome = Outcome(None, f"{type(exc).__name__}: {message} (at {where})")
    if connection.needs_rollback or _aborted():
        transaction.savepoint_rollback(savepoint)
        transaction.set_rollback(False)
    else:
        transaction.savepoint_commit(savepoint)
    return outcome


# Reading everything ----------------------------------------------------------------------------

# The reads run after every few steps: the pages and lists where a stored row of any match,
# tournament or season shows, with both databases' and every role's eyes.
QUICK_NAMES = {
    "home",
    "clubs:list",
    "clubs:detail",
    "tournaments:list",
    "clublife:season-list",
    "clublife:season-detail",
    "clublife:ratings",
    "clublife:matches-export",
    "clublife:statistics-csv",
    "clublife:archive",
    "api-club-list",
    "api-club-detail",
    "api-match-list",
    "api-tournament-list",
    "api-club-matches-export",
    "api-club-seasons",
    "api-club-season-standings",
    "api-club-ratings",
}
ROLES = ("a_owner", "b_owner", "anonymous")


class Reader:
    """Reads the scene as the public club's owner, the private club's owner and a visitor."""

    def __init__(self, scene: FuzzScene):
        self.scene = scene
        self.clients = {"anonymous": Client()}
        for key in ("a", "b"):
            client = Client()
            client.force_login(scene.owner(key))
            self.clients[f"{key}_owner"] = client

    def targets(self, quick: bool) -> list[Target]:
        if not quick:
            return self.scene.targets
        return [t for t in self.scene.targets if t.name in QUICK_NAMES]

    def problems(self, *, quick: bool, extra_paths: list[str] = ()) -> list[str]:
        found = []
        paths = [t.path for t in self.targets(quick)] + list(extra_paths)
        # the global lists, and the anonymous match list across clubs
        paths += ["/api/v1/matches/?limit=100", "/api/v1/tournaments/?limit=100"]
        # A PDF takes a tenth of a second or more: each is printed by its own club's owner only.
        printer = {
            t.path: f"{key}_owner" for key, ts in self.scene.side_targets.items() for t in ts
        }
        for role in ROLES:
            client = self.clients[role]
            for path in dict.fromkeys(paths):
                if path.endswith(".pdf") and printer.get(path, "a_owner") != role:
                    continue
                outcome = guarded(lambda client=client, path=path: client.get(path))
                if outcome.failed:
                    found.append(f"{role} GET {path} -> {outcome.describe()}")
        found += self.backup_problems()
        return found

    def backup_problems(self) -> list[str]:
        """`manage.py export_club` for every club, as bin/backup runs it."""
        found = []
        for slug in Club.objects.order_by("slug").values_list("slug", flat=True):
            outcome = guarded(
                lambda slug=slug: call_command(
                    "export_club", slug, stdout=io.StringIO(), stderr=io.StringIO()
                )
            )
            if outcome.failed:
                found.append(f"manage.py export_club {slug} -> {outcome.describe()}")
        return found


def object_paths(match_ids, tournament_ids, season_ids, club_slug_by_id) -> list[str]:
    """The pages of objects the fuzzing created, filled into the patterns that show one."""
    from tests.isolation_helpers import walk_patterns

    paths = []
    for name, route, params in walk_patterns():
        if name in SKIPPED_NAMES or name.startswith(SKIPPED_PREFIXES):
            continue
        if set(params) == {"pk"} and name.startswith(("scoring:", "match-pdf:", "api-match-")):
            paths += [_fill(route, pk=pk) for pk in match_ids]
        elif set(params) == {"pk"} and name.startswith(
            ("tournaments:", "pairings:", "api-tournament-")
        ):
            paths += [_fill(route, pk=pk) for pk in tournament_ids]
        elif set(params) == {"slug", "pk"} and "season" in name:
            paths += [_fill(route, pk=pk, slug=club_slug_by_id[pk]) for pk in season_ids]
    return paths


def _fill(route: str, **values) -> str:
    return "/" + re.sub(r"<(?:[^>:]+:)?([^>]+)>", lambda m: str(values[m[1]]), route)
