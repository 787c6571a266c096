"""The clubs API: clubs, their players, their members and invitations; the token endpoint; the
helpers that find a club as the user may see it (404 otherwise). The base of every API view is
`base.api`.

Who may do what is decided by `clubs.permissions`; the answers follow one rule:

- an anonymous request that writes answers 401 (with `WWW-Authenticate: Token`);
- what the user may not see (another club's private club, players, members, matches) answers 404,
  exactly as if it did not exist;
- a write the user may see but has no role for answers 403.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate
from django.db.models import CharField, OuterRef, QuerySet, Subquery, Value
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import (
    NotFound,
    Throttled,
    ValidationError,
)
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from base.api import (
    NOT_LOGGED_IN,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    DetailSerializer,
    ErrorSerializer,
    require,
)
from clubs import permissions, services, tokens
from clubs.models import Club, Invitation, Membership, Player
from clubs.serializers import (
    ClubCreateSerializer,
    ClubSerializer,
    ClubUpdateSerializer,
    InvitationSerializer,
    MembershipCreateSerializer,
    MembershipSerializer,
    MembershipUpdateSerializer,
    MyInvitationSerializer,
    PlayerSerializer,
    PlayerWriteSerializer,
)
from config.throttling import ApiWriteThrottle
from config.tokens import TokenAuthentication, TokenThrottle


def clubs_for(user) -> QuerySet[Club]:
    """The clubs the user may see, each annotated with the user's role (`my_role`, or None)."""
    clubs = Club.objects.for_user(user)
    if not user.is_authenticated:
        return clubs.annotate(my_role=Value(None, output_field=CharField()))
    role = Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
    return clubs.annotate(my_role=Subquery(role))


def visible_club(request, slug: str) -> Club:
    """The club if the user may see it (a member's club or a public one); 404 otherwise. The
    user's role comes with it (`my_role`), and `clubs.permissions` answers from it."""
    club = get_object_or_404(clubs_for(request.user), slug=slug)
    permissions.remember_role(request.user, club.pk, club.my_role)
    return club


def club_of_member(request, slug: str) -> Club:
    """The club if the user is a member of it; 404 otherwise (members' data is private)."""
    club = visible_club(request, slug)
    if club.my_role is None:
        raise Http404
    return club


# Tokens ------------------------------------------------------------------------------------------


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})

    def validate(self, attrs):
        user = authenticate(
            request=self.context["request"],
            username=attrs["username"],
            password=attrs["password"],
        )
        if user is None:
            raise ValidationError(
                _("Unable to log in with provided credentials."), code="authorization"
            )
        attrs["user"] = user
        return attrs


TOKEN = inline_serializer(
    name="Token",
    fields={"token": serializers.CharField(), "expiry": serializers.DateTimeField()},
)


class TokenInfoSerializer(serializers.Serializer):
    # A `clubs.tokens.TokenRow` (no docstring: it would become the schema's description).
    id = serializers.CharField()
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField()
    current = serializers.BooleanField()


class TokenView(APIView):
    """Exchange a username and password for a new API token, valid for TOKEN_TTL_DAYS days.

    Throttled twice: per username and address (API_TOKEN_RATE, whatever the password) and as an
    anonymous write per address (API_ANONYMOUS_WRITE_RATE); django-axes locks a username out of an
    address after AXES_FAILURE_LIMIT wrong passwords.
    """

    authentication_classes = []  # no session, so no CSRF token is needed
    permission_classes = [AllowAny]
    throttle_classes = [ApiWriteThrottle, TokenThrottle]

    @extend_schema(
        operation_id="auth_token_create",
        summary="Obtain a new API token",
        request=LoginSerializer,
        responses={200: TOKEN, 400: ErrorSerializer, 413: DetailSerializer},
        auth=[],
        examples=[
            OpenApiExample(
                "Log in", request_only=True, value={"username": "anna", "password": "..."}
            )
        ],
    )
    def post(self, request, *args, **kwargs):
        serializer = LoginSerializer(data=request.data, context={"request": request})
        try:
            serializer.is_valid(raise_exception=True)
        except ValidationError:
            # django-axes flags the request when this username is locked out from this address.
            if getattr(request, "axes_locked_out", False):
                raise Throttled(
                    wait=settings.AXES_COOLOFF_TIME.total_seconds(),
                    detail=_("Too many wrong passwords for this username: try again later."),
                ) from None
            raise
        instance, key = tokens.token_create(user=serializer.validated_data["user"])
        return Response(
            {"token": key, "expiry": serializers.DateTimeField().to_representation(instance.expiry)}
        )


