"""The one pagination of the API's lists (DEFAULT_PAGINATION_CLASS)."""

from django.conf import settings
from rest_framework import pagination


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    """`?limit=&offset=`: PAGE_SIZE items by default, at most API_MAX_PAGE_SIZE.

    A larger `limit` is clamped to the maximum (a number beyond 64 bits reached the database and
    answered 500); a limit that is not a positive whole number gives the default page; an offset
    past the end gives an empty page.
    """

    def __init__(self) -> None:
        # Read per request (a paginator is made per view), so the settings can change in a test.
        self.max_limit = settings.API_MAX_PAGE_SIZE
