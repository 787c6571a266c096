"""A match's table label is its number ("3") or free text ("Terrace"): pages, printables and the
API say "Table 3" / "Tavolo 3" around a number once (`scoring.presenters.table_name`). Labels typed
before with the word in front ("Tavolo 3", "table 3", "Tav. 3"), which read "Tavolo Tavolo 3" or
"Table Tavolo 3", become the number. The rule is `scoring.engine.names.table_label`, written again
here so this migration never changes with it."""

import re

from django.db import migrations

WORD_AND_NUMBER = re.compile(r"^\s*(?:tavolo|table|tav\.?)\s*(\d+)\s*$", re.IGNORECASE)


def numbers_only(apps, schema_editor):
    Match = apps.get_model("scoring", "Match")
    for pk, label in Match.objects.exclude(table_label="").values_list("pk", "table_label"):
        found = WORD_AND_NUMBER.match(label)
        if found:
            Match.objects.filter(pk=pk).update(table_label=str(int(found.group(1))))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_event_version_revision"),
    ]

    operations = [migrations.RunPython(numbers_only, migrations.RunPython.noop, elidable=True)]
