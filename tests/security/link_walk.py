"""A breadth-first walk of the site as one viewer sees it: from a few start pages, every same-site
`<a href>`, `hx-get`, `data-refresh` (the projector's) and `<form action>` of every page
reached (and of a PDF given as the HTML it is drawn from), and every address of this site in
an API answer, is requested, and every answer a
viewer should never get from a link shown to them is kept as a `Broken` (a 4xx or 5xx, a redirect
to the login page), with the page that showed the link.

GET links and GET forms are followed; a POST form is sent once with the values the page filled in
(what a tap on its button sends) by a separate client of the same viewer, so what it sets in the
session does not change the walk, and its answer is checked but not followed.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlencode, urljoin, urlsplit

from django.http import HttpResponse
from django.test import Client
from django.urls import Resolver404, resolve

LOGIN = "/accounts/login/"
# Links every viewer may be shown, whatever they answer: logging in and out, the language.
EXEMPT_PREFIXES = (LOGIN, "/accounts/logout/", "/i18n/")
HOST = "testserver"
JSON_LINK = re.compile(rf'"(https?://{HOST}/[^"]*)"')


@dataclass(frozen=True)
class Link:
    url: str  # path and query
    method: str  # "get" or "post"
    source: str  # the page that showed it
    data: tuple[tuple[str, str], ...] = ()  # a form's values


@dataclass(frozen=True)
class Broken:
    link: Link
    answer: str  # "404", "302 to the login page"...

    def __str__(self) -> str:
        return (
            f"{self.link.method.upper()} {self.link.url} -> {self.answer} (on {self.link.source})"
        )


@dataclass
class Walked:
    pages: dict[str, str] = field(default_factory=dict)  # url -> HTML body of every page read
    files: dict[str, str] = field(default_factory=dict)  # url -> text of the other answers
    answers: dict[str, int] = field(default_factory=dict)  # url -> status of every request
    broken: list[Broken] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)  # every same-site link shown
    skipped: Counter = field(default_factory=Counter)  # url names over their bound


class _Parser(HTMLParser):
    """The links of a page: anchors, htmx GETs, forms with their filled-in values."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str, list[tuple[str, str]]]] = []
        self._form: tuple[str, str, list[tuple[str, str]]] | None = None
        self._select: str | None = None
        self._select_value: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attr = {name: value or "" for name, value in attrs}
        if tag == "a" and "href" in attr:
            self.links.append(("get", attr["href"], []))
        for address in ("hx-get", "data-hx-get", "data-refresh"):  # what the page's scripts get
            if address in attr:
                self.links.append(("get", attr[address], []))
        if tag == "form":
            method = (attr.get("method") or "get").lower()
            self._form = (method, attr.get("action", ""), [])
            self.links.append(self._form)
        if self._form is None:
            return
        values = self._form[2]
        if tag == "input" and attr.get("name") and "disabled" not in attr:
            kind = attr.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in attr:
                    values.append((attr["name"], attr.get("value", "on")))
            elif kind not in ("submit", "button", "image", "file", "reset"):
                values.append((attr["name"], attr.get("value", "")))
        elif tag == "select" and attr.get("name"):
            self._select, self._select_value = attr["name"], None
        elif tag == "option" and self._select is not None:
            if self._select_value is None or "selected" in attr:
                self._select_value = attr.get("value", "")
        elif tag == "textarea" and attr.get("name"):
            self._textarea = attr["name"]
            values.append((attr["name"], ""))

    def handle_endtag(self, tag):
        if tag == "select" and self._form is not None and self._select is not None:
            self._form[2].append((self._select, self._select_value or ""))
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form":
            self._form = None


