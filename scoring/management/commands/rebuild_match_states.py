from django.core.management.base import BaseCommand, CommandError

from scoring.models import Match
from scoring.services import match_state_rebuild


class Command(BaseCommand):
    help = (
        "Write again the state cache of every match (or of one: --match ID) from its events: "
        "the engine's state after the latest event and each event's snapshot. Hands are the "
        "truth; this only rebuilds their cache (after a restore, or to check it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--match", type=int, help="Only the match with this id.")

    def handle(self, *args, match: int | None = None, **options):
        matches = Match.objects.order_by("pk")
        if match is not None:
            matches = matches.filter(pk=match)
            if not matches.exists():
                raise CommandError(f"There is no match {match}.")
        rebuilt = refused = 0
        for found in matches.iterator():
            if match_state_rebuild(found):
                rebuilt += 1
            else:
                refused += 1
                self.stderr.write(f"Match {found.pk}: the engine refuses its events; not rebuilt.")
        self.stdout.write(f"{rebuilt} match states rebuilt, {refused} refused.")
