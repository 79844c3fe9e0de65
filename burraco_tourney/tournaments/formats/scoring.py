"""A kind's match scoring: what a table's result gives its two sides, handed out by the format
(``tournament.fmt.scoring``) to the results bridge, the score services, the results forms, the
live totals and the results pages, instead of each of them testing whether the tournament is a
knock-out.

Two scorings today: ``VpScoring`` here (pairs, individual: the MP difference gives each side
VP, RULES.md section 4) and the knock-out's ``GoesOnScoring`` in ``ko/`` (RULES.md section 8:
the result names the line that goes on, no VP, a tie is settled by the last move, a forfeit only
names the winner, the bracket follows each result). The engine itself is told which one through
``rules_options()`` (``build_rules``): the rule lives there, this object only routes.

Nothing here reads or writes the database on its own; the KO's follow-ups (the bracket after a
result) are the KO services', imported when called.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco_tourney.rules.scoring import closing_line


class VpScoring:
    """A table's MP difference gives each side VP (pairs, individual)."""

    # The results page's and the live totals' fragment of a table's decision (its VP).
    result_head_template = "manage/result_head_vp.html"
    result_cell_template = "manage/result_cell_vp.html"
    live_result_template = "manage/score_live_vp.html"
    entry_outcome_template = "manage/entry_outcome_vp.html"
    # How long a game between two lines lasts, under the tournament's name.
    match_length_template = "components/turno_length.html"
    totals_help = gettext_lazy(
        "For a scorecard that has only the turno totals: the MP of each line (multiples of 5). "
        "The VP are computed from them."
    )
    # The scorecard's note on the last move ("": none).
    last_move_help = ""
    # The totals form and the scorecard offer a "last move" box (it settles a tie).
    asks_last_move = False
    totals_label = gettext_lazy("%(who)s: turno MP")
    totals_mode_label = gettext_lazy("Turno totals only")

    def rules_options(self) -> dict[str, Any]:
        """What ``build_rules`` is told about the match semantics."""
        return {"knockout": False}

    def match_outcomes(self, table: Any, outcome: Any) -> Sequence[Any]:
        """The table outcomes the match of ``table`` is made of once ``table`` holds
        ``outcome`` (None: no result): a match of one table is its table's."""
        return [] if outcome is None else [outcome]

    def table_refusal(self, table: Any) -> str | None:
        """Why no result may be entered at ``table`` yet (None: it may): every table of a
        pairs, individual or KO turno may be played once drawn."""
        return None

    def decision(self, source: Any) -> tuple[str, bool]:
        """The line that goes on and whether the last move decided it (an ``Outcome`` or a
        table's ``Match``): none in a VP match."""
        return "", False

    def vp(self, source: Any) -> tuple[int | None, int | None]:
        """The two lines' VP (an ``Outcome`` or a table's ``Match``)."""
        return source.ns_vp, source.eo_vp

    def result_words(self, values: dict[str, Any], change: Any) -> str:
        """One result in words (a rule change's dry run): its MP and VP. ``values``: the
        bridge's ``outcome_summary``; ``change``: the table's ``ResultChange``."""
        mp = _("%(ns)s–%(eo)s MP") % {"ns": values["ns_mp"], "eo": values["eo_mp"]}
        return _("%(mp)s, %(ns)s–%(eo)s VP") % {
            "mp": mp,
            "ns": values["ns_vp"],
            "eo": values["eo_vp"],
        }

    def undecided(self, figures: Any) -> bool:
        """Whether figures a save would store leave the match still being played (a VP turno
        is decided by its last smazzata)."""
        return False

    def logged_decision(self, match: Any) -> dict[str, Any]:
        """The decision of a table's ``match`` as the change log keeps it: the two lines' VP."""
        return {"ns_vp": match.ns_vp, "eo_vp": match.eo_vp}

    def totals_last_move(self, value: str | None) -> str | None:
        """The last move a totals entry passes to the engine."""
        return None

    def scorecard_entry(self, entry: Any) -> Any:
        """A smazzata read from the scorecard: the stored last move yields to a closer changed
        since (the box is hidden: only a KO tie needs it)."""
        closer = closing_line(entry)
        if closer and entry.last_move not in (None, closer):
            return replace(entry, last_move=closer)
        return entry

    def stored_smazzate(self, smazzate: Sequence[Any]) -> list[Any]:
        """The smazzate as a save stores them."""
        return list(smazzate)

    def empty_scorecard_message(self) -> str:
        return _("Enter smazzata 1, or choose “turno totals only” or “forfeit” above.")

    def reason_help(self, table: Any) -> str | None:
        """The reason box's help on the scorecard of ``table`` (None: the usual one)."""
        return None

    def planned_smazzate(self, tournament: Any, turno_number: int) -> int | None:
        """The smazzate a turno plans, when fewer need "the turno ended early"."""
        from ..selectors.scores import smazzate_limit

        return smazzate_limit(tournament, turno_number)

    def forfeit_value(self, tournament: Any) -> Any:
        """The forfeit's value whose scarto a forfeit shows (None: a forfeit has no scarto)."""
        from ..results_bridge import tournament_forfeit_value

        return tournament_forfeit_value(tournament)

    def saved_message(self, table: Any) -> str | None:
        """The message after a save (None: the VP sentence of the results page)."""
        return None

    def after_result(self, *, table: Any, user: Any) -> None:
        """What follows a saved result (nothing: the standings read the tables)."""

    def after_recompute(self, *, tournament: Any, changes: Sequence[Any], user: Any) -> None:
        """What follows results recomputed under new rules."""

    def dropped_matches(self, table: Any, outcome: Any, tables: Sequence[Any]) -> list[Any]:
        """Later matches a re-decided result would draw again (a rule change's dry run)."""
        return []


VP_SCORING = VpScoring()
