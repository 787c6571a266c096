from django.urls import path

from scoring import api

urlpatterns = [
    path("preview/", api.PreviewView.as_view(), name="scoring-preview"),
]
