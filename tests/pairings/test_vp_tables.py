"""A club's VP tables: the services' refusals, one per rule of the engine's `check_vp_table`,
on real bands (the FIBur 3-hand table, and the 825-MP gap of the 2014 program), in English and
in Italian; and the director's pages over real HTTP (a refused table shows the message beside
its band and keeps what was typed; who may open them)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from pairings.engine.burraco.vp_tables import THREE_HANDS
from pairings.models import VpTable
from pairings.vptables import selectors, services
from pairings.vptables.services import VpTableRefused
from tests.factories import ClubFactory, member

pytestmark = pytest.mark.django_db


def fibur_three() -> list[dict]:
    """The FIBur 3-hand table as a club would type it."""
    return [
        {"low": b.low, "high": b.high, "winner": b.winner, "loser": b.loser}
        for b in THREE_HANDS.bands
    ]


def changed(band: int, **values) -> list[dict]:
    """The 3-hand table with band `band` (from 1) changed."""
    bands = fibur_three()
    bands[band - 1] = {**bands[band - 1], **values}
    return bands


TWO_HANDS = [
    {"low": 0, "high": 30, "winner": 10, "loser": 10},
    {"low": 35, "high": 100, "winner": 12, "loser": 8},
    {"low": 105, "high": 250, "winner": 15, "loser": 5},
    {"low": 255, "high": None, "winner": 18, "loser": 2},
]


@pytest.fixture
def club():
    club = ClubFactory()
    club.director = member(club, Role.DIRECTOR)
    return club


def refusal(club, bands, hands=3) -> VpTableRefused:
    with pytest.raises(VpTableRefused) as caught:
        services.vp_table_create(
            club=club, user=club.director, name="Prova", hands=hands, bands=bands
        )
    assert not VpTable.objects.exists()
    return caught.value


# The services' refusals ---------------------------------------------------------------------------

def test_the_825_mp_gap_of_2014_is_refused_naming_band_8(club, english_messages):
    bands = changed(7, high=820)
    bands[7] = {**bands[7], "low": 830}  # 16 VP to 820, 17 VP from 830: 825 falls in no band
    error = refusal(club, bands)
    assert (error.code, error.band, error.field) == ("gap", 8, "bands.8.low")
    assert error.message == (
        "Band 8: a difference of 825 MP is missing (the band should start at 825)."
    )


def test_a_wider_gap_names_the_range_in_italian(club):
    bands = changed(8, low=830)  # 805 to 825 fall in no band
    with translation.override("it"):
        error = refusal(club, bands)
    assert error.field == "bands.8.low"
    assert error.message == (
        "Fascia 8: manca l'intervallo da 805 a 825 MP (la fascia dovrebbe iniziare da 805)."
    )


@pytest.mark.parametrize(
    ("bands", "code", "field", "message"),
    [
        (
            changed(8, low=800),
            "overlap",
            "bands.8.low",
            "Band 8: it starts at 800 MP, inside band 7 (it should start at 805).",
        ),
        (changed(3, high=252), "step", "bands.3.high", "Band 3: 252 MP is not a multiple of 5."),
        (
            changed(4, winner=13, loser=8),
            "split",
            "bands.4.loser",
            "Band 4: 13 + 8 VP make 21, not 20.",
        ),
        (
            changed(5, winner=21, loser=-1),
            "split",
            "bands.5.winner",
            "Band 5: 21 is not a number of VP from 0 to 20.",
        ),
        (
            changed(2, low=55, high=50),
            "reversed",
            "bands.2.high",
            "Band 2: it ends at 50 MP, below 55.",
        ),
        (
            changed(6, winner=13, loser=7),
            "decreasing",
            "bands.6.winner",
            "Band 6: 13 VP to the winner, fewer than band 5 (14).",
        ),
        (
            changed(1, winner=11, loser=9),
            "first_band",
            "bands.1.low",
            "Band 1: it starts at 0 MP and gives 10-10 VP (a difference of 0 has no winner).",
        ),
        (
            changed(4, high=None),
            "open_band",
            "bands.4.high",
            "Band 4: give its end (MP to); only the last band is left open.",
        ),
        (
            changed(11, high=2000),
            "open_band",
            "bands.11.high",
            "Band 11: the last band is open (leave MP to empty), so a difference above 2000 MP "
            "gets VP too.",
        ),
        ([], "empty", "bands", "A VP table needs at least one band."),
    ],
    ids=lambda value: value if isinstance(value, str) and "." not in value else None,
)
def test_each_rule_is_refused_naming_the_band(club, english_messages, bands, code, field, message):
    error = refusal(club, bands)
    assert (error.code, error.field, error.message) == (code, field, message)


def test_a_hand_count_below_one_is_refused(club, english_messages):
    error = refusal(club, TWO_HANDS, hands=0)
    assert (error.code, error.field) == ("hands", "hands")
    assert error.message == "The hands per turno are a whole number from 1 up."


def test_every_refusal_is_worded_in_italian(club):
    with translation.override("it"):
        assert refusal(club, changed(4, winner=13, loser=8)).message == (
            "Fascia 4: 13 + 8 PV fanno 21, non 20."
        )
        assert refusal(club, changed(6, winner=13, loser=7)).message == (
            "Fascia 6: 13 PV al vincitore, meno della fascia 5 (14)."
        )


# Creating, changing, deleting ----------------------------------------------------------------------


def test_a_two_hand_table_is_stored_and_listed_beside_the_fibur_ones(club, english_messages):
    table = services.vp_table_create(
        club=club, user=club.director, name="  Due   smazzate ", hands=2, bands=TWO_HANDS
    )
    assert (table.name, table.hands, table.bands) == ("Due smazzate", 2, TWO_HANDS)
    shown = selectors.club_vp_tables(club)
    assert [(t.name, t.hands, t.is_default) for t in shown] == [
        ("FIBur 3 hands", 3, True),
        ("FIBur 4 hands", 4, True),
        ("Due smazzate", 2, False),
    ]
    assert shown[0].bands[7].low == 805 and shown[0].bands[-1].high is None
    other = ClubFactory()
    assert [t.name for t in selectors.club_vp_tables(other)] == ["FIBur 3 hands", "FIBur 4 hands"]


def test_the_fibur_tables_are_named_in_italian(club):
    with translation.override("it"):
        names = [t.name for t in selectors.club_vp_tables(club)]
    assert names == ["FIBur 3 smazzate", "FIBur 4 smazzate"]


def test_a_name_is_the_club_s_once(club, english_messages):
    services.vp_table_create(club=club, user=club.director, name="Due", hands=2, bands=TWO_HANDS)
    with pytest.raises(services.TournamentActionError) as caught:
        services.vp_table_create(
            club=club, user=club.director, name="due", hands=2, bands=TWO_HANDS
        )
    assert caught.value.field == "name"
    assert VpTable.objects.count() == 1


def test_an_update_is_checked_whole_and_a_refusal_changes_nothing(club, english_messages):
    table = services.vp_table_create(
        club=club, user=club.director, name="Due", hands=2, bands=TWO_HANDS
    )
    with pytest.raises(VpTableRefused) as caught:
        services.vp_table_update(
            table=table, user=club.director, bands=[*TWO_HANDS[:3], {**TWO_HANDS[3], "low": 260}]
        )
    assert caught.value.field == "bands.4.low"
    table.refresh_from_db()
    assert table.bands == TWO_HANDS
    services.vp_table_update(table=table, user=club.director, name="Due bis", hands=3)
    table.refresh_from_db()
    assert (table.name, table.hands, table.bands) == ("Due bis", 3, TWO_HANDS)
    services.vp_table_delete(table=table, user=club.director)
    assert not VpTable.objects.exists()
