from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PairingsConfig(AppConfig):
    """The Gin formats (brackets, round robin, Swiss) and Burraco's (pairs, individual), above
    tournaments: tournaments never
    imports this app; it joins it here, once the app registry is ready."""

    name = "pairings"
    verbose_name = _("Pairings")

    def ready(self) -> None:
        from clubs import pages
        from pairings import exports, printing, projector, serializers, services
        from pairings.burraco import standings_api, standings_outputs
        from pairings.burraco.formats import BURRACO_FORMATS
        from pairings.formats import GIN_FORMATS
        from pairings.vptables.pages import club_vp_tables_link
        from scoring.signals import match_changed, matches_changed
        from tournaments import formats
        from tournaments.api.results import STANDINGS_SERIALIZERS
        from tournaments.exports import STANDINGS_WRITERS
        from tournaments.printing import STANDINGS_LISTS
        from tournaments.projector import SLIDE_MAKERS
        from tournaments.signals import table_confirmed

        formats.register(*GIN_FORMATS, *BURRACO_FORMATS)
        # how the Gin and Burraco standings are shown: the API, the CSV and the PDF of the
        # standings (keyed by the formats' `standings_kind`)
        STANDINGS_SERIALIZERS.update(
            pairing=serializers.PairingStandingsSerializer,
            bracket=serializers.BracketStandingsSerializer,
            burraco=standings_api.BurracoStandingsSerializer,
        )
        STANDINGS_WRITERS.update(
            pairing=exports.write_pairing_standings,
            bracket=exports.write_bracket_standings,
            burraco=standings_outputs.write_burraco_standings,
        )
        STANDINGS_LISTS.update(
            pairing=printing.pairing_standings_list,
            bracket=printing.bracket_standings_list,
            burraco=standings_outputs.burraco_standings_list,
        )
        # and on the projector
        SLIDE_MAKERS.update(
            pairing=projector.pairing_slides,
            bracket=projector.bracket_slides,
            burraco=standings_outputs.burraco_slides,
        )
        # a bracket moves on when one of its matches changes and when a result is confirmed
        match_changed.connect(services.on_match_changed, dispatch_uid="pairings")
        matches_changed.connect(services.on_matches_changed, dispatch_uid="pairings")
        table_confirmed.connect(services.on_table_confirmed, dispatch_uid="pairings")
        # the club page links the club's VP tables (Burraco) for its directors
        pages.add_club_section(club_vp_tables_link)
