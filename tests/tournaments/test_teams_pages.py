"""Team tournaments in the running site: the director registers a team with its roster, draws a
turno as matches of two rooms, sets the line-ups (and a captain from the team's link), and the
public pages show both rooms, "where do I sit" and a team's own page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import Lineup, Match, Member, Room
from burraco_tourney.tournaments.views.team_lineup import captain_url
from tests.factories import make_tournament

from .teams_support import draw_team_turno, enter, room_table, set_lineups, team_tournament

pytestmark = pytest.mark.django_db


def test_the_director_adds_a_team_with_its_roster(director_client, director, english):
    tournament = make_tournament(kind="teams", owner=director)
    url = reverse("manage:teams", args=[tournament.slug])
    page = director_client.get(url)
    assert b"Player 8" in page.content and b"Add the team" in page.content
    roster = {
        f"roster_{i}": n
        for i, n in enumerate(
            ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri", "Elena Russo"], start=1
        )
    }
    response = director_client.post(url, {"name": "Aurora Uno", "club": "Circolo Aurora", **roster})
    assert response.status_code == 302
    # The list shows each team with its roster under its name.
    listed = director_client.get(url).content.decode()
    assert ", ".join(roster.values()) in listed.split("Aurora Uno", 1)[1]
    team = tournament.entrants.get()
    assert team.name == "Aurora Uno"
    assert [m.printed for m in team.members.order_by("position")] == list(roster.values())
    # Three players only: refused with the kind's words, nothing written.
    three = {f"roster_{i}": f"Nome{i} Cognome" for i in range(1, 4)}
    response = director_client.post(url, {"name": "Corta", **three})
    assert response.status_code == 200
    assert b"This field is required" in response.content
    assert tournament.entrants.count() == 1


def test_line_ups_from_the_turno_page_and_from_the_captain_link(director_client, director, english):
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    match = Match.objects.get(turno=turno)
    page = director_client.get(reverse("manage:turno_preview", args=[tournament.slug, 1]))
    assert b"Line-up of Aurora 1" in page.content
    url = reverse("manage:lineup_save", args=[tournament.slug, 1, 1, 1])
    director_client.post(url, {"aperta1": 1, "aperta2": 2, "chiusa1": 3, "chiusa2": 4})
    assert Lineup.objects.get(match=match, team__number=1).chiusa2.position == 4
    # Twice the same player: refused with a clear message inside the team's form, which keeps
    # the four choices as posted; the saved line-up stays.
    response = director_client.post(url, {"aperta1": 1, "aperta2": 2, "chiusa1": 2, "chiusa2": 4})
    assert response.status_code == 200
    html = response.content.decode()
    form = html.split('id="lineup-m1-t1"', 1)[1].split("</form>", 1)[0]
    assert "one room only" in form
    chosen = re.findall(r'id="m1-t1-(\w+)".*?<option value="(\d)" selected>', form, re.S)
    assert chosen == [("aperta1", "1"), ("aperta2", "2"), ("chiusa1", "2"), ("chiusa2", "4")]
    assert Lineup.objects.get(match=match, team__number=1).chiusa1.position == 3
    # The page's top says so, and the refused form takes the focus (the browser scrolls to it).
    assert "The line-up of Aurora 1 for match 1 was not saved: see why under it." in html
    first_box = re.search(r'<select[^>]*id="m1-t1-aperta1"[^>]*>', form).group(0)
    assert "autofocus" in first_box
    # Its address opened again (a reload after the refusal): the turno's page, not an error.
    opened = director_client.get(url)
    assert opened.status_code == 302
    assert opened["Location"] == reverse("manage:turno_preview", args=[tournament.slug, 1])
    # The captain of team 2 sets its line-up from the team's link, without logging in.
    director_client.logout()
    team2 = tournament.entrants.get(number=2)
    link = captain_url(team2)
    assert b"Save the line-up" in director_client.get(link).content
    director_client.post(link, {"aperta1": 4, "aperta2": 3, "chiusa1": 2, "chiusa2": 1})
    lineup = Lineup.objects.get(match=match, team=team2)
    assert lineup.by_captain and lineup.aperta1.position == 4
    assert director_client.get(link[:-10] + "x/formazione/").status_code == 404


def test_public_pages_show_both_rooms_and_where_each_player_sits(client, director, english):
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    enter(room_table(turno, 1, Room.APERTA), director, 1200, 800)
    enter(room_table(turno, 1, Room.CHIUSA), director, 900, 1100)
    match = Match.objects.get(turno=turno)
    page = client.get(reverse("tournaments:turno", args=[tournament.slug, 1])).content.decode()
    assert "Open room" in page and "Closed room" in page
    assert f"{match.ns_vp} – {match.eo_vp}" in page
    home_team = match.tables.get(room=Room.APERTA).ns
    home_first = Member.objects.get(entrant=home_team, position=1)
    found = client.get(
        reverse("tournaments:seat_search", args=[tournament.slug]), {"nome": home_first.printed}
    ).content.decode()
    assert "Open room" in found and "North-South" in found
    url = reverse("tournaments:pair", args=[tournament.slug, home_team.number])
    team_page = client.get(url).content.decode()
    assert "Roster" in team_page and "Closed room" in team_page
    # The Butler view within the team: its aperta pair +400, its chiusa pair +200.
    names = [m.printed for m in home_team.members.order_by("position")]
    butler = team_page.split("team-butler")[1].split("</section>")[0]
    assert re.search(rf"{names[0]} – {names[1]}</td><td[^>]*>1</td><td[^>]*>400<", butler)
    assert re.search(rf"{names[2]} – {names[3]}</td><td[^>]*>1</td><td[^>]*>200<", butler)
    standings = client.get(reverse("tournaments:standings", args=[tournament.slug])).content
    assert b"Aurora 1" in standings


def test_a_team_tournament_is_created_with_its_team_vp_table(director_client, english):
    from burraco_tourney.tournaments.models import Tournament
    from tests.tournaments.test_setup_create import CREATE, form_data

    bands = "10 10 10\n300 12 8\n700 15 5\n- 18 2"
    refused = director_client.post(
        CREATE, form_data(kind="teams", team_scoring="mp_diff", team_vp_bands="")
    )
    assert refused.status_code == 200
    assert not Tournament.objects.exists()
    response = director_client.post(
        CREATE,
        form_data(
            kind="teams", team_scoring="mp_diff", team_vp_bands=bands, bye_vp="10", bye_mp="0"
        ),
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.team_scoring) == ("teams", "mp_diff")
    assert tournament.team_vp_table[-1] == {"max": None, "vp": [18, 2]}
    edit = director_client.get(reverse("manage:tournament_edit", args=[tournament.slug]))
    assert "700 15 5" in edit.content.decode()


def test_why_is_a_team_above_another_and_a_resting_team(client, director, english):
    from burraco_tourney.tournaments.selectors.standings import standings

    tournament = team_tournament(director, teams=3)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    enter(room_table(turno, 1, Room.APERTA), director, 1200, 800)
    enter(room_table(turno, 1, Room.CHIUSA), director, 900, 1100)
    rows = {r.entrant.number: r for r in standings(tournament=tournament)}
    resting = turno.byes.get().entrant.number
    # The resting team: twice the pairs' riposo with fibur-3, one value for the match.
    assert (rows[resting].vp, rows[resting].scarto) == (28, 710)
    a, b = sorted(n for n in rows if n != resting)
    page = client.get(
        reverse("tournaments:standings_explain", args=[tournament.slug]), {"a": a, "b": b}
    ).content.decode()
    assert "Why is a team above another?" in page
    assert f"Team {a} and team {b}" in page


def test_the_room_board_puts_each_matchs_two_tables_side_by_side(director_client, director):
    tournament = team_tournament(director, teams=6)
    turno = draw_team_turno(tournament, director)
    url = reverse("manage:room_board", args=[tournament.slug, turno.number])
    html = director_client.get(url).content.decode()
    order = [(int(m), r) for m, r in re.findall(r'data-match="(\d+)" data-room="(\w+)"', html)]
    assert order == [
        (1, "aperta"),
        (1, "chiusa"),
        (2, "aperta"),
        (2, "chiusa"),
        (3, "aperta"),
        (3, "chiusa"),
    ]


def test_a_pasted_list_of_team_names_without_rosters_is_refused(director_client, director, english):
    tournament = make_tournament(kind="teams", owner=director)
    url = reverse("manage:teams", args=[tournament.slug])
    response = director_client.post(
        url, {"action": "paste", "text": "Aurora Uno; Circolo Aurora"}, follow=True
    )
    assert b"4 to 8 different players" in response.content
    assert not tournament.entrants.exists()


def test_a_line_up_for_a_team_not_in_the_match_is_refused_in_words(director_client, director):
    """Posted from a page left open while the turno was drawn again: the team no longer plays
    that match, so its form is not on the page; the reason is said at the page's top."""
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    match = Match.objects.get(turno=turno, number=1)
    playing = {t.ns.number for t in match.tables.all()} | {t.eo.number for t in match.tables.all()}
    outsider = next(n for n in range(1, 5) if n not in playing)
    url = reverse("manage:lineup_save", args=[tournament.slug, 1, 1, outsider])
    chosen = {"aperta1": 1, "aperta2": 2, "chiusa1": 3, "chiusa2": 4}
    response = director_client.post(url, chosen)
    assert response.status_code == 200
    assert "non gioca l&#x27;incontro 1." in response.content.decode()
    assert not Lineup.objects.filter(match=match).exists()
