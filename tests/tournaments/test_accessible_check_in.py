"""A check-in tap (issue 25): the page says it once, in its banner, and leaves no empty status
list at its top for a screen reader to find (the banner's message is not a page message)."""

import re

import pytest

from tests.tournaments.test_check_in import entry, fresh_throttles, link, make, staff, visitor

pytestmark = pytest.mark.django_db
__all__ = ["fresh_throttles", "staff"]  # the fixtures of test_check_in, used here too


def test_a_check_in_tap_leaves_no_empty_status_list(staff):
    tournament = make(staff)
    answer = visitor().post(
        link(tournament), {"entry": entry(tournament, "Anna Rossi").pk}, follow=True
    )
    content = answer.content.decode()
    assert "Anna Rossi" in content and 'class="check-in-done' in content
    assert 'class="messages"' not in content
    assert not re.search(r'role="status">\s*</', content)
