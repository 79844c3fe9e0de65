"""A kind's entrants and their public pages, handed out by its format (``tournament.fmt.entrants``):
who registers (pairs, players), the list of them, an entrant's own page, the seating of a turno
and the "where do I sit" search. Each answer routes to the views that already draw those pages.

The pairs' answers are here, the individual's in ``individual/``. Reads only; no page is drawn
here.
"""

from __future__ import annotations

from typing import Any

from .entrant_words import PAIR_WORDS, EntrantWords


class PairEntrants:
    """Pairs register (``views/public.py``, ``views/pair_page.py``, ``views/seating.py``)."""

    # The director's entrants pages: the names of an entrant (its form fields, what a pasted
    # list's line holds) and every sentence that names it.
    words: EntrantWords = PAIR_WORDS
    # The word the change log and the archive use for an entrant's number ("pair", "player"):
    # a penalty's or a riposo's entrant, the log's subjects and actions ("pair_withdraw").
    key = "pair"
    # The change log's code of a penalty to one of these entrants (stored: never renamed).
    penalty_code = "penalty"
    # The ``Entrant`` fields that hold its names; the entrants' services write and log these.
    names: tuple[str, ...] = ("player1", "player2")
    # How many entrants one table seats (two pairs, four players).
    per_table = 2
    # Each entrant is two people for a whole tournament: what a circuit of pairs ranks.
    pairs_of_people = True

    def circuit_refusal(self, tournament: Any, ranks: str) -> str | None:
        """Why a circuit ranking ``ranks`` ("pairs": the same two people; "players") cannot
        count ``tournament`` (None: it can)."""
        from django.utils.translation import gettext as _

        if ranks == "pairs" and not self.pairs_of_people:
            return _(
                "“%(tournament)s” does not rank pairs: a circuit of pairs cannot count it."
            ) % {"tournament": tournament.name}
        return None

    def subject(self, entrant: Any) -> Any:
        """The entrant as the change log names it (``audit_text``)."""
        from ..audit_text import pair_subject

        return pair_subject(entrant)

    def enough_to_draw(self, count: int) -> bool:
        """``count`` active entrants fill at least one table (the dashboard's next step)."""
        return count >= self.per_table

    def someone_rests(self, count: int) -> bool:
        """``count`` active entrants leave someone out of every turno (a riposo)."""
        return count % self.per_table != 0

    def seated(self, tables: int) -> int:
        """The entrants ``tables`` tables seat."""
        return tables * self.per_table

    def read_text(self, text: str) -> list[Any]:
        """A pasted list of entrants as ``ImportRow`` values, one per non-blank line."""
        from ..pair_import import parse_text

        return parse_text(text, len(self.names))

    def read_file(self, name: str, data: bytes) -> list[Any]:
        """An uploaded .xlsx/.csv list of entrants as ``ImportRow`` values (raises
        ``SpreadsheetError`` when unreadable)."""
        from ..pair_import import parse_spreadsheet

        return parse_spreadsheet(name, data, len(self.names))

    def roster_line(self, entrant: Any) -> str:
        """The people written under the entrant's name in the director's list: none for a pair
        or a player, whose names are its people."""
        return ""

    def printed_names(self, entrant: Any) -> list[str]:
        """The entrant's names as printed, in member order: a player's name, or a pair's two
        players (``services.members``)."""
        return [entrant.name] if entrant.name else [entrant.player1, entrant.player2]

    def people_check(self, entrant: Any) -> None:
        """Refuse (``ValidationError``) an entrant whose people its kind does not allow, once
        they are linked; nothing for a pair or a player."""

    def of(self, tournament: Any) -> Any:
        """The tournament's entrants: a queryset with ``number`` and ``withdrawn``."""
        return tournament.entrants

    def list_page(self, request: Any, tournament: Any) -> Any:
        from ..views.public import pairs_list_page

        return pairs_list_page(request, tournament)

    def own_page(self, request: Any, tournament: Any, number: int) -> Any:
        """An entrant's own page (its turni and its ranks)."""
        from ..views.pair_page import pair_own_page

        return pair_own_page(request, tournament, number)

    def warm_pages(self, tournament: Any) -> list[str]:
        """The entrants' own pages a server process reads before its first request
        (``room_warm_up``), the first reading what they all share: every pair still playing,
        whose page is kept and its turni too (``views/pair_page.py``)."""
        from django.urls import reverse

        numbers = self.of(tournament).filter(withdrawn=False).order_by("number")
        return [
            reverse("tournaments:pair", args=[tournament.slug, number])
            for number in numbers.values_list("number", flat=True)
        ]

    def turno_part(self, turno: Any) -> tuple[str, dict[str, Any]]:
        """The public turno page's body template and its own context: its tables."""
        from ..selectors.tournaments import turno_tables

        return "tournaments/live/turno.html", {"tables": turno_tables(turno=turno)}

    def seating_part(self, turno: Any, director: bool) -> tuple[str, dict[str, Any]]:
        """The body template and context of a turno's "where do I sit" page."""
        from ..selectors.seating import turno_seating

        context = {"turno": turno, "seating": turno_seating(turno=turno), "director": director}
        return "tournaments/live/seating.html", context

    # The printed seating of a turno (``exports.printouts``), by layout: by table, by player.
    seating_templates: dict[str, str] = {
        "tables": "pdf/seating_tables.html",
        "players": "pdf/seating_players.html",
    }

    def seating_print(self, turno: Any) -> dict[str, Any]:
        """What the printed seating of ``turno`` reads (its templates' context)."""
        from ..selectors.seating import turno_seating

        return {"seating": turno_seating(turno=turno)}

    def table_cards(self, turno: Any) -> list[tuple[Any, Any, Any, str]]:
        """Each table of ``turno`` as its printed card names it (``exports.printouts``): the
        table, its NS and EO lines (``number``, ``player1``, ``player2``; a team's line also its
        ``team``) and what the card names above the lines (a team table's match), or ""."""
        from ..selectors.seating import turno_seating

        return [(t, t.ns_line, t.eo_line, "") for t in turno_seating(turno=turno).tables]

    def workbook(self, *, tournament: Any, after_turno: int | None) -> bytes:
        """The tournament's workbook (``exports.excel.WorkbookExporter``)."""
        from burraco_tourney.exports.excel import workbook_bytes

        return workbook_bytes(tournament=tournament, after_turno=after_turno)

    def seat_search_part(self, tournament: Any, query: str) -> tuple[str, dict[str, Any]]:
        """The body template and context of "where do I sit" for ``query`` (a name)."""
        from ..selectors.seating import SEARCH_MIN_LENGTH, latest_turno, name_key, seat_search

        turno = latest_turno(tournament=tournament)
        context = {
            "turno": turno,
            "found": seat_search(turno=turno, query=query) if turno and query else [],
            "too_short": bool(query) and len(name_key(query)) < SEARCH_MIN_LENGTH,
        }
        return "tournaments/live/seat_search.html", context


PAIR_ENTRANTS = PairEntrants()
