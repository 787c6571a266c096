"""The entry fee paid becomes its own fact (`Entry.paid_at`): until now a player checked in had
paid, so every entry checked in becomes paid at its check-in time, and nothing changes for the
tournaments already played. From now on a self check-in by phone marks presence only."""

from django.db import migrations, models


def paid_when_checked_in(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    Entry.objects.filter(checked_in_at__isnull=False, paid_at__isnull=True).update(
        paid_at=models.F("checked_in_at")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_table_confirmed_at_the_table_and_disputes"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="paid_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When the director took the entry fee at the desk; empty while it is due.",
                null=True,
                verbose_name="entry fee paid",
            ),
        ),
        migrations.RunPython(paid_when_checked_in, migrations.RunPython.noop),
    ]
