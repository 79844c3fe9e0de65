"""The knock-out tournament (RULES.md section 8): pairs play matches in a bracket; a match names
the pair that goes on, with no VP, no standings and no planned turni."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.ko import round_count

from ..archive import KO_ARCHIVE
from ..base import VP_SETUP_FIELDS, FormatTemplates, TournamentFormat
from ..draw import BRACKET_DRAW
from ..scoring import GOES_ON_SCORING


class KoFormat(TournamentFormat):
    key = "ko"
    knockout = True
    scoring = GOES_ON_SCORING
    draw_manager = BRACKET_DRAW
    archive = KO_ARCHIVE
    # A bracket, not standings: the standings' pages send the director to ``standings_url``.
    standings = None
    has_vp_standings = False
    plans_turni = False
    bye_needs_value = False
    draws_turni = False
    director_draw_url = "manage:ko"
    director_draw_label = _("Bracket")
    director_draw_section = "ko"
    standings_url = "manage:bracket"
    standings_label = _("Bracket")
    standings_section = "bracket"
    director_standings_url = "manage:ko"
    points_label = pgettext_lazy("a KO match's points", "Points")
    points_word = pgettext_lazy("a KO match's points", "points")
    totals_only_label = _("Match totals only")
    ignored_setup_fields = VP_SETUP_FIELDS
    exporters = (
        "score",
        "posti-per-tavolo",
        "posti-alfabetico",
        "cartelli-tavoli",
        "tabellone",
        "tabellone-excel",
    )
    templates = FormatTemplates(dashboard_next="manage/ko_next.html")

    def draft_turno_url(self, turno) -> str:
        # Its draft turni are opened on its own draw page.
        return reverse(self.director_draw_url, args=[turno.tournament.slug])

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
