"""Reading the tables of a turno in an archive: seats, the result, and every smazzata.

A table's result is given one way only: its smazzate (checked one by one by the rules engine),
its turno totals, or a forfeit. The checks that need the scores live here too: the VP table must
be able to convert the table's MP (a tie needs an even first band), and in a KO tournament each
match must be a legal one (no smazzate after its end, a tie settled by the last move).

This module never touches the database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match import SmazzataTotals, match_by_points, match_by_smazzate
from burraco_tourney.rules.rulesets import BURRACO_KINDS, Ruleset
from burraco_tourney.rules.scoring import LineEntry, score_smazzata, smazzata_violations
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.vp import VpTable

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_choice,
    json_int,
    json_list,
    json_object,
    rule_message,
)
from .records import ArchiveError, ArchiveLine, ArchiveSmazzata, ArchiveTable, KoSettings, VpMp

LINES = ("ns", "eo")
ENDS = ("chiusura", "tallone", "tempo", "arbitrale")
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

    def __init__(
        self,
        *,
        ruleset: Ruleset,
        vp: VpTable,
        kind: str,
        smazzate_per_turno: int | None,
        ko: KoSettings | None,
        forfeit: VpMp | None,
        ko_rounds: Sequence[Mapping[str, Any]] = (),
        version: int = 1,
    ) -> None:
        self.ruleset = ruleset
        self.vp = vp
        self.kind = kind
        self.smazzate_per_turno = smazzate_per_turno
        self.ko = ko if kind == "ko" else None
        # Version 2: rounds of the bracket with their own match length (``ko.rounds``).
        self.tournament_ko = self.ko
        self.ko_rounds = {item["round"]: item for item in ko_rounds}
        self.version = version
        # A KO match has its own length (checked with the match); a turno of a pairs tournament
        # has at most the nominal number of smazzate (fewer when time ran out).
        self.max_smazzate = smazzate_per_turno if self.ko is None else None
        self.forfeit = forfeit

    def read_turno(
        self, raw: Any, path: str, seat: SeatPair, seated: dict[int, str], *, turno: int = 1
    ) -> tuple[ArchiveTable, ...]:
        if self.tournament_ko is not None:
            # The matches of this round are checked with the round's own length.
            own = self.ko_rounds.get(turno)
            self.ko = (
                self.tournament_ko
                if own is None
                else KoSettings(
                    mode=own["mode"], smazzate=own.get("smazzate"), target=own.get("target")
                )
            )
        tables: list[ArchiveTable] = []
        numbers: dict[int, int] = {}
        for index, item in enumerate(json_list(raw, path)):
            tables.append(self._table(item, at(path, index), seat, seated, numbers, index))
        return tuple(tables)

    def _table(
        self,
        raw: Any,
        path: str,
        seat: SeatPair,
        seated: dict[int, str],
        numbers: dict[int, int],
        index: int,
    ) -> ArchiveTable:
        obj = json_object(raw, path, ("table", "ns", "eo"), RESULT_KEYS)
        number = json_int(obj["table"], at(path, "table"), minimum=1, maximum=SMALL_MAX)
        if number in numbers:
            raise ArchiveError(
                at(path, "table"),
                _("table %(table)s is already listed in this turno (tables[%(index)s])")
                % {"table": number, "index": numbers[number]},
            )
        numbers[number] = index
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
            return ArchiveTable(table=number, ns=ns, eo=eo, smazzate=smazzate)
        if "totals" in obj:
            totals, last_move = self._totals(obj["totals"], at(path, "totals"))
            return ArchiveTable(
                table=number, ns=ns, eo=eo, totals=totals, totals_last_move=last_move
            )
        winner = json_choice(obj["forfeit"], at(path, "forfeit"), LINES)
        self._check_forfeit(at(path, "forfeit"))
        return ArchiveTable(table=number, ns=ns, eo=eo, forfeit=winner)

    # -- the three kinds of result ------------------------------------------------------------

    def _smazzate(self, raw: Any, path: str) -> tuple[ArchiveSmazzata, ...]:
        records: list[ArchiveSmazzata] = []
        totals: list[SmazzataTotals] = []
        for index, item in enumerate(json_list(raw, path)):
            if self.max_smazzate is not None and index >= self.max_smazzate:
                raise ArchiveError(
                    at(path, index),
                    _(
                        "one smazzata too many: a turno of this tournament has %(count)s "
                        "(tournament.smazzate_per_turno)"
                    )
                    % {"count": self.max_smazzate},
                )
            record, total = self._smazzata(item, at(path, index))
            records.append(record)
            totals.append(total)
        if totals:
            ns_mp = sum(t.ns for t in totals)
            eo_mp = sum(t.eo for t in totals)
            self._check_vp(ns_mp, eo_mp, path)
            if self.ko is not None:
                self._check_match(totals, path)
        return tuple(records)

    def _totals(self, raw: Any, path: str) -> tuple[tuple[int, int], str | None]:
        obj = json_object(raw, path, LINES, ("last_move",) if self.version >= 2 else ())
        ns, eo = (json_int(obj[line], at(path, line)) for line in LINES)
        for line, value in zip(LINES, (ns, eo), strict=True):
            # Every card and bonus is a multiple of 5, so every total is one too (RULES.md 2).
            if value % 5:
                raise ArchiveError(
                    at(path, line), _("%(value)s is not a multiple of 5") % {"value": value}
                )
        self._check_vp(ns, eo, path)
        last_move = None
        if "last_move" in obj:
            last_move = json_choice(obj["last_move"], at(path, "last_move"), LINES)
            if self.ko is None or ns != eo:
                raise ArchiveError(
                    at(path, "last_move"),
                    _("is given only for a tied KO match: the totals decide this one"),
                )
        if self.ko is not None and ns == eo and last_move is None:
            if self.version >= 2:
                raise ArchiveError(
                    at(path, "last_move"),
                    _("a tied KO match is settled by who made the last move: give it"),
                )
            raise ArchiveError(
                path,
                _("a tied KO match is settled by who made the last move: record its smazzate"),
            )
        return (ns, eo), last_move

    def _check_forfeit(self, path: str) -> None:
        if self.forfeit is None:
            raise ArchiveError(
                path,
                _(
                    "a forfeit needs the value of a forfeit win: set tournament.forfeit "
                    "(this VP table has no default)"
                ),
            )
        if not 0 <= self.forfeit.vp <= self.vp.total:
            raise ArchiveError(
                path,
                _(
                    "a forfeit win worth %(vp)s VP does not fit this VP table (0 to %(total)s): "
                    "set tournament.forfeit"
                )
                % {"vp": self.forfeit.vp, "total": self.vp.total},
            )

    # -- one smazzata -------------------------------------------------------------------------

    def _smazzata(self, raw: Any, path: str) -> tuple[ArchiveSmazzata, SmazzataTotals]:
        obj = json_object(raw, path, ("ns", "eo", "end"), ("last_move",))
        ns = self._line(obj["ns"], at(path, "ns"))
        eo = self._line(obj["eo"], at(path, "eo"))
        end = json_choice(obj["end"], at(path, "end"), ENDS)
        last_move = None
        if "last_move" in obj:
            last_move = json_choice(obj["last_move"], at(path, "last_move"), LINES)
        record = ArchiveSmazzata(ns=ns, eo=eo, end=end, last_move=last_move)
        try:
            entry = smazzata_entry(self._as_scored(record))
            violations = smazzata_violations(self.ruleset, entry)
            if violations:
                raise violations[0]
            score = score_smazzata(self.ruleset, entry)
        except RuleError as error:
            raise ArchiveError(violation_path(path, error), rule_message(error)) from None
        return record, SmazzataTotals(score.ns.total, score.eo.total, last_move)

    def _as_scored(self, record: ArchiveSmazzata) -> ArchiveSmazzata:
        """The smazzata as the rules score it. Version 2: with semipulito switched off, a line
        may carry semipulito counts (entered while it was on); they count as sporco."""
        if self.version < 2 or self.ruleset.semipulito:
            return record
        if "semipulito" not in dict(self.ruleset.bonuses):
            return record  # a ruleset that never had semipulito: the engine refuses them

        def folded(line: ArchiveLine) -> ArchiveLine:
            return replace(line, semipulito=0, sporco=line.sporco + line.semipulito)

        return replace(record, ns=folded(record.ns), eo=folded(record.eo))

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

    # -- checks that need the scores ----------------------------------------------------------

    def _check_vp(self, ns_mp: int, eo_mp: int, path: str) -> None:
        try:
            self.vp.split(ns_mp, eo_mp)
        except RuleError as error:
            raise ArchiveError(path, rule_message(error)) from None

    def _check_match(self, totals: Sequence[SmazzataTotals], path: str) -> None:
        assert self.ko is not None
        try:
            if self.ko.mode == "smazzate":
                assert self.ko.smazzate is not None
                match_by_smazzate(totals, smazzate_to_play=self.ko.smazzate, knockout=True)
            else:
                assert self.ko.target is not None
                match_by_points(totals, target=self.ko.target, knockout=True)
        except RuleError as error:
            where = path
            if error.code == "too_many_smazzate":
                where = at(path, error.params["planned"])
            elif error.code == "smazzate_after_match_end":
                where = at(path, error.params["smazzata"] + 1)
            elif error.code == "tie_needs_last_move":
                where = at(at(path, len(totals) - 1), "last_move")
            raise ArchiveError(where, rule_message(error)) from None