def links_of(html: str, page: str) -> list[Link]:
    """The same-site links of `html`, read at the address `page`."""
    parser = _Parser()
    parser.feed(html)
    found = []
    for method, target, values in parser.links:
        url = same_site(target, page)
        if url is None:
            continue
        if method == "get" and values:
            joined = urlencode(values)
            url = f"{url}{'&' if '?' in url else '?'}{joined}" if joined else url
            found.append(Link(url, "get", page))
        elif method == "post":
            found.append(Link(url, "post", page, tuple(values)))
        else:
            found.append(Link(url, "get", page))
    return found


def same_site(target: str, page: str) -> str | None:
    """The path and query of `target` if it is on this site and a page (not a script, not a
    static file), else None."""
    target = target.strip()
    if target.startswith(("mailto:", "tel:", "javascript:", "data:", "sms:")):
        return None
    url, _fragment = urldefrag(urljoin(f"http://{HOST}{page}", target))
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.netloc != HOST:
        return None
    if parts.path.startswith(("/static/", "/media/")):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def url_name(url: str) -> str:
    try:
        return resolve(urlsplit(url).path).view_name
    except Resolver404:
        return "?"


def _exempt(url: str) -> bool:
    return url.startswith(EXEMPT_PREFIXES)


def _verdict(response: HttpResponse) -> str | None:
    """What is wrong with an answer to a link shown to the viewer, or None."""
    if response.status_code in (301, 302, 303, 307, 308):
        location = urlsplit(response["Location"]).path
        if location.startswith(LOGIN):
            return f"{response.status_code} to the login page"
        return None
    if response.status_code >= 400:
        return str(response.status_code)
    return None


def _text(response: HttpResponse) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return content.decode("utf-8", errors="replace")


def walk(
    make_client: Callable[[], Client],
    starts: Iterable[str],
    *,
    per_name: int = 40,
    limit: int = 1500,
    rewrite: Callable[[str, str], str] | None = None,
) -> Walked:
    """Walk from `starts` as the viewer `make_client()` logs in (called once for the walk and
    once per POST form). At most `per_name` addresses of one URL name and `limit` requests in all.
    `rewrite(url, html)` may change a page's HTML before it is read (the audit's controls plant
    links with it)."""
    client = make_client()
    walked = Walked()
    queue: deque[Link] = deque(Link(url, "get", "(start)") for url in starts)
    seen: set[tuple[str, str, tuple]] = set()
    by_name: Counter = Counter()
    requests = 0
    while queue and requests < limit:
        link = queue.popleft()
        key = (link.method, link.url, link.data if link.method == "post" else ())
        if key in seen:
            continue
        seen.add(key)
        if link.source != "(start)":
            walked.links.append(link)
        if _exempt(link.url):
            continue
        name = url_name(link.url)
        by_name[(link.method, name)] += 1
        if by_name[(link.method, name)] > per_name:
            walked.skipped[name] += 1
            continue
        requests += 1
        if link.method == "post":
            response = make_client().post(link.url, dict(_multi(link.data)))
        else:
            response = client.get(link.url)
        walked.answers[link.url] = response.status_code
        problem = _verdict(response)
        if problem:
            walked.broken.append(Broken(link, problem))
            continue
        if link.method == "post":
            continue
        if response.status_code in (301, 302, 303, 307, 308):
            target = same_site(response["Location"], link.url)
            if target is not None:
                queue.append(Link(target, "get", f"{link.url} (redirect)"))
            continue
        text = _text(response)
        if "html" not in response.get("Content-Type", ""):
            walked.files[link.url] = text  # a PDF, a CSV, JSON
            if text.startswith("%PDF-as-html"):  # a PDF as the HTML it is drawn from (the tests')
                queue.extend(links_of(text, link.url))
            if "json" in response.get("Content-Type", ""):  # the API's links are absolute
                for target in JSON_LINK.findall(text):
                    url = same_site(target, link.url)
                    if url is not None:
                        queue.append(Link(url, "get", link.url))
            continue
        html = text
        if rewrite is not None:
            html = rewrite(link.url, html)
        walked.pages[link.url] = html
        queue.extend(links_of(html, link.url))
    return walked


def _multi(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    return values
