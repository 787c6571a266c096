"""The club archive's checks of the games played by lines of two (pairs, and the director's
actions on a turno: `pairings.models.Pair`, `TurnoAction`): what the archive's references alone
cannot say. A pair is two entries of its own tournament; an action's table is a table of its
turno, its side a line of the table, and the pair or player it adjusts is one of its
tournament's. An archive that breaks one is refused, naming the row, before anything is
written; `_check_references` (archive.py) has checked that every id is in the archive."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from django.db import models
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from pairings.models import Pair, TurnoAction
from tournaments.models import Entry, Round, Table

Fields = dict[str, Any]  # a row's fields, as the archive holds them


class Row(TypedDict):
    """A row of the archive: `clublife.exchange.archive.ArchiveRow`'s shape (that module imports
    this one)."""

    model: str
    pk: int
    fields: Fields


Rows = Mapping[str, Sequence[Row]]
SIDES = ("", "NS", "EO")


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def _fields(by_model: Rows, model: type[models.Model]) -> dict[int, Fields]:
    return {row["pk"]: row["fields"] for row in by_model.get(_label(model), [])}


def check_lines(by_model: Rows, error: type[ServiceError]) -> None:
    """Refuse (as `error`) a pair or a turno action the app could not have written."""
    entries = _fields(by_model, Entry)
    for pk, fields in _fields(by_model, Pair).items():
        tournament = fields.get("tournament")
        for name in ("first", "second"):
            entry = fields.get(name)
            if entry in entries and entries[entry].get("tournament") != tournament:
                raise error(
                    _(
                        "The archive is damaged: %(model)s %(pk)s of tournament %(tournament)s "
                        "pairs %(entry_model)s %(entry)s, which is of tournament %(other)s."
                    )
                    % {
                        "model": _label(Pair),
                        "pk": pk,
                        "tournament": tournament,
                        "entry_model": _label(Entry),
                        "entry": entry,
                        "other": entries[entry].get("tournament"),
                    }
                )
    for pk, fields in _fields(by_model, TurnoAction).items():
        problem = _action_problem(by_model, fields)
        if problem is not None:
            raise error(
                _("The archive is damaged: %(model)s %(pk)s: %(problem)s")
                % {"model": _label(TurnoAction), "pk": pk, "problem": problem}
            )


def _action_problem(by_model: Rows, fields: Fields) -> object | None:
    rounds, tables = _fields(by_model, Round), _fields(by_model, Table)
    round = fields.get("round")
    table = fields.get("table")
    if table is not None and table in tables and tables[table].get("round") != round:
        return _("its table %(table)s is not of its turno %(round)s.") % {
            "table": table,
            "round": round,
        }
    if fields.get("side") not in SIDES or (table is None) != (fields.get("side", "") == ""):
        return _("its line is NS or EO at a table, and none without one.")
    line = fields.get("line")
    if line is None:
        return None
    tournament = rounds[round].get("tournament") if round in rounds else None
    pairs = {
        pk: pair
        for pk, pair in _fields(by_model, Pair).items()
        if pair.get("tournament") == tournament
    }
    # a tournament of pairs adjusts a pair; one without pairs (each player alone) a player
    owners = pairs or _fields(by_model, Entry)
    if line not in owners or owners[line].get("tournament") != tournament:
        return _("it adjusts %(line)s, no pair or player of its tournament.") % {"line": line}
    return None
