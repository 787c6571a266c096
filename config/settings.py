"""Tallone's settings: one module, configured from the environment (django-environ).

A `.env` file at the top of the repository, if present, provides defaults for a developer's
machine (`make run` and `make test` write one with DEBUG on and a random key). Real environment
variables always win. Nothing secret has a production default: with DEBUG off, SECRET_KEY must be
given.
"""

from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import __version__

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)

SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "Set SECRET_KEY in the environment (or DEBUG=1 on a developer's machine)."
        )
    SECRET_KEY = "django-insecure-tallone-development-only"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# Proxies in front of gunicorn (nginx: 1). Each appends the address it saw to X-Forwarded-For, so
# login throttling and the API's limits find the client's address that many entries from the end.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

TALLONE_VERSION = __version__

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_htmx",
    "csp",
    "axes",
    "clubs",
    "scoring",
    "tournaments",
    "pairings",
    "clublife",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers gzipped (a match page is a fifth of its size on a weak signal);
    # Django's GZipMiddleware pads each answer at random against BREACH (Django 4.2+).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.errors.DatabaseBusyMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its own answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database, made fit for a club's evening of concurrent writes: readers never wait
    # for the writer (WAL), every write transaction takes the lock when it begins (IMMEDIATE: no
    # deadlock-prone upgrade from a read lock, so SQLite's busy timeout works) and waits up to
    # SQLITE_BUSY_TIMEOUT seconds for it. A write that still finds the database locked answers 503
    # with Retry-After (config.errors.DatabaseBusyMiddleware), never 500.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": env.int("SQLITE_BUSY_TIMEOUT", default=20),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "clubs.User"
AUTHENTICATION_BACKENDS = [
    "config.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Italian first: the clubs are Italian; English is complete.
LANGUAGE_CODE = "it"
LANGUAGES = [("it", _("Italian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Tests and `runserver` with DEBUG off read static files from the finders, not a manifest.
WHITENOISE_USE_FINDERS = DEBUG

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "base.api.ApiAutoSchema",
    # Token first, so that a request without credentials answers 401 with `WWW-Authenticate: Token`.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "config.tokens.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Bodies are JSON only, at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes and API_JSON_MAX_DEPTH deep.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["config.throttling.ApiWriteThrottle"],
    # Anonymous write limits count per address: the same proxies as the login throttling.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
}
# API writes per client (a user, or an anonymous IP) and minute; reads are not limited. A table's
# scorekeeper sends a hand every minute or two; an integrator importing a season stays well under.
API_WRITE_RATE = env.str("API_WRITE_RATE", default="120/min")
API_ANONYMOUS_WRITE_RATE = env.str("API_ANONYMOUS_WRITE_RATE", default="20/min")
# Self check-in and "where do I sit?" (pages without an account), per client address: a whole
# club shares one address on its wifi, so the limits leave room for a room of players arriving at
# once, and stop a script trying names or checking everyone in.
CHECK_IN_RATE = env.str("CHECK_IN_RATE", default="60/min")
SEAT_FINDER_RATE = env.str("SEAT_FINDER_RATE", default="600/min")
# Token requests per username and address (the login's pair: never by address alone, a club shares
# one), whatever the password; wrong passwords are also counted by django-axes.
API_TOKEN_RATE = env.str("API_TOKEN_RATE", default="10/min")
# A list answers at most API_MAX_PAGE_SIZE items (`?limit=` above it is clamped).
API_MAX_PAGE_SIZE = env.int("API_MAX_PAGE_SIZE", default=200)
# How deeply a JSON body may nest arrays and objects (a match document needs 4).
API_JSON_MAX_DEPTH = env.int("API_JSON_MAX_DEPTH", default=32)
# API tokens (django-rest-knox): stored hashed, valid for TOKEN_TTL_DAYS from their creation; a
# user holds at most TOKEN_LIMIT_PER_USER at once (a new one beyond that revokes the oldest).
TOKEN_TTL_DAYS = env.int("TOKEN_TTL_DAYS", default=30)
TOKEN_LIMIT_PER_USER = env.int("TOKEN_LIMIT_PER_USER", default=10)
if TOKEN_TTL_DAYS < 1 or TOKEN_LIMIT_PER_USER < 1:
    raise ImproperlyConfigured("TOKEN_TTL_DAYS and TOKEN_LIMIT_PER_USER must be at least 1.")
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=TOKEN_TTL_DAYS),
    "AUTH_HEADER_PREFIX": "Token",
    "AUTO_REFRESH": False,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tallone API",
    "DESCRIPTION": "Score keeping and tournaments for rummy clubs: Scala 40, Ramino, Gin Rummy.",
    "VERSION": __version__,
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # one name for a choice set several components use
    "ENUM_NAME_OVERRIDES": {"EventKindEnum": "scoring.models.EventKind"},
}

# Production hardening: on by default whenever DEBUG is off; each can be relaxed explicitly
# (for instance SECURE_SSL_REDIRECT=0 when nginx already redirects).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Login throttling (django-axes): a username is locked out from one IP after AXES_FAILURE_LIMIT
# wrong passwords, for AXES_COOLOFF_MINUTES. Never by IP alone: a whole club shares one address.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.auth.lockout_response"
AXES_CLIENT_IP_CALLABLE = "config.auth.client_address"

# Content security policy (django-csp): every script and style comes from our own static files.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
        "frame-ancestors": [NONE],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# Table codes (docs/API.md, "Table codes"): wrong codes per address in TABLE_CODE_WINDOW_SECONDS
# (a club's phones share one address: a day's budget that a room typing badly never spends, and
# that keeps a guesser at about one live code in 12 years), and attempts on one code in
# TABLE_CODE_ATTEMPTS_WINDOW_SECONDS; beyond either, joining answers 429 until its window ends.
TABLE_CODE_FAILURES_PER_ADDRESS = env.int("TABLE_CODE_FAILURES_PER_ADDRESS", default=1000)
TABLE_CODE_WINDOW_SECONDS = env.int("TABLE_CODE_WINDOW_SECONDS", default=86400)
TABLE_CODE_ATTEMPTS_PER_CODE = env.int("TABLE_CODE_ATTEMPTS_PER_CODE", default=30)
TABLE_CODE_ATTEMPTS_WINDOW_SECONDS = env.int("TABLE_CODE_ATTEMPTS_WINDOW_SECONDS", default=900)
# A typed code with a player's name (an address over its budget still joins that way): wrong pairs
# per address in TABLE_CODE_WINDOW_SECONDS. The QR code's key is never counted.
TABLE_CODE_NAME_ATTEMPTS_PER_ADDRESS = env.int("TABLE_CODE_NAME_ATTEMPTS_PER_ADDRESS", default=100)
