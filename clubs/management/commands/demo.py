from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "tallone-demo"


class Command(BaseCommand):
    help = "Fill an empty database with demo data and a login to try Tallone with."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="Do nothing if the database already has users (used by `make run`).",
        )

    @transaction.atomic
    def handle(self, *args, if_empty: bool = False, **options):
        User = get_user_model()
        if if_empty and User.objects.exists():
            self.stdout.write("The database already has data; demo data not loaded.")
            return
        user, created = User.objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={"is_staff": True, "is_superuser": True, "first_name": "Demo"},
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
