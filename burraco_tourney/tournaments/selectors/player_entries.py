"""Reading what the players entered at their tables: the drafts in the engine's terms, how two
lines' drafts differ box by box, each table's state, and the room board of a turno.

A line's draft is its ``Submission``: the smazzate as data in the one shape of
``rules.submission_data`` (``smazzate_data``), read back as the engine's ``Smazzata`` objects
(``data_smazzate``), so the comparison, the phone page and the acceptance all speak of the
same boxes the director's scorecard has. This module never writes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.outcome import Outcome
from burraco_tourney.rules.scoring import automatic_end
from burraco_tourney.rules.submission_data import data_entry

from ..models import SmazzataEnd, Submission, Table, TableAccess, TableProblem, Turno
from ..results_bridge import table_outcome_preview

LINES = ("ns", "eo")


class TableState:
    """Where a table stands between the players' phones and the standings."""

    NOT_STARTED = "not_started"
    ENTERING = "entering"
    WAITING = "waiting"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"
    ACCEPTED = "accepted"


STATE_LABELS = {
    TableState.NOT_STARTED: _("not started"),
    TableState.ENTERING: _("being entered"),
    TableState.WAITING: _("waiting for the other line"),
    TableState.DISPUTED: _("the lines differ"),
    TableState.CONFIRMED: _("confirmed by both lines"),
    TableState.ACCEPTED: _("accepted"),
}
STATE_ORDER = list(STATE_LABELS)

# The name of each box of a line, as the comparison says it ("EO card points: 185 / 158").
BOX_LABELS = {
    "cards": _("card points"),
    "pulito": _("burraco pulito"),
    "semipulito": _("burraco semipulito"),
    "sporco": _("burraco sporco"),
    "nobile": _("burraco nobile"),
    "reale": _("burraco reale"),
    "chiusura": _("closed"),
    "pozzetto": _("took the pozzetto"),
}


def entry_initial(data: Sequence[dict[str, Any]], kinds: Sequence[str]) -> dict[str, Any]:
    """A draft as the scorecard form's initial boxes (as ``forms.scorecard.scorecard_initial``
    shows a stored table: a count of 0 as an empty box, an automatic end as "automatic")."""
    initial: dict[str, Any] = {}
    for n, s in enumerate(data, start=1):
        for line in LINES:
            values = s[line]
            initial[f"s{n}_{line}_cards"] = values["cards"]
            for kind in kinds:
                initial[f"s{n}_{line}_{kind}"] = values.get(kind) or None
            initial[f"s{n}_{line}_chiusura"] = values["chiusura"]
            initial[f"s{n}_{line}_pozzetto"] = values["pozzetto"]
        automatic = automatic_end(s["ns"]["chiusura"], s["eo"]["chiusura"])
        initial[f"s{n}_end"] = "" if s["end"] == automatic else s["end"]
        initial[f"s{n}_last_move"] = s["last_move"]
    return initial


@dataclass(frozen=True)
class Difference:
    """One box the two lines entered differently: ``line`` is the scorecard line the box
    belongs to ("ns", "eo"; empty for how the smazzata ended or a smazzata only one entered)."""

    smazzata: int
    line: str
    box: str
    ns_value: Any
    eo_value: Any

    @property
    def box_label(self) -> str:
        if self.box == "end":
            return str(_("ended by"))
        if self.box == "missing":
            return str(_("entered by one line only"))
        return str(BOX_LABELS.get(self.box, self.box))


def _shown(value: Any) -> Any:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "—"
    if value in SmazzataEnd.values:
        return SmazzataEnd(value).label
    return value


def box_differences(
    ns_data: Sequence[dict[str, Any]], eo_data: Sequence[dict[str, Any]], kinds: Sequence[str]
) -> list[tuple[int, str, str, Any, Any]]:
    """Box by box, where the NS phone's draft and the EO phone's differ, as stored: (smazzata,
    scorecard line, box, NS phone's value, EO phone's value). A smazzata only one line entered
    is the box "missing" (whether each entered it)."""
    boxes = ("cards", *kinds, "chiusura", "pozzetto")
    found: list[tuple[int, str, str, Any, Any]] = []
    for n in range(1, max(len(ns_data), len(eo_data)) + 1):
        a = ns_data[n - 1] if n <= len(ns_data) else None
        b = eo_data[n - 1] if n <= len(eo_data) else None
        if a is None or b is None:
            found.append((n, "", "missing", a is not None, b is not None))
            continue
        for line in LINES:
            for box in boxes:
                if a[line].get(box) != b[line].get(box):
                    found.append((n, line, box, a[line].get(box), b[line].get(box)))
        if a["end"] != b["end"]:
            found.append((n, "", "end", a["end"], b["end"]))
    return found


def entry_differences(
    ns_data: Sequence[dict[str, Any]], eo_data: Sequence[dict[str, Any]], kinds: Sequence[str]
) -> list[Difference]:
    """Box by box, where the NS phone's draft and the EO phone's differ (empty: they agree)."""
    return [
        Difference(n, line, box, _shown(ns_value), _shown(eo_value))
        for n, line, box, ns_value, eo_value in box_differences(ns_data, eo_data, kinds)
    ]


