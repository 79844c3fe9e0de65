"""The results bridge: from a stored tournament and its rows to the engine's one scoring function.

``tournament_rules`` builds the engine's frozen ``TournamentRules`` from a ``Tournament`` (once:
it is kept on the instance while its settings stay the same). ``stored_entry`` and
``smazzata_entry`` turn stored ``Table`` and ``Smazzata`` rows into the engine's entries;
``table_outcome_for`` asks ``rules.outcome.table_outcome`` for the outcome (or its refusals) and
``apply_outcome`` turns an outcome back into row values, in memory: the table's MP and
smazzate, and its match's VP and winner (``match_outcome``). A save asks the bridge once,
``entry_apply``: the engine's outcome of the entry, put in the table, its match and the
smazzata rows it builds. Every path that scores a
table comes through here: the result forms, the score services, the rule-change dry run, the
standings, the KO pages, and the live preview (``table_outcome_preview``).

It also names the VP presets for people. It never writes to the database.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.ko_length import KoLength
from burraco_tourney.rules.match_outcome import match_outcome
from burraco_tourney.rules.outcome import (
    EntryRefused,
    ForfeitEntry,
    Outcome,
    Refusal,
    SmazzateEntry,
    TableEntry,
    TotalsEntry,
    table_outcome,
)
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.standings import Value
from burraco_tourney.rules.tournament_rules import TournamentRules
from burraco_tourney.rules.vp import VpTable

from .models import EntryMode, Match, Smazzata, Table, Tournament

# The one place that names the VP presets for people: printouts, the workbook and the settings
# say these words after "VP table", never the preset's code ("fibur-3").
VP_PRESET_LABELS = {
    "fibur-3": _("FIBUR, 3 smazzate"),
    "fibur-4": _("FIBUR, 4 smazzate"),
}

LINES = ("ns", "eo")
LINE_FIELDS = ("cards", "pulito", "semipulito", "sporco", "nobile", "reale", "chiusura", "pozzetto")
# The table columns an outcome fills, and its match's (``Match``).
RESULT_FIELDS = ["ns_mp", "eo_mp"]
MATCH_FIELDS = ["ns_mp", "eo_mp", "ns_vp", "eo_vp", "winner", "by_last_move"]
# The tournament fields the rules object is built from, the one list of them: those of a
# tournament ranked by VP over its turni (a knock-out keeps them as they are), and a knock-out's
# match lengths. The settings form and the services read these lists.
VP_RULE_FIELDS: tuple[str, ...] = (
    "smazzate_per_turno",
    "vp_table",
    "bye_vp",
    "bye_mp",
    "forfeit_vp",
    "forfeit_mp",
    "forfeit_loser_vp",
    "tiebreaks",
)
KO_RULE_FIELDS: tuple[str, ...] = (
    "ko_mode",
    "ko_smazzate",
    "ko_target",
    "ko_rounds",
    "ko_third_place",
)
# A team match's result from its two tables (kind ``teams``; the other kinds ignore them).
TEAM_RULE_FIELDS: tuple[str, ...] = ("team_scoring", "team_vp_table")
RULES_SOURCE_FIELDS: tuple[str, ...] = (
    "kind",
    "rules",
    *VP_RULE_FIELDS,
    *KO_RULE_FIELDS,
    *TEAM_RULE_FIELDS,
)


# The rules that do not score a table: the standings' tie-breaks, whether a KO plays for third
# place. Changing them leaves every scorecard as it was (``rules_fingerprint``).
NOT_SCORING_FIELDS: tuple[str, ...] = ("tiebreaks", "ko_third_place")
TABLE_SCORING_FIELDS: tuple[str, ...] = tuple(
    name for name in RULES_SOURCE_FIELDS if name not in NOT_SCORING_FIELDS
)


def _rules_key(tournament: Tournament, fields: Sequence[str] = RULES_SOURCE_FIELDS) -> str:
    values = [getattr(tournament, name) for name in fields]
    return json.dumps(values, sort_keys=True, default=str)


# A form built under other rules than those in force: its save is refused with this notice.
RULES_CHANGED = _(
    "The rules changed since you opened this page: nothing was saved. The scorecard is shown "
    "again under the new rules with what you typed; check it and save again."
)


def rules_fingerprint(tournament: Tournament) -> str:
    """A short mark of the rules a page was built under: a form carries it, so that a save
    after a rule change is refused with a notice instead of being scored unseen. Only what
    scores a table is marked (what the engine's ``table_outcome`` reads: the kind, the ruleset
    and its switches, the VP table, smazzate per turno, the riposo and forfeit values, the KO
    lengths): a tie-break changed meanwhile bothers no scorecard."""
    key = _rules_key(tournament, TABLE_SCORING_FIELDS)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def tournament_rules(tournament: Tournament) -> TournamentRules:
    """The engine's rules of ``tournament`` (saved or not), built once per set of settings by
    its kind's format (``TournamentFormat.build_rules``: the one builder, the archive reader's
    too)."""
    key = _rules_key(tournament)
    cached = getattr(tournament, "_results_rules", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    rules = tournament.fmt.build_rules(
        ruleset=Ruleset.from_dict(tournament.rules),
        vp_table_spec=tournament.vp_table,
        smazzate_per_turno=tournament.smazzate_per_turno,
        bye_vp=tournament.bye_vp,
        bye_mp=tournament.bye_mp,
        forfeit_vp=tournament.forfeit_vp,
        forfeit_mp=tournament.forfeit_mp,
        forfeit_loser_vp=tournament.forfeit_loser_vp,
        tiebreaks=tournament.tiebreaks,
        ko_mode=tournament.ko_mode,
        ko_smazzate=tournament.ko_smazzate,
        ko_target=tournament.ko_target,
        ko_rounds=tournament.ko_rounds or (),
        ko_third_place=tournament.ko_third_place,
        team_scoring=tournament.team_scoring,
        team_vp_table=tournament.team_vp_table,
    )
    tournament._results_rules = (key, rules)
    return rules


# Short reads of the rules object, for the pages and files that need one value.


def tournament_ruleset(tournament: Tournament) -> Ruleset:
    return tournament_rules(tournament).ruleset


def tournament_vp_table(tournament: Tournament) -> VpTable:
    return tournament_rules(tournament).vp


def tournament_bye_value(tournament: Tournament) -> Value | None:
    """The riposo value: the tournament's own, or the preset's default for its VP table."""
    return tournament_rules(tournament).bye


def tournament_forfeit_value(tournament: Tournament) -> Value | None:
    """The value of a forfeit win: the tournament's own, or the riposo value (ARCHIVE.md)."""
    return tournament_rules(tournament).forfeit


