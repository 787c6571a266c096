"""The club pages: home (the user's clubs, the invitations they may accept, matches in
progress), the list of clubs, a club's page (members and roles, pending invitations, players,
matches), and the owner's forms on it.

Clubs are looked up in `Club.objects.for_user` (a private club of someone else answers 404);
who may do what is asked of `clubs.permissions`; every change goes through `clubs.services`.
Every list has a fixed number of queries, whatever its length.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, Unpack, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from base.errors import as_message, on_form
from clubs import pages, services
from clubs.forms import (
    ClubForm,
    MemberInviteForm,
    MemberRoleForm,
    PlayerEditForm,
    PlayerForm,
    PlayerGenderForm,
)
from clubs.models import Club, Invitation, Membership, Player, Role
from clubs.permissions import (
    SCORING_ROLES,
    can_direct,
    can_edit_player,
    can_manage,
    can_score,
    can_see_match,
    can_set_gender,
    role_in,
)
from clubs.presenters import CLUB_NAMED, named
from clubs.requests import SignedInRequest

if TYPE_CHECKING:
    from collections.abc import Sequence

    from django.db.models import Model, QuerySet
    from django_stubs_ext import StrOrPromise

PAGE_SIZE = 20
_ROLE_NAMES: dict[str | None, StrOrPromise] = dict(Role.choices)


class LinkedPage(Page):
    """A page that knows the addresses of its neighbours (set by `paginate`)."""

    prev_url = ""
    next_url = ""


class _LinkingPaginator(Paginator):
    # Django's own arguments, passed through as they come.
    def _get_page(self, *args: Any, **kwargs: Any) -> LinkedPage:
        return LinkedPage(*args, **kwargs)


def page_of(
    items: Sequence[object] | QuerySet[Model], per_page: int, number: str | None
) -> LinkedPage:
    """Page `number` of `items` (the last for a number past it, the first for no number), whose
    neighbours' addresses the caller sets."""
    return cast(LinkedPage, _LinkingPaginator(items, per_page).get_page(number))


