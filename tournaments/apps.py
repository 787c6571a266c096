from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from scoring import pages
        from tournaments.match_pages import table_place

        # a tournament table's match page links its tournament (scoring cannot import it)
        pages.add_place_provider(table_place)