def tournament_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    return tournament_rules(tournament).tiebreaks


def tournament_ko_length(tournament: Tournament, round_number: int) -> KoLength:
    """The match length of one KO round: the round's own (``ko_rounds``) or the tournament's."""
    length = tournament_rules(tournament).round_length(round_number)
    assert length is not None, "only a knock-out has a match length"
    return length


def vp_table_label(table: VpTable) -> str:
    """The VP table as people read it: the preset's name, or "Custom bands" for bands the
    director typed (a preset whose bands were changed included)."""
    if table.name is not None and table.to_json() == table.name:
        return str(VP_PRESET_LABELS.get(table.name, table.name))
    return str(_("Custom bands"))


# -- rows and entries --------------------------------------------------------------------------


def smazzata_entry(smazzata: Smazzata) -> SmazzataEntry:
    """The engine's view of a stored smazzata, exactly as it was entered."""

    def line(prefix: str) -> LineEntry:
        return LineEntry(**{f: getattr(smazzata, f"{prefix}_{f}") for f in LINE_FIELDS})

    return SmazzataEntry(
        ns=line("ns"), eo=line("eo"), end=smazzata.end, last_move=smazzata.last_move or None
    )


def smazzata_row(table: Table, number: int, entry: SmazzataEntry) -> Smazzata:
    """A row for a smazzata as entered (its totals are filled by ``apply_outcome``)."""
    row = Smazzata(table=table, number=number, end=entry.end, last_move=entry.last_move or "")
    for line in LINES:
        for field in LINE_FIELDS:
            setattr(row, f"{line}_{field}", getattr(getattr(entry, line), field))
    return row


