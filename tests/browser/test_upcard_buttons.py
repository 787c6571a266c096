"""The Oklahoma hand form on a phone (390 x 844, Italian), walk of issue 18: the upcard's rank and
suit buttons are even grids (same width in a column, each suit's name on one line, no lone button
stretched across a row), long names under "Chi ha bussato?" wrap centred and every button is as
tall as its neighbours, and every tap target is at least 44 x 44 pixels."""

import pytest

from clubs.models import Role
from tests.browser.test_hand_numbers import italian
from tests.browser.test_match_scala40 import logged_in
from tests.factories import ClubFactory, member, start_match

BOXES = """
(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  return {
    text: element.textContent.trim(), x: box.x, y: box.y, width: box.width, height: box.height,
    lines: Math.round(box.height / parseFloat(style.lineHeight || "0")) || 0,
    align: style.textAlign,
  };
})
"""

TEXT_LINES = """
(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  const text = range.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  return {
    text: element.textContent.trim(), lines: tops.size,
    left: text.left - box.left, right: box.right - text.right,
  };
})
"""


@pytest.mark.django_db(transaction=True)
def test_the_upcard_and_knocker_buttons_are_even_grids_of_big_enough_targets(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    match = start_match(
        club=club, preset="gin-oklahoma", names=("Elena Ricci", "Franco Marino Bellavista")
    )
    logged_in(phone, live_server, member(club, Role.SCOREKEEPER))
    italian(phone, live_server)
    phone.goto(live_server.url + match.get_absolute_url())

    suits = phone.evaluate(BOXES, "#group-upcard_suit .chip span")
    assert [suit["text"] for suit in suits] == ["♠ picche", "♥ cuori", "♦ quadri", "♣ fiori"]
    # each suit's symbol and name on one line, all four buttons the same size, in whole rows
    lines = phone.evaluate(TEXT_LINES, "#group-upcard_suit .chip span")
    assert all(line["lines"] == 1 for line in lines), lines
    assert len({round(suit["width"]) for suit in suits}) == 1
    assert len({round(suit["height"]) for suit in suits}) == 1
    rows = {round(suit["y"]) for suit in suits}
    assert len(suits) % len(rows) == 0  # 2 x 2 or 1 x 4, never 3 + 1

    ranks = phone.evaluate(BOXES, "#group-upcard_rank .chip span")
    assert [rank["text"] for rank in ranks][-1] == "K"
    assert len({round(rank["width"]) for rank in ranks}) == 1  # no K stretched across a row
    top = min(rank["y"] for rank in ranks)
    columns = {round(rank["x"]) for rank in ranks if rank["y"] == top}
    assert all(round(rank["x"]) in columns for rank in ranks)  # every row on the first's columns
    last_row = [rank for rank in ranks if rank["y"] == max(rank["y"] for rank in ranks)]
    assert len(last_row) > 1, "a lone K on its own row"

    knockers = phone.evaluate(BOXES, "#group-knocker .chip span")
    assert len({round(knocker["height"]) for knocker in knockers}) == 1
    assert len({round(knocker["width"]) for knocker in knockers}) == 1
    for name in phone.evaluate(TEXT_LINES, "#group-knocker .chip span"):
        # a long name wraps centred, as a short one sits centred
        assert abs(name["left"] - name["right"]) <= 2, name

    # every button of the form is a tap target of at least 44 x 44 pixels
    for chip in phone.evaluate(BOXES, ".entry-form .chip span"):
        assert chip["width"] >= 44 and chip["height"] >= 44, chip
