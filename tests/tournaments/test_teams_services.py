"""Team tournaments end to end in the services (RULES.md section 11): a team registered with its
roster of registry people, a turno drawn as matches of two rooms, line-ups, both rooms' results
through the one results path, the match's VP and the team standings."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import Match, Member, Room, Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services import entrants
from burraco_tourney.tournaments.services.members import Place
from burraco_tourney.tournaments.services.teams import LineupChoice, lineup_set
from tests.factories import make_tournament

from .teams_support import (
    draw_team_turno,
    enter,
    room_table,
    roster_names,
    set_lineups,
    team_tournament,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def test_a_team_is_registered_with_its_roster_as_registry_people(director):
    tournament = team_tournament(director, teams=2)
    team = tournament.entrants.get(number=1)
    members = list(team.members.order_by("position").select_related("person"))
    assert [m.printed for m in members] == roster_names(1)
    assert all(m.person.pk for m in members)
    assert team.players == "Aurora 1"


def test_a_roster_of_three_or_a_person_in_two_teams_is_refused(director):
    tournament = make_tournament(kind="teams", owner=director)
    with pytest.raises(ValidationError, match="4 to 8 different players"):
        entrants.entrant_create(
            tournament=tournament,
            user=director,
            name="Corta",
            places=[Place(n) for n in roster_names(1, 3)],
        )
    assert not tournament.entrants.exists()  # nothing half-written
    entrants.entrant_create(
        tournament=tournament, user=director, name="Uno", places=[Place(n) for n in roster_names(1)]
    )
    anna = Member.objects.get(entrant__name="Uno", position=1).person
    with pytest.raises(ValidationError, match="already plays for team"):
        entrants.entrant_create(
            tournament=tournament,
            user=director,
            name="Due",
            places=[Place(anna.full_name, person_id=anna.pk)]
            + [Place(n) for n in roster_names(2)[1:]],
        )
    assert tournament.entrants.count() == 1


def test_a_turno_is_drawn_as_matches_of_two_rooms(director):
    tournament = team_tournament(director, teams=6)
    turno = draw_team_turno(tournament, director)
    matches = list(Match.objects.filter(turno=turno).prefetch_related("tables__ns", "tables__eo"))
    assert len(matches) == 3
    for match in matches:
        aperta, chiusa = match.room_table(Room.APERTA), match.room_table(Room.CHIUSA)
        # Numbered per room as the match; in the turno the chiusa's tables follow the aperta's.
        assert aperta.room_number == chiusa.room_number == match.number
        assert (aperta.number, chiusa.number) == (match.number, 3 + match.number)
        # In the aperta the home team sits NS, in the chiusa the away team.
        assert (aperta.ns, aperta.eo) == (chiusa.eo, chiusa.ns) == (match.home, match.away)
    assert Table.objects.filter(turno=turno).count() == 6


def test_no_result_before_both_line_ups_then_the_match_sums_both_rooms(director):
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    aperta = room_table(turno, 1, Room.APERTA)
    with pytest.raises(ValidationError, match="line-ups must be set"):
        enter(aperta, director, 1200, 800)
    set_lineups(turno, director)
    enter(aperta, director, 1200, 800)
    match = Match.objects.get(turno=turno)
    assert match.ns_vp is None  # one room only: the match does not count yet
    chiusa = room_table(turno, 1, Room.CHIUSA)
    enter(chiusa, director, 900, 1100)  # the away team NS here: 900 for away, 1100 for home
    match.refresh_from_db()
    home, away = match.home, match.away
    # Home: +400 in the aperta, +200 in the chiusa; each table's VP by fibur-3, summed.
    assert (match.ns_mp, match.eo_mp) == (1200 + 1100, 800 + 900)
    aperta.refresh_from_db()
    assert match.ns_vp + match.eo_vp == 40
    assert match.ns_vp > 20
    rows = standings(tournament=tournament)
    assert [r.entrant for r in rows] == [home, away]
    assert rows[0].vp == match.ns_vp
    assert rows[0].scarto == 600


def test_mp_diff_converts_the_two_rooms_once_with_the_team_table(director):
    bands = [
        {"max": 10, "vp": [10, 10]},
        {"max": 300, "vp": [12, 8]},
        {"max": 700, "vp": [15, 5]},
        {"max": None, "vp": [18, 2]},
    ]
    tournament = team_tournament(director, teams=2, team_scoring="mp_diff", team_vp_table=bands)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    enter(room_table(turno, 1, Room.APERTA), director, 1200, 800)
    enter(room_table(turno, 1, Room.CHIUSA), director, 900, 1100)
    match = Match.objects.get(turno=turno)
    # +600 over both tables: the 300-700 band, 15 to 5.
    assert (match.ns_vp, match.eo_vp) == (15, 5)


def test_a_line_up_names_four_different_players_of_the_team(director):
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    match = Match.objects.prefetch_related("tables__ns", "tables__eo").get(turno=turno)
    with pytest.raises(ValidationError, match="one room only"):
        lineup_set(match=match, team=match.home, choice=LineupChoice((1, 2), (2, 3)), user=director)
    with pytest.raises(ValidationError, match="no player number 6"):
        lineup_set(match=match, team=match.home, choice=LineupChoice((1, 2), (3, 6)), user=director)
    lineup = lineup_set(
        match=match, team=match.home, choice=LineupChoice((3, 4), (1, 2)), user=director
    )
    assert lineup.room_pair("aperta")[0].printed == roster_names(match.home.number)[2]
    # Changed before the match is played: one line-up, the new one.
    lineup_set(match=match, team=match.home, choice=LineupChoice((1, 2), (3, 4)), user=director)
    assert match.lineups.count() == 1
    assert match.lineups.get().aperta1.position == 1


def test_a_forfeited_match_and_a_team_penalty(director):
    from burraco_tourney.tournaments.services import scores
    from burraco_tourney.tournaments.services.penalties import penalty_add

    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    match = Match.objects.get(turno=turno)
    # The away team did not come: a forfeit at both tables, no line-up needed.
    for room, absent in ((Room.APERTA, "eo"), (Room.CHIUSA, "ns")):
        table = room_table(turno, 1, room)
        scores.table_record_forfeit(
            table=table, user=director, absent=absent, version=table.version
        )
    match.refresh_from_db()
    # Twice the pairs' forfeit (14 with fibur-3) for the present team, the rest of 40 to the
    # absent one.
    assert (match.ns_vp, match.eo_vp) == (28, 12)
    home = room_table(turno, 1, Room.APERTA).ns
    penalty_add(
        tournament=tournament, turno=turno, entrant=home, vp=-2, reason="Ritardo", user=director
    )
    rows = {r.entrant.pk: r for r in standings(tournament=tournament)}
    assert rows[home.pk].vp == 26


def test_a_danese_for_teams_turno_is_drawn_from_the_standings_and_explained(director):
    tournament = team_tournament(director, teams=4)
    first = draw_team_turno(tournament, director)
    set_lineups(first, director)
    for match in Match.objects.filter(turno=first):
        enter(room_table(first, match.number, Room.APERTA), director, 1200, 800)
        enter(room_table(first, match.number, Room.CHIUSA), director, 1000, 1000)
    met = {frozenset((m.home.number, m.away.number)) for m in Match.objects.filter(turno=first)}
    second = draw_team_turno(tournament, director, movement="danese", mode="modificato")
    pairs = {frozenset((m.home.number, m.away.number)) for m in Match.objects.filter(turno=second)}
    assert len(pairs) == 2 and not pairs & met  # nobody meets the previous opponent again
    assert second.draw_options["standings"][0][1] == 1  # drawn from the ranking
    assert [n["code"] for n in second.draw_notes][0] == "team_ranking"
