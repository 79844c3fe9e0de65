"""A team turno's results page and the director's save messages give each table its match's VP
from its own NS line's side: in the sala chiusa the away team sits NS, and a table read as the
match's home–away order gave a team that lost 13–27 its opponents' 27."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.tournaments.scores_support import results_url
from tests.tournaments.teams_support import (
    draw_team_turno,
    enter,
    room_table,
    set_lineups,
    team_tournament,
)

pytestmark = pytest.mark.django_db


def _row(page: str, label: str) -> list[str]:
    row = page.split(f'<td class="num tableno-cell">{label}</td>', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells]


def _totals(table, ns: int, eo: int) -> dict:
    return {"mode": "totals", "version": table.version, "ns_mp": str(ns), "eo_mp": str(eo)}


def test_each_table_shows_its_matchs_vp_from_its_ns_lines_side(english, director):
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    aperta, chiusa = room_table(turno, 1, "aperta"), room_table(turno, 1, "chiusa")
    home, away = aperta.match.home.number, aperta.match.away.number
    url = reverse("manage:score_entry", args=[tournament.slug, 1, aperta.number])
    response = english.post(url, _totals(aperta, 750, 650), follow=True)
    page = html.unescape(response.content.decode())
    # One room in: its MP, and no VP until the other room's table has its result.
    assert (
        f"Table 1 (open room) saved: NS {home} 750 MP · EO {away} 650 MP. The match's VP come"
        in page
    )
    assert "None" not in page
    assert _row(english.get(results_url(turno)).content.decode(), "1 (open room)")[-2] == (
        "waiting for the other room"
    )
    # The sala chiusa: the away team NS wins 1200–800 at its table, and the match.
    url = reverse("manage:score_entry", args=[tournament.slug, 1, chiusa.number])
    page = html.unescape(
        english.post(url, _totals(chiusa, 1200, 800), follow=True).content.decode()
    )
    match = chiusa.match
    match.refresh_from_db()
    home_vp, away_vp = match.ns_vp, match.eo_vp
    assert away_vp > home_vp
    assert (
        f"Table 1 (closed room) saved: NS {away} 1200 MP · EO {home} 800 MP. Match 1: "
        f"{match.home.name} {home_vp} VP, {match.away.name} {away_vp} VP." in page
    )
    results = english.get(results_url(turno)).content.decode()
    assert "Match VP" in results
    assert _row(results, "1 (open room)")[-2] == f"{home_vp} – {away_vp}"
    assert _row(results, "1 (closed room)")[-2] == f"{away_vp} – {home_vp}"


def test_a_team_forfeit_in_one_room_is_shown_before_the_other_room_is_in(english, director):
    """A forfeit in the sala aperta while the sala chiusa has not played: the results page and
    the room board show it (they tried to add the match's VP, which do not exist yet), and the
    save message says who won it."""
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    aperta = room_table(turno, 1, "aperta")
    url = reverse("manage:score_entry", args=[tournament.slug, 1, aperta.number])
    data = {"mode": "forfeit", "version": aperta.version, "absent": "eo"}
    page = html.unescape(english.post(url, data, follow=True).content.decode())
    assert "Table 1 (open room) saved, forfeit win for NS. The match's VP come" in page
    results = english.get(results_url(turno))
    assert results.status_code == 200
    row = _row(results.content.decode(), "1 (open room)")
    assert row[-2] == "waiting for the other room"
    assert row[-3].startswith("Scarto +")
    board = reverse("manage:room_board", args=[tournament.slug, 1])
    assert english.get(board).status_code == 200


def _head(page: str) -> str:
    start = page.index("<thead")
    return " ".join(re.sub(r"<[^>]+>", " ", page[start : page.index("</thead>", start)]).split())


def test_the_team_standings_name_their_columns_for_teams(client, director):
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    for match in (1, 2):
        for room in ("aperta", "chiusa"):
            enter(room_table(turno, match, room), director, 1200, 800)
    page = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    head = _head(page)
    assert head.startswith("Pos. N. Squadra")
    assert "Coppia" not in head and "Giocatori" not in head


def test_the_directors_pages_name_a_team_table_by_its_room(english, director):
    """A team's sala chiusa table 1 is the turno's table 3 of four: a page naming it "table 3"
    sent the director to the wrong room."""
    from burraco_tourney.tournaments.services.table_links import turno_links_ensure

    tournament = team_tournament(director, teams=4, players_enter=True)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    turno_links_ensure(turno=turno)
    chiusa = room_table(turno, 1, "chiusa")
    assert chiusa.number != 1
    code = reverse("manage:room_qr", args=[tournament.slug, 1, chiusa.number])
    assert "<title>QR code of table 1 (closed room)</title>" in english.get(code).content.decode()
    page = english.get(results_url(turno)).content.decode()
    assert '<span class="sr-only"> table 1 (closed room)</span>' in page
