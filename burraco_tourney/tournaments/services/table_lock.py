"""The table's row locked for the transaction: the one order every writer at a table follows.

A director's save, a line's phone, a call for the arbitro and a rule change each lock the
table's row first and read what they check after it, so two of them never interleave (and rows
are always locked table first, tournament after: the KO's ``ko_after_result``).
"""

from __future__ import annotations

from ..models import Table


def lock_table_row(pk: int) -> None:
    """Lock the table ``pk``'s row until the transaction ends (wait while another holds it)."""
    Table.objects.select_for_update().filter(pk=pk).first()
