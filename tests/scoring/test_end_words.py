"""The result card and the report say how a match ended in a sentence that names the winner and
agrees with her (walk leftover: the card read "Finita: Ultimo in gioco", a label where a sentence
belongs, masculine for a woman too).

Italian: these tests need the compiled catalogue (see HELPERS.md)."""

from __future__ import annotations

from html import unescape

import pytest
from django.conf import settings
from django.utils import translation

from base.printing import render_pdf
from clubs.models import Gender, Role
from scoring import presenters, services
from scoring.printing import match_report
from scoring.selectors import match_detail
from tests.factories import ClubFactory, PlayerFactory, member, start_match
from tests.pdf.conftest import Pdf

pytestmark = pytest.mark.django_db


def won_by_the_last_in_play(gender):
    club = ClubFactory()
    players = [
        PlayerFactory(club=club, name="Anna", gender=gender),
        PlayerFactory(club=club, name="Bruno"),
    ]
    match = services.match_start(club=club, user=None, preset="scala40", players=players)
    services.hand_record(match=match, user=None, data={"closer": "Anna", "points": {"Bruno": 120}})
    return match


def card(client, match, language):
    client.force_login(member(match.club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    text = unescape(" ".join(client.get(match.get_absolute_url()).content.decode().split()))
    start = text.index('<div class="result"')
    return text[start : text.index("</div>", start)]


@pytest.mark.parametrize(
    ("gender", "italian"),
    [
        (Gender.FEMALE, "Finita: Anna è l'ultima in gioco."),
        (Gender.MALE, "Finita: Anna è l'ultimo in gioco."),
        (Gender.UNSPECIFIED, "Finita: in gioco resta solo Anna."),
    ],
)
def test_the_card_says_who_is_the_last_in_play(client, gender, italian):
    match = won_by_the_last_in_play(gender)
    assert f'<span class="end-reason">{italian}</span>' in card(client, match, "it")
    english = card(client, match, "en")
    assert "Finished: Anna is the last one in play." in english
    assert "Ended:" not in english and "Last player in play" not in english


def test_the_report_says_it_in_the_same_words():
    match = won_by_the_last_in_play(Gender.FEMALE)
    with translation.override("it"):
        pdf = Pdf.of(render_pdf([match_report(match, show_authors=False)])).words()
    assert "Finita: Anna è l'ultima in gioco." in pdf
    assert "Ultimo in gioco" not in pdf


def test_every_other_ending_reads_as_a_sentence(client):
    match = start_match(preset="ramino", names=("Anna", "Bruno", "Carla"))
    services.hand_record(
        match=match,
        user=None,
        data={"closer": "Carla", "closing": "scala_reale", "points": {"Anna": 10, "Bruno": 20}},
    )
    assert "Finita: Carla ha chiuso con scala reale." in card(client, match, "it")
    assert "Finished: Carla closed with a scala reale." in card(client, match, "en")

    timed = start_match(preset="scala40", names=("Anna", "Bruno"))
    services.hand_record(match=timed, user=None, data={"closer": "Anna", "points": {"Bruno": 20}})
    services.match_call_time(match=timed, user=None)
    assert "Finita allo scadere del tempo." in card(client, timed, "it")
    assert "Finished when time was called." in card(client, timed, "en")
    with translation.override("it"):
        line = presenters.result_line(timed, match_detail(timed))
    assert line == "Finita allo scadere del tempo: vince Anna."


def test_gin_target_and_hands_endings():
    def ended(preset, options, events):
        match = start_match(preset=preset, names=("Elena", "Fabio"), options=options)
        for data in events:
            services.hand_record(match=match, user=None, data=data)
        return match_detail(match).state

    gin = {
        "type": "hand",
        "result": "gin",
        "knocker": "Elena",
        "deadwood": {"Elena": 0, "Fabio": 60},
    }
    state = ended("gin-standard", {"target": 100}, [gin, gin])
    with translation.override("it"):
        assert presenters.end_reason(state) == "Finita: Elena ha raggiunto il punteggio obiettivo."
    with translation.override("en"):
        assert presenters.end_reason(state) == "Finished: Elena reached the target score."
    state = ended("gin-standard", {"match_mode": "hands", "hands_to_win": 2}, [gin, gin])
    with translation.override("it"):
        assert presenters.end_reason(state) == "Finita: Elena ha vinto 2 mani."
    with translation.override("en"):
        assert presenters.end_reason(state) == "Finished: Elena won 2 hands."
