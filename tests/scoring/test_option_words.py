"""Every rule option a labelled choice, everywhere (issue 20, words): every option of every preset,
in English and in Italian, is shown in words on the rule form (its choices and its help), on the
match page's rules line, on the printed score sheet and in the API's documentation (the OpenAPI
schema's `RuleOptions`), never as its value in the match document (`>=`, `knock_1`, `knocker`),
and no page or PDF doubles a word ("Tavolo Tavolo", "Torneo Torneo").

Italian: these tests need the compiled catalogue (see HELPERS.md)."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from scoring import rule_words
from scoring.engine import PRESETS, RuleSetError, rules_for
from scoring.engine.rules import CHOICE
from scoring.forms import RulesForm
from scoring.games import game_presets
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "it")

# Every value a choice option may take (`>=`, `gin_only`, `knocker`...).
RAW_VALUES = sorted(
    {
        value
        for preset in PRESETS
        for info in rules_for(preset).options()
        if info.kind == CHOICE
        for value in info.choices
    }
)
# Values no sentence in either language says: names of the match document, symbols.
CODES = [value for value in RAW_VALUES if re.search(r"[_>=<0-9]", value) and value != ">"]
# English words an Italian page would show only as a raw value ("bonus" and "standard" are
# Italian too, "oklahoma" and "hollywood" are names).
ENGLISH_WORDS = [value for value in RAW_VALUES if value.isalpha() and value not in CODES] + [
    "double"
]
ENGLISH_WORDS = sorted(set(ENGLISH_WORDS) - {"bonus", "standard", "oklahoma", "hollywood"})
DOUBLED = ("Tavolo Tavolo", "Table Tavolo", "Table Table", "Torneo Torneo", "Tournament Tournament")


def visible_text(page: str) -> str:
    """What a reader sees of an HTML page: no script, style or attribute, entities read."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]*>", " ", page)
    return " ".join(html.unescape(page).split())


