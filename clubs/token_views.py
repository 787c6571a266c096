"""The page where a logged-in user sees, makes and revokes their API tokens."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from clubs import tokens


@never_cache
@login_required
def api_token(request):
    """GET: the user's tokens (made, expires). POST `action`: `create` answers the page with the
    new token, shown this once (never in a URL, a message or the session); `revoke` (with `token`,
    an id of the list) and `revoke_all` revoke and come back here."""
    new_key = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "create":
            _instance, new_key = tokens.token_create(user=request.user)
        elif action == "revoke":
            if tokens.token_revoke(user=request.user, token=request.POST.get("token", "")):
                messages.success(request, _("The token is revoked: it no longer works."))
            return redirect("api-token-page")
        elif action == "revoke_all":
            count = tokens.tokens_revoke_all(user=request.user)
            if count:
                messages.success(request, _("Every token of yours is revoked."))
            return redirect("api-token-page")
    context = {
        "tokens": tokens.token_rows(request.user),
        "new_key": new_key,
        "limit": settings.TOKEN_LIMIT_PER_USER,
    }
    return render(request, "registration/api_token.html", context)
