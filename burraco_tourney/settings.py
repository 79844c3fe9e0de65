"""Settings for the Burraco tournament director, configured by environment variables.

Safe defaults for a director's laptop: SQLite in WAL mode in the project folder, DEBUG off,
Italian first. Nothing secret is committed: when SECRET_KEY is not given, one is generated on
first run into an ignored local file.

Environment variables:
    DJANGO_DEBUG=1            turn debug pages on (never in a club's network)
    SECRET_KEY=...            the secret key (otherwise the local file .secret_key)
    DATABASE_URL=postgres://… use PostgreSQL instead of the embedded SQLite file
    SQLITE_PATH=...           where the SQLite file lives (default: db.sqlite3 in the project)
    ALLOWED_HOSTS=a,b         extra host names (the run command sets this for the local network)
    PHONE_BASE_URL=http://192.168.1.20:8000  the address the players' phones use (QR codes);
                              ./bin/run --lan sets it to the address it announces
    BACKUP_DIR=...            the folder of the automatic backups (default: backups/ in the project)
    BACKUP_KEEP=12            how many automatic backups are kept
    HTTPS_PROXY=1, SECURE_*…  behind an HTTPS proxy: secure cookies, HSTS, redirect (see README)
    LOGIN_FAILURE_LIMIT, LOGIN_COOLOFF_MINUTES  login throttling (django-axes)

The README's settings table lists every variable read here, with its production value.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    key_file = BASE_DIR / ".secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = _env_flag("DJANGO_DEBUG")

ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
ALLOWED_HOSTS += _env_list("ALLOWED_HOSTS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "csp",
    "burraco_tourney.core",
    "burraco_tourney.people",
    "burraco_tourney.tournaments",
    "burraco_tourney.archive",
    "burraco_tourney.exports",
    "burraco_tourney.seasons",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "burraco_tourney.core.middleware.NoStoreForDirectorsMiddleware",
    # Last, as its documentation asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First: refuses a login while its user or address is locked out, before any password check.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "burraco_tourney.urls"

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
            ],
            # Django's date filter with Italian month and weekday names in lower case.
            "builtins": ["burraco_tourney.core.templatetags.dates"],
        },
    },
]

WSGI_APPLICATION = "burraco_tourney.wsgi.application"

_sqlite_path = os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": _sqlite_path,
            "OPTIONS": {
                # WAL lets the public pages read while the director writes; IMMEDIATE makes a
                # writing transaction take the lock at its start, so two writers queue instead
                # of failing half-way.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                # Several server processes share the file: a writer waits up to 20 s for
                # another's lock (SQLite's busy timeout) instead of failing at once.
                "timeout": 20,
            },
            # Each server thread keeps its connection (and its WAL set-up) between requests.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }

# Whole-site backups (``manage.py backup``): the automatic ones ``./bin/run`` makes go into this
# folder, the newest BACKUP_KEEP kept.
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", str(BASE_DIR / "backups")))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "12"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The database cache (``manage.py createcachetable``, run by bin/setup.sh): shared by every
# worker of a server, it marks a form sent twice by a double click (core/submissions.py).
#
# "public" and "public_shared": the public pages (standings, turni, seating, a pair's page), keyed
# on the tournament's change counter, so an entry is never stale, only unused. Two levels: each
# worker process keeps the pages in its memory (no database or disk work for a page already
# built), and a page built by one process is left in files for the others (built once per change,
# not once per process). The folder is named after the database, so two sites on one machine
# never share pages; ./bin/run's server empties it when it starts (a restored backup may reuse a
# counter). PUBLIC_CACHE=locmem, file, db or off changes this (benchmarks/room_load compares).
# REDIS_URL (redis://host:6379/0): the pages are shared through that Redis instead of the files,
# so that several application servers (on one machine or several) build each page once and show
# the same version (README, "A federation server").
_db_identity = os.environ.get("DATABASE_URL") or _sqlite_path
_public_folder = (
    BASE_DIR
    / ".cache"
    / ("public-" + hashlib.blake2b(_db_identity.encode(), digest_size=6).hexdigest())
)
PUBLIC_CACHE_FOLDER = _public_folder
_memory = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "burraco-public",
    "OPTIONS": {"MAX_ENTRIES": 3000},
}
_files = {
    # Django's file cache, listing its folder once every hundred writes (core/page_files.py).
    "BACKEND": "burraco_tourney.core.page_files.PageFiles",
    "LOCATION": str(_public_folder),
    "OPTIONS": {"MAX_ENTRIES": 3000},
}
_database = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "burraco_cache"}
_nothing = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    _files = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        # Two sites on one Redis never share pages: the keys are named after the database.
        "KEY_PREFIX": _public_folder.name,
    }
_public_levels = {
    "locmem+file": (_memory, _files),
    "locmem": (_memory, _nothing),
    "file": (_files, _nothing),
    "db": (_database, _nothing),
    "off": (_nothing, _nothing),
}[os.environ.get("PUBLIC_CACHE", "locmem+file")]
CACHES = {
    "default": _database,
    # A tournament's pages change with its counter; old ones go after an hour unread.
    "public": {**_public_levels[0], "TIMEOUT": 3600},
    "public_shared": {**_public_levels[1], "TIMEOUT": 3600},
}
# A burst of saves is shown on the players' pages at most this often (seconds; 0: at every save):
# each public page is then built at most once per interval, whatever the number of saves.
PUBLIC_PAGES_COALESCE_SECONDS = float(os.environ.get("PUBLIC_PAGES_COALESCE_SECONDS", "5"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "manage:home"
LOGOUT_REDIRECT_URL = "tournaments:list"

LANGUAGE_CODE = "it"
LANGUAGES = [("it", _("Italian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "burraco_tourney" / "locale"]
# Italian dates as Italian writes them: "18 ottobre 2026", no weekday before a time.
FORMAT_MODULE_PATH = ["burraco_tourney.core.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# The DejaVu fonts are read from the static folders by the PDF renderer only (exports/pdf.py),
# never sent to a browser: their Brotli copies were most of collectstatic's time (about 30 s of
# CPU at every installation) for files nobody downloads.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "ttf"]

# The address the players' phones reach the site at, for the tables' links and QR codes: the
# director may work at http://127.0.0.1 on the laptop, which no phone reaches. Empty: the
# address of the director's own request.
PHONE_BASE_URL = os.environ.get("PHONE_BASE_URL", "").strip().rstrip("/")

# Uploaded files (the players' photos of their scorecards): never served as static files, only
# to the tournament's directors through a view.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "/media-non-servito/"
# A photo larger than this is refused before it is read (bytes).
PLAYER_PHOTO_MAX_BYTES = 8 * 1024 * 1024

DJANGO_TABLES2_TEMPLATE = "components/table.html"

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True

# --- Served over HTTPS (a federation's server behind a proxy, or ./bin/run --https) ----------
# HTTPS_PROXY=1: a proxy in front terminates HTTPS and says so in X-Forwarded-Proto; it also
# gives the visitor's address in X-Forwarded-For (the login throttle counts by that address).
HTTPS_PROXY = _env_flag("HTTPS_PROXY")
if HTTPS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _env_flag("SECURE_COOKIES")
SECURE_HSTS_SECONDS = _env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD")
# e.g. https://burraco.example.org: the origins a form may be posted from, behind a proxy.
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")

# --- Content-Security-Policy (django-csp): scripts, styles, images and fonts from this site
# only, no inline script or style attribute, no frame, forms posted to this site only.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- Login throttling (django-axes) ---------------------------------------------------------
# After LOGIN_FAILURE_LIMIT wrong passwords for one user name from one address, or from one
# address for any names, logins of that name from there (or from that address) are refused for
# LOGIN_COOLOFF_MINUTES, counted from the last failure; the right password too. A user name is
# never paused everywhere: someone guessing the director's password from a phone does not keep
# the director out of the computer he always uses. Every failure is logged (logger "axes",
# level WARNING), with the password masked.
AXES_FAILURE_LIMIT = _env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=_env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
# The log names the user name and the address tried (that is what it is for); the password is
# always masked.
AXES_SENSITIVE_PARAMETERS: list[str] = []
AXES_LOCKOUT_CALLABLE = "burraco_tourney.core.login_lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "burraco_tourney.core.login_lockout.client_address"

# No table's secret link in any log (core/log_filters.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"table_tokens": {"()": "burraco_tourney.core.log_filters.HideTableTokens"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["table_tokens"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
