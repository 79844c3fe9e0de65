"""The knock-out tournament (RULES.md section 8): pairs play matches in a bracket; a match names
the pair that goes on, with no VP, no standings and no planned turni."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.ko import round_count
from burraco_tourney.rules.prize_list import PrizeError
from burraco_tourney.rules.scoring import with_closer_as_last_move

from ..archive import PairsArchive
from ..base import TEAM_SETUP_FIELDS, VP_SETUP_FIELDS, FormatTemplates, TournamentFormat
from ..draw import PairsDrawManager, WithoutGironi
from ..kind_words import KO_KIND_WORDS
from ..pages import KindPages
from ..scoring import VpScoring
from ..standings import NO_STANDINGS


class GoesOnScoring(VpScoring):
    """A knock-out match: the result names the line that goes on (RULES.md section 8)."""

    result_head_template = "manage/result_head_ko.html"
    result_cell_template = "manage/result_cell_ko.html"
    live_result_template = "manage/score_live_ko.html"
    entry_outcome_template = "manage/entry_outcome_ko.html"
    match_length_template = "components/ko_match_lengths.html"
    totals_help = gettext_lazy(
        "For a scorecard that has only the match totals: the points of each line (multiples of "
        "5). The higher total goes on; on a tie, say which line made the last move."
    )
    last_move_help = gettext_lazy(
        "A chiusura is the last move of its smazzata: leave “Last move” empty and the line that "
        "closed is recorded. On a tie the line that made the last move of the last smazzata loses."
    )
    asks_last_move = True
    totals_label = gettext_lazy("%(who)s: match points")
    totals_mode_label = gettext_lazy("Match totals only")

    def rules_options(self) -> dict[str, Any]:
        return {"knockout": True}

    def decision(self, source: Any) -> tuple[str, bool]:
        return (source.winner or ""), bool(source.by_last_move)

    def vp(self, source: Any) -> tuple[int | None, int | None]:
        return None, None

    def result_words(self, values: dict[str, Any], change: Any) -> str:
        # The MP and who goes on.
        mp = _("%(ns)s–%(eo)s MP") % {"ns": values["ns_mp"], "eo": values["eo_mp"]}
        winner = values.get("winner")
        if not winner:
            return _("%(mp)s, not decided") % {"mp": mp}
        pair = change.ns if winner == "ns" else change.eo
        return _("%(mp)s, pair %(pair)s goes on") % {"mp": mp, "pair": pair}

    def undecided(self, figures: Any) -> bool:
        # A match to a target score goes on while nobody reached it.
        return not figures.winner

    def logged_decision(self, match: Any) -> dict[str, Any]:
        # No VP: the line that goes on, "" while the match is being played.
        return {"winner": match.winner}

    def totals_last_move(self, value: str | None) -> str | None:
        return value or None

    def scorecard_entry(self, entry: Any) -> Any:
        # A chiusura is the last move: a blank box is the closer's.
        return with_closer_as_last_move(entry)

    def stored_smazzate(self, smazzate: Sequence[Any]) -> list[Any]:
        # Stored as the engine read it: a chiusura is the last move.
        return [with_closer_as_last_move(entry) for entry in smazzate]

    def empty_scorecard_message(self) -> str:
        return _("Enter smazzata 1, or choose “match totals only” or “forfeit” above.")

    def reason_help(self, table: Any) -> str | None:
        if table.has_result and not table.match.winner:
            # A match a punti still being played: its next smazzate are no change.
            return _(
                "Not needed to add the next smazzate of a match still being played: only to "
                "change one already saved."
            )
        return None

    def planned_smazzate(self, tournament: Any, turno_number: int) -> int | None:
        # A KO match saved before its end is a match in progress, not a turno ended early.
        return None

    def forfeit_value(self, tournament: Any) -> Any:
        # A knock-out forfeit only says who goes through: no scarto.
        return None

    def saved_message(self, table: Any) -> str | None:
        from ...views.manage.scores import ko_saved_message

        return ko_saved_message(table)

    def after_result(self, *, table: Any, user: Any) -> None:
        from ...services.ko import ko_after_result

        # The bracket follows the result: later matches it contradicts go, ready ones come.
        ko_after_result(table=table, user=user)

    def after_recompute(self, *, tournament: Any, changes: Sequence[Any], user: Any) -> None:
        from ...services.ko import ko_after_recompute

        ko_after_recompute(tournament=tournament, changes=changes, user=user)

    def dropped_matches(self, table: Any, outcome: Any, tables: Sequence[Any]) -> list[Any]:
        from ...services.tournaments import later_matches_dropped

        return later_matches_dropped(table, outcome, tables)


class BracketDrawManager(WithoutGironi, PairsDrawManager):
    """A knock-out's rounds come from its bracket (``services.ko``): round 1 from the seeding,
    each later match as soon as its two pairs are known."""

    def check_turno_draw(self) -> None:
        raise ValidationError(
            gettext("A knock-out tournament is drawn from its bracket page."), code="knockout"
        )

    def check_bracket(self) -> None:
        """A knock-out's rounds are its bracket's."""

    def draw(self, *, tournament: Any, number: int, request: Any) -> Any:
        self.check_turno_draw()

    def late_join_turno(self, tournament: Any) -> int | None:
        # The bracket has no place for a pair arriving late, nor standings.
        return None


class KoArchive(PairsArchive):
    """A knock-out: its ``ko`` settings, and each match's winner in ``results``."""

    required_fields = ("ko",)

    def results(self, tournament: Any, turni: list, numbers: dict[int, int]) -> dict[str, Any]:
        from burraco_tourney.archive.export import ko_results

        return {"ko": ko_results(tournament, turni, numbers)}

    def planned_turni(self, finished: int | None) -> int | None:
        return None

    def after_import(self, tournament: Any, archive: Any) -> None:
        if archive.version == 1:
            from burraco_tourney.archive.services import keep_third_place

            keep_third_place(tournament)


