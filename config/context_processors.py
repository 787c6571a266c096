from django.conf import settings


def site(request):
    """What every page shows: the version in the footer."""
    return {"tallone_version": settings.TALLONE_VERSION}
