"""Import match documents into a club: `manage.py import_matches SLUG FILE [--user USERNAME]`.

The file holds one match document (DESIGN.md) or a JSON list of them; all or nothing. `--date`
is the day they were played (from 1900-01-01 to today). A document imported before (same document,
same day) is not imported again: the command names the match imported then.
"""

import datetime as dt
import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clublife.exchange import ImportRefused, documents_import
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
        recorder = None
        if user:
            recorder = get_user_model().objects.filter(username=user).first()
            if recorder is None:
                raise CommandError(f"There is no user {user!r}.")
        try:
            with open(file, encoding="utf-8-sig") as handle:
                data = json.load(handle)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise CommandError(f"{file} is not a JSON file: {error}.") from error
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
