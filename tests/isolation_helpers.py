"""The scene of the club isolation audit (tests/test_club_isolation.py), and the URL walk.

Two private clubs, A ("Circolo Alfa") and B ("Circolo Segreto Bxyz"), built alike through the
services: an owner, a director and a scorekeeper; players; a club match in progress and a
finished one (with a corrected hand); a Scala 40 table tournament with round 1 played and
confirmed; a Gin single elimination bracket with its first match played; a Burraco team
tournament with a team and its pairs for turno 1; a season. Every name of
B carries the marker "Bxyz", so a leak shows up as the marker in a response body.

`url_targets()` walks every URL pattern of the project and fills each path parameter with one of
B's objects (or with ids that exist nowhere, for the "missing" twin of each URL). A parameter it
cannot fill raises `Unfillable`: a new URL pattern cannot silently escape the audit.
"""

from __future__ import annotations

import datetime
import io
import random
import re
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.urls import URLPattern, URLResolver, get_resolver

from clublife import seasons
from clublife.models import Season
from clubs.models import Club, Membership, Player, Role
from pairings import services as pairing_services
from pairings.burraco import services as burraco
from pairings.burraco import teams as team_services
from pairings.models import Team, TurnoAction, VpTable
from pairings.vptables import services as vp_services
from scoring import services as scoring
from scoring.models import Match, MatchStatus, TableCode
from tests.factories import UserFactory
from tests.tournaments.helpers import play_distinct
from tournaments import services as tournaments
from tournaments.models import Entry, Format, GuestCheckIn, KeepApart, Round, Table, Tournament

MARKER = "bxyz"  # in every name of club B (compared case-insensitively)
MISSING_ID = 987654  # no object has this id
MISSING_SLUG = "no-such-club-zq"
MISSING_USERNAME = "nobody-zq"
MISSING_CODE = "ZZZZZZ"  # no table has this code (Z is in the alphabet: it could be one)


@dataclass
class Side:
    """One club of the scene and everything it holds."""

    club: Club
    owner: object
    director: object
    scorekeeper: object
    players: list[Player]
    live: Match  # a club match in progress, one hand played
    finished: Match  # a finished club match, its first hand corrected
    table_tournament: Tournament
    table_round: Round
    table: Table
    table_entry: Entry
    gin_tournament: Tournament
    gin_round: Round
    gin_table: Table
    gin_entry: Entry
    apart_group: KeepApart  # a keep-apart group of the table tournament
    season: Season
    vp_table: VpTable
    guest: GuestCheckIn  # a guest waiting for approval at the table tournament's check-in
    markers: list[str] = field(default_factory=list)  # strings only this club's pages show
    # a Burraco tournament of two pairs, turno 1 seated, a lateness recorded (`burraco=True`)
    burraco_tournament: Tournament | None = None
    burraco_round: Round | None = None
    burraco_action: TurnoAction | None = None
    # a Burraco team tournament, its team's pairs for turno 1 named (`burraco=True`)
    teams_tournament: Tournament | None = None
    team: Team | None = None


def _user(username: str, first: str, last: str, email: str):
    return UserFactory(username=username, first_name=first, last_name=last, email=email)


