"""What a club's VP tables pages and API show: the tables the engine ships (FIBur 3 and 4
hands, read-only) beside the club's own, in two queries at most."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from clubs.models import Club
from pairings import presenters
from pairings.engine.burraco.vp_tables import DEFAULT_VP_TABLES, Band
from pairings.models import VpTable


@dataclass(frozen=True)
class ShownBand:
    """A band as a page and the API show it: MP from `low` to `high` (None: and above)."""

    number: int
    low: int
    high: int | None
    winner: int
    loser: int


@dataclass(frozen=True)
class ShownVpTable:
    """A VP table a club may use: `table` is the club's own row, None for a default."""

    name: str
    hands: int
    bands: tuple[ShownBand, ...]
    table: VpTable | None
    for_teams: bool = False  # a team match's table (`VpTable.for_teams`)

    @property
    def is_default(self) -> bool:
        return self.table is None


def shown_bands(bands: list[dict] | tuple[Band, ...]) -> tuple[ShownBand, ...]:
    """Stored bands (dicts) or the engine's, numbered from 1."""
    rows = [band if isinstance(band, dict) else asdict(band) for band in bands]
    return tuple(
        ShownBand(number, row["low"], row["high"], row["winner"], row["loser"])
        for number, row in enumerate(rows, start=1)
    )


def shown_table(table: VpTable) -> ShownVpTable:
    return ShownVpTable(table.name, table.hands, shown_bands(table.bands), table, table.for_teams)


def club_vp_tables(club: Club) -> list[ShownVpTable]:
    """The FIBur defaults (by hand count), then the club's own tables (the pairs', then the team
    matches', by hand count, name)."""
    defaults = [
        ShownVpTable(presenters.default_vp_table_name(hands), hands, shown_bands(table.bands), None)
        for hands, table in sorted(DEFAULT_VP_TABLES.items())
    ]
    own = VpTable.objects.filter(club=club).order_by("for_teams", "hands", "name", "pk")
    return defaults + [shown_table(table) for table in own]
