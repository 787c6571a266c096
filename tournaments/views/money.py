"""The tournament's ledger (entry fees, prizes, payouts) and its CSV, for the club's directors."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from scoring.presenters import times
from tournaments import lookups, selectors
from tournaments.exports import csv_writer
from tournaments.models import (
    Tournament,
)
from tournaments.money import Ledger
from tournaments.money import ledger as money_ledger
from tournaments.presenters import entry_fees_line

# The money ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerView:
    ledger: Ledger
    by_place: list[tuple[int, Decimal]]
    by_player: list[tuple[int, str, Decimal]]  # place, payee's name (a player, a pair), amount
    by_table: list[tuple[str, str, Decimal]]  # round, table, amount


def _ledger(tournament: Tournament) -> LedgerView:
    view = selectors.tournament_view(tournament)
    money = money_ledger(tournament, view)
    places = {row.entry.pk: row.place for row in money.ranking}
    by_player = sorted(
        (
            (places.get(entry_id, 0), money.payees.names[entry_id], amount)
            for entry_id, amount in money.paid.items()
            if amount
        ),
        key=lambda row: (row[0], row[1].lower()),
    )
    by_table = []
    for label, amount in money.reentry_fees_by_table:
        round_number, _slash, table_number = label.partition("/")
        by_table.append((round_number, table_number, amount))
    return LedgerView(
        ledger=money,
        by_place=list(enumerate(money.amounts, start=1)),
        by_player=by_player,
        by_table=by_table,
    )


@login_required
@require_safe
def ledger(request: HttpRequest, pk: int) -> HttpResponse:
    """Entry fees, re-entry fees collected at the tables, the house cut, the payouts."""
    tournament = lookups.directed_tournament(request, pk)
    money = _ledger(tournament)
    return render(
        request,
        "tournaments/ledger.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "money": money,
            "entry_fees_line": entry_fees_line(money.ledger.paying_entries, tournament.entry_fee),
        },
    )


@login_required
@require_safe
def ledger_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The ledger as CSV, one line per amount: item, detail, payee (a player, a pair), amount."""
    tournament = lookups.directed_tournament(request, pk)
    money = _ledger(tournament)
    pot = money.ledger.pot
    name = slugify(tournament.name) or "tournament"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-ledger.csv"'
    writer = csv_writer(response)
    column = str(money.ledger.payees.column)
    writer.writerow([gettext("Item"), gettext("Detail"), column, gettext("Amount")])
    writer.writerow(
        [
            gettext("Entry fees"),
            times(money.ledger.paying_entries, tournament.entry_fee),
            "",
            pot.entry_fees,
        ]
    )
    for round_number, table_number, amount in money.by_table:
        writer.writerow(
            [
                gettext("Re-entry fees"),
                gettext("Round %(round)s, table %(table)s")
                % {"round": round_number, "table": table_number},
                "",
                amount,
            ]
        )
    writer.writerow([gettext("Re-entry fees, total"), "", "", pot.reentry_fees])
    writer.writerow([gettext("Collected"), "", "", pot.gross])
    writer.writerow([gettext("House cut"), f"{tournament.house_cut_percent}%", "", pot.house])
    writer.writerow([gettext("Prizes"), "", "", pot.prizes])
    for place, amount in money.by_place:
        writer.writerow([gettext("Payout by place"), place, "", amount])
    for place, player, amount in money.by_player:
        writer.writerow([gettext("Payout by player"), place, player, amount])
    return response
