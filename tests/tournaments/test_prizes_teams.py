"""Prizes in a team tournament (RULES.md §13, ARCHIVE.md "Prizes"): a team is eligible when every
player of its roster is (mixed: at least one woman and one man), through the director's page, the
ceremony PDF and the archive's ``results.prizes`` keyed ``team``."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.exports.teams import team_workbook_bytes
from burraco_tourney.tournaments.models import Member, Room
from burraco_tourney.tournaments.selectors.standings import standings

from .teams_support import draw_team_turno, enter, room_table, set_lineups, team_tournament

pytestmark = pytest.mark.django_db


def _sexes(team, sexes: str) -> None:
    """Give the roster of ``team`` these sexes in the registry, in roster order ("FFFM")."""
    members = Member.objects.filter(entrant=team).order_by("position").select_related("person")
    for member, sex in zip(members, sexes, strict=False):
        member.person.sex = sex
        member.person.save(update_fields=["sex"])


@pytest.fixture
def played(director):
    """Four teams, one turno: team 1 all women, team 2 mixed, team 3 all men, team 4 mixed with
    a player whose sex the registry does not know."""
    tournament = team_tournament(director, teams=4, planned_turni=1)
    teams = list(tournament.entrants.order_by("number"))
    for team, sexes in zip(teams, ["FFFF", "FFMM", "MMMM", "FMM"], strict=True):
        _sexes(team, sexes)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    enter(room_table(turno, 1, Room.APERTA), director, 1200, 800)
    enter(room_table(turno, 1, Room.CHIUSA), director, 1100, 900)
    enter(room_table(turno, 2, Room.APERTA), director, 1000, 900)
    enter(room_table(turno, 2, Room.CHIUSA), director, 1000, 1000)
    return tournament


LIST = "\n".join(
    [
        "Assoluta | | 100.00",
        "Donne | sex=F | 40.00",
        "Miste | sex=mixed | 30.00; 20.00",
        "Uomini | sex=M | Coppa",
    ]
)


def test_a_team_prize_list_gives_each_category_to_the_teams_whose_players_all_fit(english, played):
    url = reverse("manage:prizes", args=[played.slug])
    # The fund counts one fee per team: the box says so.
    assert "Entry fee per team (euro)" in english.get(url).content.decode()
    page = english.post(url, {"round": "euro", "categories": LIST}, follow=True)
    html = page.content.decode()
    assert "Prize list saved." in html
    # Teams 1 to 4 rank in their numbers' order (22, 21, 19, 18 VP).
    assert [r.entrant.number for r in standings(tournament=played)] == [1, 2, 3, 4]
    given = [
        (r["category"], r["place"], r["number"], r["amount"] or r["object"])
        for r in page.context["awards"]
    ]
    # Team 1 (all women) wins the overall and so no women's prize: nobody else can. The mixed
    # prize goes to team 2; team 4's player with no sex known keeps it out of the second.
    assert given == [
        ("Assoluta", 1, 1, Decimal("100.00")),
        ("Miste", 1, 2, Decimal("30.00")),
        ("Uomini", 1, 3, "Coppa"),
    ]
    assert "Team 4: a player has no sex, which “Miste” needs." in html
    assert page.context["awards"][0]["names"] == "Aurora 1"
    pdf = english.get(reverse("manage:prizes_pdf", args=[played.slug]))
    assert pdf.content.startswith(b"%PDF")
    public = english.get(reverse("tournaments:prizes", args=[played.slug])).content.decode()
    assert "Aurora 1" in public and "Borgo 2" in public


def test_the_team_workbook_has_the_prizes_sheet(english, played):
    english.post(
        reverse("manage:prizes", args=[played.slug]), {"round": "euro", "categories": LIST}
    )
    book = load_workbook(io.BytesIO(team_workbook_bytes(tournament=played)))
    sheet = book["Prizes"]
    cells = [[c for c in row if c is not None] for row in sheet.iter_rows(values_only=True)]
    assert ["Assoluta", 1, 1, "Aurora 1", 100] in cells
    assert ["Uomini", 1, 3, "Corallo 3", "Coppa"] in cells


def test_the_archive_keys_a_teams_prizes_by_team_and_reads_them_back(english, played):
    url = reverse("manage:prizes", args=[played.slug])
    english.post(url, {"round": "euro", "categories": LIST})
    archive = tournament_export(played)
    assert archive["tournament"]["prizes"]["categories"][1]["eligible"] == {"sex": "F"}
    results = archive["results"]["prizes"]
    assert results and all("team" in row and "pair" not in row for row in results)
    again = tournament_export(tournament_import(data=archive))
    assert again["results"]["prizes"] == results
