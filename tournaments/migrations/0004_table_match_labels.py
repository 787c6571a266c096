"""A tournament table's match is labelled with the table's number alone (pages and printables say
"Table %(label)s" around it): matches started before stored "Tavolo 3" or "Table 3", which read
"Tavolo Tavolo 3". Their labels become the number."""

from django.db import migrations

OLD_PREFIXES = ("Tavolo ", "Table ")


def number_only(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    Match = apps.get_model("scoring", "Match")
    for table in Table.objects.filter(match__isnull=False).select_related("match"):
        label = table.match.table_label
        if any(label == f"{prefix}{table.number}" for prefix in OLD_PREFIXES):
            Match.objects.filter(pk=table.match_id).update(table_label=str(table.number))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_tournament_reopening"),
    ]

    operations = [migrations.RunPython(number_only, migrations.RunPython.noop, elidable=True)]
