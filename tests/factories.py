"""factory_boy factories shared by the whole suite."""

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership, Player, Role
from scoring import services

PASSWORD = "a-long-enough-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Circolo {n}")
    slug = factory.Sequence(lambda n: f"circolo-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.SCOREKEEPER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Giocatore {n}")


def member(club, role=Role.SCOREKEEPER, username=None):
    """A user with `role` in `club`."""
    user = UserFactory(**({"username": username} if username else {}))
    MembershipFactory(club=club, user=user, role=role)
    return user


def start_match(
    club=None, preset="scala40", names=("Anna", "Bruno", "Carla", "Dario"), players=None, **kwargs
):
    """A match of `preset` for new players called `names` (or for `players`, made already: a
    match started again for them), started through the service."""
    club = club or ClubFactory()
    players = players or [PlayerFactory(club=club, name=name) for name in names]
    return services.match_start(club=club, user=None, preset=preset, players=players, **kwargs)
