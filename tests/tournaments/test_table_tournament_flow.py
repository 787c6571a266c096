import random

import pytest

from tournaments import selectors, services
from tournaments.models import Format, RoundKind

from .helpers import Staff, enter_players, play_round

pytestmark = pytest.mark.django_db


def test_rounds_tournament_smoke():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa d'autunno",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=3,
        final_table_size=4,
        entry_fee="20",
        house_cut_percent="10",
    )
    enter_players(tournament, staff.director, 22)
    rng = random.Random(7)
    for number in range(1, 5):
        round = services.round_seat(tournament=tournament, user=staff.director, seed=number)
        sizes = sorted(round.tables.values_list("seats__table", flat=True))
        assert round.number == number
        play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
        print(number, round.kind, len(sizes), round.report.get("repeat_cost"))
    assert round.kind == RoundKind.FINAL
    services.tournament_finish(tournament=tournament, user=staff.director)
    ranking = selectors.final_ranking(tournament)
    ledger = selectors.ledger(tournament)
    print([(row.place, row.entry.player.name) for row in ranking[:6]])
    print(ledger.pot, ledger.amounts, ledger.paid)
    assert sum(ledger.paid.values()) == ledger.pot.prizes
