"""Races on a team match (RULES.md section 11): the two rooms' phones confirm their tables and
the director saves one of them, all at once. Real transactions in threads, on SQLite and
PostgreSQL: whoever goes in, the match's MP and VP are always those of both tables as they are
stored (``match_outcome`` of the two), never a match missing a room nor one computed from a
result that was replaced."""

from __future__ import annotations

import time

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from burraco_tourney.rules.match_outcome import match_outcome, seen_from_the_other_line
from burraco_tourney.tournaments import results_bridge
from burraco_tourney.tournaments.models import Match, Room, Table
from burraco_tourney.tournaments.results_bridge import stored_outcome, tournament_rules
from burraco_tourney.tournaments.selectors.player_entries import live_access
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.factories import make_director
from tests.security.test_races import _at_once
from tests.tournaments.player_support import first_save, three_smazzate
from tests.tournaments.teams_support import draw_team_turno, set_lineups, team_tournament

TEAMS = 8
PLAYERS_CARDS, DIRECTOR_CARDS = 185, 150


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_two_rooms_phones_and_the_director_at_once_leave_the_match_of_both_tables(monkeypatch):
    # Reading the other room's result takes a while, as on a busy server: the saves of the two
    # rooms overlap there if nothing makes them take turns.
    real = results_bridge.stored_outcome

    def slow(tournament, table):
        time.sleep(0.05)
        return real(tournament, table)

    director = make_director()
    tournament = team_tournament(director, teams=TEAMS, players_enter=True)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    links = services.turno_links_ensure(turno=turno)
    monkeypatch.setattr(results_bridge, "stored_outcome", slow)
    for match in Match.objects.filter(turno=turno).order_by("number"):
        tables = {t.room: t for t in match.tables.all()}
        accesses = {room: links[t.pk] for room, t in tables.items()}
        for access in accesses.values():
            first_save(access, "ns")
        aperta = live_access(token=accesses[Room.APERTA].token)
        chiusa = live_access(token=accesses[Room.CHIUSA].token)
        seen = Table.objects.get(pk=aperta.table_id).version

        def send(i, aperta=aperta, chiusa=chiusa, seen=seen):
            if i < 2:  # each room's EO phone confirms: the table is accepted
                return services.player_entry_save(
                    access=(aperta, chiusa)[i],
                    line="eo",
                    session="eo-phone",
                    smazzate=three_smazzate(PLAYERS_CARDS),
                    version=0,
                )
            return table_record_smazzate(  # the director saves the aperta from the scorecard
                table=Table(pk=aperta.table_id),
                user=director,
                smazzate=three_smazzate(DIRECTOR_CARDS),
                version=seen,
            )

        results = _at_once(3, send)
        errors = [r for r in results if isinstance(r, Exception)]
        assert all(isinstance(e, ValidationError) for e in errors), errors
        # The chiusa's phone never meets anyone else on its table: it always goes in; at the
        # aperta the phone or the director goes in, the other is refused.
        assert not isinstance(results[1], Exception), results[1]
        assert len(errors) == 1, results

    monkeypatch.undo()
    rules = tournament_rules(tournament)
    for match in Match.objects.filter(turno=turno).prefetch_related("tables"):
        tables = {t.room: t for t in match.tables.all()}
        assert all(t.entry_mode for t in tables.values())
        outcomes = [stored_outcome(tournament, tables[Room.APERTA])]
        outcomes.append(seen_from_the_other_line(stored_outcome(tournament, tables[Room.CHIUSA])))
        expected = match_outcome(rules, outcomes)
        assert (match.ns_mp, match.eo_mp, match.ns_vp, match.eo_vp) == (
            expected.ns_mp,
            expected.eo_mp,
            expected.ns_vp,
            expected.eo_vp,
        ), f"match {match.number}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_a_captain_and_the_director_editing_the_roster_at_once_never_break_a_line_up(
    monkeypatch,
):
    """The captain saves a line-up naming player 1 while the director takes player 1 out of the
    roster: one of them waits for the other, and no line-up ever names a player the roster has
    lost (nor does the removal fail on the database's protection of a line-up's player)."""
    from burraco_tourney.tournaments.models import Lineup, Member
    from burraco_tourney.tournaments.services import teams
    from burraco_tourney.tournaments.services.members import Place
    from tests.tournaments.teams_support import FIRST_FOUR

    real = teams._removal_refused

    def slow(team, removed):  # the director's check of the line-ups takes a while
        time.sleep(0.05)
        return real(team, removed)

    class SlowClock:  # and so does the captain's save, once it has read the roster
        @staticmethod
        def now():
            time.sleep(0.1)
            return timezone.now()

    director = make_director()
    tournament = team_tournament(director, teams=TEAMS)
    turno = draw_team_turno(tournament, director)
    monkeypatch.setattr(teams, "_removal_refused", slow)
    monkeypatch.setattr(teams, "timezone", SlowClock)
    for match in Match.objects.filter(turno=turno).order_by("number"):
        team = match.home
        roster = list(Member.objects.filter(entrant=team).order_by("position"))
        places = [Place(m.printed, person_id=m.person_id) for m in roster[1:]]
        places.append(Place(f"Riserva {team.number}"))

        def send(i, match=match, team=team, places=places):
            if i == 0:
                return teams.lineup_set(match=match, team=team, choice=FIRST_FOUR, by_captain=True)
            fields = {"number": team.number, "name": team.name, "club": team.club}
            return teams.team_update(
                team=team, user=director, places=places, captain=None, **fields
            )

        results = _at_once(2, send)
        errors = [r for r in results if isinstance(r, Exception)]
        assert all(isinstance(e, ValidationError) for e in errors), errors
        left = set(Member.objects.filter(entrant=team).values_list("pk", flat=True))
        lineup = Lineup.objects.filter(match=match, team=team).first()
        if lineup is not None:
            named = {lineup.aperta1_id, lineup.aperta2_id, lineup.chiusa1_id, lineup.chiusa2_id}
            assert named <= left
        if not isinstance(results[1], Exception):  # the removal went in: player 1 is gone
            assert roster[0].pk not in left
    monkeypatch.undo()
