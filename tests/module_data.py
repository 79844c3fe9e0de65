"""Data built once for a test module and seen fresh by each of its tests.

Loading the demo evening (or any large set-up) for each test spent most of the exports' tests'
time writing the same rows again. ``module_data`` writes them once per module (per test process)
inside a transaction held open around the module's tests: pytest-django's per-test transaction of
a ``db`` test then becomes a savepoint inside it, so what a test changes is rolled back with its
savepoint and the next test finds the data as it was built; the module's transaction is rolled
back at its end, and the next module starts from an empty database as before.

A transactional test (``transaction=True``, ``transactional_db``, ``live_server``) cannot run
inside that transaction (its flush would empty the data, its server thread would not see it): a
module that builds data this way refuses to start if it holds one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from django.conf import settings
from django.db import connections, transaction
from django.test import override_settings
from django.utils import translation
from pytest_django.fixtures import validate_django_db

T = TypeVar("T")
QUICK_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"

TRANSACTIONAL_FIXTURES = {
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


def is_transactional(item: pytest.Item) -> bool:
    """Whether pytest-django runs ``item`` as a transactional test (its own rule)."""
    marker = item.get_closest_marker("django_db")
    if marker is not None:
        transactional, reset_sequences, _, serialized_rollback, _ = validate_django_db(marker)
        if transactional or reset_sequences or serialized_rollback:
            return True
    return not TRANSACTIONAL_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def refuse_transactional(items: list[pytest.Item]) -> None:
    """Fail loudly if a test among ``items`` is transactional."""
    wrong = [item.nodeid for item in items if is_transactional(item)]
    if wrong:
        pytest.fail(
            "data built once for the module cannot be shared with a transactional test "
            f"(its flush would empty it): {', '.join(wrong)}; give it data of its own",
            pytrace=False,
        )


def module_data(
    request: pytest.FixtureRequest, django_db_blocker, build: Callable[[], T]
) -> Iterator[T]:
    """For a module-scoped fixture (which also asks for ``django_db_setup``):
    ``yield from module_data(request, django_db_blocker, build)`` runs ``build`` once in a
    transaction open until the module's last test is done, then rolled back. A test that uses
    it must re-read what it needs from the database (``build`` returns keys, not objects)."""
    refuse_transactional([item for item in request.session.items if item.module is request.module])
    atomics = [transaction.atomic(using=alias) for alias in connections]
    with django_db_blocker.unblock():
        if any(connections[alias].in_atomic_block for alias in connections):
            # Asked for in the middle of a test (``request.getfixturevalue``): it would be built
            # inside the test's transaction and rolled back with it.
            pytest.fail(
                "data built once for the module must be set up before the test's transaction: "
                "ask for its fixture as an argument, not with getfixturevalue",
                pytrace=False,
            )
        for atomic in atomics:
            atomic.__enter__()
        try:
            # As a test's own set-up would run (tests/conftest.py): the site's language, the
            # quick password hashing.
            with (
                translation.override(settings.LANGUAGE_CODE),
                override_settings(PASSWORD_HASHERS=[QUICK_HASHER]),
            ):
                built = build()
        except BaseException:
            _roll_back(atomics)
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            _roll_back(atomics)


def _roll_back(atomics: list) -> None:
    for alias, atomic in reversed(list(zip(connections, atomics, strict=True))):
        transaction.set_rollback(True, using=alias)
        atomic.__exit__(None, None, None)
