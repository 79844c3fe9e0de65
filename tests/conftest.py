"""Test set-up shared by the whole suite."""

import sqlite3
import threading

import pytest
from hypothesis import settings as hypothesis_settings

# No time limit per example: on a busy 2-core machine a first run can be slow for reasons that
# say nothing about the code (a cold cache, another process), and Hypothesis would then report
# a flaky failure. The examples' count stays as each test sets it.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")

# What makes a test use the database (pytest-django's marker, or one of its fixtures).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that use the database (./bin/test's second database: the "
        "others ran, identical, on the first)",
    )


def uses_database(item) -> bool:
    if item.get_closest_marker("database_free") is not None:
        return False
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        getattr(item, "fixturenames", ())
    )


# Last: after pytest-xdist's own (it runs on each test process), whose mark it mends.
@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    _keep_xdist_groups(items)
    if not config.getoption("database_tests_only"):
        return
    kept = [item for item in items if uses_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not uses_database(item)])
        items[:] = kept


def _keep_xdist_groups(items) -> None:
    """For --dist loadgroup (./bin/test), pytest-xdist 3.8 names a test of an xdist_group
    "<test>@<group>" by writing the test's id as pytest kept it before 9.2 (``_nodeid``); pytest
    9.2 reads the id from elsewhere, so the groups were lost and their tests spread over the
    processes, each making the group's shared fixture again (pytest-xdist issue 1386). The id
    xdist wrote becomes the test's id, as it was with the pytest before."""
    from _pytest.nodeid import NodeId

    for item in items:
        grouped = item.__dict__.get("_nodeid")
        if grouped and grouped != item.nodeid:
            item._id = NodeId.parse(grouped)


@pytest.fixture(autouse=True)
def _plain_static_storage(request):
    # The rules engine's tests run without Django at all.
    if "rules" in request.node.path.parts:
        yield
        return
    # The manifest storage needs collectstatic; tests serve static files straight from static/.
    settings = request.getfixturevalue("settings")
    # Password hashing is deliberately slow; tests log in many directors.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # WhiteNoise lists every collected static file (a thousand, with their compressed copies)
    # when its middleware is made, once per process on the site; the test client makes the
    # middleware again for every client, and the listing was a quarter of a database test's
    # time. Here it looks a file up when one is asked for (the real server's static files:
    # tests/security/test_static_files.py).
    settings.WHITENOISE_AUTOREFRESH = True
    # The public pages' cache is keyed on the change counter raised by the services; the test
    # factories write straight to the database, so by default nothing is cached. The tests of
    # the cache itself turn it on (tests/tournaments/test_live_pages.py).
    settings.CACHES = {
        **settings.CACHES,
        "public": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
        "public_shared": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    # A request leaves its language active in the thread; every test starts in the site's
    # default language, whatever the test before it asked for.
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture
def english_messages():
    """English for the sentences a test makes itself, outside a request (a service's refusal,
    a parser's or the archive reader's error): checked against the msgids, whatever the Italian
    catalog says. Use it with ``pytest.mark.usefixtures``."""
    # Imported here: the rules engine's tests run without Django.
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def site_database(tmp_path):
    """On SQLite, the test's database as the site keeps it: a file (WAL, IMMEDIATE transactions,
    a busy timeout; settings.py), a copy of the test database. The in-memory database of the
    other tests shares one cache between connections, where a second thread's write fails at
    once ("table is locked") instead of waiting its turn as on the site. PostgreSQL as is."""
    # Imported here: the rules engine's tests run without Django.
    from django.db import connection, connections

    if connection.vendor != "sqlite":
        yield
        return
    path = tmp_path / "site.sqlite3"
    connection.ensure_connection()
    copy = sqlite3.connect(path)
    connection.connection.backup(copy)
    copy.close()
    # The settings every connection of every thread is made from (the same dict).
    database = connections.settings["default"]
    assert connection.settings_dict is database
    memory, name = connection.connection, database["NAME"]
    connection.connection = None  # kept alive here: closing it would drop the test database
    database["NAME"] = str(path)
    # A browser test's live server (one per test process) shares this connection object with
    # its request threads, which close it when a request ends: harmless on the in-memory
    # database, but a late request of an earlier page would close this file's connection under
    # the test's feet. Only this thread closes it while the copy is in use.
    owner, close = threading.get_ident(), connection.close

    def close_in_owner() -> None:
        if threading.get_ident() == owner:
            close()

    connection.close = close_in_owner
    try:
        yield
    finally:
        del connection.close
        connection.close()
        database["NAME"] = name
        connection.connection = memory


@pytest.fixture(scope="session")
def migration_trip(django_db_setup, django_db_blocker, tmp_path_factory):
    """The one trip through the migrations that the tests of the migrations share
    (tests/migration_trip.py): mark their modules ``xdist_group("migration_trip")`` so that
    ./bin/test runs them on one process, which takes the trip once."""
    from tests.migration_trip import migration_trip as trip

    with django_db_blocker.unblock():
        return trip(tmp_path_factory.mktemp("migration-trip"))
