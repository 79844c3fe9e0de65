"""A circuit's standings read from its tournaments (``seasons.selectors``): the registry's
people, placement points, best 2 of 3, the minimum, players whoever the partner."""

from __future__ import annotations

import pytest

from burraco_tourney.seasons.models import Circuit
from burraco_tourney.seasons.selectors import circuit_standings
from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.selectors.standings import standings_choice

from .factory import make_season

pytestmark = pytest.mark.django_db


def _circuit(tournaments, **fields) -> Circuit:
    values = {"name": "Circuito di primavera", "slug": "primavera", "scoring": "placement"}
    values.update(fields)
    circuit = Circuit.objects.create(**values)
    circuit.tournaments.set(tournaments)
    return circuit


def _summary(standings):
    return [
        (
            line.rank,
            line.name,
            line.total,
            [(r.tournament.code, r.score) for r in line.counted],
            [(r.tournament.code, r.score) for r in line.dropped],
        )
        for line in standings.lines
    ]


def test_pairs_best_two_of_three_by_placement_points():
    circuit = _circuit(make_season(), placement_table=[100, 70, 50, 30], best=2, minimum=2)
    standings = circuit_standings(circuit=circuit)
    assert _summary(standings) == [
        (1, "Bianchi Bruno – Rossi Anna", 170, [("T1", 100), ("T3", 70)], [("T2", 30)]),
        (2, "Esposito Fabio – Ferrari Elena", 150, [("T1", 50), ("T3", 100)], [("T2", 50)]),
        (3, "Colombo Luca – Romano Giulia", 140, [("T1", 70), ("T2", 70)], []),
        (4, "Russo Dario – Verdi Carla", 130, [("T1", 30), ("T2", 100)], []),
        (None, "Romano Giulia – Russo Dario", 50, [("T3", 50)], []),
        (None, "Colombo Luca – Verdi Carla", 30, [("T3", 30)], []),
    ]
    assert not standings.provisional


def test_players_whoever_the_partner_and_the_formula():
    # N − 5 × (place − 1) with 4 pairs: 4, 0, 0, 0 — only the winners score.
    circuit = _circuit(make_season(), ranks="players", best=2)
    lines = {line.name: line for line in circuit_standings(circuit=circuit).lines}
    # Carla Verdi: won evening 2 with Dario Russo, lost evening 3 with Luca Colombo.
    carla = lines["Verdi Carla"]
    assert [(r.tournament.code, r.place, r.score) for r in carla.results] == [
        ("T1", 4, 0),
        ("T2", 1, 4),
        ("T3", 4, 0),
    ]
    assert carla.total == 4 and len(carla.dropped) == 1
    assert lines["Rossi Anna"].total == 4 and lines["Rossi Anna"].attendances == 3


def test_total_vp_and_a_result_changed_in_a_tournament_shows_at_once():
    tournaments = make_season()
    circuit = _circuit(tournaments, scoring="vp")
    before = {line.name: line.total for line in circuit_standings(circuit=circuit).lines}
    # Evening 3's first table: C now loses to E.
    table = Table.objects.get(turno__tournament=tournaments[2], number=1)
    table.ns_mp, table.eo_mp = 500, 1000
    table.save()
    from burraco_tourney.tournaments.services.results import tournament_recompute_results

    tournament_recompute_results(tournament=tournaments[2])
    after = {line.name: line.total for line in circuit_standings(circuit=circuit).lines}
    assert after["Esposito Fabio – Ferrari Elena"] < before["Esposito Fabio – Ferrari Elena"]
    assert after["Colombo Luca – Verdi Carla"] > before["Colombo Luca – Verdi Carla"]


def test_qualification_and_the_attendance_view():
    circuit = _circuit(
        make_season(), placement_table=[100, 70, 50, 30], best=2, minimum=2,
        qualification="top", qualify_value=2,
    )  # fmt: skip
    standings = circuit_standings(circuit=circuit)
    assert [line.row.qualified for line in standings.lines] == [True, True] + [False] * 4
    attendance = standings.attendance()
    assert [(a.line.name, a.present) for a in attendance[:2]] == [
        ("Bianchi Bruno – Rossi Anna", (True, True, True)),
        ("Esposito Fabio – Ferrari Elena", (True, True, True)),
    ]
    assert attendance[-1].present == (False, False, True)


def test_a_tournament_not_over_makes_the_circuit_provisional():
    tournaments = make_season()
    # Evening 2 planned a second turno: not over; evening 3's turno is reopened.
    tournaments[1].planned_turni = 2
    tournaments[1].save()
    tournaments[2].turni.update(closed_at=None)
    circuit = _circuit(tournaments)
    standings = circuit_standings(circuit=circuit)
    assert standings.provisional
    assert [t.final for t in standings.tournaments] == [True, False, False]
    # The same answer as each tournament's own standings page gives.
    assert [t.final for t in standings.tournaments] == [
        standings_choice(tournament=t).final(None) for t in tournaments
    ]


def test_an_individual_tournament_counts_for_its_players():
    from tests.tournaments.individual_support import (
        drawn_turno,
        enter_totals,
        individual_tournament,
    )

    tournaments = make_season()
    # A list's row finds the person written the same way (a near spelling waits for the
    # director's yes): the registry's names, as the evenings made them.
    names = ["Rossi Anna", "Bianchi Bruno", "Verdi Carla", "Russo Dario"]
    names += ["Ferrari Elena", "Esposito Fabio", "Romano Giulia", "Colombo Luca"]
    solo, director = individual_tournament(names=names, name="Individuale", planned_turni=1)
    enter_totals(drawn_turno(solo, director), director, [(1000, 500), (800, 600)])
    circuit = _circuit([*tournaments, solo], ranks="players", scoring="vp")
    standings = circuit_standings(circuit=circuit)
    solo_code = standings.tournaments[-1].code
    assert standings.tournaments[-1].tournament == solo and standings.tournaments[-1].entrants == 8
    lines = {line.name: line for line in standings.lines}
    # The individual list's Rossi Anna is the registry's Rossi Anna of the three evenings.
    anna = lines["Rossi Anna"]
    assert [r.tournament.code for r in anna.results] == ["T1", "T2", "T3", solo_code]
    vp = {row.entrant.name: row.vp for row in solo.fmt.standings.rows(solo)}
    assert anna.results[-1].score == vp["Rossi Anna"]
    assert anna.total == sum(r.score for r in anna.results)
