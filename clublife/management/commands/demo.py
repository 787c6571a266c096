"""`demo`: fill a database with a demo club, its people, matches of every game and a running
table tournament.

Every match is played through the scoring services, as a scorekeeper would: hands, a bust and a
re-entry, a correction, a void, a time call; Burraco's pairs (two matches to 2005 with different
partners, one with a corrected hand, and one in progress). The tournament is run through the
tournament services, as a director would: 12 players checked in, rounds 1 and 2 played, time
called and confirmed, round 3 seated. A Burraco evening of 12 pairs is run through the pairs'
services: turno 1 played and confirmed, turno 2 seated and half played. A seeded random generator
makes every run give the same data.
`--if-empty` (used by `make run`) does nothing when the database already has users.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from clublife import seasons
from clubs.models import Club, Gender, Membership, Player, Role
from pairings.burraco import services as burraco
from scoring import services, table_codes
from scoring.engine.document import HandEntry
from scoring.engine.rules import Options
from scoring.games import game_named
from scoring.models import Match, MatchPlayer, MatchStatus, PlayerStatus, TableCode
from scoring.rule_words import preset_label
from tournaments import services as tournaments
from tournaments.models import Format, Tournament

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "tallone-demo"
SEED = 40
MAX_HANDS = 200  # a match that has not ended by then is a bug in the simulation

CLUB_NAME = "Circolo Tallone"
LIVE_TABLE = "3"  # the club night's Scala 40 still being played: its table code is printed
CLUB_SLUG = "circolo-tallone"
CLUB_CITY = "Bologna"

PLAYERS = (
    "Anna Ferri",
    "Bruno Galli",
    "Carla Conti",
    "Dario Moretti",
    "Elena Ricci",
    "Franco Marino",
    "Giulia Greco",
    "Luca Bruno",
    "Marta Romano",
    "Nicola Colombo",
    "Paola Esposito",
    "Sergio Fontana",
)
GUESTS = ("Zia Pina", "Ottavio Sala")
# The demo's women: the Italian pages agree with them ("Sballata"); the others are men.
WOMEN = frozenset(
    {"Anna Ferri", "Carla Conti", "Elena Ricci", "Giulia Greco", "Marta Romano", "Paola Esposito"}
)


@dataclass(frozen=True)
class Staff:
    username: str
    password: str
    role: Role
    what: str
    first_name: str
    last_name: str

    @property
    def player_name(self) -> str:
        return f"{self.first_name} {self.last_name}"


STAFF = (
    Staff(
        username="direttore",
        password="tallone-direttore",
        role=Role.DIRECTOR,
        what="tournament director",
        first_name="Marta",
        last_name="Romano",
    ),
    Staff(
        username="segnapunti",
        password="tallone-segnapunti",
        role=Role.SCOREKEEPER,
        what="scorekeeper",
        first_name="Luca",
        last_name="Bruno",
    ),
)

GIN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
GIN_VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(face): face for face in range(2, 11)}
RAMINO_CLOSINGS = (("normal", 14), ("colore", 3), ("figura", 1), ("two_cards", 2))
TOURNAMENT_NAME = "Torneo d'autunno"
TOURNAMENT_ROUNDS_PLAYED = 2
BURRACO_NAME = "Burraco del giovedì"
# Six pairs of club players and six of guests: 12 pairs, 6 tables of a Mitchell turno.
BURRACO_PAIRS = (
    *(f"{PLAYERS[index]} / {PLAYERS[index + 1]}" for index in range(0, 12, 2)),
    "Rita Villa / Ugo Villa",
    "Silvia Neri / Tommaso Neri",
    "Ada Longo / Piero Longo",
    "Irene Gatti / Mario Gatti",
    "Laura Costa / Enzo Costa",
    "Vera Rinaldi / Gino Rinaldi",
)


class Command(BaseCommand):
    help = (
        "Fill the database with a demo club (Circolo Tallone), its players, a director, a "
        "scorekeeper and matches of every game, and print the logins to try Tallone with."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="Do nothing if the database already has users (used by `make run`).",
        )

    @transaction.atomic
    def handle(self, *args, if_empty: bool = False, **options):
        if self.already_loaded(if_empty=if_empty):
            self.say_table_code()
            return
        self.rng = random.Random(SEED)
        logins = self.create_club()
        matches = self.play_matches()
        tournament = self.play_tournament()
        self.play_burraco_evening()
        season = self.open_season()
        self.say_loaded(matches, tournament, season, logins)
        # one live match has a table code, to join it as a player at the table would
        live = next(match for match in matches if match.table_label == LIVE_TABLE)
        table_codes.code_issue(match=live, user=self.director)
        self.say_table_code()

    def already_loaded(self, *, if_empty: bool) -> bool:
        """Whether to load nothing: the demo club is there, or (`if_empty`) any user is."""
        if if_empty and get_user_model().objects.exists():
            self.stdout.write("The database already has data; demo data not loaded.")
            return True
        if Club.objects.filter(slug=CLUB_SLUG).exists():
            self.stdout.write(f"The demo club {CLUB_NAME} is already there; nothing loaded.")
            return True
        return False

    def create_club(self) -> list:
        """The demo club, its owner and staff (existing users keep their passwords), its members
        and guests; answers the logins to print, as (user, password or None, what they are)."""
        User = get_user_model()
        logins = []
        owner, created = User.objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={"is_staff": True, "is_superuser": True, "first_name": "Demo"},
        )
        if created:
            owner.set_password(DEMO_PASSWORD)
            owner.save(update_fields=["password"])
        logins.append(
            (owner, DEMO_PASSWORD if created else None, f"superuser, owner of {CLUB_NAME}")
        )

        club = Club.objects.create(name=CLUB_NAME, slug=CLUB_SLUG, city=CLUB_CITY, is_public=True)
        Membership.objects.create(club=club, user=owner, role=Role.OWNER)
        staff, users_by_player = {}, {}
        for person in STAFF:
            user, created = User.objects.get_or_create(
                username=person.username,
                defaults={"first_name": person.first_name, "last_name": person.last_name},
            )
            if created:
                user.set_password(person.password)
                user.save(update_fields=["password"])
            Membership.objects.create(club=club, user=user, role=person.role)
            staff[person.role] = user
            users_by_player[person.player_name] = user
            logins.append((user, person.password if created else None, person.what))
        players = {
            name: Player.objects.create(
                club=club,
                name=name,
                user=users_by_player.get(name),
                gender=Gender.FEMALE if name in WOMEN else Gender.MALE,
            )
            for name in PLAYERS
        }
        for name in GUESTS:
            players[name] = services.guest_player(club=club, name=name)
        self.club = club
        self.players = players
        self.director = staff[Role.DIRECTOR]
        self.scorekeeper = staff[Role.SCOREKEEPER]
        return logins

    def say_loaded(self, matches, tournament, season, logins) -> None:
        finished = sum(1 for match in matches if match.status == MatchStatus.FINISHED)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data loaded: {CLUB_NAME}, {len(self.players)} players, "
                f"{len(matches)} matches ({finished} finished, {len(matches) - finished} in "
                f"progress), and the tournament {tournament.name} ({TOURNAMENT_ROUNDS_PLAYED} "
                f"rounds played, round {TOURNAMENT_ROUNDS_PLAYED + 1} seated), the Burraco "
                f"evening {BURRACO_NAME} (12 pairs, turno 1 played, turno 2 under way); the season "
                f"{season.name} counts them."
            )
        )
        self.stdout.write("Log in with:")
        for user, password, what in logins:
            if password is None:
                self.stdout.write(f"  {user.username}  ({what}; existing user, password unchanged)")
            else:
                self.stdout.write(f"  {user.username} / {password}  ({what})")

    def say_table_code(self) -> None:
        """Print the code of the demo's live match, to try joining a table without an account
        (`make run` shows it every time, the first and the later ones)."""
        code = (
            TableCode.objects.filter(
                match__club__slug=CLUB_SLUG,
                match__table_label=LIVE_TABLE,
                match__tournament_table__isnull=True,
                match__status=MatchStatus.IN_PROGRESS,
                is_current=True,
            )
            .select_related("match")
            .first()
        )
        if code is not None:
            self.stdout.write(
                f"Join table {LIVE_TABLE} ({preset_label(code.match.preset)}, in progress) as a "
                "player, "
                f"without an account: open {reverse('scoring:join')} and type the table code "
                f"{code.code}"
            )

    def open_season(self):
        """This year's season: every club night and tournament table of the year counts (the
        ratings need nothing: every counted match updated them as it finished)."""
        today = timezone.localdate()
        return seasons.season_create(
            club=self.club,
            user=self.director,
            name=f"Stagione {today.year}",
            starts_on=today.replace(month=1, day=1),
            ends_on=today.replace(month=12, day=31),
        )

    # The matches ---------------------------------------------------------------------------------

    def play_matches(self) -> list[Match]:
        matches = []

        match = self.start("scala40", "1", PLAYERS[0:4])
        self.play_penalty(match, game="scala40", until_end=True)
        matches.append(match)

        match = self.start(
            "scala40",
            "2",
            (*PLAYERS[4:8], GUESTS[0]),
            options={"elimination_at": 151},
            first_dealer_seat=2,
        )
        self.play_penalty(match, game="scala40", hands=6)
        if not self.refreshed(match).is_finished:
            services.match_call_time(match=match, user=self.director)
        matches.append(match)

        match = self.start(
            "scala40-club",
            "3",
            PLAYERS[7:12],
            options={"stake": "5.00", "reentry_fee": "5.00"},
        )
        self.play_penalty(match, game="scala40", typo_at=2, hands_after_reentry=1)
        matches.append(match)

        match = self.start("ramino", "4", (*PLAYERS[0:3], GUESTS[1]))
        self.play_penalty(match, game="ramino", until_end=True, void_at=3)
        matches.append(match)

        match = self.start("gin-standard", "5", PLAYERS[2:4])
        self.play_gin(match, until_end=True)
        matches.append(match)

        match = self.start("gin-oklahoma", "6", PLAYERS[4:6])
        self.play_gin(match, hands=4, oklahoma=True)
        matches.append(match)

        match = self.start("gin-hollywood", "7", PLAYERS[8:10])
        self.play_gin(match, hands=7)
        matches.append(match)

        # Burraco, two lines of two: NS is seats 1 and 3, EO seats 2 and 4
        for table, names, until_end in (
            ("8", PLAYERS[0:4], True),  # Anna and Carla against Bruno and Dario
            ("9", (PLAYERS[0], PLAYERS[4], PLAYERS[5], PLAYERS[6]), True),  # Anna with Franco
            ("10", (PLAYERS[2], PLAYERS[8], PLAYERS[3], PLAYERS[9]), False),  # in progress
        ):
            match = self.start("burraco", table, names)
            self.play_burraco(match, until_end=until_end, typo_at=2 if table == "8" else None)
            matches.append(match)

        return [self.refreshed(match) for match in matches]

    # The tournament ------------------------------------------------------------------------------

    def play_tournament(self) -> Tournament:
        """A Scala 40 tournament of the 12 club players: 3 rounds and a final table of 4. Rounds
        1 and 2 are played (the scorekeeper enters the hands and calls time for the director,
        the director confirms every table: whoever decided a result never confirms it); round 3
        is seated, ready to start."""
        tournament = tournaments.tournament_create(
            club=self.club,
            user=self.director,
            name=TOURNAMENT_NAME,
            preset="scala40",
            options={"reentry_allowed": True, "reentry_fee": "5.00"},
            format=Format.ROUNDS,
            rounds_planned=3,
            final_table_size=4,
            entry_fee="10.00",
            house_cut_percent="10",
        )
        for name in PLAYERS:
            tournaments.entry_register(
                tournament=tournament, user=self.director, player=self.players[name], check_in=True
            )
        for number in range(1, TOURNAMENT_ROUNDS_PLAYED + 1):
            round = tournaments.round_seat(
                tournament=tournament, user=self.director, seed=SEED + number
            )
            tournaments.round_start(round=round, user=self.director)
            for table in round.tables.select_related("match").order_by("number"):
                assert table.match is not None  # a started round has a match at every table
                self.play_penalty(table.match, game="scala40", hands=4 + table.number)
            tournaments.round_call_time(round=round, user=self.scorekeeper)
            for table in round.tables.order_by("number"):
                tournaments.table_confirm(table=table, user=self.director)
        tournaments.round_seat(
            tournament=tournament, user=self.director, seed=SEED + TOURNAMENT_ROUNDS_PLAYED + 1
        )
        return tournament

    def play_burraco_evening(self) -> Tournament:
        """A Burraco evening of 12 pairs (3 Mitchell turni and a danese, 3 hands a turno), pasted
        checked in. Turno 1 is played (the scorekeeper enters the hands) and every table
        confirmed by the director; turno 2 is seated and half played: tables 1 and 2 finished and
        confirmed, table 3 finished and waiting for the other line, table 4 a hand in, tables 5
        and 6 just sat down."""
        tournament = tournaments.tournament_create(
            club=self.club,
            user=self.director,
            name=BURRACO_NAME,
            preset="burraco",
            format="burraco_pairs",
            entry_fee="10.00",
        )
        burraco.pairs_register(
            tournament=tournament, user=self.director, lines=BURRACO_PAIRS, check_in=True
        )
        first = burraco.turno_seat(tournament=tournament, user=self.director)
        for table in first.tables.select_related("match").order_by("number"):
            assert table.match is not None  # a seated turno's tables have their matches
            self.play_burraco(table.match, until_end=True)
            tournaments.table_confirm(table=table, user=self.director)
        second = burraco.turno_seat(tournament=tournament, user=self.director)
        for table in second.tables.select_related("match").order_by("number"):
            hands = {1: 3, 2: 3, 3: 3, 4: 1}.get(table.number, 0)
            assert table.match is not None
            if hands:
                self.play_burraco(table.match, until_end=False, hands=hands)
            if table.number <= 2:
                tournaments.table_confirm(table=table, user=self.director)
        return tournament

    def start(
        self,
        preset: str,
        table: str,
        names: tuple[str, ...],
        *,
        options: Options | None = None,
        first_dealer_seat: int = 1,
    ) -> Match:
        return services.match_start(
            club=self.club,
            user=self.director,
            preset=preset,
            players=[self.players[name] for name in names],
            options=options,
            table_label=table,
            first_dealer_seat=first_dealer_seat,
        )

    def play_penalty(
        self,
        match: Match,
        *,
        game: str,
        hands: int = MAX_HANDS,
        until_end: bool = False,
        typo_at: int | None = None,
        void_at: int | None = None,
        hands_after_reentry: int | None = None,
    ) -> None:
        """Play Scala 40 or Ramino hands; every player who may re-enter does, once.

        Stop when the match ends, after `hands` hands (unless `until_end`), or `hands_after_reentry`
        hands after the first re-entry.
        """
        club_rules = match.rules.get("not_opened_penalty") is not None
        reentered_at = None
        for number in range(1, MAX_HANDS + 1):
            if self.refreshed(match).is_finished or (number > hands and not until_end):
                break
            if (
                reentered_at is not None
                and hands_after_reentry is not None
                and number > reentered_at + hands_after_reentry
            ):
                break
            seats = self.seats(match)
            data = self.penalty_hand(seats, game=game, club_rules=club_rules)
            if number == void_at:
                self.record_and_void(match, seats, game=game, club_rules=club_rules)
            if number == typo_at:
                self.record_and_correct(match, data)
            else:
                services.hand_record(match=match, user=self.scorekeeper, data=data)
            for seat in self.seats(match):
                if seat.status == PlayerStatus.ELIMINATED:
                    services.player_reenter(match=match, user=self.scorekeeper, seat=seat)
                    if hands_after_reentry is not None and reentered_at is None:
                        reentered_at = number
        else:
            raise CommandError(f"The demo match {match} did not end in {MAX_HANDS} hands.")

    def penalty_hand(self, seats: list[MatchPlayer], *, game: str, club_rules: bool) -> HandEntry:
        rng = self.rng
        in_play = [seat.name for seat in seats if seat.status == PlayerStatus.IN_PLAY]
        closer = rng.choice(in_play)
        points: dict[str, int] = {}
        data: HandEntry = {"closer": closer, "points": points}
        not_opened = []
        for name in in_play:
            if name == closer:
                continue
            if rng.random() < 0.1:  # still holding all the cards
                if club_rules:
                    not_opened.append(name)
                    continue
                points[name] = rng.randint(60, 110)
            else:
                points[name] = rng.randint(2, 45)
        if not_opened:
            data["not_opened"] = not_opened
        if game_named(game).closings:
            kinds = [kind for kind, _weight in RAMINO_CLOSINGS]
            weights = [weight for _kind, weight in RAMINO_CLOSINGS]
            data["closing"] = rng.choices(kinds, weights)[0]
        elif rng.random() < 0.06:
            data["in_hand"] = True
        return data

    def record_and_correct(self, match: Match, data: HandEntry) -> None:
        """The scorekeeper types 10 points too many for someone; the director fixes it."""
        name = sorted(data["points"])[0] if data["points"] else None
        if name is None:
            services.hand_record(match=match, user=self.scorekeeper, data=data)
            return
        typo: HandEntry = {**data, "points": {**data["points"], name: data["points"][name] + 10}}
        event, _created = services.hand_record(match=match, user=self.scorekeeper, data=typo)
        services.hand_correct(
            event=event,
            user=self.director,
            data=data,
            expected_version=1,
            reason=f"I punti di {name} erano {data['points'][name]}, non {typo['points'][name]}.",
        )

    def record_and_void(
        self, match: Match, seats: list[MatchPlayer], *, game: str, club_rules: bool
    ) -> None:
        """A hand of another table recorded here by mistake, then voided."""
        wrong = self.penalty_hand(seats, game=game, club_rules=club_rules)
        event, _created = services.hand_record(match=match, user=self.scorekeeper, data=wrong)
        services.event_void(
            event=event,
            user=self.director,
            reason="Mano di un altro tavolo, registrata qui per errore.",
            expected_version=1,
        )

    def play_gin(
        self, match: Match, *, hands: int = MAX_HANDS, until_end: bool = False, oklahoma=False
    ) -> None:
        names = [seat.name for seat in self.seats(match)]
        for number in range(1, MAX_HANDS + 1):
            if self.refreshed(match).is_finished or (number > hands and not until_end):
                return
            data = self.gin_hand(names, oklahoma=oklahoma)
            services.hand_record(match=match, user=self.scorekeeper, data=data)
        raise CommandError(f"The demo match {match} did not end in {MAX_HANDS} hands.")

    def gin_hand(self, names: list[str], *, oklahoma: bool) -> dict[str, object]:
        rng = self.rng
        knocker, defender = rng.sample(names, 2)
        data: dict[str, object] = {}  # a GinHandEntry, its keys in the order shown
        limit, ace = 10, False
        if oklahoma:
            rank = rng.choice(GIN_RANKS)
            data["upcard"] = f"{rank}{rng.choice('shdc')}"
            limit, ace = GIN_VALUES[rank], rank == "A"
        roll = rng.random()
        if roll < 0.05:
            return {"result": "dead", **data}
        if roll < 0.1:
            result, deadwood = "big_gin", 0
        elif roll < 0.3 or ace:
            result, deadwood = "gin", 0
        else:
            result, deadwood = "knock", rng.randint(1, limit)
        defender_deadwood = rng.randint(max(0, deadwood - 4), 30)
        data.update(
            result=result,
            knocker=knocker,
            deadwood={knocker: deadwood, defender: defender_deadwood},
        )
        return data

    def play_burraco(
        self, match: Match, *, until_end: bool, typo_at: int | None = None, hands: int = 2
    ) -> None:
        """Play Burraco hands to the target (or `hands` of them); hand `typo_at` is typed with
        10 too many in NS's hand and corrected by the director."""
        for number in range(1, MAX_HANDS + 1):
            if self.refreshed(match).is_finished or (number > hands and not until_end):
                return
            data = self.burraco_hand()
            if number == typo_at:
                ns = data["lines"]["NS"]
                typo = {
                    **data,
                    "lines": {**data["lines"], "NS": {**ns, "in_hand": ns["in_hand"] + 10}},
                }
                event, _created = services.hand_record(
                    match=match, user=self.scorekeeper, data=typo
                )
                services.hand_correct(
                    event=event,
                    user=self.director,
                    data=data,
                    expected_version=1,
                    reason=f"NS aveva {ns['in_hand']} in mano, non {ns['in_hand'] + 10}.",
                )
            else:
                services.hand_record(match=match, user=self.scorekeeper, data=data)
        raise CommandError(f"The demo match {match} did not end in {MAX_HANDS} hands.")

    def burraco_hand(self) -> dict:
        """A Burraco hand as the phone sends it (BURRACO.md section 1): a line closes (with a
        pulito and its pozzetto) or the tallone runs out; values in steps of 5, melded at least
        35 a burraco, at most 1000 on the table and in hand."""
        rng = self.rng
        end = rng.choices(["NS", "EO", "tallone"], [4, 4, 2])[0]
        lines = {}
        for line in ("NS", "EO"):
            closed = line == end
            puliti = rng.randint(1, 2) if closed else rng.randint(0, 1)
            sporchi = rng.randint(0, 1)
            taken = closed or rng.random() < 0.85
            lines[line] = {
                "closed": closed,
                "puliti": puliti,
                "sporchi": sporchi,
                "pozzetto_taken": taken,
                "melded": 5 * rng.randint(max(8, 7 * (puliti + sporchi)), 80),
                "in_hand": 0 if closed else 5 * rng.randint(0, 20),
            }
        return {"end": "tallone" if end == "tallone" else "closing", "lines": lines}

    # Reading back --------------------------------------------------------------------------------

    def seats(self, match: Match) -> list[MatchPlayer]:
        return list(MatchPlayer.objects.filter(match=match).order_by("seat"))

    def refreshed(self, match: Match) -> Match:
        match.refresh_from_db()
        return match
