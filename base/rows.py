"""Writing many rows at once, a different value each, in one query."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.db import connection
from django.db.models import Field, Model


def save_rows(model: type[Model], rows: Sequence[Model], fields: Sequence[str]) -> None:
    """Write `fields` of each row of `model`: one UPDATE by primary key, sent for all rows at
    once (`executemany`: one query whatever their number).

    `bulk_update` would build a CASE expression per field, which cost a hand more Python time
    than everything else it writes (see docs/PERFORMANCE.md). For plain fields and foreign keys
    only: no `pre_save` runs (no `auto_now`)."""
    if not rows:
        return
    meta = model._meta
    # Plain concrete fields (and the primary key): each has a column. (A field's value types are
    # Django's generic parameters, whatever they are: Any.)
    columns = [cast("Field[Any, Any]", meta.get_field(name)) for name in fields]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(cast(str, column.column))} = %s" for column in columns)
    pk_column = cast(str, meta.pk.column)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(pk_column)} = %s"
    values = [
        [
            *(
                column.get_db_prep_save(getattr(row, column.attname), connection)
                for column in columns
            ),
            row.pk,
        ]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)
