"""What the workbook reads: every table, smazzata and riposo as plain rows, and a table's cells.

The per-turno sheets show every published turno at once, so this module fetches the whole
tournament in a fixed number of queries (pairs, tables, smazzata totals, riposi), as plain values
rather than model instances: a 500-pair tournament has thousands of tables and the workbook must
stay close to the time openpyxl needs to write the cells. It only reads; the stored MP, VP and
smazzata totals are the ones the scoring service wrote, never recomputed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from burraco_tourney.tournaments.models import Bye, Entrant, Smazzata, Table, Tournament, Turno
from burraco_tourney.tournaments.models.play import table_label


@dataclass(frozen=True)
class PairRow:
    number: int
    player1: str
    player2: str
    club: str
    withdrawn: bool
    # A late pair: the first turno it played and how the turni before count (``Entrant.missed``).
    joined_turno: int | None = None
    missed: str = ""
    missed_vp: int | None = None
    missed_mp: int | None = None

    @property
    def players(self) -> str:
        # The same form as Entrant.players, so the workbook and the pages name a pair alike.
        return f"{self.player1} – {self.player2}"


class TableRow(NamedTuple):
    """One table of a turno with its result. ``entry_mode`` is "" while it has no result."""

    number: int
    ns: int
    eo: int
    entry_mode: str
    forfeit_winner: str
    ns_mp: int | None
    eo_mp: int | None
    ns_vp: int | None
    eo_vp: int | None
    # Each smazzata's totals, NS then EO, by smazzata number: (NS 1, EO 1, NS 2, EO 2, ...),
    # up to the last smazzata recorded; None in both places of a number with no smazzata.
    scores: tuple[int | None, ...] = ()
    # A turno played in gironi: the table as its pages name it ("A1"), else its number.
    label: str | int = 0


@dataclass
class TurnoRows:
    number: int
    tables: list[TableRow] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)

    @property
    def most_smazzate(self) -> int:
        """The highest smazzata number any table of the turno recorded."""
        return max((len(t.scores) for t in self.tables), default=0) // 2


@dataclass(frozen=True)
class WorkbookData:
    pairs: dict[int, PairRow]
    turni: list[TurnoRows]


def published_turni(*, tournament: Tournament, after_turno: int | None = None) -> list[int]:
    """The numbers of the published turni, up to ``after_turno`` when given."""
    turni = Turno.objects.filter(tournament=tournament, published=True)
    if after_turno is not None:
        turni = turni.filter(number__lte=after_turno)
    return list(turni.order_by("number").values_list("number", flat=True))


def workbook_data(*, tournament: Tournament, turni: list[int]) -> WorkbookData:
    """Every pair, and the tables (with smazzata totals) and riposi of the given turni."""
    pairs = {
        row[0]: PairRow(*row)
        for row in Entrant.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list(
            "number",
            "player1",
            "player2",
            "club",
            "withdrawn",
            "joined_turno",
            "missed",
            "missed_vp",
            "missed_mp",
        )
    }
    by_turno = {n: TurnoRows(number=n) for n in turni}
    tables = Table.objects.filter(
        turno__tournament=tournament, turno__published=True, turno__number__in=turni
    ).order_by("turno__number", "number")
    # One list of cells per table, filled as the sheet shows them; a plain tuple once complete.
    scores: dict[int, list[int | None]] = {}
    for table_id, number, ns_total, eo_total in (
        Smazzata.objects.filter(table__in=tables.values("id"))
        .order_by("table_id", "number")
        .values_list("table_id", "number", "ns_total", "eo_total")
        .iterator()
    ):
        cells = scores.get(table_id)
        if cells is None:
            cells = scores[table_id] = []
        if len(cells) < 2 * number - 2:  # a smazzata number skipped: its two cells stay empty
            cells += [None] * (2 * number - 2 - len(cells))
        cells += (ns_total, eo_total)
    for table_id, turno, *values in tables.values_list(
        "id",
        "turno__number",
        "number",
        "ns__number",
        "eo__number",
        "entry_mode",
        "forfeit_winner",
        "ns_mp",
        "eo_mp",
        "match__ns_vp",
        "match__eo_vp",
        "girone",
        "girone_number",
    ).iterator():
        *values, girone, inside = values
        label = table_label(values[0], girone, inside)
        by_turno[turno].tables.append(TableRow(*values, tuple(scores.pop(table_id, ())), label))
    for turno, pair in (
        Bye.objects.filter(turno__tournament=tournament, turno__number__in=turni)
        .order_by("turno__number", "entrant__number")
        .values_list("turno__number", "entrant__number")
    ):
        by_turno[turno].byes.append(pair)
    return WorkbookData(pairs=pairs, turni=[by_turno[n] for n in turni])
