"""The individual tournament (RULES.md section 10): players register singly and change partner
every turno; each is ranked on the VP of the line he sat in. Its turni are drawn on a page of
their own (the 8-player schedule, a partner rotation, the Danese individuale, by hand), its
standings rank players, and head-to-head means nothing between players who change partner."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.prize_list import check_prize_list

from ..base import TournamentFormat
from ..draw import PairsDrawManager, TurniPages
from ..entrants import PairEntrants
from .archive import INDIVIDUAL_ARCHIVE
from .standings import PLAYER_STANDINGS, PLAYERS
from .words import PLAYER_WORDS

INDIVIDUAL_PAGES = TurniPages(
    path="turni-individuali",
    list="manage:individual_turni",
    turno="manage:individual_turno",
    redraw="manage:individual_turno_redraw",
    publish="manage:individual_turno_publish",
    unpublish="manage:individual_turno_unpublish",
    delete="manage:individual_turno_delete",
    draw_fields="manage/individual_draw_fields.html",
    script="js/individual_draw.js",
)


class IndividualDrawManager(PairsDrawManager):
    """Four players a table: the rotation, the Danese individuale, by hand
    (``draw_manager.py``), drawn by ``services.turni`` as every kind's turni."""

    pages = INDIVIDUAL_PAGES

    def draw(self, *, tournament: Any, number: int, request: Any) -> Any:
        from .draw_manager import draw_individual_turno

        return draw_individual_turno(tournament=tournament, number=number, request=request)

    def check_request(self, *, number: int, request: Any) -> None:
        from .draw_manager import check_danese_has_standings

        check_danese_has_standings(number, request)

    def bye_value_missing(self, byes: Any) -> str:
        return ngettext(
            "In this turno player %(players)s rests, but the custom VP table has no riposo "
            "value: set the riposo VP and MP in the tournament settings, then draw.",
            "In this turno players %(players)s rest, but the custom VP table has no riposo "
            "value: set the riposo VP and MP in the tournament settings, then draw.",
            len(byes),
        ) % {"players": ", ".join(str(p) for p in byes)}

    def active_count(self, tournament: Any, number: int) -> str:
        from .draw_manager import active_players

        count = len(active_players(tournament))
        return ngettext("%(counter)s active player", "%(counter)s active players", count) % {
            "counter": count
        }

    def draw_form(
        self, tournament: Any, number: int, data: Any = None, *, like: Any = None, redraw=False
    ) -> Any:
        # The movement of the draft drawn again; the next turno starts from the rotation.
        from .draw_manager import active_players
        from .forms import IndividualDrawForm

        initial = {"movement": like.movement} if redraw and like is not None else None
        players = len(active_players(tournament))
        return IndividualDrawForm(data, initial=initial, players=players)

    def turno_part(self, tournament: Any, turno: Any) -> tuple[str, dict[str, Any]]:
        from .seating import individual_seating

        return "manage/individual_turno.html", {"seating": individual_seating(turno=turno)}

    def late_join_turno(self, tournament: Any) -> int | None:
        # A player registered after a turno is simply registered: the partner rotation has no
        # missed turni to score.
        return None


class PlayerEntrants(PairEntrants):
    """Players register singly: their list, seating and seat search pages."""

    words = PLAYER_WORDS

    def of(self, tournament: Any) -> Any:
        return tournament.entrants

    def list_page(self, request: Any, tournament: Any) -> Any:
        from django.shortcuts import render

        players = tournament.entrants.order_by("number")
        context = {"tournament": tournament, "players": players}
        return render(request, "tournaments/player_list.html", context)

    def own_page(self, request: Any, tournament: Any, number: int) -> Any:
        raise Http404  # an individual tournament has players, not pairs

    def seating_part(self, turno: Any, director: bool) -> tuple[str, dict[str, Any]]:
        from .seating import individual_seating

        players = individual_seating(turno=turno)
        context = {"turno": turno, "seating": players, "places": players.places()}
        return "tournaments/live/individual_seating.html", context

    # Two players a line, and each player's place in words ("tavolo 3, NS con Bruno Bianchi").
    seating_templates = {
        "tables": "pdf/individual_seating_tables.html",
        "players": "pdf/individual_seating_players.html",
    }

    def seating_print(self, turno: Any) -> dict[str, Any]:
        from .seating import individual_seating

        seating = individual_seating(turno=turno)
        return {"seating": seating, "places": seating.places()}

    def workbook(self, *, tournament: Any, after_turno: int | None) -> bytes:
        from burraco_tourney.exports.excel import player_workbook_bytes

        return player_workbook_bytes(tournament=tournament, after_turno=after_turno)

    def seat_search_part(self, tournament: Any, query: str) -> tuple[str, dict[str, Any]]:
        from .seating import find_player_places

        found = find_player_places(tournament=tournament, query=query) if query else []
        context = {
            "turno": tournament.turni.filter(published=True).order_by("-number").first(),
            "found": [place for _turno, place in found],
            "too_short": bool(query) and len(" ".join(query.split())) < 2,
        }
        return "tournaments/live/individual_seat_search.html", context


