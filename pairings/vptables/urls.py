"""A club's VP tables, under /clubs/<slug>/vp-tables/ (namespace "vptables")."""

from django.urls import path

from pairings.vptables import views

app_name = "vptables"

urlpatterns = [
    path("", views.vp_table_list, name="list"),
    path("new/", views.vp_table_create, name="create"),
    path("<int:pk>/", views.vp_table_edit, name="edit"),
    path("<int:pk>/delete/", views.vp_table_delete, name="delete"),
]
