"""A team turno's anomalies on the director's results page: grouped under their match ("Match 2:
home – away") and each table named by its room ("Table 1 (closed room)"), not by its number in the
turno."""

from __future__ import annotations

import pytest

from tests.tournaments.scores_support import results_url
from tests.tournaments.teams_support import (
    draw_team_turno,
    enter,
    room_table,
    set_lineups,
    team_tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def turno(director):
    """Turno 1 of four teams: two matches; only match 1's sala aperta has a result."""
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    enter(room_table(turno, 1, "aperta"), director, 1200, 800)
    return turno


def _section(text: str) -> str:
    start = text.index('id="anomalie"')
    return " ".join(text[start : text.index("</section>", start)].split())


def test_a_team_turnos_anomalies_are_grouped_by_match_and_name_their_room(english, turno):
    text = _section(english.get(results_url(turno)).content.decode())
    match_1, match_2 = turno.matches.order_by("number")
    heading_1 = f"Match 1: {match_1.home} – {match_1.away}"
    heading_2 = f"Match 2: {match_2.home} – {match_2.away}"
    assert heading_1 in text and heading_2 in text
    # Match 1 misses its sala chiusa; match 2 both rooms, each under its own match.
    first = text[text.index(heading_1) : text.index(heading_2)]
    second = text[text.index(heading_2) :]
    assert "<strong>Table 1 (closed room)</strong>" in first and "open room" not in first
    assert (
        "<strong>Table 2 (open room)</strong>" in second
        and "<strong>Table 2 (closed room)</strong>" in second
    )
    # The engine's sentence names the table as the page does, not by its number in the turno.
    closed = room_table(turno, 2, "chiusa")
    assert "Table 2 (closed room) has no result yet." in second
    assert f"Table {closed.number} has no result" not in text


def test_a_pairs_turnos_anomalies_have_no_match_heading(english, played_pairs):
    text = _section(english.get(results_url(played_pairs)).content.decode())
    assert "Match 1" not in text
    assert "<strong>Table 3</strong>" in text
    assert "Table 3 has no result yet." in text


@pytest.fixture
def played_pairs(director):
    from tests.factories import make_pairs, make_tournament, make_turno

    tournament = make_tournament(owner=director)
    make_pairs(tournament, 6)
    return make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])


def test_the_italian_page_reads_incontro_and_sala(director_client, turno):
    text = _section(director_client.get(results_url(turno)).content.decode())
    assert "Incontro 1:" in text and "<strong>Tavolo 1 (sala chiusa)</strong>" in text
    assert "Il tavolo 2 (sala aperta) non ha ancora un risultato." in text
