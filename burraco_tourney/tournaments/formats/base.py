"""One object per kind of tournament: what differs between pairs, knock-out, individual (and,
later, teams) tournaments, asked in one place instead of testing ``tournament.kind`` across views,
templates, exports and the archive.

A format is a plain class with class attributes and a few small methods; it reads nothing from
the database and writes nothing. Get one with ``formats.format_of(tournament_or_kind)`` or, on a
tournament, ``tournament.fmt`` (templates: ``{{ tournament.fmt.words.entrants_label }}``). Each
kind is a package (``formats/pairs``, ``formats/ko``, ``formats/individual``) with a
``TournamentFormat`` subclass, registered with one ``register()`` line in ``__init__.py``. The
defaults below are the pairs tournament's answers; a kind overrides what differs.

What a format hands out (the rest of the site asks these instead of testing the kind or reading
a flag, a label or a URL name of it; a guard test counts the places that still do,
``tests/tournaments/test_kind_guard.py``). A new kind subclasses ``TournamentFormat`` and
overrides the answers that differ:

``scoring``
    The match scoring (``scoring.py``): what a table's result gives its sides, VP or the line
    that goes on. The results bridge builds the engine's rules with ``scoring.rules_options()``;
    the score services, results forms, live totals, results pages and the dry run ask it.
``draw_manager``
    Who draws a turno (``draw.py``): the pairs' movements, the individual's, the KO bracket; the
    turno a late entrant plays first; what ``services.turni`` refuses before the engine; the
    director's turni pages' draw form, its boxes and script (``pages``) and a turno's seating.
``entrants``
    Who registers and their public pages (``entrants.py``): the queryset of entrants, their
    list, an entrant's own page, a turno's seating, the seat search; an entrant's ``key`` and
    ``names``, how many a table seats, and the words of the director's entrants pages.
``standings``
    The standings (``standings.py``): the selector, the page, "why is A above B", a rule
    change's dry run and the tie-breaks; ``NoStandings`` for a kind without VP standings (the
    KO's bracket), which ranks nobody and sends the standings pages to ``pages.standings``.
``archive``
    The kind's archive section (``archive.py``): its writer and reader, the fields a file must
    give, what an import does after writing.
``words``
    The kind's words, passed whole to the pages (``kind_words.py``): the entrants' labels and
    columns, the entrants' services' refusals, the points' names, the dashboard's sentences,
    the forfeit's questions, ``entrants_count(n)``, ``line_title(line)``. Printed, never
    decided on.
``pages``
    The kind's pages (``pages.py``), bound to a tournament as ``tournament.pages``: where its
    entrants register, where its turni are drawn and what ranks its entrants, each with its
    menu label and section; the standings PDF; where a draft turno opens.
``exporters``
    The keys of the downloads the kind offers (``exports.registry``), in no particular order:
    the registry lists them in registration order.
``templates``
    Kind-specific fragments, included by name: ``templates.dashboard_next`` (the dashboard's
    "what to do next" card).
``ignored_setup_fields``
    The settings form's boxes that mean nothing for this kind (their posted values are not read).
``planned_turni(tournament)``
    The planned turni shown as "3 / 5" (None: not played over planned turni).
``last_turno(planned=, first_turno_entrants=)``
    The turno whose close makes the standings final ("Classifica finale"): the last planned
    turno, or a knock-out's final (its round count, from the entrants of round 1, a callable
    asked only by the kind that needs it); None while it is not known
    (``selectors.standings.standings_choice``).
``check_prizes(prizes)``
    Raise the engine's ``PrizeError`` for a prize list this kind refuses (a knock-out has
    none; an individual tournament has no mixed category): the prize form and the archive.
``seating_fix_refusal()``
    Why a published turno's seating cannot be corrected, or None when it can (seating fix page).
``default_riposo(vp_table_spec, team_scoring)``
    The riposo (VP, MP) a tournament of this kind gets when it is left blank, with that VP
    table (a team's is a whole match's): what ``build_rules`` gives, on the settings page.
``build_rules(**settings)``
    The engine's rules object of a tournament of this kind from its stored settings: the one
    way to it (``results_bridge.tournament_rules``, the archive reader), so the kind's defaults
    (match semantics, tie-breaks) and the engine's (VP table, riposo, forfeit) are each written
    once.

Two flags are left, each asked in few places (``test_kind_guard.py`` lists them):

``knockout``
    Match semantics (RULES.md section 8), as the engine's rules carry it
    (``scoring.rules_options()``); outside the formats only the engine asks it (a tournament
    without a bracket is refused by its draw manager's ``check_bracket``).
``feeds_knockout``
    A finished tournament of this kind can give its top entrants to a knock-out (the KO page's
    list of qualifications, ``ko_pairs_from_standings``).

``key`` is the ``Tournament.kind`` value this format serves ("pairs", "ko", ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from burraco_tourney.rules.prize_list import check_prize_list
from burraco_tourney.rules.tournament_rules import TournamentRules, build_rules
from burraco_tourney.rules.vp import default_bye

from .archive import PAIRS_ARCHIVE, PairsArchive
from .draw import PAIRS_DRAW, PairsDrawManager
from .entrants import PAIR_ENTRANTS, PairEntrants
from .kind_words import PAIRS_KIND_WORDS, KindWords
from .pages import PAIRS_PAGES_OF_KIND, KindPages
from .scoring import VP_SCORING, VpScoring
from .standings import PAIR_STANDINGS, PairStandings

# The settings form's boxes of a tournament ranked by VP over planned turni.
VP_SETUP_FIELDS: tuple[str, ...] = (
    "planned_turni",
    "smazzate_per_turno",
    "vp_preset",
    "vp_bands",
    "bye_vp",
    "bye_mp",
    "forfeit_vp",
    "forfeit_mp",
    "forfeit_loser",
    "tiebreak_1",
    "tiebreak_2",
    "tiebreak_3",
)
# The settings form's boxes of a knock-out's match length.
KO_SETUP_FIELDS: tuple[str, ...] = ("ko_mode", "ko_smazzate", "ko_target")
# The settings form's boxes of a team match's result (``forms/setup_teams.py``).
TEAM_SETUP_FIELDS: tuple[str, ...] = ("team_scoring", "team_vp_bands")


@dataclass(frozen=True)
class FormatTemplates:
    """Fragments a page includes by name for this kind."""

    # manage/dashboard.html: the "what to do next" card.
    dashboard_next: str = "manage/dashboard_next_turni.html"


class TournamentFormat:
    """The pairs tournament's answers; a kind overrides what differs (see the module docstring)."""

    key: ClassVar[str] = ""
    words: ClassVar[KindWords] = PAIRS_KIND_WORDS
    pages: ClassVar[KindPages] = PAIRS_PAGES_OF_KIND
    knockout: ClassVar[bool] = False
    feeds_knockout: ClassVar[bool] = False
    ignored_setup_fields: ClassVar[tuple[str, ...]] = (*KO_SETUP_FIELDS, *TEAM_SETUP_FIELDS)
    exporters: ClassVar[tuple[str, ...]] = (
        "classifica",
        "score",
        "posti-per-tavolo",
        "posti-alfabetico",
        "cartelli-tavoli",
        "workbook",
    )
    templates: ClassVar[FormatTemplates] = FormatTemplates()
    # What a table's result gives its sides (``scoring.py``): VP, or in a KO the line that goes on.
    scoring: ClassVar[VpScoring] = VP_SCORING
    # Who draws a turno (``draw.py``): the pairs' movements, the individual's, the KO bracket.
    draw_manager: ClassVar[PairsDrawManager] = PAIRS_DRAW
    # Who registers and their public pages (``entrants.py``).
    entrants: ClassVar[PairEntrants] = PAIR_ENTRANTS
    # Its section of the archive: writer and reader (``archive.py``).
    archive: ClassVar[PairsArchive] = PAIRS_ARCHIVE
    # The standings' selector, page, explainer and tie-breaks (``standings.py``).
    standings: ClassVar[PairStandings] = PAIR_STANDINGS

    def seating_fix_refusal(self) -> str | None:
        """Why a published turno's seating cannot be corrected (None: it can)."""
        return None

    def planned_turni(self, tournament) -> int | None:
        """The turni the tournament plans ("3 / 5" on the dashboard and the overview); None
        when it is not played over planned turni."""
        return tournament.planned_turni

    def last_turno(
        self, *, planned: int | None, first_turno_entrants: Callable[[], int]
    ) -> int | None:
        """The turno whose close makes the standings final (None: not known)."""
        return planned

    def check_prizes(self, prizes) -> None:
        """Raise the engine's ``PrizeError`` for a prize list this kind refuses."""
        check_prize_list(prizes)

    def default_riposo(self, vp_table_spec: Any, team_scoring: str = "") -> tuple[int, int] | None:
        """The riposo (VP, MP) of a tournament of this kind whose riposo is left blank, with
        the VP table ``vp_table_spec`` (and, for a kind whose match is scored so, the team
        match's ``team_scoring``): the house default of a preset (RULES.md), None for a custom
        table. What ``build_rules`` gives it, shown on the settings page."""
        return default_bye(vp_table_spec)

    def build_rules(
        self, *, team_scoring: str = "", team_vp_table: Any = None, **settings: Any
    ) -> TournamentRules:
        """The engine's rules from a tournament's stored settings (the keywords of
        ``rules.tournament_rules.build_rules``), with this kind's own answers. A team match's
        settings (``team_scoring``, ``team_vp_table``) mean something to the teams kind only."""
        return build_rules(
            default_tiebreaks=self.standings.default_tiebreaks,
            **self.scoring.rules_options(),
            **settings,
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key!r}>"
