"""Reading the tables of a turno in an archive: seats, the result, and every smazzata.

A table's result is given one way only: its smazzate, its turno totals, or a forfeit. Whether the
result is legal is the rules engine's one function's answer (``rules.outcome.table_outcome``,
the same the site's forms and services call): each refusal is reported at the place it names.

This module never touches the database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.outcome import (
    EntryRefused,
    ForfeitEntry,
    SmazzateEntry,
    TableEntry,
    TotalsEntry,
    table_outcome,
)
from burraco_tourney.rules.rulesets import BURRACO_KINDS
from burraco_tourney.rules.scoring import END_KINDS, LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.tournament_rules import TournamentRules

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_choice,
    json_int,
    json_list,
    json_object,
    json_text,
    rule_message,
)
from .records import ArchiveError, ArchiveLine, ArchiveSmazzata, ArchiveTable

LINES = ("ns", "eo")
# How a smazzata can end: the engine's list (ARCHIVE.md names the same four).
ENDS = END_KINDS
RESULT_KEYS = ("smazzate", "totals", "forfeit")

# (pair number value, its path, the pairs seated so far in the turno, where it sits) -> number
SeatPair = Callable[[Any, str, dict[int, str], str], int]


def line_entry(line: ArchiveLine) -> LineEntry:
    """The engine's view of one line of an archive smazzata."""
    return LineEntry(
        cards=line.cards,
        pulito=line.pulito,
        semipulito=line.semipulito,
        sporco=line.sporco,
        nobile=line.nobile,
        reale=line.reale,
        chiusura=line.chiusura,
        pozzetto=line.pozzetto,
    )


def smazzata_entry(smazzata: ArchiveSmazzata) -> SmazzataEntry:
    """The engine's view of an archive smazzata."""
    return SmazzataEntry(
        ns=line_entry(smazzata.ns),
        eo=line_entry(smazzata.eo),
        end=smazzata.end,
        last_move=smazzata.last_move,
    )


def table_entry(table: ArchiveTable) -> TableEntry | None:
    """The engine's entry of an archive table; None for a table without a result."""
    if table.smazzate:
        return SmazzateEntry(tuple(smazzata_entry(s) for s in table.smazzate))
    if table.totals is not None:
        return TotalsEntry(*table.totals, table.totals_last_move)
    if table.forfeit is not None:
        return ForfeitEntry(table.forfeit)
    return None


def violation_path(path: str, error: RuleError) -> str:
    """Where in a smazzata an engine refusal points: its line and field when it names them."""
    line = error.params.get("line")
    field = error.params.get("field")
    if line is None and field in ("chiusura", "pozzetto", "cards"):
        # A fault of both lines together (both closed): the file goes wrong at the second.
        line = LINES[-1]
    if line in LINES:
        path = at(path, line)
    if isinstance(field, str) and field:
        path = at(path, field)
    return path


