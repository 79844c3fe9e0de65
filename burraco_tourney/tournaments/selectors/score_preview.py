"""What saving a scorecard would give, computed without saving: the scorecard page's live totals.

The director's page posts the form as typed; the view binds the SAME form a save binds and runs
its validation, then ``table_preview`` asks the results bridge for the outcome with the SAME
function the save uses (``results_bridge.table_outcome_preview``, the engine's
``table_outcome``); while the scorecard is still incomplete or refused, each smazzata whose boxes
are right gets its totals from ``rules.outcome.smazzata_score``. So the live totals are the
server's own answer, never a second copy of the rules.

This module never writes: no ``save()``, no query that changes a row, no audit entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.forms import Form

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.outcome import (
    EntryRefused,
    Outcome,
    Refusal,
    SmazzateEntry,
    TotalsEntry,
    smazzata_score,
)
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..formats.scoring import VP_SCORING
from ..models import EntryMode, Table, Tournament
from ..results_bridge import table_outcome_preview, tournament_rules

# The forms whose outcome can be previewed (a forfeit has no figures to type).
PREVIEW_MODES = (EntryMode.SMAZZATE, EntryMode.TOTALS)


@dataclass(frozen=True)
class TablePreview:
    """The outcome a save would store, or why it would be refused.

    ``totals`` maps a smazzata number to its (NS, EO) totals, for every smazzata that scores;
    the turno figures (``ns_mp`` ... ``winner``) are None while the save would be refused.
    ``refusal`` is a refusal that concerns the whole table (a KO match rule), in the active
    language; refusals of one box stay on the form, next to their box.
    """

    totals: dict[int, tuple[int, int]] = field(default_factory=dict)
    ns_mp: int | None = None
    eo_mp: int | None = None
    ns_vp: int | None = None
    eo_vp: int | None = None
    # The match scoring the figures follow (the format's): its fragment shows the decision.
    scoring: Any = VP_SCORING
    winner: str = ""
    by_last_move: bool = False
    refusal: str | None = None

    @property
    def lead(self) -> str | None:
        """The line ahead on MP ("ns" or "eo"), None on a tie or without figures."""
        if self.ns_mp is None or self.eo_mp is None or self.ns_mp == self.eo_mp:
            return None
        return "ns" if self.ns_mp > self.eo_mp else "eo"

    @property
    def margin(self) -> int | None:
        if self.ns_mp is None or self.eo_mp is None:
            return None
        return abs(self.ns_mp - self.eo_mp)

    @property
    def saved_as_is(self) -> bool:
        """True when a save of the form as typed would store these figures."""
        return self.ns_mp is not None and self.refusal is None


def _figures(
    tournament: Tournament, source: Table | Outcome, totals: dict[int, tuple[int, int]]
) -> TablePreview:
    """The figures of a table's row: the ones it and its match have stored now (a ``Table``),
    or the ones a save stores for an ``Outcome`` (as ``results_bridge.apply_outcome`` puts them
    in the row and its one-table match)."""
    scoring = tournament.fmt.scoring
    stored = source.match if isinstance(source, Table) else source
    (ns_vp, eo_vp), (winner, by_last_move) = scoring.vp(stored), scoring.decision(stored)
    return TablePreview(
        totals=totals,
        ns_mp=source.ns_mp,
        eo_mp=source.eo_mp,
        ns_vp=ns_vp,
        eo_vp=eo_vp,
        scoring=scoring,
        winner=winner,
        by_last_move=by_last_move,
    )


def _table_refusal(refusals: tuple[Refusal, ...]) -> str | None:
    """The first refusal in words (the form shows each next to its box)."""
    return rule_error_message(refusals[0].error) if refusals else None


def _smazzate_preview(tournament: Tournament, table: Table, form: Form) -> TablePreview:
    """Per smazzata: the totals of every smazzata that scores; the turno when the save would
    store it."""
    valid = form.is_valid()
    scoring = tournament.fmt.scoring
    entries = [
        (n, entry) for n, entry in form.numbered_smazzate if valid or not form.smazzata_errors(n)
    ]
    if valid and entries:
        entry = SmazzateEntry(tuple(smazzata for _, smazzata in entries))
        preview = table_outcome_preview(tournament, table, entry)
        if preview.outcome is not None:
            scores = preview.outcome.smazzate
            totals = {
                n: (score.ns.total, score.eo.total)
                for (n, _), score in zip(entries, scores, strict=True)
            }
            return _figures(tournament, preview.outcome, totals)
        return TablePreview(
            totals=_smazzata_totals(tournament, entries),
            scoring=scoring,
            refusal=_table_refusal(preview.refusals),
        )
    return TablePreview(totals=_smazzata_totals(tournament, entries), scoring=scoring)


def _smazzata_totals(
    tournament: Tournament, entries: list[tuple[int, SmazzataEntry]]
) -> dict[int, tuple[int, int]]:
    """Each smazzata's totals on its own (a smazzata the engine refuses has none)."""
    rules = tournament_rules(tournament)
    totals: dict[int, tuple[int, int]] = {}
    for n, entry in entries:
        try:
            score = smazzata_score(rules, entry, number=n)
        except EntryRefused:
            continue
        totals[n] = (score.ns.total, score.eo.total)
    return totals