def build_side(
    *,
    name: str,
    slug: str,
    city: str,
    prefix: str,
    tag: str,
    surname: str,
    public=False,
    burraco=False,
) -> Side:
    """A club named `name` whose people and players are all called `surname`; with `burraco`,
    a Burraco tournament too (the club isolation audit's)."""
    club = Club.objects.create(name=name, slug=slug, city=city, is_public=public)
    people = {}
    for role, first in ((Role.OWNER, "Ermenegildo"), (Role.DIRECTOR, "Fulgenzio"),
                        (Role.SCOREKEEPER, "Gaudenzia")):  # fmt: skip
        user = _user(f"{prefix}{role}", first, surname, f"{prefix}{role}@{tag}-mail.example")
        Membership.objects.create(club=club, user=user, role=role)
        people[role] = user
    director, scorekeeper = people[Role.DIRECTOR], people[Role.SCOREKEEPER]
    first_names = ("Zeffirino", "Ugolina", "Teodora", "Quirino", "Berenice", "Lauretta")
    players = [
        Player.objects.create(club=club, name=f"{first} {surname}", user=None)
        for first in first_names
    ]
    names = [player.name for player in players]

    live = scoring.match_start(
        club=club, user=scorekeeper, preset="scala40-club", players=players[:4], table_label="1"
    )
    scoring.hand_record(
        match=live,
        user=scorekeeper,
        data={"closer": names[0], "points": {names[1]: 12, names[2]: 30, names[3]: 7}},
    )
    finished = scoring.match_start(
        club=club, user=scorekeeper, preset="scala40", players=players[:2]
    )
    event, _ = scoring.hand_record(
        match=finished, user=scorekeeper, data={"closer": names[0], "points": {names[1]: 90}}
    )
    scoring.hand_correct(
        event=event,
        user=director,
        data={"closer": names[0], "points": {names[1]: 120}},
        expected_version=1,
        reason=f"Correzione {surname}",
    )
    finished.refresh_from_db()
    assert finished.status == MatchStatus.FINISHED

    table_tournament = tournaments.tournament_create(
        club=club,
        user=director,
        name=f"Torneo Nascosto {surname}",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=2,
        entry_fee="10.00",
    )
    for player in players:
        tournaments.entry_register(
            tournament=table_tournament, user=director, player=player, check_in=True
        )
    table_round = tournaments.round_seat(tournament=table_tournament, user=director, seed=7)
    tournaments.round_start(round=table_round, user=director)
    rng = random.Random(7)
    for table in table_round.tables.select_related("match").order_by("number"):
        play_distinct(table, scorekeeper=scorekeeper, rng=rng)
    table_round.refresh_from_db()
    tournaments.round_call_time(round=table_round, user=scorekeeper)
    for table in table_round.tables.all():
        tournaments.table_confirm(table=table, user=director)
    guest = tournaments.guest_ask(tournament=table_tournament, name=f"Ospite {surname}", user=None)

    gin_tournament = tournaments.tournament_create(
        club=club,
        user=director,
        name=f"Gin Nascosto {surname}",
        preset="gin",
        format=Format.SINGLE_ELIMINATION,
        options={"target": 10},
    )
    gin_players = players[:4]
    for player in gin_players:
        tournaments.entry_register(
            tournament=gin_tournament, user=director, player=player, check_in=True
        )
    gin_round = pairing_services.draw(tournament=gin_tournament, user=director)
    gin_table = gin_round.tables.select_related("match").order_by("number").first()
    gin_names = list(gin_table.match.seats.order_by("seat").values_list("name", flat=True))
    scoring.hand_record(
        match=gin_table.match,
        user=scorekeeper,
        data={
            "result": "knock",
            "knocker": gin_names[0],
            "deadwood": {gin_names[0]: 2, gin_names[1]: 30},
        },
    )

    today = datetime.date.today()
    season = seasons.season_create(
        club=club,
        user=director,
        name=f"Stagione Occulta {surname}",
        starts_on=today.replace(month=1, day=1),
        ends_on=today.replace(month=12, day=31),
    )
    vp_table = vp_services.vp_table_create(
        club=club,
        user=director,
        name=f"Tabella Segreta {surname}",
        hands=2,
        bands=[
            {"low": 0, "high": 30, "winner": 10, "loser": 10},
            {"low": 35, "high": None, "winner": 13, "loser": 7},
        ],
    )
    evening = _burraco_evening(club, director, names, surname) if burraco else (None, None, None)
    teams_tournament, team = (
        _teams_side(club, director, players, surname) if burraco else (None, None)
    )
    for obj in (table_tournament, gin_tournament, table_round, gin_round, live, finished):
        obj.refresh_from_db()
    apart_group = KeepApart.objects.create(tournament=table_tournament, name="Coppia", hard=True)
    apart_group.entries.set(table_tournament.entries.order_by("pk")[:2])
    return Side(
        club=club,
        owner=people[Role.OWNER],
        director=director,
        scorekeeper=scorekeeper,
        players=players,
        live=live,
        finished=finished,
        table_tournament=table_tournament,
        table_round=table_round,
        table=table_round.tables.order_by("number").first(),
        table_entry=table_tournament.entries.order_by("pk").first(),
        gin_tournament=gin_tournament,
        gin_round=gin_round,
        gin_table=gin_table,
        gin_entry=gin_tournament.entries.order_by("pk").first(),
        apart_group=apart_group,
        season=season,
        vp_table=vp_table,
        guest=guest,
        burraco_tournament=evening[0],
        burraco_round=evening[1],
        burraco_action=evening[2],
        teams_tournament=teams_tournament,
        team=team,
        markers=[surname.lower(), slug, *(f"{prefix}{role}" for role in people)],
    )


