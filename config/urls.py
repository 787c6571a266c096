from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from clubs import token_views
from clubs import views as club_views
from config.auth import LogoutView
from scoring import urls as scoring_urls

urlpatterns = [
    path("", club_views.home, name="home"),
    path("favicon.ico", club_views.favicon, name="favicon"),
    path("clubs/", include("clubs.urls")),
    path("clubs/<slug:slug>/", include("clublife.urls")),
    path("clubs/<slug:slug>/vp-tables/", include("pairings.vptables.urls")),
    path("matches/", include("scoring.urls")),
    path("matches/<int:pk>/", include((scoring_urls.pdf_urlpatterns, "match-pdf"))),
    path("tournaments/", include("tournaments.urls")),
    path("tournaments/", include("pairings.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("accounts/token/", token_views.api_token, name="api-token-page"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("config.api_urls")),
]
handler400 = "config.errors.bad_request"