def totals_last_move(table: Table) -> str | None:
    """The last move of a KO match entered as turno totals only.

    Only a tie needs it, and the table's match keeps it as the tie's stored decision (no
    smazzata row holds it): ``by_last_move`` set and ``winner`` the line that did not make the
    last move.
    """
    if table.entry_mode != EntryMode.TOTALS:
        return None
    match = table.match
    if match.by_last_move and match.winner in LINES:
        return "eo" if match.winner == "ns" else "ns"
    return None


def stored_entry(table: Table, smazzate: Iterable[Smazzata] | None = None) -> TableEntry | None:
    """The entry a stored table holds; None for a table without a result.

    ``smazzate`` are the table's rows when the caller has them (else the prefetched ones).
    """
    if table.entry_mode == EntryMode.SMAZZATE:
        rows = table.smazzate.all() if smazzate is None else smazzate
        ordered = sorted(rows, key=lambda s: s.number)
        return SmazzateEntry(tuple(smazzata_entry(s) for s in ordered))
    if table.entry_mode == EntryMode.TOTALS:
        return TotalsEntry(table.ns_mp, table.eo_mp, totals_last_move(table))
    if table.entry_mode == EntryMode.FORFEIT:
        return ForfeitEntry(table.forfeit_winner)
    return None


def table_outcome_for(
    tournament: Tournament, table: Table, entry: TableEntry, rules: TournamentRules | None = None
) -> Outcome:
    """The engine's outcome of ``entry`` at ``table`` (its turno is the KO round); raises
    ``EntryRefused``. ``rules`` defaults to the tournament's."""
    rules = rules or tournament_rules(tournament)
    return table_outcome(rules, entry, round_number=table.turno.number)


def stored_outcome(tournament: Tournament, table: Table) -> Outcome | None:
    """The outcome of what the table holds now (None without a result); raises
    ``EntryRefused`` for a stored result the rules in force refuse."""
    entry = stored_entry(table)
    return None if entry is None else table_outcome_for(tournament, table, entry)


@dataclass(frozen=True)
class Preview:
    """What saving ``entry`` would give: the outcome, or every refusal (never both)."""

    outcome: Outcome | None
    refusals: tuple[Refusal, ...] = ()


def table_outcome_preview(tournament: Tournament, table: Table, entry: TableEntry) -> Preview:
    """The outcome the server would store for ``entry`` at ``table``, or its refusals; writes
    nothing. For the live totals of a scorecard."""
    try:
        return Preview(outcome=table_outcome_for(tournament, table, entry))
    except EntryRefused as refused:
        return Preview(outcome=None, refusals=refused.refusals)


def apply_outcome(
    table: Table, smazzate: Sequence[Smazzata], outcome: Outcome | None
) -> list[Smazzata]:
    """Put ``outcome`` in the table's row values and its smazzate's totals, and the outcome of
    the table's match in the match's, in memory (None: no result); return the smazzate whose
    totals changed. Entered values are never touched."""
    tournament = table.turno.tournament
    outcomes = tournament.fmt.scoring.match_outcomes(table, outcome)
    apply_match_outcome(table.match, tournament, outcomes)
    if outcome is None:
        table.ns_mp = table.eo_mp = None
        return []
    table.ns_mp, table.eo_mp = outcome.ns_mp, outcome.eo_mp
    changed: list[Smazzata] = []
    ordered = sorted(smazzate, key=lambda s: s.number)
    for row, score in zip(ordered, outcome.smazzate, strict=False):
        if (row.ns_total, row.eo_total) != (score.ns.total, score.eo.total):
            row.ns_total, row.eo_total = score.ns.total, score.eo.total
            changed.append(row)
    return changed


