"""Read a club archive of `export_club` into this database: `manage.py import_club FILE`."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clublife.exchange import ArchiveError, club_import


class Command(BaseCommand):
    help = "Import a club archive written by export_club, keeping every id, into a database "
    help += "that does not hold that club yet (e.g. a new server after `manage.py migrate`). "
    help += "Usernames with an account here are linked; the others are listed."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The archive (JSON).")
        parser.add_argument(
            "--owner", help="Also make this existing user an owner of the imported club."
        )

    def handle(self, *args, file, owner=None, **options):
        user = None
        if owner:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise CommandError(f"There is no user {owner!r}.")
        try:
            with open(file, encoding="utf-8-sig") as handle:
                data = json.load(handle)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise CommandError(f"{file} is not a JSON file: {error}.") from error
        try:
            imported = club_import(data, user=user)
        except ArchiveError as error:
            raise CommandError(error.message) from error
        club = imported.club
        self.stdout.write(
            f"Imported the club {club.slug}: {club.players.count()} players, "
            f"{club.matches.count()} matches, {club.tournaments.count()} tournaments, "
            f"{club.memberships.count()} members."
        )
        if imported.unknown_usernames:
            self.stdout.write(
                "These usernames are not on this server, so nothing of the club refers to them "
                "and they are not members: " + ", ".join(imported.unknown_usernames) + ". "
                "Once they have an account, the owner can invite them."
            )
