"""A kind's pages, handed out by its format (``tournament.fmt.pages``) and bound to a tournament
as ``tournament.pages``: the addresses the menus, the dashboard and the redirects link to, with
the label and the menu section of the pages that differ between kinds. Every kind has the same
turni pages (``views/manage/turni.py``), the same penalties page and the same public list of
entrants; what differs is where its entrants are registered (pairs, players), where its turni
are drawn (the turni page, or a knock-out's bracket) and what ranks its entrants (the standings,
or the bracket).

Templates read the bound pages: ``{{ tournament.pages.draw.url }}``,
``{{ tournament.pages.standings.label }}``; a view redirects to ``tournament.pages.entrants``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Link:
    """A page in a menu: its address, label and menu section (``section`` of the page shown)."""

    url: str
    label: Any
    section: str


@dataclass(frozen=True)
class KindPages:
    """The URL names (each taking the tournament's slug) and menu words of a kind's pages; the
    defaults are the pairs tournament's."""

    # The director's entrants page.
    entrants: str = "manage:pairs"
    # Where turni are drawn: the director's menu, the dashboard, the turni page's redirect.
    draw: str = "manage:turni"
    draw_label: Any = _("Turni")
    draw_section: str = "turni"
    # The public page that ranks the entrants: the public menu, the overview, the results pages.
    standings: str = "tournaments:standings"
    standings_label: Any = _("Standings")
    standings_section: str = "standings"
    # The same page as a director reaches it from a turno's results (a bracket: its draw tools).
    director_standings: str = "tournaments:standings"
    # The exporter of the standings PDF (``exports.registry``).
    standings_pdf: str = "classifica"
    # The exporter of a turno's scorecards (``exports.registry``), with the tables' QR codes.
    scorecards_pdf: str = "score"
    # A draft turno is opened on the draw page (True) or on its own page (False).
    drafts_on_draw_page: bool = False

    def of(self, tournament: Any) -> TournamentPages:
        return TournamentPages(self, tournament.slug)


class TournamentPages:
    """A kind's pages for one tournament (``tournament.pages``): addresses, reversed once."""

    def __init__(self, kind: KindPages, slug: str) -> None:
        self.kind, self.slug = kind, slug

    def _url(self, name: str) -> str:
        return reverse(name, args=[self.slug])

    @cached_property
    def entrants(self) -> str:
        return self._url(self.kind.entrants)

    @cached_property
    def draw(self) -> Link:
        return Link(self._url(self.kind.draw), self.kind.draw_label, self.kind.draw_section)

    @cached_property
    def standings(self) -> Link:
        kind = self.kind
        return Link(self._url(kind.standings), kind.standings_label, kind.standings_section)

    @cached_property
    def director_standings(self) -> str:
        return self._url(self.kind.director_standings)

    @cached_property
    def standings_pdf(self) -> str:
        return reverse("exports:download", args=[self.slug, self.kind.standings_pdf])

    @cached_property
    def scorecards_pdf(self) -> str:
        """A turno's scorecards (``?turno=`` names it)."""
        return reverse("exports:download", args=[self.slug, self.kind.scorecards_pdf])

    def draft_turno(self, number: int) -> str:
        """Where the dashboard opens draft turno ``number``."""
        if self.kind.drafts_on_draw_page:
            return self.draw.url
        return reverse("manage:turno_preview", args=[self.slug, number])


PAIRS_PAGES_OF_KIND = KindPages()
