"""Every page keeps the content security policy: Chromium walks the demo club as its owner.

The `phone` fixture fails a test on any policy violation Chromium reports; this walk makes sure
that every kind of page is looked at, not only the ones the flow tests happen to open.
"""

import re
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.management import call_command

from clubs.models import User
from tests.browser.test_match_gin import logged_in

pytestmark = pytest.mark.django_db(transaction=True)

# Links the walk does not follow: files rather than pages, and pages that change state on GET.
SKIPPED = re.compile(r"(/pdf/|\.pdf$|\.csv$|\.json$|/export/|/admin/|/logout/|/i18n/|/static/)")
MOST_PAGES = 60


def page_kind(path: str) -> str:
    """/tournaments/12/tables/3/ and /tournaments/7/tables/1/ are one kind of page."""
    return re.sub(r"\d+", "N", path)


def test_every_kind_of_page_of_the_demo_club_keeps_the_policy(phone, live_server):
    call_command("demo", "--if-empty", stdout=None)
    logged_in(phone, live_server, User.objects.get(username="demo"))
    start = ["/", "/api/v1/docs/", "/api/v1/redoc/"]
    queue = [live_server.url + path for path in start]
    seen_kinds: set[str] = set()
    visited: list[str] = []

    while queue and len(visited) < MOST_PAGES:
        url = queue.pop(0)
        path = urlsplit(url).path
        if page_kind(path) in seen_kinds:
            continue
        seen_kinds.add(page_kind(path))
        response = phone.goto(url)
        assert response is not None and response.ok, url
        policy = response.header_value("content-security-policy") or ""
        assert "script-src 'self'" in policy, url
        assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";", 1)[0], url
        visited.append(path)
        assert phone.csp_violations == [], f"{path}: {phone.csp_violations}"
        for href in phone.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            target = urljoin(url, href).split("#", 1)[0]
            if target.startswith(live_server.url) and not SKIPPED.search(target):
                queue.append(target)

    # The walk reached the pages that matter: matches, tournaments, the club's life.
    walked = " ".join(visited)
    for kind in ("/matches/", "/tournaments/", "/clubs/", "/api/v1/docs/", "/api/v1/redoc/"):
        assert kind in walked, kind
    assert len(visited) >= 20