class TableReader:
    """Reads the tables of each turno with the tournament's rules."""

    def __init__(self, *, rules: TournamentRules, version: int = 1) -> None:
        # The tournament section's rules (its format's ``build_rules``): the riposo and forfeit
        # values and the KO match lengths come with them, never set again here.
        self.rules = rules
        self.ruleset = rules.ruleset
        self.knockout = rules.knockout
        self.version = version
        self.round_number = 1

    def read_turno(
        self, raw: Any, path: str, seat: SeatPair, seated: dict[int, str], *, turno: int = 1
    ) -> tuple[ArchiveTable, ...]:
        # In a KO the turno is the round of the bracket, whose matches have the round's length.
        self.round_number = turno
        tables: list[ArchiveTable] = []
        numbers: dict[tuple[str, int], int] = {}
        for index, item in enumerate(json_list(raw, path)):
            tables.append(self._table(item, at(path, index), seat, seated, numbers, index))
        return tuple(tables)

    def _table(
        self,
        raw: Any,
        path: str,
        seat: SeatPair,
        seated: dict[int, str],
        numbers: dict[tuple[str, int], int],
        index: int,
    ) -> ArchiveTable:
        girone_key = ("girone",) if self.version >= 3 else ()
        obj = json_object(raw, path, ("table", "ns", "eo"), (*RESULT_KEYS, *girone_key))
        number = json_int(obj["table"], at(path, "table"), minimum=1, maximum=SMALL_MAX)
        girone = ""
        if "girone" in obj:
            girone = json_text(obj["girone"], at(path, "girone"), max_length=20)
        # In a turno played in gironi a table is numbered inside its girone (A1, B1).
        if (girone, number) in numbers:
            raise ArchiveError(
                at(path, "table"),
                _("table %(table)s is already listed in this turno (tables[%(index)s])")
                % {"table": f"{girone}{number}", "index": numbers[girone, number]},
            )
        numbers[girone, number] = index
        # Translators: completes "pair 4 appears twice in this turno (it already …)".
        where = _("plays at table %(table)s") % {"table": number}
        ns = seat(obj["ns"], at(path, "ns"), seated, where)
        eo = seat(obj["eo"], at(path, "eo"), seated, where)
        given = [key for key in RESULT_KEYS if key in obj]
        if not given:
            raise ArchiveError(
                path,
                _(
                    "needs its result: smazzate (an empty list while it is being played), "
                    "totals or forfeit"
                ),
            )
        if len(given) > 1:
            raise ArchiveError(
                at(path, given[1]),
                _("cannot be given together with %(other)s") % {"other": given[0]},
            )
        if "smazzate" in obj:
            smazzate = self._smazzate(obj["smazzate"], at(path, "smazzate"))
            return ArchiveTable(table=number, ns=ns, eo=eo, smazzate=smazzate, girone=girone)
        if "totals" in obj:
            totals, last_move = self._totals(obj["totals"], at(path, "totals"))
            return ArchiveTable(
                table=number,
                ns=ns,
                eo=eo,
                totals=totals,
                totals_last_move=last_move,
                girone=girone,
            )
        winner = json_choice(obj["forfeit"], at(path, "forfeit"), LINES)
        self._outcome(ForfeitEntry(winner), at(path, "forfeit"))
        return ArchiveTable(table=number, ns=ns, eo=eo, forfeit=winner, girone=girone)

    # -- the three kinds of result ------------------------------------------------------------

    def _smazzate(self, raw: Any, path: str) -> tuple[ArchiveSmazzata, ...]:
        records = tuple(
            self._smazzata(item, at(path, index)) for index, item in enumerate(json_list(raw, path))
        )
        if records and self.version < 2:
            self._check_v1_semipulito(records, path)
        if records:
            self._outcome(SmazzateEntry(tuple(smazzata_entry(r) for r in records)), path)
        return records

    def _check_v1_semipulito(self, records: Sequence[ArchiveSmazzata], path: str) -> None:
        """Version 1 has no semipulito counts while the switch is off (version 2 keeps them,
        counted as sporco): such a file is refused as before."""
        if self.ruleset.semipulito:
            return
        for index, record in enumerate(records):
            for line in LINES:
                if getattr(record, line).semipulito:
                    error = RuleViolation(
                        "burraco_kind_not_in_ruleset",
                        line=line,
                        kind="semipulito",
                        field="semipulito",
                    )
                    raise ArchiveError(violation_path(at(path, index), error), rule_message(error))

    def _totals(self, raw: Any, path: str) -> tuple[tuple[int, int], str | None]:
        obj = json_object(raw, path, LINES, ("last_move",) if self.version >= 2 else ())
        ns, eo = (json_int(obj[line], at(path, line)) for line in LINES)
        last_move = None
        if "last_move" in obj:
            last_move = json_choice(obj["last_move"], at(path, "last_move"), LINES)
            if not self.knockout or ns != eo:
                raise ArchiveError(
                    at(path, "last_move"),
                    _("is given only for a tied KO match: the totals decide this one"),
                )
        try:
            self._outcome(TotalsEntry(ns, eo, last_move), path)
        except ArchiveError as error:
            if self.version >= 2 and self.knockout and ns == eo and last_move is None:
                raise ArchiveError(
                    at(path, "last_move"),
                    _("a tied KO match is settled by who made the last move: give it"),
                ) from error
            raise
        return (ns, eo), last_move

    def _outcome(self, entry: TableEntry, path: str) -> None:
        """The engine's verdict on the table's result; its first refusal, at the place it names
        (a smazzata's line and box, or the table's result)."""
        try:
            table_outcome(self.rules, entry, round_number=self.round_number)
        except EntryRefused as refused:
            refusal = refused.refusals[0]
            error = refusal.error
            where = path
            if refusal.smazzata is not None:
                where = violation_path(at(path, refusal.smazzata - 1), error)
            elif error.code == "mp_not_multiple_of_5":
                where = at(path, error.params["line"])
            message = rule_message(error)
            if error.code == "forfeit_value_missing":
                message = _(
                    "a forfeit needs the value of a forfeit win: set tournament.forfeit "
                    "(this VP table has no default)"
                )
            elif error.code == "tie_needs_last_move" and isinstance(entry, TotalsEntry):
                message = _(
                    "a tied KO match is settled by who made the last move: record its smazzate"
                )
            raise ArchiveError(where, message) from None

    # -- one smazzata -------------------------------------------------------------------------

    def _smazzata(self, raw: Any, path: str) -> ArchiveSmazzata:
        obj = json_object(raw, path, ("ns", "eo", "end"), ("last_move",))
        ns = self._line(obj["ns"], at(path, "ns"))
        eo = self._line(obj["eo"], at(path, "eo"))
        end = json_choice(obj["end"], at(path, "end"), ENDS)
        last_move = None
        if "last_move" in obj:
            last_move = json_choice(obj["last_move"], at(path, "last_move"), LINES)
        return ArchiveSmazzata(ns=ns, eo=eo, end=end, last_move=last_move)

    @staticmethod
    def _line(raw: Any, path: str) -> ArchiveLine:
        obj = json_object(raw, path, ("cards", "pozzetto"), ("chiusura", *BURRACO_KINDS))
        cards = json_int(obj["cards"], at(path, "cards"), minimum=-SMALL_MAX, maximum=SMALL_MAX)
        pozzetto = json_bool(obj["pozzetto"], at(path, "pozzetto"))
        chiusura = json_bool(obj.get("chiusura", False), at(path, "chiusura"))
        counts = {
            kind: json_int(obj.get(kind, 0), at(path, kind), minimum=0, maximum=SMALL_MAX)
            for kind in BURRACO_KINDS
        }
        return ArchiveLine(cards=cards, pozzetto=pozzetto, chiusura=chiusura, **counts)
