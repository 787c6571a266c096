"""Tallone's Django project package: settings, URLs and the WSGI/ASGI entry points."""

__version__ = "0.1.0"
