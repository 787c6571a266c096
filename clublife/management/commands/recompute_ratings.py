"""`recompute_ratings`: rebuild club ratings from scratch, from every match that counts, in the
order the matches finished. Use it after correcting old results outside the services, or to
check that the stored ratings are what the results give.

    manage.py recompute_ratings                 every club, every game
    manage.py recompute_ratings --club SLUG     one club
    manage.py recompute_ratings --game gin      one game
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from clublife.ratings import ratings_recompute
from clubs.models import Club
from scoring.games import game_values


class Command(BaseCommand):
    help = "Rebuild the clubs' ratings from every counted match, in the order they finished."

    def add_arguments(self, parser):
        parser.add_argument("--club", metavar="SLUG", help="Only this club (its short name).")
        parser.add_argument("--game", choices=game_values(), help="Only this game.")

    def handle(self, *args, club=None, game=None, **options):
        clubs = Club.objects.order_by("slug")
        if club is not None:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"No club has the short name {club!r}.")
        for each in clubs:
            count = ratings_recompute(club=each, game=game)
            self.stdout.write(f"{each.slug}: {count} matches rated.")