GOES_ON_SCORING = GoesOnScoring()
# Its rounds are drawn on the bracket's page, which ranks the pairs too (the director's has the
# draw tools); a draft round opens there.
KO_PAGES = KindPages(
    draw="manage:ko",
    draw_label=_("Bracket"),
    draw_section="ko",
    standings="manage:bracket",
    standings_label=_("Bracket"),
    standings_section="bracket",
    director_standings="manage:ko",
    drafts_on_draw_page=True,
)
BRACKET_DRAW = BracketDrawManager()
KO_ARCHIVE = KoArchive()


class KoFormat(TournamentFormat):
    key = "ko"
    knockout = True
    words = KO_KIND_WORDS
    pages = KO_PAGES
    scoring = GOES_ON_SCORING
    draw_manager = BRACKET_DRAW
    archive = KO_ARCHIVE
    # A bracket, not standings: the standings' pages send the visitor to the bracket.
    standings = NO_STANDINGS
    ignored_setup_fields = (*VP_SETUP_FIELDS, *TEAM_SETUP_FIELDS)
    exporters = (
        "score",
        "posti-per-tavolo",
        "posti-alfabetico",
        "cartelli-tavoli",
        "tabellone",
        "tabellone-excel",
    )
    templates = FormatTemplates(dashboard_next="manage/ko_next.html")

    def seating_fix_refusal(self) -> str | None:
        return gettext(
            "A knock-out match cannot be reseated: its pairs come from the bracket. Clear the "
            "match's result and enter it again with the lines as they sat."
        )

    def planned_turni(self, tournament) -> int | None:
        return None

    def last_turno(
        self, *, planned: int | None, first_turno_entrants: Callable[[], int]
    ) -> int | None:
        # The final is played in the bracket's last round, one turno per round.
        entrants = first_turno_entrants()
        return round_count(entrants) if entrants >= 2 else None

    def check_prizes(self, prizes) -> None:
        raise PrizeError("prizes_ko", "a knock-out has no prizes list")
