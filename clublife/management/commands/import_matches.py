"""Import match documents into a club: `manage.py import_matches SLUG FILE [--user USERNAME]`.

The file holds one match document (DESIGN.md) or a JSON list of them; all or nothing. `--date`
is the day they were played (from 1900-01-01 to today). A document imported before (same document,
same day) is not imported again: the command names the match imported then.
"""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from clublife.exchange import ImportRefused, documents_import
from clublife.management.command_input import json_file, user_named
from clubs.models import Club


class Command(BaseCommand):
    help = "Import one match document or a list of them (old paper sheets) into a club."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The club's short name.")
        parser.add_argument("file", help="A JSON file: one match document, or a list of them.")
        parser.add_argument("--user", help="Record the matches as entered by this user.")
        parser.add_argument(
            "--date", type=dt.date.fromisoformat, help="The day they were played (YYYY-MM-DD)."
        )

    def handle(self, *args, slug, file, user=None, date=None, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"There is no club with the short name {slug!r}.")
        recorder = user_named(user)
        data = json_file(file)
        try:
            imported = documents_import(club=club, user=recorder, data=data, played_on=date)
        except ImportRefused as refused:
            raise CommandError(
                "Nothing was imported:\n" + "\n".join(error.text for error in refused.errors)
            ) from refused
        created = [each.match.pk for each in imported if each.created]
        again = [each.match.pk for each in imported if not each.created]
        if created:
            ids = ", ".join(map(str, created))
            self.stdout.write(f"Imported {len(created)} matches into {club.slug}: {ids}.")
        if again:
            ids = ", ".join(map(str, again))
            self.stdout.write(f"Already imported before, not imported again: {ids}.")
