"""Club life in the API, under /api/v1/clubs/<slug>/: ratings and profiles, seasons, import and
export. Every view takes the club's `slug`."""

from tournaments.api_urls_exchange import urlpatterns as exchange_urlpatterns
from tournaments.api_urls_ratings import urlpatterns as rating_urlpatterns
from tournaments.api_urls_seasons import urlpatterns as season_urlpatterns

urlpatterns = [*rating_urlpatterns, *season_urlpatterns, *exchange_urlpatterns]
