"""Write a whole club as one JSON archive: `manage.py export_club SLUG [-o FILE]`."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from clublife.exchange import club_export
from clubs.models import Club


class Command(BaseCommand):
    help = "Write a club (players, matches with their history, tournaments, seasons, ratings, "
    help += "members) as one JSON archive, for a backup or a move to another server."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The club's short name.")
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args, slug, output=None, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"There is no club with the short name {slug!r}.")
        text = json.dumps(club_export(club), cls=DjangoJSONEncoder, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
            self.stderr.write(f"Wrote the club {club.slug} to {output}.")
        else:
            self.stdout.write(text)
