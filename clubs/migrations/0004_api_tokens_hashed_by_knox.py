"""API tokens move from DRF's authtoken (kept in clear) to django-rest-knox (kept hashed).

Each existing token keeps working: its key is hashed the way knox hashes (SHA-512 of the key),
filed under its first 15 characters, and given TOKEN_TTL_DAYS from now. Then the old table, which
held every key in clear, is dropped. Nothing to do on a database that never had it.
"""

import hashlib
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone

OLD_TABLE = "authtoken_token"


def copy_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    AuthToken = apps.get_model("knox", "AuthToken")
    expiry = timezone.now() + timedelta(days=settings.TOKEN_TTL_DAYS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        if isinstance(created, str):  # SQLite answers text
            created = datetime.fromisoformat(created)
        if timezone.is_naive(created):  # stored in UTC (USE_TZ)
            created = created.replace(tzinfo=UTC)
        token = AuthToken.objects.create(
            digest=hashlib.sha512(key.encode("utf-8")).hexdigest(),
            token_key=key[:15],
            user_id=user_id,
            expiry=expiry,
        )
        AuthToken.objects.filter(pk=token.pk).update(created=created)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {OLD_TABLE}")
        cursor.execute("DELETE FROM django_migrations WHERE app = %s", ["authtoken"])


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0003_invitation"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [migrations.RunPython(copy_tokens, migrations.RunPython.noop, elidable=True)]
