from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments.formats import FORMATS

        # `Tournament.kind` reads the format registry here (the Gin formats join it from
        # `PairingsConfig.ready()`)
        self.formats = FORMATS