def paginate(request: HttpRequest, items, param: str, per_page: int = PAGE_SIZE) -> LinkedPage:
    """One page of `items`, read from the query parameter `param`; the page knows the addresses
    of its neighbours (`prev_url`, `next_url`), keeping the other lists' parameters."""
    page = page_of(items, per_page, request.GET.get(param))

    def url(number: int) -> str:
        query = request.GET.copy()
        query[param] = str(number)
        return f"?{query.urlencode()}"

    page.prev_url = url(page.previous_page_number()) if page.has_previous() else ""
    page.next_url = url(page.next_page_number()) if page.has_next() else ""
    return page


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """The site's icon at /favicon.ico, where every browser asks for it whatever the page links
    (static/img/favicon.ico; the pages link the SVG beside it): kept a day by the browser."""
    path = finders.find("img/favicon.ico")
    if not path:
        raise Http404
    with open(path, "rb") as icon:
        response = HttpResponse(icon.read(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The user's clubs, with a quick link to each match in progress, and the invitations to
    join a club that they may accept or decline; a welcome for visitors."""
    context: dict[str, object] = {}
    if request.user.is_authenticated:
        context["invitations"] = list(
            Invitation.objects.pending()
            .addressed_to(request.user)
            .select_related("club", "invited_by")
            .order_by("-created_at", "-pk")
        )
        memberships = list(
            Membership.objects.filter(user=request.user)
            .select_related("club")
            .order_by("club__name")
        )
        context["memberships"] = [
            {"club": m.club, "role": m.get_role_display(), "can_score": m.role in SCORING_ROLES}
            for m in memberships
        ]
    context.update(pages.home_sections(request))  # the matches in progress, from scoring
    return render(request, "pages/home.html", context)


@require_safe
def club_list(request: HttpRequest) -> HttpResponse:
    """The clubs the user belongs to and every public club."""
    clubs = Club.objects.for_user(request.user).order_by("name", "pk")
    if request.user.is_authenticated:
        clubs = clubs.annotate(
            my_role=Subquery(
                Membership.objects.filter(club=OuterRef("pk"), user=request.user).values("role")[:1]
            )
        )
    page = paginate(request, clubs, "page")
    rows = [
        {"club": club, "role": _ROLE_NAMES.get(getattr(club, "my_role", None))} for club in page
    ]
    return render(request, "clubs/list.html", {"page": page, "rows": rows})


@login_required
def club_create(request: SignedInRequest) -> HttpResponse:
    """A new club; whoever creates it is its owner."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            club = services.club_create(
                user=request.user,
                name=form.cleaned_data["name"],
                city=form.cleaned_data["city"],
                is_public=form.cleaned_data["is_public"],
                public_live_matches=form.cleaned_data["public_live_matches"],
            )
            messages.success(
                request,
                gettext("%(club)s created: add its players.")
                % {"club": named(CLUB_NAMED, club.name)},
            )
            return redirect(club)
    return render(request, "clubs/create.html", {"form": form})


class _DetailForms(TypedDict, total=False):
    """The bound forms with errors that the club's page shows in place of fresh ones."""

    player_form: PlayerForm
    invite_form: MemberInviteForm
    member_forms: dict[int, MemberRoleForm]


def _detail(request: HttpRequest, club: Club, **forms: Unpack[_DetailForms]) -> HttpResponse:
    """The club's page; members see everything, visitors of a public club its players and
    finished matches (and its matches in progress when they are live to the public). `forms`
    are bound forms with errors to show in place of fresh ones."""
    role = role_in(request.user, club)
    member = role is not None
    owner = can_manage(request.user, club)
    context: dict[str, object] = {
        "club": club,
        "role": _ROLE_NAMES.get(role),
        "is_member": member,
        "is_owner": owner,
        "can_score": can_score(request.user, club),
        "can_direct": can_direct(request.user, club),
        "can_set_gender": can_set_gender(request.user, club),
        "sees_live_matches": can_see_match(request.user, club, finished=False),
        "players": paginate(request, club.players.all(), "players"),
        # the club's matches (a visitor sees those they may open), from scoring
        **pages.club_sections(request, club, member),
    }
    if member:
        member_forms = forms.get("member_forms", {})
        page = paginate(
            request,
            Membership.objects.filter(club=club).select_related("user").order_by("user__username"),
            "members",
        )
        context["members"] = page
        context["member_rows"] = [
            {
                "membership": membership,
                "form": member_forms.get(membership.pk)
                or MemberRoleForm(initial={"role": membership.role}, prefix=f"m{membership.pk}"),
            }
            for membership in page
        ]
    if owner:
        context["player_form"] = forms.get("player_form") or PlayerForm()
        context["invite_form"] = forms.get("invite_form") or MemberInviteForm()
        context["invitations"] = paginate(
            request,
            Invitation.objects.pending()
            .filter(club=club)
            .select_related("invited_by")
            .order_by("username", "pk"),
            "invitations",
        )
    return render(request, "clubs/detail.html", context)


@require_safe
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club.objects.for_user(request.user), slug=slug)
    return _detail(request, club)


def _managed_club(request: HttpRequest, slug: str) -> Club:
    """The club if the user may manage it: 404 outside the club, 403 for members who aren't
    owners."""
    club = get_object_or_404(Club.objects.member_of(request.user), slug=slug)
    if not can_manage(request.user, club):
        raise PermissionDenied
    return club


