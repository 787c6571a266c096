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
            "Fascia 4: 13 + 8 VP fanno 21, non 20."
        )
        assert refusal(club, changed(6, winner=13, loser=7)).message == (
            "Fascia 6: 13 VP al vincitore, meno della fascia 5 (14)."
        )


# Creating, changing, deleting -----------------------------------------------------------------


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


# The director's pages -------------------------------------------------------------------------


def page(name, club, table=None) -> str:
    kwargs = {"slug": club.slug} if table is None else {"slug": club.slug, "pk": table.pk}
    return reverse(f"vptables:{name}", kwargs=kwargs)


def form_post(name="Due smazzate", hands=2, bands=TWO_HANDS, rows=12) -> dict[str, object]:
    """The form as a browser sends it: every row, the blank ones empty."""
    data: dict[str, object] = {
        "name": name,
        "hands": hands,
        "band-TOTAL_FORMS": rows,
        "band-INITIAL_FORMS": 0,
    }
    for index in range(rows):
        band = bands[index] if index < len(bands) else {}
        for key in ("low", "high", "winner", "loser"):
            value = band.get(key)
            data[f"band-{index}-{key}"] = "" if value is None else value
    return data


def band_row(html: str, number: int) -> str:
    """The rows of band `number` on the form (its inputs and the errors below them)."""
    found = re.search(rf'<tbody class="vp-row[^"]*" data-band="{number}">(.*?)</tbody>', html, re.S)
    assert found, f"no band {number}"
    return found[1]


def test_a_director_enters_a_two_hand_table(client, club):
    client.force_login(club.director)
    response = client.get(page("create", club))
    assert response.status_code == 200
    assert response.content.decode().count("data-band=") == 12
    response = client.post(page("create", club), form_post())
    assert response.status_code == 302 and response["Location"] == page("list", club)
    table = VpTable.objects.get()
    assert (table.club, table.name, table.hands) == (club, "Due smazzate", 2)
    assert table.bands == TWO_HANDS
    html = client.get(page("list", club)).content.decode()
    assert "VP table Due smazzate saved." in html
    order = [html.index(f'data-vp-table="{name}"') for name in ("FIBur 3 hands", "FIBur 4 hands")]
    assert order[0] < order[1] < html.index('data-vp-table="Due smazzate"')
    assert "255 and above" in html and "1505 and above" in html
    assert html.count("FIBur table, read-only") == 2


def test_a_refused_table_shows_the_message_beside_its_band_and_keeps_what_was_typed(client, club):
    client.force_login(club.director)
    bands = [*TWO_HANDS[:2], {**TWO_HANDS[2], "low": 110}, TWO_HANDS[3]]
    response = client.post(page("create", club), form_post(name="Con un buco", bands=bands))
    assert response.status_code == 200
    html = response.content.decode()
    message = "Band 3: a difference of 105 MP is missing (the band should start at 105)."
    assert message in band_row(html, 3)
    assert message not in band_row(html, 2) and message not in band_row(html, 4)
    assert 'name="band-2-low" value="110"' in band_row(html, 3)
    assert 'aria-invalid="true"' in band_row(html, 3)
    assert 'name="band-3-winner" value="18"' in band_row(html, 4)
    assert 'value="Con un buco"' in html
    assert not VpTable.objects.exists()


def test_a_half_filled_row_asks_for_the_rest(client, club):
    client.force_login(club.director)
    bands = [*TWO_HANDS[:3], {"low": 255, "high": None, "winner": 18, "loser": None}]
    html = client.post(page("create", club), form_post(bands=bands)).content.decode()
    assert "Fill in the band&#x27;s VP loser." in band_row(html, 4)
    assert not VpTable.objects.exists()


def test_a_director_changes_and_deletes_a_table(client, club):
    table = services.vp_table_create(
        club=club, user=club.director, name="Due", hands=2, bands=TWO_HANDS
    )
    client.force_login(club.director)
    html = client.get(page("edit", club, table)).content.decode()
    assert 'name="band-3-low" value="255"' in html and 'name="band-4-low"' in html
    fewer = {**TWO_HANDS[3], "winner": 14, "loser": 6}
    data = form_post(name="Due", bands=[*TWO_HANDS[:3], fewer], rows=7)
    data["band-INITIAL_FORMS"] = 4
    html = client.post(page("edit", club, table), data).content.decode()
    assert "Band 4: 14 VP to the winner, fewer than band 3 (15)." in band_row(html, 4)
    data = form_post(name="Due", bands=[*TWO_HANDS[:3], {**TWO_HANDS[3], "winner": 19, "loser": 1}])
    assert client.post(page("edit", club, table), data).status_code == 302
    table.refresh_from_db()
    assert table.bands[3] == {"low": 255, "high": None, "winner": 19, "loser": 1}
    asked = client.get(page("delete", club, table)).content.decode()
    assert "Delete the VP table Due? It cannot be undone." in asked
    assert VpTable.objects.exists()
    response = client.post(page("delete", club, table), follow=True)
    assert "VP table Due deleted." in response.content.decode()
    assert not VpTable.objects.exists()


@pytest.mark.parametrize(
    ("who", "expected"),
    [("director", 200), ("owner", 200), ("scorekeeper", 403), ("member", 403), ("outsider", 404)],
)
def test_only_directors_enter_tables(client, club, who, expected):
    table = services.vp_table_create(
        club=club, user=club.director, name="Due", hands=2, bands=TWO_HANDS
    )
    if who == "director":
        user = club.director
    elif who == "outsider":
        user = member(ClubFactory(), Role.OWNER)
    else:
        user = member(club, getattr(Role, who.upper()))
    client.force_login(user)
    assert client.get(page("create", club)).status_code == expected
    assert client.get(page("edit", club, table)).status_code == expected
    assert client.get(page("delete", club, table)).status_code == expected
    written = 302 if expected == 200 else expected
    assert client.post(page("create", club), form_post(name="Altra")).status_code == written
    assert client.post(page("delete", club, table)).status_code == written
    listed = client.get(page("list", club))
    assert listed.status_code == (404 if who == "outsider" else 200)
    shows_link = f'href="{page("create", club)}"' in listed.content.decode()
    assert shows_link is (expected == 200)
    club_page = client.get(club.get_absolute_url()).content.decode()
    assert (page("list", club) in club_page) is (expected == 200)
    names = set(VpTable.objects.filter(club=club).values_list("name", flat=True))
    assert names == ({"Altra"} if expected == 200 else {"Due"})


def test_a_public_club_s_tables_are_read_by_everyone_written_after_login(client):
    club = ClubFactory(is_public=True)
    assert client.get(page("list", club)).status_code == 200
    response = client.post(page("create", club), form_post())
    assert response.status_code == 302 and "login" in response["Location"]
    assert not VpTable.objects.exists()


def test_a_table_without_bands_is_refused_at_the_top_of_the_form(client, club):
    client.force_login(club.director)
    html = client.post(page("create", club), form_post(bands=[])).content.decode()
    assert (
        '<div class="form-errors" role="alert"><p>A VP table needs at least one band.</p>' in html
    )
    assert not VpTable.objects.exists()


def test_an_empty_row_between_bands_is_refused_beside_it(client, club):
    client.force_login(club.director)
    bands = [TWO_HANDS[0], {}, *TWO_HANDS[1:]]
    html = client.post(page("create", club), form_post(bands=bands)).content.decode()
    message = "Band 2 is empty: fill it in, or leave the empty rows at the end."
    assert message in band_row(html, 2)
    assert 'name="band-2-low" value="35"' in band_row(html, 3)
    assert not VpTable.objects.exists()
