"""A team's edit page changes its roster after registration: players added, removed and moved
(each box picks a registry person), the captain chosen there; a player named by a line-up stays
until that line-up changes, and for good once its match is played. All or nothing. The
captain's link on a printable sheet (QR code), revocable; a team table's phone and scorecard
pages name the room and the line-up's players."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Match, Member, Room

from .teams_support import draw_team_turno, enter, room_table, set_lineups, team_tournament

pytestmark = pytest.mark.django_db


def members(team):
    return list(Member.objects.filter(entrant=team).order_by("position"))


def form_data(team, boxes, *, captain=""):
    """The edit page's fields: the team's own, then a box per player (its picked person)."""
    data = {"number": team.number, "name": team.name, "club": team.club, "captain": captain}
    for i, (printed, person) in enumerate(boxes, start=1):
        data[f"roster_{i}"] = printed
        data[f"roster_{i}_person"] = person or ""
    return data


def boxes_of(team):
    return [(m.printed, m.person_id) for m in members(team)]


def _post(client, tournament, team, data):
    url = reverse("manage:pair_edit", args=[tournament.slug, team.number])
    return client.post(url, data, follow=True)


def test_the_director_reorders_adds_and_names_the_captain(english, director):
    tournament = team_tournament(director, teams=2)
    team = tournament.entrants.get(number=1)
    page = english.get(reverse("manage:pair_edit", args=[tournament.slug, 1])).content.decode()
    first = members(team)[0]
    assert f'value="{first.printed}"' in page and "Captain" in page and "Player 8" in page
    # The captain is chosen by name: each box's choice says who is in it.
    captain = page.split('name="captain"', 1)[1].split("</select>", 1)[0]
    assert f">Player 1: {first.printed}</option>" in captain
    assert ">Player 8</option>" in captain  # an empty box
    before = {m.person_id: m.pk for m in members(team)}
    boxes = boxes_of(team)
    boxes[0], boxes[1] = boxes[1], boxes[0]
    boxes.append(("Lia Conti", None))
    response = _post(english, tournament, team, form_data(team, boxes, captain="5"))
    assert response.redirect_chain, response.content.decode()
    after = members(team)
    assert [m.printed for m in after] == [printed for printed, _p in boxes]
    assert [m.pk for m in after[:4]] == [before[p] for _n, p in boxes[:4]]  # rows kept
    assert [m.captain for m in after] == [False, False, False, False, True]
    assert AuditEntry.objects.filter(action="team_roster").count() == 1
    assert AuditEntry.objects.filter(action="team_captain").count() == 1
    log = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Team roster changed" in log


def test_a_player_of_a_played_line_up_stays_in_the_roster(english, director):
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    team = tournament.entrants.get(number=1)
    boxes = boxes_of(team)
    # The line-up of a match still to play names player 1: change it first.
    leaving = [*boxes[1:], ("Lia Conti", None)]
    html = _post(english, tournament, team, form_data(team, leaving)).content.decode()
    assert f"{boxes[0][0]} is in the line-up of match 1 of turno 1: change" in html
    enter(room_table(turno, 1, Room.APERTA), director, 1200, 800)
    html = _post(english, tournament, team, form_data(team, leaving)).content.decode()
    assert f"{boxes[0][0]} played match 1 of turno 1" in html
    assert boxes_of(team) == boxes
    assert not Member.objects.filter(printed="Lia Conti").exists()
    # A reserve added, the team renamed, the played players moved: allowed, line-up intact.
    moved = [boxes[1], boxes[0], *boxes[2:], ("Lia Conti", None)]
    data = {**form_data(team, moved), "name": "Aurora Nuova"}
    _post(english, tournament, team, data)
    team.refresh_from_db()
    assert team.name == "Aurora Nuova" and len(members(team)) == 5
    lineup = Match.objects.get(turno=turno).lineups.get(team=team)
    assert lineup.aperta1.printed == boxes[0][0] and lineup.aperta1.position == 2


def test_a_person_of_another_team_or_a_short_roster_is_refused(english, director):
    tournament = team_tournament(director, teams=2)
    team, other = tournament.entrants.order_by("number")
    boxes = boxes_of(team)
    taken = boxes_of(other)[0]
    html = _post(english, tournament, team, form_data(team, [*boxes, taken])).content.decode()
    assert f"already plays for team {other}" in html
    assert boxes_of(team) == boxes
    html = _post(english, tournament, team, form_data(team, boxes[:3])).content.decode()
    assert "This field is required" in html and boxes_of(team) == boxes
    html = _post(english, tournament, team, form_data(team, boxes, captain="6")).content.decode()
    assert "The captain&#x27;s box is empty" in html


def test_the_captains_sheet_shows_the_link_as_a_qr_code_and_a_new_link_revokes_it(
    english, director, client
):
    from burraco_tourney.tournaments.views.team_lineup import captain_url

    tournament = team_tournament(director, teams=2)
    draw_team_turno(tournament, director)
    team = tournament.entrants.get(number=1)
    old = captain_url(team)
    url = reverse("manage:captain_sheet", args=[tournament.slug, 1])
    edit = english.get(reverse("manage:pair_edit", args=[tournament.slug, 1])).content.decode()
    assert url in edit
    page = english.get(url).content.decode()
    assert "<svg" in page and 'aria-label="QR code of the captain&#x27;s link"' in page
    assert f"{old}</code>" in page and members(team)[0].printed in page
    response = english.post(url, follow=True)
    assert "the old one no longer works" in response.content.decode()
    team.refresh_from_db()
    new = captain_url(team)
    assert new != old and f"{new}</code>" in response.content.decode()
    assert client.get(old).status_code == 404
    assert b"Save the line-up" in client.get(new).content
    assert AuditEntry.objects.filter(action="team_link_revoke").count() == 1


def test_the_captains_link_is_the_same_each_time_it_is_printed_and_an_older_print_opens(
    director, client, monkeypatch
):
    import time

    from django.core import signing

    from burraco_tourney.tournaments.views.team_lineup import SALT, captain_url

    tournament = team_tournament(director, teams=2)
    draw_team_turno(tournament, director)
    team = tournament.entrants.get(number=1)
    first = captain_url(team)
    later = time.time() + 3600
    monkeypatch.setattr(time, "time", lambda: later)
    # The sheet printed an hour later gives the link the card already carries.
    assert captain_url(team) == first
    # A link printed before the links lost their time stamp still opens the line-up page.
    data = {"team": team.pk, "k": team.link_key} if team.link_key else {"team": team.pk}
    older = reverse(
        "tournaments:team_lineup", args=[tournament.slug, signing.dumps(data, salt=SALT)]
    )
    assert client.get(older).status_code == 200
    assert client.get(first).status_code == 200


def test_a_team_tables_phone_and_scorecard_pages_name_the_room_and_the_line_up(english, director):
    from burraco_tourney.tournaments.services.player_entries import turno_links_ensure

    tournament = team_tournament(director, teams=2, players_enter=True)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    chiusa = room_table(turno, 1, Room.CHIUSA)
    access = turno_links_ensure(turno=turno)[chiusa.pk]
    page = english.get(reverse("table:page", args=[access.token])).content.decode()
    # In the sala chiusa the away team's chiusa pair sits NS: its players 3 and 4.
    away = members(chiusa.ns)
    assert f"· {away[2].printed} – {away[3].printed}</span>" in page
    home = members(chiusa.eo)
    assert f"· {home[2].printed} – {home[3].printed}</span>" in page
    url = reverse("manage:score_entry", args=[tournament.slug, 1, chiusa.number])
    scorecard = english.get(url).content.decode()
    assert ">1 (closed room)<span" in scorecard and ">1 (open room)<span" in scorecard