INDIVIDUAL_DRAW = IndividualDrawManager()
PLAYER_ENTRANTS = PlayerEntrants()


class IndividualFormat(TournamentFormat):
    key = "individual"
    registers = "players"
    entrant_key = "player"
    entrant_names = ("name",)
    number_taken_message = _("Number %(number)s is already taken by %(player)s.")
    played_refusal = _(
        "%(player)s is already part of a turno and cannot be deleted: withdraw instead."
    )
    numbers_draw_too_late = _(
        "The player numbers can be drawn only before the first turno is drawn."
    )
    numbers_draw_too_few = _("Register at least two players before drawing their numbers.")
    entrant_noun = _("player")
    entrants_noun = _("players")
    entrants_label = _("Players")
    entrant_column = _("No.")
    entrant_names_column = _("Player")
    # Its turni have pages of their own (``INDIVIDUAL_PAGES``), the pairs' turni page sends the
    # director there; ``services.turni`` draws them as every kind's.
    draws_turni = False
    draw_manager = INDIVIDUAL_DRAW
    archive = INDIVIDUAL_ARCHIVE
    entrants = PLAYER_ENTRANTS
    standings = PLAYER_STANDINGS
    director_draw_url = INDIVIDUAL_PAGES.list
    director_turno_url = INDIVIDUAL_PAGES.turno
    director_entrants_url = "manage:players"
    public_entrants_url = "tournaments:pairs"
    default_tiebreaks = PLAYERS.default_tiebreaks
    refused_tiebreaks = PLAYERS.refused_tiebreaks
    refused_tiebreaks_reason = _(
        "Head-to-head does not apply to an individual tournament: partners change every turno. "
        "Choose another tie-break or none."
    )
    standings_export_key = "classifica-giocatori"
    exporters = (
        "score",
        "cartelli-tavoli",
        "classifica-giocatori",
        "posti-tavoli-giocatori",
        "posti-giocatori",
        "workbook-giocatori",
    )
    entrants_per_table = 4
    register_prompt = _("Register the players: at least four are needed to draw a turno.")
    register_action = _("Register players")
    register_step = _("Register the players")
    created_message = _("Tournament created. Next: register the players.")
    bye_value_warning = _(
        "The number of players is not a multiple of four, so someone rests every turno, and the "
        "custom VP table has no default riposo value."
    )

    forfeit_loser_label = _("Forfeit: the VP of each player of the absent line")
    forfeit_absent_label = _("Which line was absent?")
    forfeit_help = _(
        "Forfeit: each player of the present line wins the turno with %(vp)s VP and +%(mp)s MP "
        "of scarto; each player of the absent line gets %(rest)s VP and −%(mp)s MP of scarto. "
        "The MP of the table stay 0 – 0."
    )

    def entrants_count(self, count: int) -> str:
        return ngettext("%(count)s player", "%(count)s players", count) % {"count": count}

    def entrants_registered(self, count: int) -> str:
        return ngettext(
            "%(count)s player registered. Draw the first turno when everyone is there.",
            "%(count)s players registered. Draw the first turno when everyone is there.",
            count,
        ) % {"count": count}

    def line_title(self, line) -> str:
        # The two players of the line, by name: their line changes every turno.
        return line.players

    def draft_turno_url(self, turno) -> str:
        # Its draft turni are opened on its own draw page.
        return reverse(self.director_draw_url, args=[turno.tournament.slug])

    def seating_fix_refusal(self) -> str | None:
        return gettext(
            "The seating of an individual turno cannot be corrected here yet: clear the table's "
            "result and enter it again with the lines as they sat."
        )

    def check_prizes(self, prizes) -> None:
        check_prize_list(prizes, individual=True)
