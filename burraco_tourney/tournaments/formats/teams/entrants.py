"""A team's entrants: a name, a club and a roster of 4 to 8 registry people (``Member`` rows in
order, their names as printed in ``Member.printed``), a person in one team only. The public
list, seating and seat search pages are the pairs' for now, with the teams' words."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..entrants import PairEntrants
from .words import ROSTER_MAX, ROSTER_MIN, TEAM_WORDS


class TeamEntrants(PairEntrants):
    words = TEAM_WORDS
    key = "team"
    penalty_code = "team_penalty"
    names = ("name",)
    pairs_of_people = False

    def subject(self, entrant: Any) -> Any:
        from ...audit_text import team_subject

        return team_subject(entrant)

    # The printed seating of a turno: each match's two tables (``exports.teams``).
    seating_templates = {"tables": "pdf/team_seating.html"}

    def seating_part(self, turno: Any, director: bool) -> tuple[str, dict[str, Any]]:
        """The pairs' "where do I sit" page, linking to the one printed list a team turno has."""
        _template, context = super().seating_part(turno, director)
        return "tournaments/live/team_seating.html", context

    def seating_print(self, turno: Any) -> dict[str, Any]:
        from burraco_tourney.exports.teams import team_seating

        return team_seating(turno)

    def table_cards(self, turno: Any) -> list[tuple[Any, Any, Any, str]]:
        """Each match's two tables, each line with its team and its line-up's players."""
        from burraco_tourney.exports.teams import team_table_cards

        return team_table_cards(turno)

    def workbook(self, *, tournament: Any, after_turno: int | None) -> bytes:
        """The standings by team, a sheet per turno, the Butler view, the teams, the rules."""
        from burraco_tourney.exports.teams import team_workbook_bytes

        return team_workbook_bytes(tournament=tournament, after_turno=after_turno)

    def read_text(self, text: str) -> list[Any]:
        """A pasted list of teams: a line per team, its name, players and club (``rows``)."""
        from .rows import parse_team_text

        return parse_team_text(text)

    def read_file(self, name: str, data: bytes) -> list[Any]:
        """An uploaded .xlsx/.csv list of teams: a row per player with the team's name."""
        from .rows import parse_team_spreadsheet

        return parse_team_spreadsheet(name, data)

    def roster_line(self, entrant: Any) -> str:
        # The roster in order (``services.pairs.pairs_for_director`` reads it with the list).
        return ", ".join(m.printed for m in entrant.members.all())

    def printed_names(self, entrant: Any) -> list[str]:
        # A team's roster as printed; the team's own name is not a person.
        return [m.printed for m in entrant.members.order_by("position")]

    def people_check(self, entrant: Any) -> None:
        from ...models import Member

        people = list(entrant.members.order_by("position").select_related("person"))
        if not ROSTER_MIN <= len(people) <= ROSTER_MAX:
            raise ValidationError(
                ngettext(
                    "A team has %(min)s to %(max)s different players: %(count)s was given.",
                    "A team has %(min)s to %(max)s different players: %(count)s were given.",
                    len(people),
                )
                % {"min": ROSTER_MIN, "max": ROSTER_MAX, "count": len(people)}
            )
        elsewhere = (
            Member.objects.filter(
                entrant__tournament_id=entrant.tournament_id,
                person__in=[m.person_id for m in people],
            )
            .exclude(entrant=entrant)
            .select_related("entrant", "person")
            .order_by("entrant__number", "position")
            .first()
        )
        if elsewhere is not None:
            raise ValidationError(
                _("%(person)s already plays for team %(team)s: a person plays for one team only.")
                % {"person": elsewhere.person.full_name, "team": elsewhere.entrant}
            )

    def list_page(self, request: Any, tournament: Any) -> Any:
        from django.shortcuts import render

        teams = tournament.entrants.order_by("number").prefetch_related("members")
        context = {"tournament": tournament, "teams": teams}
        return render(request, "tournaments/team_list.html", context)

    def warm_pages(self, tournament: Any) -> list[str]:
        return []  # a team's page is drawn for each request, nothing kept to read before

    def own_page(self, request: Any, tournament: Any, number: int) -> Any:
        """A team's own page: its roster and its matches with both rooms."""
        from django.http import Http404
        from django.shortcuts import render

        from ...selectors.team_matches import butler_view
        from ...selectors.teams import team_roster, team_turni

        team = tournament.entrants.filter(number=number).first()
        if team is None:
            raise Http404
        roster = team_roster(team=team)
        # The Butler view within the team: each of its pairs' MP difference (RULES.md §11).
        butler = [
            (" – ".join(roster[i].printed for i in row.players), row)
            for row in butler_view(tournament).team_rows(team.number)
        ]
        context = {
            "tournament": tournament,
            "team": team,
            "roster": roster,
            "turni": team_turni(team=team),
            "butler": butler,
        }
        return render(request, "tournaments/team_page.html", context)

    def turno_part(self, turno: Any) -> tuple[str, dict[str, Any]]:
        """The public turno page's body: the matches with both rooms."""
        from ...selectors.teams import turno_matches

        return "tournaments/live/team_turno.html", {"matches": turno_matches(turno=turno)}

    def seat_search_part(self, tournament: Any, query: str) -> tuple[str, dict[str, Any]]:
        from ...selectors.seating import SEARCH_MIN_LENGTH, latest_turno, name_key
        from ...selectors.teams import find_team_places

        turno = latest_turno(tournament=tournament)
        too_short = bool(query) and len(name_key(query)) < SEARCH_MIN_LENGTH
        found = [] if too_short else find_team_places(turno=turno, query=query)
        context = {"turno": turno, "found": found, "too_short": too_short}
        return "tournaments/live/team_seat_search.html", context


TEAM_ENTRANTS = TeamEntrants()
