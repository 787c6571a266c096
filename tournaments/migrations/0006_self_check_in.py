"""Self check-in (issue 19): every tournament gets the secret key of its check-in link (each
existing tournament its own random one), and guests who check in by the QR code with a typed name
wait in `GuestCheckIn` for the director's approval."""

import secrets

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournaments.models


def give_keys(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.filter(check_in_key__isnull=True).only("pk"):
        Tournament.objects.filter(pk=tournament.pk).update(check_in_key=secrets.token_urlsafe(12))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_keep_apart_groups"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="check_in_key",
            field=models.CharField(max_length=32, null=True, editable=False),
        ),
        migrations.RunPython(give_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="check_in_key",
            field=models.CharField(
                default=tournaments.models.new_check_in_key,
                editable=False,
                help_text=(
                    "The secret of the self check-in link and its QR code; a new one revokes "
                    "the old."
                ),
                max_length=32,
                unique=True,
                verbose_name="check-in key",
            ),
        ),
        migrations.CreateModel(
            name="GuestCheckIn",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Waiting for the director"),
                            ("approved", "Approved"),
                            ("refused", "Refused"),
                        ],
                        default="pending",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                (
                    "decided_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="decided"),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="asked")),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="decided by",
                    ),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.entry",
                        verbose_name="entry",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="guest_check_ins",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "guest check-in",
                "verbose_name_plural": "guest check-ins",
                "ordering": ["tournament", "created_at", "id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("status__in", ["pending", "approved", "refused"])),
                        name="guest_check_in_status_valid",
                    )
                ],
            },
        ),
    ]