def raw_values_in(text: str, language: str) -> list[str]:
    """The raw option values `text` shows where words were expected."""
    found = [code for code in CODES if re.search(rf"(?<![\w>=<]){re.escape(code)}(?![\w=])", text)]
    found += [f"'{value}'" for value in RAW_VALUES if f"'{value}'" in text]
    if language == "it":
        found += [word for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", text)]
    return found


def doubled_words_in(text: str, pieces: list[str] | None = None) -> list[str]:
    """The doubled words of `text`: the known ones anywhere, and any word said twice in a row
    inside one of `pieces` (a page's text nodes: a label and the help after it are two)."""
    found = [doubled for doubled in DOUBLED if doubled.lower() in text.lower()]
    for piece in pieces or []:
        found += [
            match.group(0)
            for match in re.finditer(r"\b([^\W\d_]{3,}) \1\b", piece, flags=re.IGNORECASE)
        ]
    return found


def text_nodes(page: str) -> list[str]:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return [" ".join(html.unescape(node).split()) for node in re.split(r"<[^>]*>", page)]


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Aurora", slug="aurora")


@pytest.fixture
def scorer(client, club):
    client.force_login(member(club, Role.SCOREKEEPER))
    return client


def test_the_raw_values_are_known():
    """Control: the values the checks look for are the engine's."""
    assert {">=", "knock_1", "gin_only", "closer_credit", "game_bonus"} <= set(CODES)
    assert {"knocker", "winner", "immediate", "end", "points", "hands", "none"} <= set(
        ENGLISH_WORDS
    )
    assert raw_values_in("Regola: >= 101", "it") == [">="]
    assert raw_values_in("Box a knocker", "it") == ["knocker"]
    assert doubled_words_in("Scala 40 · Tavolo Tavolo 1", ["Tavolo Tavolo 1"]) == [
        "Tavolo Tavolo",
        "Tavolo Tavolo",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", sorted(game_presets()))
def test_the_rule_form_offers_every_choice_in_words(scorer, club, preset, language):
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("scoring:rule-options", args=[club.slug])
    page = scorer.get(url, {"preset": preset}).content.decode()
    with translation.override(language):
        for info in rules_for(preset).options():
            if info.kind != CHOICE:
                continue
            offered = re.findall(rf'<select name="rules-{info.name}".*?</select>', page, flags=re.S)
            assert offered, info.name
            texts = [html.unescape(text) for text in re.findall(r">([^<]*)</option>", offered[0])]
            assert texts == [rule_words.choice_label(info.name, value) for value in info.choices]
            assert not set(texts) & set(RAW_VALUES) - {"oklahoma", "hollywood", "standard"}
    text = visible_text(page)
    assert raw_values_in(text, language) == []
    assert doubled_words_in(text, text_nodes(page)) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", sorted(game_presets()))
def test_the_match_page_and_the_score_sheet_say_the_rules_in_words(scorer, club, preset, language):
    names = ("Anna", "Bruno") if preset.startswith("gin") else ("Anna", "Bruno", "Carla")
    seats = getattr(rules_for(preset), "players", None)  # a game whose rules fix the players
    if seats is not None:
        names = ("Anna", "Bruno", "Carla", "Dario")[:seats]
    match = start_match(club=club, preset=preset, names=names, table_label="Tavolo 3")
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    content = scorer.get(match.get_absolute_url()).content.decode()
    page = visible_text(content)
    rules_line = re.findall(r'<p class="muted rules-line">(.*?)</p>', content)
    assert rules_line and raw_values_in(visible_text(rules_line[0]), language) == []
    assert raw_values_in(page, language) == []
    assert doubled_words_in(page, text_nodes(content)) == []
    response = scorer.get(reverse("match-pdf:sheet", args=[match.pk]))
    sheet = Pdf.of(b"".join(response.streaming_content)).words()
    assert ("Tavolo 3" if language == "it" else "Table 3") in sheet
    assert raw_values_in(sheet, language) == [], sheet[:600]
    assert doubled_words_in(sheet) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_api_documents_every_option_and_every_choice_in_words(client, language):
    schema = client.get("/api/v1/schema/", {"format": "json", "lang": language}).json()
    components = schema["components"]["schemas"]
    options = components["RuleOptions"]["properties"]
    with translation.override(language):
        for preset in game_presets():  # the presets of the games the application plays
            for info in rules_for(preset).options():
                described = options[info.name]
                label = rule_words.option_label(info.name)
                assert described["description"].startswith(f"{label}: ")
                if info.kind != CHOICE:
                    continue
                enum = described.get("enum")
                if enum is None:  # drf-spectacular names a choice set as a component
                    enum = components[described["allOf"][0]["$ref"].rsplit("/", 1)[1]]["enum"]
                assert enum == list(info.choices)
                for value in info.choices:
                    words = rule_words.choice_label(info.name, value)
                    assert f"* `{value}` - {words}" in described["description"]
                help_text = described["description"].split("\n")[0]
                assert raw_values_in(help_text, language) == [], help_text
    for body, field in [
        ("MatchCreateRequest", "options"),
        ("MatchDocumentRequest", "rules"),
        ("TournamentCreateRequest", "options"),
        ("MatchDetail", "rules"),
    ]:
        documented = components[body]["properties"][field]["allOf"][0]["$ref"]
        assert documented.rsplit("/", 1)[1] in ("RuleOptions", "RuleOptionsRequest"), body


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_help_text_quotes_a_raw_value(language):
    with translation.override(language):
        for preset in PRESETS:
            for info in rules_for(preset).options():
                help_text = translation.gettext(info.help)
                assert raw_values_in(help_text, language) == [], (info.name, help_text)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"rules-elimination_at": "20000"}, "Elimination threshold must be at most 10000."),
        ({"rules-reentry_max": "99"}, "Re-entries per player must be at most 10."),
    ],
)
def test_a_refused_option_is_named_by_its_label_beside_its_field(data, said):
    with translation.override("en"):
        defaults = {
            f"rules-{name}": "" if value is None else str(value)
            for name, value in rules_for("scala40-club").to_dict().items()
            if not isinstance(value, bool)
        }
        form = RulesForm({**defaults, **data}, preset="scala40-club")
        assert not form.is_valid()
        name = next(iter(data)).removeprefix("rules-")
        assert form.errors[name] == [said]


def test_a_refused_choice_lists_its_choices_in_words():
    with translation.override("en"):
        try:
            rules_for("scala40", {"elimination_rule": "=>"})
        except RuleSetError as error:
            said = rule_words.rule_refusal(error)
        assert said == (
            "Elimination rule must be one of: Reaching it eliminates (≥), "
            "Only passing it eliminates (>)."
        )
