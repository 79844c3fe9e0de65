"""Writers of the registry that read it whole before writing (a member list's save) take turns.

There is no one row to lock for "the registry", so PostgreSQL gets a transaction-scoped advisory
lock, let go at commit or rollback; SQLite already lets one writer at a time into the database
(the site's transactions begin IMMEDIATE). Never a thread lock.
"""

from __future__ import annotations

from django.db import connection

REGISTRY_LOCK = 0x5245_4749  # any number the site uses for nothing else: "REGI"


def registry_lock() -> None:
    """Wait until no other transaction holds the registry; call inside a transaction."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [REGISTRY_LOCK])