def _teams_side(club: Club, director, players: list[Player], surname: str) -> tuple:
    """A Burraco team tournament: a team of four of the club's players, its pairs for turno 1."""
    teams_tournament = tournaments.tournament_create(
        club=club,
        user=director,
        name=f"Squadre Nascoste {surname}",
        preset="burraco",
        format=Format.BURRACO_TEAMS,
    )
    names = ", ".join(player.name for player in players[:4])
    (team,) = team_services.teams_register(
        tournament=teams_tournament, user=director, lines=[f"Squadra {surname}: {names}"]
    )
    entries = list(team.members.order_by("pk").values_list("entry_id", flat=True))
    team_services.team_lineup_set(
        team=team, user=director, turno=1, pairs=[entries[:2], entries[2:]]
    )
    return teams_tournament, team


def _burraco_evening(club, director, names, surname):
    """A private Burraco tournament of two pairs of the club's players: turno 1 seated at one
    table, a lateness recorded there."""
    tournament = tournaments.tournament_create(
        club=club,
        user=director,
        name=f"Burraco Nascosto {surname}",
        preset="burraco",
        format=Format.BURRACO_PAIRS,
        movements=["mitchell"],
        is_public=False,
    )
    burraco.pairs_register(
        tournament=tournament,
        user=director,
        lines=[f"{names[0]} / {names[1]}", f"{names[2]} / {names[3]}"],
        check_in=True,
    )
    round = burraco.turno_seat(tournament=tournament, user=director)
    action = burraco.turno_action_record(
        round=round,
        user=director,
        kind="late",
        table=round.tables.get(number=1),
        side="EO",
        minutes=3,
        reason=f"Ritardo {surname}",
    )
    tournament.refresh_from_db()
    return tournament, round, action


@dataclass
class Scene:
    a: Side
    b: Side


def build_scene() -> Scene:
    a = build_side(
        name="Circolo Alfa Aqwv", slug="alfa-club", city="Aqwvtown", prefix="aqw",
        tag="aqwv", surname="Aqwv", burraco=True,
    )  # fmt: skip
    b = build_side(
        name="Circolo Segreto Bxyz", slug="segreto-q7", city="Bxyzville", prefix="q7",
        tag="bxyz", surname="Bxyz", burraco=True,
    )  # fmt: skip
    assert not a.club.is_public and not b.club.is_public
    assert not a.table_tournament.is_public and not b.gin_tournament.is_public
    assert not b.burraco_tournament.is_public
    return scene_check(Scene(a=a, b=b))


def scene_check(scene: Scene) -> Scene:
    """The markers of each side name nothing of the other."""
    for marker in scene.b.markers:
        assert marker not in scene.a.club.name.lower()
        assert all(marker not in player.name.lower() for player in scene.a.players)
    return scene


# A random token of the page (the CSRF token, 64 letters and digits, is on every page): a marker
# inside one is chance, not a leak (about 1 page in 5,000 has "bxyz" in a token).
RANDOM_TOKEN = re.compile(r"[A-Za-z0-9]{32,}")


def leaked(body: str, markers, path: str) -> list[str]:
    """The markers found in a body, but those the path itself carries (a login page may echo
    its `next`) and those inside a random token."""
    lowered, path = RANDOM_TOKEN.sub("", body).lower(), path.lower()
    return [marker for marker in markers if marker not in path and marker in lowered]


def body_text(response) -> str:
    """The text of a response: HTML, JSON and CSV as they are, a PDF's extracted text."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if content.startswith(b"%PDF"):
        from pypdf import PdfReader

        reader = PdfReader(io.BytesIO(content))
        return "\n".join(page.extract_text() or "" for page in reader.pages)
    return content.decode("utf-8", errors="replace")


# Snapshots -------------------------------------------------------------------------------------

SNAPSHOT_APPS = ("clubs", "scoring", "tournaments", "pairings", "knox")
VOLATILE = {"last_login"}  # force_login writes it


def snapshot() -> dict[str, list[tuple]]:
    """Every row of the project's models (and tokens), to prove a request changed nothing."""
    state = {}
    for model in _models():
        names = [f.attname for f in model._meta.concrete_fields if f.attname not in VOLATILE]
        state[model._meta.label] = list(model.objects.order_by("pk").values_list(*names))
    return state


def _models():
    for app in SNAPSHOT_APPS:
        for model in apps.get_app_config(app).get_models():
            if not model._meta.proxy:
                yield model


