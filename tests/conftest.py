"""Test set-up shared by the whole suite."""

import pytest
from hypothesis import settings as hypothesis_settings

# No time limit per example: on a busy 2-core machine a first run can be slow for reasons that
# say nothing about the code (a cold cache, another process), and Hypothesis would then report
# a flaky failure. The examples' count stays as each test sets it.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


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