def _totals_preview(tournament: Tournament, table: Table, form: Form) -> TablePreview:
    """Turno totals only: the VP (or in a KO who goes on), as the totals service sets them."""
    scoring = tournament.fmt.scoring
    if not form.is_valid():
        return TablePreview(scoring=scoring)
    data = form.cleaned_data
    last_move = scoring.totals_last_move(data.get("last_move"))
    entry = TotalsEntry(data["ns_mp"], data["eo_mp"], last_move)
    preview = table_outcome_preview(tournament, table, entry)
    if preview.outcome is None:
        return TablePreview(scoring=scoring, refusal=_table_refusal(preview.refusals))
    return _figures(tournament, preview.outcome, {})


def table_preview(*, tournament: Tournament, table: Table, form: Form) -> TablePreview:
    """What saving ``form`` (bound to what the director typed) would store for ``table``.

    ``form`` is the scorecard form or the totals form, bound exactly as a save binds it; its
    validation runs here (its refusals stay on it, next to their boxes). Nothing is written.
    The figures are those of the rules in force, even for a page built under older ones:
    only its save is refused for that (``ResultForm.refuse_changed_rules``).
    """
    if not form.is_bound or not hasattr(form, "cleaned_data"):
        form.refuse_changed_rules = False
    if form.mode == EntryMode.SMAZZATE:
        return _smazzate_preview(tournament, table, form)
    if form.mode == EntryMode.TOTALS:
        return _totals_preview(tournament, table, form)
    raise ValueError(f"no live preview for the {form.mode!r} form")


def offers_next_smazzata(*, form: Form, figures: TablePreview, open_match: bool) -> bool:
    """Whether the scorecard of a match to a target score (``open_match``) should offer one
    more smazzata: its last row is filled and a save would store a match still in progress
    (no winner yet). The engine said so through ``figures``; nothing is decided here."""
    if not open_match or form.mode != EntryMode.SMAZZATE:
        return False
    last_filled = form.rows not in form.blank_smazzate
    return last_filled and figures.saved_as_is and figures.scoring.undecided(figures)


def stored_figures(*, tournament: Tournament, table: Table, mode: str) -> TablePreview:
    """The stored result of ``table`` as the page's totals show it before anything is typed:
    empty unless it was entered in ``mode``."""
    scoring = tournament.fmt.scoring
    if table.entry_mode != mode or mode not in (EntryMode.SMAZZATE, EntryMode.TOTALS):
        return TablePreview(scoring=scoring)
    totals = {s.number: (s.ns_total, s.eo_total) for s in table.smazzate.all()}
    return _figures(tournament, table, totals)


def draft_figures(
    *, tournament: Tournament, table: Table, smazzate: list[SmazzataEntry]
) -> TablePreview:
    """The figures a players' draft (``smazzate``, the engine's) would store, as the page shows
    them beside the boxes before anything is typed."""
    scoring = tournament.fmt.scoring
    if not smazzate:
        return TablePreview(scoring=scoring)
    preview = table_outcome_preview(tournament, table, SmazzateEntry(tuple(smazzate)))
    if preview.outcome is None:
        return TablePreview(scoring=scoring, refusal=_table_refusal(preview.refusals))
    totals = {
        n: (score.ns.total, score.eo.total)
        for n, score in enumerate(preview.outcome.smazzate, start=1)
    }
    return _figures(tournament, preview.outcome, totals)
