"""The match pages, under /matches/."""

from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("new/<slug:slug>/", views.match_start, name="start"),
    path("new/<slug:slug>/rules/", views.rule_options, name="rule-options"),
    path("<int:pk>/", views.match_page, name="match"),
    path("<int:pk>/live/", views.match_live, name="live"),
    path("<int:pk>/hand/", views.hand_record, name="hand"),
    path("<int:pk>/cards/", views.count_cards, name="count-cards"),
    path("<int:pk>/reentry/", views.reentry, name="reentry"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:pk>/time/", views.time_call, name="time-call"),
    path("<int:pk>/events/<int:number>/correct/", views.event_correct, name="correct"),
    path("<int:pk>/events/<int:number>/void/", views.event_void, name="void"),
]
