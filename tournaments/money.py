"""The money of a tournament: entry fees, re-entry fees, the house cut, and the payouts of the
final ranking (the tournament's format ranks the players and says who is paid, a player or a
pair, and which notice goes with its prizes: `tournaments.formats`)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from tournaments import selectors
from tournaments.engine import payouts
from tournaments.formats import Payees, format_of
from tournaments.models import Entry, Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Money -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ledger:
    pot: payouts.Pot
    amounts: tuple[Decimal, ...]  # payout by place, 1 first
    paid: dict[int, Decimal]  # entry id of a ranking row (a pair: its first player) -> payout
    paying_entries: int
    reentry_fees_by_table: tuple[tuple[str, Decimal], ...]
    ranking: tuple[selectors.RankingRow, ...]  # the final ranking the payouts follow
    payees: Payees  # who is paid (a player, a pair) and under which name, by ranking entry id
    notice: StrOrPromise  # the format's notice on prizes, or ""


def pays(tournament: Tournament, entry: Entry) -> bool:
    """Whether the entry counts among the paying entrants: its fee was taken, or there is no
    fee and the player checked in (the rule before fees were their own fact)."""
    if tournament.entry_fee:
        return entry.has_paid
    return entry.has_paid or entry.checked_in_at is not None


def ledger(tournament: Tournament, view: selectors.TournamentView | None = None) -> Ledger:
    """The money: entry fees of every player who paid (`Entry.has_paid`: taken at the desk; a
    dropped player's fee stays), re-entry fees collected at the tables, the house cut, and the
    payouts of the final ranking (shared places split). Without an entry fee nobody owes
    anything, and every player checked in counts as an entrant of the payouts. The places paid
    are those of the format's competitors (`payees`: the pairs of a pairs event, whose players'
    fees all go to the pot)."""
    view = view or selectors.tournament_view(tournament)
    kind = format_of(tournament)
    paying_ids = {pk for pk, entry in view.entries.items() if pays(tournament, entry)}
    paying = len(paying_ids)
    payees = kind.payees(tournament, view, paying_ids)
    by_table = []
    reentry_fees = Decimal(0)
    for round_view in view.rounds:
        for table in round_view.tables:
            match = table.table.match
            if match is not None and match.pot_total:
                reentry_fees += match.pot_total
                by_table.append(
                    (f"{round_view.round.number}/{table.table.number}", match.pot_total)
                )
    pot = payouts.tournament_pot(
        entries=paying,
        entry_fee=tournament.entry_fee,
        reentry_fees=reentry_fees,
        house_cut_percent=tournament.house_cut_percent,
    )
    percents = payouts.percents_for(payees.count, [Decimal(p) for p in tournament.payout_percents])
    amounts = (
        payouts.payout_table(pot.prizes, percents, unit=tournament.payout_unit) if percents else ()
    )
    paid: dict[int, Decimal] = {}
    ranking = kind.final_ranking(tournament, view)
    places = {row.entry.pk: row.place for row in ranking}
    # Nobody is paid before any result counts (everyone would share the first place), nor
    # from a bracket still being played: its places are not final yet.
    counted = any(table.counts for round_view in view.rounds for table in round_view.tables)
    if amounts and places and counted and not any(row.still_playing for row in ranking):
        paid = payouts.award(amounts, places, unit=tournament.payout_unit)
    return Ledger(
        pot=pot,
        amounts=tuple(amounts),
        paid=paid,
        paying_entries=paying,
        reentry_fees_by_table=tuple(by_table),
        ranking=tuple(ranking),
        payees=payees,
        notice=kind.prize_notice,
    )
