"""The page where a logged-in user sees, makes and revokes their API tokens."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from clubs import tokens

# The new token between the POST that made it and the page that shows it (POST, redirect, GET):
# the user's own session holds it for that one display, then forgets it.
NEW_TOKEN_KEY = "api_token_new"


@never_cache
@login_required
def api_token(request):
    """GET: the user's tokens (made, expires), and a token just made, shown this once. POST
    `action`: `create` makes a token and comes back here (a reload then shows the list, and makes
    no other token): the key waits in the session for that page only, never in a URL or a
    message; `revoke` (with `token`, an id of the list) revokes and comes back here; `revoke_all`
    first asks (a page of its own), then with `confirm=1` revokes them all and comes back here."""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "create":
            _instance, request.session[NEW_TOKEN_KEY] = tokens.token_create(user=request.user)
        elif action == "revoke":
            if tokens.token_revoke(user=request.user, token=request.POST.get("token", "")):
                messages.success(request, _("The token is revoked: it no longer works."))
        elif action == "revoke_all":
            rows = tokens.token_rows(request.user)
            if rows and request.POST.get("confirm") != "1":
                return render(
                    request, "registration/api_token_revoke_all.html", {"count": len(rows)}
                )
            if tokens.tokens_revoke_all(user=request.user):
                messages.success(request, _("Every token of yours is revoked."))
        return redirect("api-token-page")
    context = {
        "tokens": tokens.token_rows(request.user),
        "new_key": request.session.pop(NEW_TOKEN_KEY, None),
        "limit": settings.TOKEN_LIMIT_PER_USER,
    }
    return render(request, "registration/api_token.html", context)
