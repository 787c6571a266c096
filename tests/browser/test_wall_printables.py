"""The wall versions of the standings and the seating are reachable beside the desk PDFs, on a
phone (Italian) and a laptop, without widening the page (issue 20)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.factories import ClubFactory
from tests.pdf.test_whole_words import table_tournament
from tests.tournaments.helpers import Staff

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)])
def test_the_wall_pdfs_sit_beside_the_desk_ones(browser, live_server, viewport, tmp_path):
    tournament = table_tournament(Staff(ClubFactory(name="Circolo Aurora")))
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, locale="it-IT"
    )
    page = context.new_page()
    try:
        for path, label in (("standings", "standings.pdf"), ("seating", "seating.pdf")):
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/{path}/")
            links = page.locator(f'a[href*="{label}?wall=1"]')
            assert links.count() == 2
            assert page.locator(f'a[href$="{label}?wall=1&paper=a3"]').count() == 1
            for index in range(2):
                assert links.nth(index).is_visible()
                box = links.nth(index).bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]  # on the screen
            shots = Path(os.environ.get("TALLONE_PDF_DIR") or tmp_path)
            page.screenshot(path=str(shots / f"{path}-{viewport[0]}.png"), full_page=True)
            response = page.request.get(live_server.url + links.first.get_attribute("href"))
            assert response.status == 200
            assert response.headers["content-type"] == "application/pdf"
    finally:
        context.close()
