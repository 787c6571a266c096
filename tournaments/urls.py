"""Tournament pages: the table formats' pages (`urls_tables`) and the Gin formats' pages
(`urls_pairings`) share one namespace."""

from tournaments.urls_pairings import urlpatterns as pairing_urlpatterns
from tournaments.urls_tables import urlpatterns as table_urlpatterns

app_name = "tournaments"

urlpatterns = [*table_urlpatterns, *pairing_urlpatterns]
