from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from scoring.signals import match_changed
        from tournaments import pairing_services
        from tournaments.formats import FORMATS

        self.formats = FORMATS  # `Tournament.kind` reads the format registry here
        match_changed.connect(pairing_services.on_match_changed, dispatch_uid="tournaments")
