"""One style of URL names (issue 17): every name the project gives a URL pattern, and every
namespace it includes one under, uses hyphens, never underscores ("tournaments:ledger-csv",
"match-pdf:sheet", "api-tournament-list"). Checked on the project's URL configuration, with
controls that prove the check can fail."""

from __future__ import annotations

from types import SimpleNamespace

from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver, include, path
from django.urls.resolvers import RegexPattern

# Names the project does not choose: Django's admin and its language switch.
FOREIGN_NAMESPACES = frozenset({"admin"})
FOREIGN_NAMES = frozenset({"set_language"})


def url_names(resolver: URLResolver, namespaces: tuple[str, ...] = ()) -> list[str]:
    """The full name ("namespace:name") of every named pattern under `resolver`, the project's
    own only."""
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in FOREIGN_NAMESPACES:
                continue
            more = (entry.namespace,) if entry.namespace else ()
            found += url_names(entry, namespaces + more)
        elif isinstance(entry, URLPattern) and entry.name and entry.name not in FOREIGN_NAMES:
            found.append(":".join([*namespaces, entry.name]))
    return found


def underscored(names: list[str]) -> list[str]:
    return sorted(name for name in names if "_" in name)


def test_every_url_name_uses_hyphens():
    names = url_names(get_resolver())
    # the walk is not vacuous: it reaches every app, the API and the included namespaces
    assert {
        "home",
        "clubs:list",
        "scoring:match",
        "match-pdf:sheet",
        "tournaments:ledger-csv",
        "pairings:bracket-pdf",
        "clublife:season-standings-csv",
        "api-tournament-list",
    } <= set(names)
    assert len(names) > 100
    assert underscored(names) == []


def _view(request):
    return HttpResponse()


def _resolver(urlpatterns: list) -> URLResolver:
    return URLResolver(RegexPattern(r"^/"), SimpleNamespace(urlpatterns=urlpatterns))


def test_control_an_underscore_in_a_name_or_a_namespace_is_seen():
    inner = [path("sheet/", _view, name="sheet"), path("csv/", _view, name="ledger_csv")]
    resolver = _resolver(
        [
            path("", _view, name="home"),
            path("next/", _view, name="next_round"),
            path("m/", include((inner, "match_pdf"))),
            path("set/", _view, name="set_language"),
            path("admin/", include(([path("x/", _view, name="auth_user")], "admin"))),
        ]
    )
    names = url_names(resolver)
    assert names == ["home", "next_round", "match_pdf:sheet", "match_pdf:ledger_csv"]
    assert underscored(names) == ["match_pdf:ledger_csv", "match_pdf:sheet", "next_round"]
    assert underscored(["tournaments:ledger-csv", "api-tournament-list"]) == []