@dataclass(frozen=True)
class Applied:
    """What ``entry_apply`` put in the table: the engine's outcome (None: no result), the
    smazzata rows to store (their totals filled) and the entry the table holds now, as
    ``stored_entry`` reads it back (a KO's totals keep a last move only for a tie)."""

    outcome: Outcome | None
    rows: list[Smazzata]
    entry: TableEntry | None


def entry_apply(table: Table, entry: TableEntry | None, outcome: Outcome | None = None) -> Applied:
    """The one question a save asks: the engine's outcome of ``entry`` at ``table`` (whose
    ``entry_mode``, and MP or forfeit winner, the caller already set), put in the table's and
    its match's values and in the smazzata rows built from ``entry``, in memory. ``outcome`` is
    the engine's answer when the caller already has it for this very entry (it is not asked
    twice). Raises ``EntryRefused`` before changing anything."""
    if entry is not None and outcome is None:
        outcome = table_outcome_for(table.turno.tournament, table, entry)
    rows: list[Smazzata] = []
    if isinstance(entry, SmazzateEntry):
        rows = [smazzata_row(table, n, s) for n, s in enumerate(entry.smazzate, start=1)]
    apply_outcome(table, rows, outcome)
    return Applied(outcome=outcome, rows=rows, entry=stored_entry(table, rows))


def apply_match_outcome(match: Match, tournament: Tournament, outcomes: Sequence[Outcome]) -> None:
    """Put the engine's ``match_outcome`` of the match's table ``outcomes`` in the match's
    values, in memory (no outcome: no result). The winner is kept in a KO only."""
    if not outcomes:
        match.ns_mp = match.eo_mp = match.ns_vp = match.eo_vp = None
        match.winner, match.by_last_move = "", False
        return
    result = match_outcome(tournament_rules(tournament), outcomes)
    match.ns_mp, match.eo_mp = result.ns_mp, result.eo_mp
    match.ns_vp, match.eo_vp = result.ns_vp, result.eo_vp
    match.winner, match.by_last_move = tournament.fmt.scoring.decision(result)


def outcome_summary(table: Table, outcome: Outcome | None) -> dict[str, Any] | None:
    """The values of a result people compare (MP, VP, who won): a rule change's dry run shows
    these before and after."""
    if outcome is None:
        return None
    return {
        "ns_mp": outcome.ns_mp,
        "eo_mp": outcome.eo_mp,
        "ns_vp": outcome.ns_vp,
        "eo_vp": outcome.eo_vp,
        "winner": table.turno.tournament.fmt.scoring.decision(outcome)[0],
    }


def stored_summary(table: Table) -> dict[str, Any] | None:
    """``outcome_summary`` of the values the table and its match have stored now."""
    if not table.entry_mode:
        return None
    scoring = table.turno.tournament.fmt.scoring
    ns_vp, eo_vp = scoring.vp(table.match)
    return {
        "ns_mp": table.ns_mp,
        "eo_mp": table.eo_mp,
        "ns_vp": ns_vp,
        "eo_vp": eo_vp,
        "winner": scoring.decision(table.match)[0],
    }


__all__ = [
    "Applied",
    "EntryRefused",
    "ForfeitEntry",
    "Preview",
    "SmazzateEntry",
    "TotalsEntry",
    "apply_match_outcome",
    "apply_outcome",
    "entry_apply",
    "smazzata_entry",
    "smazzata_row",
    "stored_entry",
    "stored_outcome",
    "table_outcome_for",
    "table_outcome_preview",
    "tournament_rules",
]
