"""Table sizes of a table tournament (Scala 40, Ramino) and the ids of the players who sit there.

`table_sizes(players, preferred=, minimum=, maximum=)` splits the players present into tables:
as many tables of the preferred size as possible, the rest at the allowed size closest to it,
larger tables first. Both games are played by 2 to 6, but a table of 2 is formed only when exactly
2 players are present: a two-player table in a field of tables would hand out its placement points
over a single opponent.

`PlayerId` is whatever the caller identifies a player by (a database id or a name); `display_key`
orders ids of mixed kinds the same way on every run, for output that must not depend on the order
of the input.
"""

from __future__ import annotations

from .errors import TournamentError
from .errors import gettext_noop as _

PlayerId = str | int

SMALLEST_TABLE = 2  # Scala 40 and Ramino are played by 2 to 6
LARGEST_TABLE = 6
SMALLEST_SHARED_TABLE = 3  # the smallest table formed when more than 2 players are present

SIZE_OUT_OF_RANGE = _("Table sizes must be whole numbers from 2 to 6.")
NOT_A_PLAYER_ID = _("%(player)s is not a player id: use a name or a whole number.")
MINIMUM_ABOVE_MAXIMUM = _(
    "The smallest table size (%(minimum)s) cannot be larger than the largest (%(maximum)s)."
)
PREFERRED_OUT_OF_RANGE = _(
    "The preferred table size (%(preferred)s) must lie between the smallest (%(minimum)s) and "
    "the largest (%(maximum)s)."
)
PLAYERS_NOT_WHOLE = _("The number of players must be a whole number.")
TOO_FEW_PLAYERS = _("At least 2 players are needed to form a table. Players present: %(players)s.")
PAIRS_ONLY_FOR_TWO = _(
    "A table of 2 is formed only when exactly 2 players are present; with %(players)s players "
    "the largest table must hold at least 3."
)
CANNOT_SPLIT = _(
    "%(players)s players cannot be seated at tables of %(minimum)s to %(maximum)s players."
)


def display_key(player: PlayerId) -> tuple[bool, PlayerId]:
    """A sort key for player ids: numbers first, in numeric order, then names, in code point order.

    Used wherever output must not depend on the order of the input (ties, canonical order).
    """
    return (isinstance(player, str), player)


def check_player_id(player: object, *, field: str) -> PlayerId:
    """Return `player` if it is a usable id (a string or an int, not a bool), else refuse it."""
    if isinstance(player, bool) or not isinstance(player, (str, int)):
        raise TournamentError(NOT_A_PLAYER_ID, field=field, params={"player": player})
    return player


def _check_size(value: object, setting: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(SIZE_OUT_OF_RANGE, field=setting)
    if not SMALLEST_TABLE <= value <= LARGEST_TABLE:
        raise TournamentError(SIZE_OUT_OF_RANGE, field=setting)
    return value


def check_size_range(*, preferred: int, minimum: int, maximum: int) -> None:
    """Refuse a size setting outside 2..6, or a range whose preferred size lies outside it."""
    _check_size(minimum, "minimum")
    _check_size(maximum, "maximum")
    _check_size(preferred, "preferred")
    if minimum > maximum:
        raise TournamentError(
            MINIMUM_ABOVE_MAXIMUM,
            field="minimum",
            params={"minimum": minimum, "maximum": maximum},
        )
    if not minimum <= preferred <= maximum:
        raise TournamentError(
            PREFERRED_OUT_OF_RANGE,
            field="preferred",
            params={"preferred": preferred, "minimum": minimum, "maximum": maximum},
        )


def table_sizes(
    players: int, *, preferred: int = 4, minimum: int = 3, maximum: int = 5
) -> tuple[int, ...]:
    """Split `players` into tables and return their sizes, larger tables first.

    Contract: the sizes sum to `players`; each lies in `minimum..maximum`, and none is 2 unless
    exactly 2 players are present (then the answer is `(2,)`, whatever the range). Among the
    splits that respect this, the answer has as many tables of `preferred` as possible; the rest
    is made of the other allowed sizes, as close to `preferred` as they can be (least sum of
    squared differences), then with as few tables as possible.
    Example: 22 players at 3..5, preferring 4 -> (4, 4, 4, 4, 3, 3).

    Raises `TournamentError` for a size setting outside 2..6, `minimum > maximum`, `preferred`
    outside the range, fewer than 2 players, or a number of players the range cannot hold.
    """
    check_size_range(preferred=preferred, minimum=minimum, maximum=maximum)
    if isinstance(players, bool) or not isinstance(players, int):
        raise TournamentError(PLAYERS_NOT_WHOLE, field="players")
    if players < SMALLEST_TABLE:
        raise TournamentError(TOO_FEW_PLAYERS, field="players", params={"players": players})
    if players == SMALLEST_TABLE:
        return (SMALLEST_TABLE,)
    if maximum < SMALLEST_SHARED_TABLE:
        raise TournamentError(PAIRS_ONLY_FOR_TWO, field="maximum", params={"players": players})
    low = max(minimum, SMALLEST_SHARED_TABLE)
    others = tuple(size for size in range(maximum, low - 1, -1) if size != preferred)
    use_preferred = preferred >= low
    most = players // preferred if use_preferred else 0
    for count in range(most, -1, -1):
        rest = _best_rest(players - count * preferred, others, preferred)
        if rest is not None:
            return tuple(sorted((*rest, *(preferred,) * count), reverse=True))
    raise TournamentError(
        CANNOT_SPLIT,
        field="players",
        params={"players": players, "minimum": low, "maximum": maximum},
    )


def _best_rest(total: int, sizes: tuple[int, ...], preferred: int) -> tuple[int, ...] | None:
    """The best way to make `total` players out of `sizes` (largest first), or None if none.

    Best: least sum of squared differences from `preferred`, then fewest tables, then the larger
    tables (compared as tuples sorted largest first). `total` is small (the loop of `table_sizes`
    stops at the first number of preferred tables that leaves a feasible rest), so every mix of
    sizes is enumerated.
    """
    best: tuple[int, int, tuple[int, ...]] | None = None
    for tables in _mixes(total, sizes):
        key = (sum((size - preferred) ** 2 for size in tables), len(tables), tables)
        if (
            best is None
            or (key[0], key[1]) < (best[0], best[1])
            or ((key[0], key[1]) == (best[0], best[1]) and key[2] > best[2])
        ):
            best = key
    return None if best is None else best[2]


def _mixes(total: int, sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every multiset of `sizes` (given largest first) summing to `total`, each largest first."""
    if total == 0:
        return [()]
    found: list[tuple[int, ...]] = []
    for index, size in enumerate(sizes):
        if size <= total:
            found.extend((size, *rest) for rest in _mixes(total - size, sizes[index:]))
    return found
