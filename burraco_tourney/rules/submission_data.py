"""The one shape of a table's entry as data: what a submission stores, a phone draft keeps, the
change log details and the archive's room section carries.

Vocabulary: an entry is the engine's (``SmazzateEntry``, ``TotalsEntry``, ``ForfeitEntry``,
``rules/outcome.py``); its data is plain JSON:

- ``{"smazzate": [SMAZZATA, ...]}`` — each SMAZZATA ``{"end", "last_move", "ns", "eo"}``, with
  ``last_move`` "" when not said and each line every box of ``LineEntry`` (``cards``,
  ``pulito``, ``semipulito``, ``sporco``, ``nobile``, ``reale``, ``chiusura``, ``pozzetto``);
- ``{"totals": {"ns": int, "eo": int, "last_move": "" | "ns" | "eo"}}``;
- ``{"forfeit": "ns" | "eo"}`` (the line that wins by forfeit);
- ``{}``: no result (a cleared table, a phone that chose its line and saved nothing yet).

``entry_data`` and ``data_entry`` turn an entry into data and back, exactly (a round trip gives
the same entry); ``smazzate_data``/``data_smazzate`` do the same for the list of smazzate alone
(a phone's draft, the archive's ``player_entries[].smazzate``). ``smazzate_log`` is the change
log's detail of a list of smazzate: numbered, the boxes of the tournament's ruleset for each
line, and each line's total when the engine gave one.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from burraco_tourney.rules.outcome import ForfeitEntry, SmazzateEntry, TableEntry, TotalsEntry
from burraco_tourney.rules.scoring import LineEntry, Smazzata

LINES = ("ns", "eo")


def smazzate_data(smazzate: Sequence[Smazzata]) -> list[dict[str, Any]]:
    """The engine's smazzate as data, every box written."""
    return [
        {"end": s.end, "last_move": s.last_move or "", "ns": asdict(s.ns), "eo": asdict(s.eo)}
        for s in smazzate
    ]


def data_smazzate(data: Sequence[dict[str, Any]]) -> list[Smazzata]:
    """Data of smazzate as the engine's objects."""
    return [
        Smazzata(
            ns=LineEntry(**s["ns"]),
            eo=LineEntry(**s["eo"]),
            end=s["end"],
            last_move=s["last_move"] or None,
        )
        for s in data
    ]


def entry_data(entry: TableEntry | None) -> dict[str, Any]:
    """An entry as data; ``{}`` for no result."""
    if entry is None:
        return {}
    if isinstance(entry, SmazzateEntry):
        return {"smazzate": smazzate_data(entry.smazzate)}
    if isinstance(entry, TotalsEntry):
        last_move = entry.last_move or ""
        return {"totals": {"ns": entry.ns_mp, "eo": entry.eo_mp, "last_move": last_move}}
    if isinstance(entry, ForfeitEntry):
        return {"forfeit": entry.winner}
    raise TypeError(f"not an entry: {entry!r}")


def data_entry(data: dict[str, Any]) -> TableEntry | None:
    """Data as the engine's entry; None for ``{}`` (no result)."""
    if "smazzate" in data:
        return SmazzateEntry(tuple(data_smazzate(data["smazzate"])))
    if "totals" in data:
        totals = data["totals"]
        return TotalsEntry(totals["ns"], totals["eo"], totals["last_move"] or None)
    if "forfeit" in data:
        return ForfeitEntry(data["forfeit"])
    return None


def smazzate_log(
    data: Sequence[dict[str, Any]],
    totals: Sequence[tuple[int, int]],
    kinds: Sequence[str],
) -> list[dict[str, Any]]:
    """The change log's detail of smazzate given as data: numbered from 1, how each ended and
    its last move, then per line the boxes (``cards``, the burraco ``kinds`` of the ruleset,
    ``chiusura``, ``pozzetto``) and the line's ``total`` when ``totals`` has one."""
    boxes = ("cards", *kinds, "chiusura", "pozzetto")
    rows = []
    for n, s in enumerate(data, start=1):
        row: dict[str, Any] = {"number": n, "end": s["end"], "last_move": s["last_move"]}
        for i, line in enumerate(LINES):
            row[line] = {box: s[line].get(box) for box in boxes}
            if len(totals) >= n:
                row[line]["total"] = totals[n - 1][i]
        rows.append(row)
    return rows
