"""Club life pages, under /clubs/<slug>/: ratings and player profiles (`urls_ratings`), seasons
(`urls_seasons`), import and export (`urls_exchange`). Every view takes the club's `slug`."""

from tournaments.urls_exchange import urlpatterns as exchange_urlpatterns
from tournaments.urls_ratings import urlpatterns as rating_urlpatterns
from tournaments.urls_seasons import urlpatterns as season_urlpatterns

app_name = "clublife"

urlpatterns = [*rating_urlpatterns, *season_urlpatterns, *exchange_urlpatterns]
