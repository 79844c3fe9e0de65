"""A kind's standings, handed out by its format (``tournament.fmt.standings``): the selector that
ranks its entrants, the public page that shows them, the explainer of "why is A above B", and a
rule change's dry run, and the tie-breaks its entrants are ranked by. A kind without VP standings
(the knock-out: a bracket) hands out ``NoStandings``: no rows, and the pages that show standings
send the visitor to its ``pages.standings`` instead (``elsewhere``).

Every kind's rows come from the one selector (``selectors/standings.py``), which ranks the
entrants its ``kind`` (``rules.standings_tally.EntrantKind``) describes: the pairs' here, the
players' in ``individual/standings.py``. Reads only.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from burraco_tourney.core.explain_sentences import PAIR_EXPLAIN_WORDS, EntrantWords
from burraco_tourney.rules.standings_tally import PAIRS, EntrantKind


class PairStandings:
    """Pairs ranked by VP (``selectors/standings.py``)."""

    # The sentences of "why is A above B" that name the entrants (``core.explain_sentences``).
    explain_words: EntrantWords = PAIR_EXPLAIN_WORDS
    # Who the engine ranks: a pair a line, every tie-break.
    kind: EntrantKind = PAIRS

    # Why a tie-break these entrants refuse is refused (the settings form, next to the box).
    refused_tiebreaks_reason: Any = ""

    @property
    def default_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks after VP when none are set."""
        return self.kind.default_tiebreaks

    @property
    def refused_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks that mean nothing for these entrants."""
        return self.kind.refused_tiebreaks

    def elsewhere(self, tournament: Any) -> str | None:
        """Where the standings pages send a visitor instead (None: they show these)."""
        return None

    def riposo_value_missing(self, tournament: Any, active: int) -> bool:
        """``active`` entrants leave someone resting every turno and the riposo has no value:
        the standings cannot be counted until one is set (the dashboard warns)."""
        from ..results_bridge import tournament_bye_value

        rests = tournament.fmt.entrants.someone_rests(active)
        return rests and tournament_bye_value(tournament) is None

    def rows_or_missing(self, *, tournament: Any, after_turno: int | None) -> tuple[list, Any]:
        """The ranked rows after ``after_turno``, or the rule error that keeps them missing."""
        from ..selectors.standings import standings_or_missing

        return standings_or_missing(tournament=tournament, after_turno=after_turno)

    def rows(self, tournament: Any) -> list:
        """The ranked rows after the last turno (a rule error is raised)."""
        from ..selectors.standings import standings

        return standings(tournament=tournament)

    # The public standings page's body (``views.public.standings_page`` draws the rest), the same
    # for every kind: the kind gives the table's columns and the words.
    body_template = "tournaments/live/standings.html"
    explain_label = gettext_lazy("Why is a pair above another?")
    shared_note = gettext_lazy("Pairs on the same rank are equal on VP and on every tie-break.")
    shared_link = gettext_lazy("See why pairs %(a)s and %(b)s share their rank")
    # A fact the standings PDF prints beside the rules (empty: none).
    pdf_fact = ""

    def forfeit(self, rules: Any) -> Any:
        """The value of a match won by forfeit, whose MP the standings count in the scarto."""
        return rules.forfeit

    def number(self, row: Any) -> int:
        """A standings row's entrant number."""
        return row.entrant.number

    def table(self, rows: list, turni: list, **options: Any) -> Any:
        """The classifica's table for the PDF and the workbook (``tables.StandingsTable``)."""
        from ..tables import StandingsTable

        return StandingsTable(rows, turni=turni, **options)

    def public_table(self, rows: list, turni: list, slug: str) -> Any:
        """The classifica's table on the public page: each pair links to its own page."""
        from ..tables import PublicStandingsTable

        return PublicStandingsTable(rows, turni=turni, slug=slug)

    def page_context(self, request: Any, tournament: Any, rows: list, shown: list) -> dict:
        """The standings page's own context: the table of ``rows`` with the turni ``shown``."""
        from django_tables2 import RequestConfig

        table = self.public_table(rows, shown, tournament.slug)
        RequestConfig(request, paginate=False).configure(table)
        return {"table": table}

    def live_page(self, request: Any, after: str) -> Any:
        """How the page updates itself (``live_pages.LivePage``)."""
        from ..live_pages import LivePage

        return LivePage(
            name="standings",
            params={"dopo": after, "sort": request.GET.get("sort", "")[:40]},
            stylesheets=("css/standings.css",),
            scripts=("js/standings.js",),
        )

    def explainer(self) -> Any:
        """What the "why is A above B" page reads (``standings_explainers.Explainer``)."""
        from ..standings_explainers import EXPLAINER

        return EXPLAINER

    def changes(self, candidate: Any, outcomes: Any) -> tuple:
        """The standings lines a rule change moves (its dry run)."""
        from ..selectors.standings_dry_run import pair_standings_changes

        return pair_standings_changes(candidate, outcomes)


PAIR_STANDINGS = PairStandings()


class NoStandings(PairStandings):
    """A kind that ranks nobody by VP (a knock-out's bracket): no rows, nothing a rule change
    moves, and the standings pages send the visitor to the kind's own page."""

    def elsewhere(self, tournament: Any) -> str | None:
        return tournament.pages.standings.url

    def riposo_value_missing(self, tournament: Any, active: int) -> bool:
        return False

    def rows_or_missing(self, *, tournament: Any, after_turno: int | None) -> tuple[list, Any]:
        return [], None

    def rows(self, tournament: Any) -> list:
        return []

    def changes(self, candidate: Any, outcomes: Any) -> tuple:
        return ()


NO_STANDINGS = NoStandings()
