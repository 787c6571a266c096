"""Starting a match (its players, guests by name, its rules stored whole) and holding one: the lock
every writer takes first (`lock_match`) and the refusal of a closed match (`refuse_if_closed`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.models import Club, Player
from scoring.cache import apply_replay, refresh_cache
from scoring.engine import PRESETS, EngineError, RuleSet, preset_game, rules_for
from scoring.engine.names import table_label as stored_table_label
from scoring.engine.rules import Options
from scoring.models import (
    Match,
    MatchEvent,
    MatchPlayer,
    is_played,
)
from scoring.services.errors import MatchError
from scoring.services.replay import current_events, replay_current, replay_match
from scoring.services.state import write_replayed
from scoring.signals import matches_changed


def guest_player(*, club: Club, name: str) -> Player:
    """The club's player of that name (any case), or a new guest. The name is checked as every
    player's name is (`clubs.validators.clean_name`): `MatchError` on field "players"."""
    try:
        name = validators.clean_name(
            name,
            max_length=validators.PLAYER_NAME_LENGTH,
            empty_message=_("A guest needs a name."),
        )
    except ValidationError as error:
        raise MatchError(validators.first_message(error), field="players") from None
    player = Player.objects.filter(club=club, name__iexact=name).first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(club=club, name=name, is_guest=True)
        except IntegrityError:  # created meanwhile by another request
            player = Player.objects.get(club=club, name__iexact=name)
    return player


@transaction.atomic
def match_start(
    *,
    club: Club,
    user: Actor,
    preset: str,
    players: Sequence[Player],
    options: Options | None = None,
    table_label: str = "",
    first_dealer_seat: int = 1,
    start_key: str = "",
) -> Match:
    """Start a match of `preset` (with option `options`) for `players` in seat order. The full
    rule set is stored, so changing a preset later never changes this match; a table's label as
    its number ("Tavolo 3" is "3": `presenters.table_name`). `start_key`: the start form's key
    (`selectors.match_started_with` finds the match a form sent again had started)."""
    rules = _rules(preset, options)
    _check_seats(club, players, first_dealer_seat)

    match = Match.objects.create(
        club=club,
        game=rules.game,
        preset=preset,
        rules=rules.to_dict(),
        table_label=stored_table_label(table_label),
        first_dealer_seat=first_dealer_seat,
        start_key=start_key,
        started_by=user if user and user.is_authenticated else None,
    )
    seats = MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, player=player, seat=number, name=player.name)
        for number, player in enumerate(players, start=1)
    )
    started = replay_match(match, seats, [])
    refresh_cache(match, seats, started.state, started.hand_count)
    write_replayed(match, started, [], exists=False)
    return match


def _rules(preset: str, options: Options | None) -> RuleSet:
    if preset in PRESETS and not is_played(preset_game(preset)):
        played = [name for name in PRESETS if is_played(preset_game(name))]
        raise MatchError(
            _("Unknown preset %(preset)s; the presets are: %(presets)s.")
            % {"preset": preset, "presets": ", ".join(played)},
            field="preset",
        )
    try:
        return rules_for(preset, options or {})
    except EngineError as error:
        raise MatchError.from_engine(error) from error


def _check_seats(club: Club, players: Sequence[Player], first_dealer_seat: int) -> None:
    if any(player.club_id != club.pk for player in players):
        raise MatchError(_("Every player must belong to this club."), field="players")
    if len({player.pk for player in players}) != len(players):
        raise MatchError(_("A player cannot sit at the table twice."), field="players")
    if not 1 <= first_dealer_seat <= len(players):
        raise MatchError(_("The first dealer must be one of the players."), field="first_dealer")


@transaction.atomic
def matches_start(
    *,
    club: Club,
    user: Actor,
    preset: str,
    tables: Sequence[tuple[Sequence[Player], str]],
    options: Options | None = None,
) -> list[Match]:
    """`match_start` for many tables at once (a round of a tournament): for each table, its
    players in seat order (the first deals first) and its label; the matches in that order.

    The same matches, seats and caches as starting them one by one, in a number of queries that
    does not grow with the tables: the matches are written with their cache already set (the
    replay of no event, made before the write), then every seat, in two `bulk_create`s; one
    `matches_changed` for them all. A refusal names no table and creates nothing."""
    rules = _rules(preset, options)
    author = user if user and user.is_authenticated else None
    started: list[tuple[Match, list[MatchPlayer]]] = []
    for players, label in tables:
        _check_seats(club, players, 1)
        match = Match(
            club=club,
            game=rules.game,
            preset=preset,
            rules=rules.to_dict(),
            table_label=stored_table_label(label),
            first_dealer_seat=1,
            started_by=author,
        )
        seats = [
            MatchPlayer(match=match, player=player, seat=number, name=player.name)
            for number, player in enumerate(players, start=1)
        ]
        replayed = replay_match(match, seats, [])
        apply_replay(match, seats, replayed.state, replayed.hand_count)
        started.append((match, seats))
    matches = Match.objects.bulk_create(match for match, _seats in started)
    MatchPlayer.objects.bulk_create(seat for _match, seats in started for seat in seats)
    matches_changed.send(
        sender=Match, matches=matches, was_finished={match.pk: False for match in matches}
    )
    return matches


def lock_match(match: Match) -> tuple[Match, list[MatchPlayer]]:
    """Lock the match row (until the transaction ends) and load its seats; its state cache
    (`services.state`) comes with the match row, read in the same query."""
    locked, seats, _keyed = lock_match_keyed(match, key=None)
    return locked, seats


def lock_match_keyed(
    match: Match, *, key: str | None
) -> tuple[Match, list[MatchPlayer], int | None]:
    """`lock_match`, answering also the id of the event the idempotency `key` recorded (None:
    none yet, or no key), read in the same query as the match row."""
    rows = Match.objects.select_for_update(of=("self",)).select_related("state_cache")
    if key:
        keyed = MatchEvent.objects.filter(match=OuterRef("pk"), idempotency_key=key)
        rows = rows.annotate(keyed_event_id=Subquery(keyed.values("pk")[:1]))
    locked = rows.get(pk=match.pk)
    seats = list(MatchPlayer.objects.filter(match=locked).order_by("seat"))
    return locked, seats, getattr(locked, "keyed_event_id", None)


def refuse_if_closed(match: Match, *, event: int | None = None) -> None:
    """Refuse any change of a closed match (one of a finished tournament), saying why.

    Every writer of this module calls it once it holds the match row: a match closed meanwhile
    is seen, and a match is closed (by a higher app) only while its row is locked."""
    if match.is_closed:
        raise MatchError(match.closed_message, field="match", event=event)


@transaction.atomic
def match_state_rebuild(match: Match) -> bool:
    """Write the match's state cache and every event's snapshot again from its events (a replay
    from the start; `services.state`). Locks the match row first. False, writing nothing, when
    the engine refuses its events (a match stored before a rule changed)."""
    match, seats = lock_match(match)
    events = current_events(match)
    try:
        replayed = replay_current(match, seats, events)
    except MatchError:
        return False
    write_replayed(match, replayed, events)
    return True