class TokenListView(ApiView):
    """Your API tokens still valid (never the tokens themselves): when each was made, when it
    expires, and whether it is the one of this request."""

    permission_classes = [IsAuthenticated]
    pagination_class = None
    filter_backends = []

    @extend_schema(
        operation_id="auth_tokens_list",
        responses={200: TokenInfoSerializer(many=True)} | NOT_LOGGED_IN,
    )
    def get(self, request):
        rows = tokens.token_rows(request.user, current=request.auth)
        return Response(TokenInfoSerializer(rows, many=True).data)


class TokenRevokeView(ApiView):
    """Revoke one of your API tokens, by its `id` in the list."""

    permission_classes = [IsAuthenticated]
    filter_backends = []

    @extend_schema(
        operation_id="auth_tokens_revoke",
        parameters=[OpenApiParameter("token_id", str, OpenApiParameter.PATH)],
        request=None,
        responses={204: None, 401: DetailSerializer, 404: DetailSerializer},
    )
    def delete(self, request, token_id: str):
        if not tokens.token_revoke(user=request.user, token=token_id):
            raise NotFound()
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutView(ApiView):
    """Revoke the token this request was sent with."""

    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_logout",
        request=None,
        responses={204: None, 401: DetailSerializer},
    )
    def post(self, request):
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutAllView(ApiView):
    """Revoke every token of yours (every phone and program has to log in again)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_logout_all",
        request=None,
        responses={204: None, 401: DetailSerializer},
    )
    def post(self, request):
        tokens.tokens_revoke_all(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# Clubs -------------------------------------------------------------------------------------------


class ClubListView(ApiView):
    """The clubs you belong to and every public club; create a club (you become its owner)."""

    serializer_class = ClubSerializer

    def get_queryset(self):
        return clubs_for(self.request.user)

    @extend_schema(
        operation_id="clubs_list",
        summary="List the clubs you may see",
        responses={200: ClubSerializer(many=True)},
    )
    def get(self, request):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(ClubSerializer(page, many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        summary="Create a club (you become its owner)",
        request=ClubCreateSerializer,
        responses={201: ClubSerializer, **NOT_LOGGED_IN, 400: ErrorSerializer},
    )
    def post(self, request):
        serializer = ClubCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = services.club_create(user=request.user, **serializer.validated_data)
        club = clubs_for(request.user).get(pk=club.pk)
        return Response(ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailView(ApiView):
    """A club, by its slug. Its owner may change its name, city and visibility."""

    serializer_class = ClubSerializer

    @extend_schema(
        operation_id="clubs_retrieve",
        summary="A club",
        responses={200: ClubSerializer, **READ_ERRORS},
    )
    def get(self, request, slug):
        return Response(ClubSerializer(visible_club(request, slug)).data)

    @extend_schema(
        operation_id="clubs_partial_update",
        summary="Change a club (owner)",
        request=ClubUpdateSerializer,
        responses={200: ClubSerializer, **WRITE_ERRORS},
    )
    def patch(self, request, slug):
        club = visible_club(request, slug)
        require(permissions.can_manage(request.user, club))
        serializer = ClubUpdateSerializer(club, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        services.club_update(club=club, **serializer.validated_data)
        return Response(ClubSerializer(visible_club(request, slug)).data)


# Players -----------------------------------------------------------------------------------------


def player_context(request, club: Club) -> dict:
    """What a player's serializer shows this viewer: the gender to the club's members only."""
    return {"show_gender": permissions.can_see_gender(request.user, club)}


class PlayerListView(ApiView):
    """A club's players (guests included). Its owner adds players; names are unique in a club."""

    serializer_class = PlayerSerializer
    queryset = Player.objects.none()  # for the schema; get() scopes the players to the club

    @extend_schema(
        operation_id="clubs_players_list",
        summary="List a club's players",
        responses={200: PlayerSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, slug):
        club = visible_club(request, slug)
        page = self.paginate_queryset(Player.objects.filter(club=club).order_by("name", "pk"))
        serializer = PlayerSerializer(page, many=True, context=player_context(request, club))
        return self.get_paginated_response(serializer.data)

    @extend_schema(
        operation_id="clubs_players_create",
        summary="Add a player (owner)",
        request=PlayerWriteSerializer,
        responses={201: PlayerSerializer, **WRITE_ERRORS},
    )
    def post(self, request, slug):
        club = visible_club(request, slug)
        require(permissions.can_manage(request.user, club))
        serializer = PlayerWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = services.player_create(club=club, **serializer.validated_data)
        answer = PlayerSerializer(player, context=player_context(request, club))
        return Response(answer.data, status=status.HTTP_201_CREATED)


class PlayerDetailView(ApiView):
    """One player of a club. The owner renames players (played matches keep the old name); a
    director sets a player's gender alone."""

    serializer_class = PlayerSerializer

    def player(self, request, slug, pk) -> Player:
        club = visible_club(request, slug)
        player = get_object_or_404(Player.objects.filter(club=club), pk=pk)
        player.club = club
        return player

    @extend_schema(
        operation_id="clubs_players_retrieve",
        summary="A player",
        responses={200: PlayerSerializer, **READ_ERRORS},
    )
    def get(self, request, slug, pk):
        player = self.player(request, slug, pk)
        return Response(PlayerSerializer(player, context=player_context(request, player.club)).data)

    @extend_schema(
        operation_id="clubs_players_partial_update",
        summary="Rename a player (owner) or set their gender (owner, director)",
        request=PlayerWriteSerializer,
        responses={200: PlayerSerializer, **WRITE_ERRORS},
    )
    def patch(self, request, slug, pk):
        player = self.player(request, slug, pk)
        require(permissions.can_set_gender(request.user, player.club))  # a director or the owner
        serializer = PlayerWriteSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        require(permissions.can_edit_player(request.user, player.club, serializer.validated_data))
        player = services.player_update(player=player, **serializer.validated_data)
        return Response(PlayerSerializer(player, context=player_context(request, player.club)).data)


# Members -----------------------------------------------------------------------------------------


class MemberListView(ApiView):
    """Who belongs to the club, with which role (members only). The owner invites a username
    with a role: they become a member when they accept."""

    serializer_class = MembershipSerializer
    queryset = Membership.objects.none()  # for the schema; get() scopes the members to the club

    @extend_schema(
        operation_id="clubs_members_list",
        summary="List a club's members (members only)",
        responses={200: MembershipSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, slug):
        club = club_of_member(request, slug)
        memberships = (
            Membership.objects.filter(club=club).select_related("user").order_by("user__username")
        )
        page = self.paginate_queryset(memberships)
        return self.get_paginated_response(MembershipSerializer(page, many=True).data)

    @extend_schema(
        operation_id="clubs_members_create",
        summary="Invite a username to the club with a role (owner)",
        description=(
            "Makes a pending invitation, not a membership: the person becomes a member with the "
            "role when they accept it (GET /api/v1/invitations/, or their home page). The answer "
            "is the same (201 with the invitation) whether or not the username has an account "
            "here, so it tells nothing about who has one. Inviting a username again while its "
            "invitation is pending changes the role; a username that is already a member is "
            "refused (400)."
        ),
        request=MembershipCreateSerializer,
        responses={201: InvitationSerializer, **WRITE_ERRORS},
    )
    def post(self, request, slug):
        club = visible_club(request, slug)
        require(permissions.can_manage(request.user, club))
        serializer = MembershipCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invitation = services.membership_invite(
            club=club, invited_by=request.user, **serializer.validated_data
        )
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class MemberDetailView(ApiView):
    """One member of the club, by username: the owner changes their role or removes them."""

    serializer_class = MembershipSerializer

    def membership(self, request, slug, username) -> Membership:
        club = visible_club(request, slug)
        require(permissions.can_manage(request.user, club))
        return get_object_or_404(
            Membership.objects.select_related("club", "user"), club=club, user__username=username
        )

    @extend_schema(
        operation_id="clubs_members_partial_update",
        summary="Change a member's role (owner)",
        request=MembershipUpdateSerializer,
        responses={200: MembershipSerializer, **WRITE_ERRORS},
    )
    def patch(self, request, slug, username):
        membership = self.membership(request, slug, username)
        serializer = MembershipUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = services.membership_change(
            membership=membership, role=serializer.validated_data["role"]
        )
        return Response(MembershipSerializer(membership).data)

    @extend_schema(
        operation_id="clubs_members_destroy",
        summary="Remove a member (owner)",
        request=None,
        responses={204: None, **WRITE_ERRORS},
        description="Remove the member. A club's last owner cannot be removed (400).",
    )
    def delete(self, request, slug, username):
        membership = self.membership(request, slug, username)
        services.membership_remove(membership=membership)
        return Response(status=status.HTTP_204_NO_CONTENT)


# Invitations -------------------------------------------------------------------------------------


class ClubInvitationListView(ApiView):
    """The club's invitations waiting for an answer (owner)."""

    serializer_class = InvitationSerializer
    queryset = Invitation.objects.none()  # for the schema; get() scopes them to the club

    @extend_schema(
        operation_id="clubs_invitations_list",
        summary="List a club's pending invitations (owner)",
        responses={200: InvitationSerializer(many=True), 403: DetailSerializer, **READ_ERRORS},
    )
    def get(self, request, slug):
        club = club_of_member(request, slug)
        require(permissions.can_manage(request.user, club))
        invitations = (
            Invitation.objects.pending()
            .filter(club=club)
            .select_related("invited_by")
            .order_by("username", "pk")
        )
        page = self.paginate_queryset(invitations)
        return self.get_paginated_response(InvitationSerializer(page, many=True).data)


class ClubInvitationDetailView(ApiView):
    """A pending invitation of the club, by username: the owner withdraws it."""

    serializer_class = InvitationSerializer

    @extend_schema(
        operation_id="clubs_invitations_destroy",
        summary="Withdraw a pending invitation (owner)",
        request=None,
        responses={204: None, **WRITE_ERRORS},
    )
    def delete(self, request, slug, username):
        club = visible_club(request, slug)
        require(permissions.can_manage(request.user, club))
        invitation = get_object_or_404(Invitation.objects.pending(), club=club, username=username)
        services.invitation_withdraw(invitation=invitation)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MyInvitationListView(ApiView):
    """The invitations to join a club waiting for your answer."""

    serializer_class = MyInvitationSerializer
    permission_classes = [IsAuthenticated]
    queryset = Invitation.objects.none()  # for the schema; get() scopes them to the user

    @extend_schema(
        operation_id="invitations_list",
        summary="List the invitations waiting for your answer",
        responses={200: MyInvitationSerializer(many=True), **NOT_LOGGED_IN},
    )
    def get(self, request):
        invitations = (
            Invitation.objects.pending()
            .addressed_to(request.user)
            .select_related("club", "invited_by")
            .order_by("-created_at", "-pk")
        )
        page = self.paginate_queryset(invitations)
        return self.get_paginated_response(MyInvitationSerializer(page, many=True).data)


def my_invitation(request, slug: str) -> Invitation:
    """The pending invitation of the club `slug` to the user; 404 otherwise."""
    return get_object_or_404(
        Invitation.objects.pending().addressed_to(request.user).select_related("club"),
        club__slug=slug,
    )


class InvitationAcceptView(ApiView):
    """Accept the club's invitation: you become a member with the invited role."""

    serializer_class = ClubSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="invitations_accept",
        summary="Accept a club's invitation",
        request=None,
        responses={200: ClubSerializer, **NOT_LOGGED_IN, 400: ErrorSerializer, **READ_ERRORS},
        description="Answers the club, with your role in it. 404 when no invitation of this "
        "club waits for your answer.",
    )
    def post(self, request, slug):
        invitation = my_invitation(request, slug)
        services.invitation_accept(invitation=invitation, user=request.user)
        return Response(ClubSerializer(clubs_for(request.user).get(pk=invitation.club_id)).data)


class InvitationDeclineView(ApiView):
    """Decline the club's invitation."""

    serializer_class = ClubSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="invitations_decline",
        summary="Decline a club's invitation",
        request=None,
        responses={204: None, **NOT_LOGGED_IN, 400: ErrorSerializer, **READ_ERRORS},
        description="404 when no invitation of this club waits for your answer.",
    )
    def post(self, request, slug):
        invitation = my_invitation(request, slug)
        services.invitation_decline(invitation=invitation, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