def table_state(table: Table, entries: dict[str, Submission]) -> str:
    """The state of a table, from its result and its two drafts. A line a phone holds, or
    that saved something (a draft, a photo), is being entered; a line freed by the director
    with nothing saved counts as never chosen."""
    if table.entry_mode:
        return TableState.ACCEPTED
    entered = [line for line in LINES if line in entries and entries[line].entered]
    if len(entered) == 2:
        same = entries["ns"].smazzate == entries["eo"].smazzate
        return TableState.CONFIRMED if same else TableState.DISPUTED
    if len(entered) == 1:
        return TableState.WAITING
    if any(e.holder or e.photo for e in entries.values()):
        return TableState.ENTERING
    return TableState.NOT_STARTED


@dataclass(frozen=True)
class Tile:
    """One table on the room board."""

    table: Table
    state: str
    entries: dict[str, Submission]

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def photos(self) -> int:
        return sum(1 for e in self.entries.values() if e.photo)

    @property
    def problems(self) -> list[TableProblem]:
        """The table's calls for the arbitro not cleared yet (prefetched by ``room_board``)."""
        return list(self.table.open_problems)

    @property
    def holders(self) -> list[tuple[str, str]]:
        return line_holders(self.entries)


def line_holders(entries: dict[str, Submission]) -> list[tuple[str, str]]:
    """(line, phone) of each line a phone holds, NS first."""
    held = [entries.get(line) for line in LINES]
    return [(entry.line, entry.holder) for entry in held if entry is not None and entry.holder]


def room_board(*, turno: Turno) -> list[Tile]:
    """Every table of ``turno`` with its state, in table order; a team match's two tables side
    by side (the sala aperta's, then the chiusa's, match by match)."""
    tables = turno.tables.select_related("ns", "eo", "match").prefetch_related(
        Prefetch(
            "submissions",
            queryset=Submission.objects.lines().order_by("source"),
            to_attr="line_submissions",
        ),
        Prefetch("problems", queryset=open_problems_query(), to_attr="open_problems"),
        # An individual table's players (``Table.ns_line``/``eo_line``), in one query.
        "seats__entrant",
    )
    tiles = []
    for table in sorted(tables, key=lambda t: (t.room_number, t.room, t.number)):
        entries = {e.line: e for e in table.line_submissions}
        tiles.append(Tile(table=table, state=table_state(table, entries), entries=entries))
    return tiles


def room_board_etag(*, tournament, turno: Turno) -> str:
    """The version of ``turno``'s room board tiles, for their ETag: they change with every write
    to the tournament (its change counter: a draft saved, a photo, a call for the arbitro, a
    result, the clock) and with a phone choosing its line (kept without a change log entry),
    read in one query. ``tournament`` is the one read for this request."""
    holders = list(
        Submission.objects.lines()
        .filter(table__turno=turno)
        .exclude(holder="")
        .order_by("pk")
        .values_list("pk", "holder")
    )
    shown = repr((tournament.change_counter, holders)).encode()
    digest = hashlib.blake2b(shown, digest_size=10).hexdigest()
    return f'"{turno.pk}-{digest}-{translation.get_language()}"'


def open_problems_query():
    return TableProblem.objects.filter(cleared_at__isnull=True).order_by("reported_at")


def open_problems(*, table: Table) -> list[TableProblem]:
    """The calls for the arbitro of ``table`` not cleared yet, oldest first."""
    return list(open_problems_query().filter(table=table))


def state_counts(tiles: Sequence[Tile]) -> list[tuple[str, str, int]]:
    """(state, label, how many tables) for the board's legend, every state listed, then the
    tables calling the arbitro (red whatever their state, ``problem``)."""
    return [
        *(
            (state, str(STATE_LABELS[state]), sum(1 for t in tiles if t.state == state))
            for state in STATE_ORDER
        ),
        ("problem", str(_("Arbitro called")), sum(1 for t in tiles if t.problems)),
    ]


def live_access(*, token: str) -> TableAccess | None:
    """The table link of ``token``, revoked or not; None for a token never given."""
    return (
        TableAccess.objects.select_related("table__turno__tournament", "table__ns", "table__eo")
        .filter(token=token)
        .first()
    )


def turno_accesses(*, turno: Turno) -> dict[int, TableAccess]:
    """The live link of each table of ``turno``, by table id."""
    live = TableAccess.objects.filter(table__turno=turno, revoked_at__isnull=True)
    return {access.table_id: access for access in live}


def entry_outcome(*, table: Table, entry: Submission | None) -> Outcome | None:
    """What accepting ``entry`` would give the table (MP, VP; a KO's winner), as the results
    bridge computes every result; None when nothing is entered or the rules refuse it."""
    if entry is None or not entry.entered:
        return None
    entered = data_entry(entry.data)
    assert entered is not None
    return table_outcome_preview(table.turno.tournament, table, entered).outcome


def table_entries(*, table: Table) -> dict[str, Submission]:
    """Each line's submission (its phones' draft), by line."""
    return {e.line: e for e in Submission.objects.lines().filter(table=table)}
