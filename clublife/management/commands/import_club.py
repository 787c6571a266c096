"""Read a club archive of `export_club` into this database: `manage.py import_club FILE`."""

from django.core.management.base import BaseCommand, CommandError

from clublife.exchange import ArchiveError, club_import
from clublife.management.command_input import json_file, user_named


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
        user = user_named(owner)
        data = json_file(file)
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
