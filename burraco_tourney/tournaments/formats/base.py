"""One object per kind of tournament: what differs between pairs, knock-out, individual (and,
later, teams) tournaments, asked in one place instead of testing ``tournament.kind`` across views,
templates, exports and the archive.

A format is a plain class with class attributes and a few small methods; it reads nothing from
the database and writes nothing. Get one with ``formats.format_of(tournament_or_kind)`` or, on a
tournament, ``tournament.fmt`` (templates: ``{{ tournament.fmt.entrants_label }}``). Each kind is
a package (``formats/pairs``, ``formats/ko``, ``formats/individual``) with a ``TournamentFormat``
subclass, registered with one ``register()`` line in ``__init__.py``. The defaults below are the
pairs tournament's answers; a kind overrides what differs.

Behaviour, handed out (the rest of the site asks these instead of testing the kind; a guard test
counts the places that still ask a flag, ``tests/tournaments/test_kind_guard.py``):

``scoring``
    The match scoring (``scoring.py``): what a table's result gives its sides, VP or the line
    that goes on. The results bridge builds the engine's rules with ``scoring.rules_options()``;
    the score services, results forms, live totals, results pages and the dry run ask it.
``draw_manager``
    Who draws a turno (``draw.py``): the pairs' movements, the individual's, the KO bracket; the
    turno a late entrant plays first; what ``services.turni`` refuses before the engine; the
    addresses of the director's turni pages (``pages``), their draw form and a turno's seating.
``entrants``
    Who registers and their public pages (``entrants.py``): the queryset of entrants, their
    list, an entrant's own page, a turno's seating, the seat search.
``standings``
    The standings (``standings.py``): the selector, the page, "why is A above B" and a rule
    change's dry run; None for a kind without VP standings (the KO's bracket).
``archive``
    The kind's archive section (``archive.py``): its writer and reader, the fields a file must
    give, what an import does after writing.
``exporters``
    The keys of the downloads the kind offers (``exports.registry``), in no particular order:
    the registry lists them in registration order.
``planned_turni(tournament)`` / ``draft_turno_url(turno)``
    The planned turni shown as "3 / 5" (None: not played over planned turni) and where the
    dashboard opens a draft turno.

The interface's labels and flags (what each answer is for; the flags are read inside the formats
only):

``key``
    The ``Tournament.kind`` value this format serves ("pairs", "ko", ...).
``registers``
    Who registers: ``"pairs"`` or ``"players"``. Entrant pages and imports.
``entrant_key``
    The word the change log and the archive use for an entrant's number ("pair", "player"):
    a penalty's or a riposo's entrant, the change log's subjects and actions ("pair_withdraw").
``entrant_names``
    The ``Entrant`` fields that hold this kind's names: a pair's ``player1`` and ``player2``, a
    player's ``name``. The entrants' services write and log exactly these.
``number_taken_message`` / ``played_refusal`` / ``numbers_draw_too_late`` /
``numbers_draw_too_few``
    The entrants' services' refusals (``services.entrants``): a number already taken, deleting
    an entrant already part of a turno, drawing the numbers after a turno or with fewer than two.
``entrant_noun`` / ``entrants_noun``
    The entrant in words, singular and plural ("pair"/"pairs"), translatable.
``knockout``
    Match semantics (RULES.md section 8): a table's result names the line that goes on, there
    are no VP, a tie is settled by the last move, a forfeit only names the winner, the bracket
    follows each result. Asked by the results bridge, the score services and previews, the
    scorecard forms and pages (column "Points"/"Goes on" instead of "MP"/"VP"), the printed
    scorecards (a match's own length) and the archive (a ``ko`` section instead of standings).
``has_vp_standings``
    The tournament ranks its entrants by VP: it has standings pages (public, explained,
    projector), a VP table, riposo and forfeit values and tie-breaks; its setup form reads them.
``plans_turni``
    It is played over a planned number of turni (dashboard and overview show "3 / 5").
``bye_needs_value``
    An odd number of entrants leaves one out each turno with a riposo worth VP: the dashboard
    warns when a custom VP table gives no riposo value.
``draws_turni``
    Turni are drawn on the turni page (``turno_draw``); False: the kind draws them elsewhere
    (the KO bracket page), and the turni page sends the director there.
``feeds_knockout``
    A finished tournament of this kind can give its top entrants to a knock-out (the KO page's
    list of qualifications, ``ko_pairs_from_standings``).
``director_draw_url`` / ``director_draw_label`` / ``director_draw_section``
    The director's page where turni are drawn (URL name taking the slug), its menu label and its
    menu section: the director's menu, the dashboard, a turno's results page.
``standings_url`` / ``standings_label`` / ``standings_section``
    The public page that ranks the entrants (URL name taking the slug: the standings, or the KO
    bracket), its label and its public menu section: public menu, overview, results pages.
``director_standings_url``
    The same page as a director reaches it from a turno's results (the KO bracket's director
    page has the draw tools).
``points_label`` / ``points_word``
    The name of a line's table points on the results pages ("MP", or "Points" in a KO) and the
    lower-case word beside the live totals.
``totals_only_label``
    How a result entered as totals only is described on the public turno page.
``ignored_setup_fields``
    The settings form's boxes that mean nothing for this kind (their posted values are not read).
``seating_fix_refusal()``
    Why a published turno's seating cannot be corrected, or None when it can (seating fix page).
``entrants_label`` / ``director_entrants_url`` / ``public_entrants_url``
    The entrants' page in the menus: its label ("Pairs"), the director's page and the public list
    (URL names taking the slug).
``director_penalties_url``
    Where the director gives penalties (URL name taking the slug).
``director_turno_url``
    The director's page of one turno (URL name taking the slug and the turno's number).
``default_tiebreaks`` / ``refused_tiebreaks`` / ``refused_tiebreaks_reason``
    The tie-breaks after VP when none are set, those this kind refuses, and why (the settings
    form says it next to the box; the archive reader names the key).
``build_rules(**settings)``
    The engine's rules object of a tournament of this kind from its stored settings: the one
    way to it (``results_bridge.tournament_rules``, the archive reader), so the kind's defaults
    (match semantics, tie-breaks) and the engine's (VP table, riposo, forfeit) are each written
    once.
``standings_export_key``
    The exporter of the standings PDF (``exports.registry``), linked from the standings page and
    the dashboard.
``entrants_per_table``
    How many entrants one table seats (two pairs, four players): the fewest needed to draw a
    turno, and the count that leaves nobody resting (the dashboard's next step and warning).
``entrants_count(count)`` / ``entrants_registered(count)``
    "3 pairs" / "3 players", and the dashboard's sentence about the registered entrants, with
    the Italian plural and gender right (ngettext, never a noun pasted into a sentence).
``register_prompt`` / ``register_action`` / ``register_step`` / ``bye_value_warning``
    The dashboard's sentences about registering the entrants and about a riposo worth nothing.
``created_message``
    The message after a tournament of this kind is created, naming what to register next (the
    dashboard's first step links to the entrants' page).
``forfeit_loser_label``
    The settings form's question on the VP of a forfeit's absent side (a pair, or each player
    of a line).
``forfeit_absent_label`` / ``forfeit_help``
    The forfeit form's question and the sentence on what a forfeit gives (``%(vp)s``,
    ``%(mp)s``, ``%(rest)s``): a pair, or each player of a line.
``entrant_column`` / ``entrant_names_column``
    The standings' columns of the entrant's number and names on the projector ("Pair",
    "Players"; an individual tournament's "No.", "Player").
``line_title(line)``
    Who sits in a line of a table, as a button or a heading names it ("pair 3", or the two
    players' names): the players' phone page and the room board's entries.
``last_turno(planned=, first_turno_entrants=)``
    The turno whose close makes the standings final ("Classifica finale"): the last planned
    turno, or a knock-out's final (its round count, from the entrants of round 1, a callable
    asked only by the kind that needs it); None while it is not known
    (``selectors.standings.standings_choice``).
``templates``
    Kind-specific fragments, included by name: ``templates.dashboard_next`` (the dashboard's
    "what to do next" card).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from burraco_tourney.rules.prize_list import check_prize_list
from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS
from burraco_tourney.rules.tournament_rules import TournamentRules, build_rules

from .archive import PAIRS_ARCHIVE, PairsArchive
from .draw import PAIRS_DRAW, PairsDrawManager
from .entrants import PAIR_ENTRANTS, PairEntrants
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


@dataclass(frozen=True)
class FormatTemplates:
    """Fragments a page includes by name for this kind."""

    # manage/dashboard.html: the "what to do next" card.
    dashboard_next: str = "manage/dashboard_next_turni.html"


class TournamentFormat:
    """The pairs tournament's answers; a kind overrides what differs (see the module docstring)."""

    key: ClassVar[str] = ""
    registers: ClassVar[str] = "pairs"
    entrant_key: ClassVar[str] = "pair"
    entrant_names: ClassVar[tuple[str, ...]] = ("player1", "player2")
    number_taken_message = _("Number %(number)s is already taken by pair %(pair)s.")
    played_refusal = _(
        "Pair %(pair)s is already part of a turno and cannot be deleted: withdraw it instead."
    )
    numbers_draw_too_late = _("The pair numbers can be drawn only before the first turno is drawn.")
    numbers_draw_too_few = _("Register at least two pairs before drawing their numbers.")
    entrant_noun = _("pair")
    entrants_noun = _("pairs")
    knockout: ClassVar[bool] = False
    has_vp_standings: ClassVar[bool] = True
    plans_turni: ClassVar[bool] = True
    bye_needs_value: ClassVar[bool] = True
    draws_turni: ClassVar[bool] = True
    feeds_knockout: ClassVar[bool] = False
    director_draw_url: ClassVar[str] = "manage:turni"
    director_draw_label = _("Turni")
    director_draw_section: ClassVar[str] = "turni"
    standings_url: ClassVar[str] = "tournaments:standings"
    standings_label = _("Standings")
    standings_section: ClassVar[str] = "standings"
    director_standings_url: ClassVar[str] = "tournaments:standings"
    points_label = pgettext_lazy("match points", "MP")
    points_word = pgettext_lazy("match points", "MP")
    totals_only_label = _("Turno totals only")
    ignored_setup_fields: ClassVar[tuple[str, ...]] = KO_SETUP_FIELDS
    entrants_label = _("Pairs")
    entrant_column = _("Pair")
    entrant_names_column = _("Players")
    director_entrants_url: ClassVar[str] = "manage:pairs"
    public_entrants_url: ClassVar[str] = "tournaments:pairs"
    director_penalties_url: ClassVar[str] = "manage:penalties"
    director_turno_url: ClassVar[str] = "manage:turno_preview"
    default_tiebreaks: ClassVar[tuple[str, ...]] = DEFAULT_TIEBREAKS
    refused_tiebreaks: ClassVar[tuple[str, ...]] = ()
    refused_tiebreaks_reason = ""
    standings_export_key: ClassVar[str] = "classifica"
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
    # The standings' selector, page and explainer (``standings.py``); None: no VP standings.
    standings: ClassVar[PairStandings | None] = PAIR_STANDINGS
    entrants_per_table: ClassVar[int] = 2
    register_prompt = _("Register the pairs: at least two are needed to draw a turno.")
    register_action = _("Register pairs")
    register_step = _("Register the pairs")
    created_message = _("Tournament created. Next: register the pairs.")
    bye_value_warning = _(
        "The number of pairs is odd, so a pair rests every turno, and the custom VP table has "
        "no default riposo value."
    )

    forfeit_loser_label = _("Forfeit: the absent pair's VP")
    forfeit_absent_label = _("Which pair was absent?")
    forfeit_help = _(
        "Forfeit: the present pair wins the turno with %(vp)s VP and +%(mp)s MP of scarto; the "
        "absent pair gets %(rest)s VP and −%(mp)s MP of scarto. The MP of the table stay 0 – 0."
    )

    def entrants_count(self, count: int) -> str:
        return ngettext("%(count)s pair", "%(count)s pairs", count) % {"count": count}

    def entrants_registered(self, count: int) -> str:
        return ngettext(
            "%(count)s pair registered. Draw the first turno when everyone is there.",
            "%(count)s pairs registered. Draw the first turno when everyone is there.",
            count,
        ) % {"count": count}

    def line_title(self, line) -> str:
        """``line``: a table's ``ns_line``/``eo_line`` (a pair, or a ``SeatedLine``)."""
        return pgettext("a line of a table", "pair %(number)s") % {"number": line.number}

    def seating_fix_refusal(self) -> str | None:
        """Why a published turno's seating cannot be corrected (None: it can)."""
        return None

    def draft_turno_url(self, turno) -> str:
        """Where the dashboard opens a draft turno: its preview, with the draw's tools."""
        return reverse("manage:turno_preview", args=[turno.tournament.slug, turno.number])

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

    def build_rules(self, **settings: Any) -> TournamentRules:
        """The engine's rules from a tournament's stored settings (the keywords of
        ``rules.tournament_rules.build_rules``), with this kind's own answers."""
        return build_rules(
            default_tiebreaks=self.default_tiebreaks, **self.scoring.rules_options(), **settings
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key!r}>"