def row_counts() -> tuple[int, ...]:
    """The number of rows of every model of `snapshot`, in one query (cheap enough per URL)."""
    from django.db import connection

    quote = connection.ops.quote_name
    sql = " UNION ALL ".join(
        f"SELECT {index}, COUNT(*) FROM {quote(model._meta.db_table)}"
        for index, model in enumerate(_models())
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return tuple(count for _index, count in sorted(cursor.fetchall()))


def diff(before: dict, after: dict) -> list[str]:
    changed = []
    for label, rows in before.items():
        if rows != after[label]:
            changed.append(f"{label}: {len(rows)} -> {len(after[label])} rows, or rows changed")
    return changed


# The URL walk ----------------------------------------------------------------------------------


class Unfillable(AssertionError):
    """A URL pattern has a parameter the audit does not know how to fill."""


@dataclass(frozen=True)
class Target:
    name: str  # the pattern's full name (namespaces joined by ':'), "?" when unnamed
    route: str  # the pattern as written
    variant: str  # which of B's objects filled it ("" without parameters)
    path: str  # filled with B's objects
    missing: str  # the same pattern filled with ids that exist nowhere
    params: tuple[str, ...]

    @property
    def is_api(self) -> bool:
        return self.route.startswith("api/")


_CONVERTER = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")
_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^)]*\)")


def walk_patterns() -> list[tuple[str, str, list[str]]]:
    """(full name, route, parameter names) of every URL pattern of the project."""
    found = []

    def walk(resolver, prefix, namespaces):
        for entry in resolver.url_patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                more = [entry.namespace] if entry.namespace else []
                walk(entry, route, namespaces + more)
            else:
                assert isinstance(entry, URLPattern)
                name = ":".join([*namespaces, entry.name or "?"])
                params = [m["name"] for m in _GROUP.finditer(route)]
                params += [m["name"] for m in _CONVERTER.finditer(_GROUP.sub("", route))]
                found.append((name, route, params))

    walk(get_resolver(), "", [])
    return found


def _pk_kind(name: str) -> str:
    """What `pk` means in the pattern called `name`."""
    rules = (
        (("scoring:", "match-pdf:", "api-match-", "api-event-"), "match"),
        (
            (
                "tournaments:",
                "pairings:",
                "clublife:tournament-",
                "api-tournament-",
                "api-round-",
                "api-table-",
                "api-entry-",
            ),
            "tournament",
        ),
        (("clublife:season-", "api-club-season"), "season"),
        (("vptables:", "api-club-vp-table"), "vp_table"),
        (
            (
                "clublife:player-profile",
                "clubs:player-edit",
                "api-player-detail",
                "api-club-player-profile",
            ),
            "player",
        ),
        (("clubs:member-update",), "membership"),
    )
    for prefixes, kind in rules:
        if name.startswith(prefixes):
            return kind
    raise Unfillable(f"{name}: which object is its <pk>?")


# The URLs of Burraco tournaments (their names say so) are walked with B's Burraco tournament too.
BURRACO_WORDS = ("burraco", "turno", "turni", "pairs")


def _variants(name: str, params: list[str], side: Side) -> list[tuple[str, dict]]:
    """The (variant, values) to fill the pattern with, from `side`'s objects."""
    kind = _pk_kind(name) if "pk" in params else None
    if kind == "match":
        matches = [("live match", side.live), ("finished match", side.finished)]
        return [(label, {"pk": m.pk, "number": 1}) for label, m in matches]
    if kind == "tournament":
        table = {
            "pk": side.table_tournament.pk,
            "number": side.table_round.number,
            "table": side.table.pk,
            "table_id": side.table.pk,
            "entry_id": side.table_entry.pk,
            "group_id": side.apart_group.pk,
            "guest": side.guest.pk,
        }
        gin = {
            "pk": side.gin_tournament.pk,
            "number": side.gin_round.number,
            "table": side.gin_table.pk,
            "table_id": side.gin_table.pk,
            "entry_id": side.gin_entry.pk,
            "group_id": side.apart_group.pk,
            "guest": side.guest.pk,
        }
        if "team" in name or "team_id" in params:  # a team tournament's pages and API
            if side.teams_tournament is None or side.team is None:
                return [("no team tournament", {**table, "team_id": MISSING_ID - 2})]
            teams = {"pk": side.teams_tournament.pk, "team_id": side.team.pk}
            return [("teams tournament", teams)]
        variants = [("table tournament", table), ("gin tournament", gin)]
        # an action of the side's Burraco tournament (another tournament's for the others)
        action = side.burraco_action
        for _label, values in variants:
            values["action_id"] = action.pk if action is not None else MISSING_ID - 1
        burraco = side.burraco_tournament
        if burraco is not None and any(word in name for word in BURRACO_WORDS):
            assert side.burraco_round is not None and action is not None
            turno_table = side.burraco_round.tables.order_by("pk").first()
            assert turno_table is not None
            values = {
                **gin,
                "pk": burraco.pk,
                "number": side.burraco_round.number,
                "table": turno_table.pk,
                "table_id": turno_table.pk,
                "entry_id": burraco.entries.order_by("pk")[0].pk,
                "action_id": action.pk,
            }
            variants.append(("burraco tournament", values))
        return variants
    values = {}
    if kind == "season":
        values["pk"] = side.season.pk
    elif kind == "vp_table":
        values["pk"] = side.vp_table.pk
    elif kind == "player":
        values["pk"] = side.players[0].pk
    elif kind == "membership":
        values["pk"] = Membership.objects.get(club=side.club, user=side.scorekeeper).pk
    if "key" in params:
        # A check-in link is a secret (`Tournament.check_in_key`): knowing B's ids is not
        # knowing it, so the audit tries what the ids give (the tournament's id), never the key.
        values["key"] = side.table_tournament.pk
        kind = "check-in link guessed from the id"
    if "token_id" in params:  # one of B's scorekeeper's API tokens
        values["token_id"] = _token_id_of(side.scorekeeper)
    if "code" in params:  # a table code of B's (its started tournament table's), or none
        codes = TableCode.objects.filter(match__club=side.club, is_current=True)
        values["code"] = codes.values_list("code", flat=True).first() or MISSING_CODE
    if name.startswith("admin:"):
        values.update(
            object_id=side.owner.pk,
            id=side.owner.pk,
            content_type_id=ContentType.objects.get_for_model(Club).pk,
            app_label="clubs",
            url=f"clubs/club/{side.club.pk}/",
        )
    return [(kind or "", values)]


