"""Tournament pages: the table formats' pages and everything common (`urls_tables`), the Gin
formats' pages (`urls_pairings`) and the printables (`urls_pdf`) share one namespace."""

from tournaments.urls_pairings import urlpatterns as pairing_urlpatterns
from tournaments.urls_pdf import urlpatterns as pdf_urlpatterns
from tournaments.urls_tables import urlpatterns as table_urlpatterns

app_name = "tournaments"

urlpatterns = [*table_urlpatterns, *pairing_urlpatterns, *pdf_urlpatterns]
