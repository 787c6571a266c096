from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A person who logs in. Club roles come with memberships; players need not be users."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
