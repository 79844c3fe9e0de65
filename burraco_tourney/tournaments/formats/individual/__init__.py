"""The individual tournament (RULES.md section 10): players register singly and change partner
every turno; each is ranked on the VP of the line he sat in. Its turni are drawn on a page of
their own (the 8-player schedule, a partner rotation, the Danese individuale, by hand), its
standings rank players, and head-to-head means nothing between players who change partner."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext, ngettext

from burraco_tourney.rules.prize_list import check_prize_list

from ..base import TournamentFormat
from ..draw import PairsDrawManager, TurniPages
from ..entrants import PairEntrants
from ..pages import KindPages
from .archive import INDIVIDUAL_ARCHIVE
from .standings import PLAYER_STANDINGS
from .words import INDIVIDUAL_KIND_WORDS, PLAYER_WORDS

# The turni pages are every kind's; its draw form has boxes and a script of its own.
INDIVIDUAL_PAGES = TurniPages(
    draw_fields="manage/individual_draw_fields.html",
    script="js/individual_draw.js",
)
# A draft turno is opened on the turni page, with its draw's tools.
INDIVIDUAL_PAGES_OF_KIND = KindPages(
    entrants="manage:players",
    standings_pdf="classifica-giocatori",
    drafts_on_draw_page=True,
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
    key = "player"
    penalty_code = "player_penalty"
    names = ("name",)
    per_table = 4
    pairs_of_people = False

    def subject(self, entrant: Any) -> Any:
        from ...audit_text import player_subject

        return player_subject(entrant)

    def of(self, tournament: Any) -> Any:
        return tournament.entrants

    def list_page(self, request: Any, tournament: Any) -> Any:
        from django.shortcuts import render

        players = tournament.entrants.order_by("number")
        context = {"tournament": tournament, "players": players}
        return render(request, "tournaments/player_list.html", context)

    def own_page(self, request: Any, tournament: Any, number: int) -> Any:
        raise Http404  # an individual tournament has players, not pairs

    def warm_pages(self, tournament: Any) -> list[str]:
        return []  # no page of a player's own

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
    words = INDIVIDUAL_KIND_WORDS
    pages = INDIVIDUAL_PAGES_OF_KIND
    draw_manager = INDIVIDUAL_DRAW
    archive = INDIVIDUAL_ARCHIVE
    entrants = PLAYER_ENTRANTS
    standings = PLAYER_STANDINGS
    exporters = (
        "score",
        "cartelli-tavoli",
        "classifica-giocatori",
        "posti-tavoli-giocatori",
        "posti-giocatori",
        "workbook-giocatori",
    )

    def seating_fix_refusal(self) -> str | None:
        return gettext(
            "The seating of an individual turno cannot be corrected here yet: clear the table's "
            "result and enter it again with the lines as they sat."
        )

    def check_prizes(self, prizes) -> None:
        check_prize_list(prizes, individual=True)
