"""The SVG chart of the totals, drawn from the engine's state after every event (no database)."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from scoring.charts import COLOURS, legend_lines, nice_step, player_lines, totals_chart
from scoring.engine import Hand, Reentry, replay, rules_for

SVG = "{http://www.w3.org/2000/svg}"


def club_match():
    """Dario busts in hand 2 and re-enters; Bruno busts in hand 4 for good."""
    rules = rules_for("scala40-club")
    events = [
        Hand(closer="Anna", points={"Bruno": 40, "Carla": 12, "Dario": 60}),
        Hand(closer="Carla", points={"Anna": 20, "Bruno": 9, "Dario": 50}),
        Reentry("Dario"),
        Hand(closer="Dario", points={"Anna": 5, "Bruno": 60, "Carla": 30}),
        Hand(closer="Anna", points={"Carla": 10, "Dario": 5}),
    ]
    return replay(rules, ("Anna", "Bruno", "Carla", "Dario"), events)


def test_each_line_starts_at_zero_and_follows_the_totals_after_every_event():
    state = club_match()

    lines = {line.name: line for line in player_lines(state.history, state.totals)}

    assert lines["Anna"].points == ((0, 0), (1, 0), (2, 20), (3, 20), (4, 25), (5, 25))
    # Dario busts at 110 in event 2, re-enters at the highest total in play (49), goes on.
    assert lines["Dario"].points == ((0, 0), (1, 60), (2, 110), (3, 49), (4, 49), (5, 54))
    assert lines["Dario"].busts == ((2, 110),)
    # Bruno is out for good after event 4: his line stops there.
    assert lines["Bruno"].points == ((0, 0), (1, 40), (2, 49), (3, 49), (4, 109))
    assert lines["Bruno"].busts == ((4, 109),)


def test_the_chart_is_svg_with_a_line_a_player_a_threshold_and_a_legend():
    state = club_match()

    svg = totals_chart(
        state.history,
        [player.name for player in state.players],
        labels=["1", "2", "", "3", "5"],  # a re-entry after hand 2; hand 4 was voided
        threshold=101,
        threshold_label="out at 101",
        title="Totals",
    )

    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Totals"
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert texts[-4:] == ["Anna", "Bruno", "Carla", "Dario"]  # the legend
    assert "out at 101" in texts
    ticks = [text.text for text in root.iter(f"{SVG}text") if text.get("class") == "hand-tick"]
    assert ticks == ["1", "2", "3", "5"]  # the hands' own numbers; none for the re-entry
    strokes = [path.get("stroke") for path in root.iter(f"{SVG}path")]
    for colour in COLOURS[:4]:
        assert colour in strokes
    assert "#b3261e" in strokes  # the threshold line


def test_names_are_escaped():
    rules = rules_for("scala40")
    state = replay(rules, ("<b>Anna</b>", "Bruno & Co"), [Hand("Bruno & Co", {"<b>Anna</b>": 5})])

    svg = totals_chart(state.history, ["<b>Anna</b>", "Bruno & Co"])

    assert "&lt;b&gt;Anna&lt;/b&gt;" in svg and "Bruno &amp; Co" in svg
    ElementTree.fromstring(svg)


def test_a_chart_without_events_is_an_empty_frame():
    rules = rules_for("gin-standard")
    state = replay(rules, ("Anna", "Bruno"), [])

    root = ElementTree.fromstring(totals_chart(state.history, ["Anna", "Bruno"], threshold=100))

    assert root.tag == f"{SVG}svg"


@pytest.mark.parametrize(
    ("span", "step"), [(0, 1), (4, 1), (10, 2), (101, 50), (200, 50), (501, 200), (1030, 500)]
)
def test_axis_steps_are_round_numbers(span, step):
    assert nice_step(span) == step


def test_a_legend_label_too_long_for_its_line_wraps_under_itself_never_cut():
    name = "Maria Antonietta Buonarroti-Esposito"

    lines, places = legend_lines(["Anna", name, "Bruno"], 24)

    assert "…" not in "".join(lines)
    assert " ".join(" ".join(lines).split()) == f"Anna {name} Bruno"
    assert places == [(0, 0), (1, 0), (len(lines) - 1, 0)]
    assert all(len(line) <= 24 for line in lines)