@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner changes the club's name, city, whether it is public and whether its matches in
    progress are live to the public."""
    club = _managed_club(request, slug)
    fields = ("name", "city", "is_public", "public_live_matches", "table_codes")
    form = ClubForm(request.POST or None, initial={name: getattr(club, name) for name in fields})
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            services.club_update(club=club, **{name: form.cleaned_data[name] for name in fields})
            messages.success(request, gettext("The club's settings are saved."))
            return redirect(club)
    return render(request, "clubs/settings.html", {"club": club, "form": form})


@login_required
@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed_club(request, slug)
    form = PlayerForm(request.POST)
    if form.is_valid():
        with on_form(form):
            player = services.player_create(
                club=club, name=form.cleaned_data["name"], gender=form.cleaned_data["gender"]
            )
            messages.success(request, gettext("%(name)s added.") % {"name": player.name})
            return redirect(club)
    return _detail(request, club, player_form=form)


@login_required
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The owner corrects a player's name or gender (played matches keep the old name); a
    director sets the gender alone (`can_edit_player`)."""
    club = get_object_or_404(Club.objects.member_of(request.user), slug=slug)
    player = get_object_or_404(Player.objects.filter(club=club), pk=pk)
    form_class = PlayerEditForm if can_manage(request.user, club) else PlayerGenderForm
    if not can_edit_player(request.user, club, form_class.base_fields):
        raise PermissionDenied
    initial = {"name": player.name, "gender": player.gender}
    form = form_class(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            services.player_update(player=player, **form.cleaned_data)
            messages.success(
                request, gettext("%(name)s's details are saved.") % {"name": player.name}
            )
            return redirect(club)
    return render(request, "clubs/player_edit.html", {"club": club, "player": player, "form": form})


@login_required
@require_POST
def member_invite(request: SignedInRequest, slug: str) -> HttpResponse:
    """Invite a username to the club with a role; they become a member when they accept. The
    answer is the same whether or not the username has an account."""
    club = _managed_club(request, slug)
    form = MemberInviteForm(request.POST)
    if form.is_valid():
        with on_form(form):
            invitation = services.membership_invite(
                club=club,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                invited_by=request.user,
            )
            messages.success(
                request,
                gettext(
                    "If %(username)s has an account, they will see the invitation on their home "
                    "page; they become %(role)s when they accept it."
                )
                % {"username": invitation.username, "role": invitation.get_role_display()},
                extra_tags="inline-invitations",
            )
            return redirect(f"{club.get_absolute_url()}#club-invitations")
    return _detail(request, club, invite_form=form)


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    """The owner withdraws a pending invitation."""
    club = _managed_club(request, slug)
    invitation = get_object_or_404(Invitation.objects.pending(), club=club, username=username)
    with as_message(request, extra_tags="inline-invitations"):
        services.invitation_withdraw(invitation=invitation)
        messages.success(
            request,
            gettext("The invitation to %(username)s is withdrawn.") % {"username": username},
            extra_tags="inline-invitations",
        )
    return redirect(f"{club.get_absolute_url()}#club-invitations")


@login_required
@require_POST
def invitation_answer(request: SignedInRequest, slug: str) -> HttpResponse:
    """The invited user accepts (`action=accept`) or declines (`action=decline`) the pending
    invitation of the club `slug` to their username; any other club answers 404."""
    invitation = get_object_or_404(
        Invitation.objects.pending().addressed_to(request.user).select_related("club"),
        club__slug=slug,
    )
    action = request.POST.get("action")
    if action not in ("accept", "decline"):
        messages.error(request, gettext("Choose whether to accept or decline the invitation."))
        return redirect("home")
    club = invitation.club
    with as_message(request) as refused:
        if action == "accept":
            membership = services.invitation_accept(invitation=invitation, user=request.user)
        else:
            services.invitation_decline(invitation=invitation, user=request.user)
    if refused:
        return redirect("home")
    if action == "decline":
        messages.success(
            request,
            gettext("You declined the invitation to %(club)s.") % {"club": club.name},
        )
        return redirect("home")
    messages.success(
        request,
        gettext("Welcome to %(club)s: you are %(role)s.")
        % {"club": club.name, "role": membership.get_role_display()},
    )
    return redirect(club)


@login_required
@require_POST
def member_update(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Change a member's role, or remove them (`action=remove`); a club keeps at least one owner."""
    club = _managed_club(request, slug)
    membership = Membership.objects.filter(club=club, pk=pk).select_related("user").first()
    if membership is None:
        raise Http404
    username = membership.user.get_username()
    prefix = f"m{membership.pk}"
    removing = request.POST.get("action") == "remove"
    form = MemberRoleForm(
        {f"{prefix}-role": membership.role} if removing else request.POST, prefix=prefix
    )
    if not form.is_valid():
        return _detail(request, club, member_forms={membership.pk: form})
    with on_form(form) as refused:
        if removing:
            services.membership_remove(membership=membership)
        else:
            membership = services.membership_change(
                membership=membership, role=form.cleaned_data["role"]
            )
    if refused:
        return _detail(request, club, member_forms={membership.pk: form})
    if removing:
        messages.success(
            request, gettext("%(username)s removed from the club.") % {"username": username}
        )
    else:
        messages.success(
            request,
            gettext("%(username)s is now %(role)s.")
            % {"username": username, "role": membership.get_role_display()},
            extra_tags="inline-members",
        )
        return redirect(f"{club.get_absolute_url()}#club-members")
    return redirect(club)
