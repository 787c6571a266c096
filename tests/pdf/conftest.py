"""Helpers of the printables' tests: PDFs are read back with pypdf, text and page sizes."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from django.test import RequestFactory
from pypdf import PdfReader

from scoring import services
from scoring.models import Match


@dataclass
class Pdf:
    """A rendered PDF: its pages' text and sizes (width, height in points)."""

    reader: PdfReader

    @classmethod
    def of(cls, data: bytes) -> Pdf:
        assert data.startswith(b"%PDF-")
        return cls(PdfReader(io.BytesIO(data)))

    @property
    def pages(self) -> int:
        return len(self.reader.pages)

    def text(self, page: int | None = None) -> str:
        pages = self.reader.pages if page is None else [self.reader.pages[page]]
        return "\n".join(p.extract_text() for p in pages)

    def words(self, page: int | None = None) -> str:
        """The text with every run of spaces and line breaks made one space."""
        return " ".join(self.text(page).split())

    def lines(self, page: int | None = None) -> list[str]:
        return [line.strip() for line in self.text(page).splitlines()]

    def size(self, page: int = 0) -> tuple[float, float]:
        box = self.reader.pages[page].mediabox
        return round(float(box.width)), round(float(box.height))

    def row(self, number: int, page: int | None = None) -> list[str]:
        """The words of the grid's row of event (or hand) `number`."""
        rows = [line.split() for line in self.lines(page)]
        found = [words for words in rows if words and words[0] == str(number)]
        assert found, f"no row {number}"
        return found[0]

    def fonts(self) -> set[str]:
        names = set()
        for page in self.reader.pages:
            for font in page["/Resources"]["/Font"].values():
                names.add(str(font.get_object()["/BaseFont"]).split("+", 1)[-1])
        return names


A4_PORTRAIT = (595, 842)
A4_LANDSCAPE = (842, 595)


@pytest.fixture(autouse=True)
def english(english_messages):
    """The printables in English (tests/conftest.py's english_messages)."""


@pytest.fixture
def request_factory():
    return RequestFactory()


@pytest.fixture
def sheet_request(request_factory):
    return request_factory.get("/")


def hand(match: Match, closer: str, user=None, **points):
    """Record a Scala 40 or Ramino hand; keyword arguments are the opponents' points, plus
    `in_hand`, `not_opened` and `closing`."""
    extra = {key: points.pop(key) for key in ("in_hand", "not_opened", "closing") if key in points}
    event, _created = services.hand_record(
        match=match, user=user, data={"closer": closer, "points": points, **extra}
    )
    return event


def gin_hand(match: Match, result: str, knocker: str | None = None, user=None, **deadwood):
    data = {"result": result}
    if knocker:
        data.update(knocker=knocker, deadwood=deadwood)
    event, _created = services.hand_record(match=match, user=user, data=data)
    return event
