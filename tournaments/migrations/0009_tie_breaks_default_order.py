"""The default tie-breaks put head to head third, as docs/rules.md and the standings engine say;
the model's default had it last, so every tournament created without a choice (every one created
on the page, which offered none) ranked by strength of schedule and penalty points first.

A tournament still taking entries (no round seated) with that old default gets the right one:
nobody chose it and no standings have been shown. A tournament with rounds keeps the order it was
created with: its standings have been shown, printed, used to seat rounds and, once finished, to
pay the prizes; its standings page says the order in words."""

from django.db import migrations

OLD_DEFAULT = ["points", "wins", "opponents", "penalty", "head_to_head"]
NEW_DEFAULT = ["points", "wins", "head_to_head", "opponents", "penalty"]
TABLE_FORMATS = ("rounds", "knockout")


def default_order(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    waiting = Tournament.objects.filter(
        status="registration", format__in=TABLE_FORMATS, rounds__isnull=True
    )
    for tournament in waiting.only("pk", "tie_breaks"):
        if tournament.tie_breaks == OLD_DEFAULT:
            Tournament.objects.filter(pk=tournament.pk).update(tie_breaks=NEW_DEFAULT)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_entry_paid_at"),
    ]

    operations = [migrations.RunPython(default_order, migrations.RunPython.noop, elidable=True)]
