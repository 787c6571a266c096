from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from scoring.signals import match_changed, matches_changed
from tournaments.signals import table_confirmed


class ClublifeConfig(AppConfig):
    name = "clublife"
    verbose_name = _("Club life")

    def ready(self) -> None:
        from clublife import ratings

        # a finished match, and a tournament table once its result is confirmed, are rated
        match_changed.connect(ratings.on_match_changed, dispatch_uid="clublife-ratings")
        matches_changed.connect(ratings.on_matches_changed, dispatch_uid="clublife-ratings")
        table_confirmed.connect(ratings.on_table_confirmed, dispatch_uid="clublife-ratings")
