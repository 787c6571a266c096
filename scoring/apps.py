from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from clubs import pages
        from scoring import club_pages, countersign
        from scoring import pages as match_pages
        from scoring.games import burraco, gin, ramino, scala40  # noqa: F401  (each registers its game)

        pages.add_home_section(club_pages.home_matches)
        pages.add_club_section(club_pages.club_matches)
        match_pages.add_place_provider(countersign.club_place)  # a club night's countersignature
