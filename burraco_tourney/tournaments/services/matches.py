"""Matches above tables: every table is created with the match it belongs to.

A pairs, individual or KO match is played at one table: ``tables_create`` inserts each new table
with a match of its own (the match numbered as its table), in the caller's transaction. A team
match's two tables (one per room) are given the same unsaved match, inserted once. Deleting
a match deletes its tables. The match's VP and winner are written with its tables' results
(``results_bridge.apply_outcome``).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Match, Table


def tables_create(tables: Iterable[Table]) -> list[Table]:
    """Insert the new ``tables`` (each with its turno and number), each in a match of one
    table: the match a table was given unsaved (the archive's stored decision) or a new one.
    Runs inside the caller's transaction; two bulk inserts whatever the number of tables."""
    tables = list(tables)
    field = Table._meta.get_field("match")
    matches = []
    for table in tables:
        match = field.get_cached_value(table, None)
        if match is None:
            match = Match(turno=table.turno, number=table.number)
            table.match = match
        matches.append(match)
    Match.objects.bulk_create(list({id(m): m for m in matches}.values()))
    for table, match in zip(tables, matches, strict=True):
        table.match = match
    return Table.objects.bulk_create(tables)