def _token_id_of(user) -> str:
    from knox.models import AuthToken

    from clubs.tokens import token_id

    token = AuthToken.objects.filter(user=user).first() or AuthToken.objects.create(user=user)[0]
    return token_id(token)


def _fill(route: str, values: dict, name: str) -> str:
    def value(param):
        if param not in values:
            raise Unfillable(f"{name} ({route}): no value for <{param}>")
        return str(values[param])

    path = _GROUP.sub(lambda m: value(m["name"]), route)
    path = _CONVERTER.sub(lambda m: value(m["name"]), path)
    return "/" + path.replace("^", "").replace("$", "")


def url_targets(side: Side) -> list[Target]:
    """Every URL pattern of the project filled with `side`'s objects, and its missing twin."""
    targets = []
    for name, route, params in walk_patterns():
        if not params:
            path = _fill(route, {}, name)
            targets.append(Target(name, route, "", path, path, ()))
            continue
        for variant, values in _variants(name, params, side):
            values = {**values, "slug": side.club.slug, "username": side.scorekeeper.username}
            missing = {
                key: MISSING_ID if isinstance(val, int) else val for key, val in values.items()
            }
            missing.update(slug=MISSING_SLUG, username=MISSING_USERNAME)
            if "token_id" in missing:
                missing["token_id"] = "0" * 16
            if "code" in missing:
                missing["code"] = MISSING_CODE
            if name.startswith("admin:"):
                missing["app_label"] = "clubs"
                missing["url"] = f"clubs/club/{MISSING_ID}/"
            targets.append(
                Target(
                    name,
                    route,
                    variant,
                    _fill(route, values, name),
                    _fill(route, missing, name),
                    tuple(params),
                )
            )
    return targets


def b_footprint(scene: Scene) -> dict[str, int]:
    """How many rows belong to B, and how many rows tie one club's object to another club's."""
    from scoring.models import EventVersion, MatchEvent, MatchPlayer

    club = scene.b.club
    return {
        "players": Player.objects.filter(club=club).count(),
        "members": Membership.objects.filter(club=club).count(),
        "matches": Match.objects.filter(club=club).count(),
        "events": MatchEvent.objects.filter(match__club=club).count(),
        "versions": EventVersion.objects.filter(event__match__club=club).count(),
        "tournaments": Tournament.objects.filter(club=club).count(),
        "entries": Entry.objects.filter(tournament__club=club).count(),
        "seasons": Season.objects.filter(club=club).count(),
        "vp tables": VpTable.objects.filter(club=club).count(),
        "clubs": Club.objects.count(),
        # a match seating another club's player, an entry of another club's player
        "cross seats": MatchPlayer.objects.exclude(player=None)
        .exclude(player__club=club)
        .filter(match__club=club)
        .count()
        + MatchPlayer.objects.filter(player__club=club).exclude(match__club=club).count(),
        "cross entries": Entry.objects.exclude(player=None)
        .filter(player__club=club)
        .exclude(tournament__club=club)
        .count(),
    }
