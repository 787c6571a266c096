import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Import every view now (WeasyPrint alone takes a second or more), while the worker boots and
# the others serve, rather than in the first request it answers.
get_resolver().check()  # resolves (imports) every URL pattern and its view
