"""The Mitchell steps offered by the draw form know the turni already played in the tournament."""

from pathlib import Path

import pytest
from django.urls import reverse

from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Tournament, Turno
from tests.tournaments.turni_support import (
    director_tournament,
    draw_and_publish,
    draw_ok,
    seats,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_by_default")]


def step_form(client, tournament: Tournament, number: int | None = None):
    """The draw form of the turni page (the next turno), or of the preview of draft ``number``."""
    if number is None:
        url = reverse("manage:turni", args=[tournament.slug])
    else:
        url = reverse("manage:turno_preview", args=[tournament.slug, number])
    response = client.get(url)
    assert response.status_code == 200
    return response.context["form"], response.content.decode()


def labels(form) -> list[str]:
    return [str(label) for _, label in form.fields["step"].choices]


def test_after_a_danese_turno_the_steps_count_the_meeting_that_comes_back(
    director_client, director
):
    tournament = director_tournament(director, 6)
    danese = draw_and_publish(director_client, tournament, movement="danese", mode="modificato")
    assert seats(danese) == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
    form, html = step_form(director_client, tournament)
    # 3 v 4 met in the Danese: step 1 seats them again in turno 4, step 2 in turno 3. Without
    # the Danese both steps would give 3 turni.
    assert labels(form) == [
        "1 (2 turni without a rematch), recommended",
        "2 (1 turno without a rematch)",
    ]
    # The last turno was not a Mitchell: the form starts from the recommended step.
    assert form["step"].value() == 1
    assert "Turni without a rematch with this step: 2." in html
    turno = draw_ok(director_client, tournament, movement="mitchell", step="2")
    assert [s[1:] for s in seats(turno)] == [(1, 4), (2, 5), (3, 6)]
    assert not [n for n in turno.draw_notes if n["code"] == "mitchell_rematches"]


def test_after_a_seating_by_hand_the_steps_report_the_tables_meeting_again(
    director_client, director
):
    tournament = director_tournament(director, 6)
    draw_and_publish(director_client, tournament, movement="manual", seating="1 4\n2 6\n3 5")
    form, html = step_form(director_client, tournament)
    # Mitchell round 1 is 1 v 4, 2 v 5, 3 v 6 whatever the step: table 1 meets again.
    assert labels(form) == [
        "1 (1 table meets again in this turno)",
        "2 (1 table meets again in this turno)",
    ]
    assert "recommended" not in html
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert {"code": "mitchell_rematches", "params": {"rematches": 1, "tables": 3}} in (
        turno.draw_notes
    )
    # The preview says how many tables repeat a meeting, and which; its redraw form weighs the
    # steps against turno 1 only, not against the draft itself.
    form, html = step_form(director_client, tournament, turno.number)
    assert "1 of the 3 tables repeats a meeting already played in this tournament." in html
    assert "Pair 1 and pair 4 already met in turno 1." in html
    assert labels(form)[0] == "1 (1 table meets again in this turno)"
    assert "With this step 1 table of this turno repeats a meeting already played." in html


def test_a_mitchell_going_on_with_its_step_keeps_it_and_counts_the_turni_left(
    director_client, director
):
    tournament = director_tournament(director, 12)
    draw_and_publish(director_client, tournament, movement="mitchell", step="2")
    form, _html = step_form(director_client, tournament)
    # Round 2: step 1 goes on to round 6, step 2 to round 3 (round 4 is round 1 again).
    assert labels(form) == [
        "1 (5 turni without a rematch), recommended",
        "2 (2 turni without a rematch)",
        "3 (1 turno without a rematch)",
    ]
    # The director's step stays chosen.
    assert form.initial["step"] == 2
    turno = draw_ok(director_client, tournament, movement="mitchell", step="2")
    assert not [n for n in turno.draw_notes if n["code"] in ("mitchell_rematches", "rematch")]


def test_a_mitchell_coming_round_reports_every_table_meeting_again(director_client, director):
    tournament = director_tournament(director, 4)  # two tables, step 1: two turni
    for _ in range(2):
        draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    form, _html = step_form(director_client, tournament)
    assert labels(form) == ["1 (2 tables meet again in this turno)"]
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    _form, html = step_form(director_client, tournament, turno.number)
    # The rotation note says it once, each table names its pairs; no count on top.
    assert (
        "Round 3 of the movement goes beyond the 2 turni without a rematch: pairs meet again."
        in html
    )
    assert "Pair 1 and pair 3 already met in turno 1." in html
    assert "of the 2 tables repeat a meeting already played in this tournament" not in html


DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo.json"


def test_a_mitchell_read_from_an_archive_goes_on_where_it_was(director_client, director):
    """An archive carries the tables of each turno, not how they were drawn: moved to another
    computer after three Mitchell turni, the evening's fourth goes on with the movement (round 4)
    instead of starting it again, which would seat turno 1's meetings again."""
    tournament = tournament_import(data=DEMO.read_bytes(), owner=director)
    assert all(not t.draw_options for t in tournament.turni.all())
    form, _html = step_form(director_client, tournament)
    # 17 pairs: 9 tables (one missing), step 1 goes on to round 9; before, every step gave
    # "7 tables meet again in this turno".
    assert labels(form)[0] == "1 (6 turni without a rematch), recommended"
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert turno.draw_options["round"] == 4
    assert not [n for n in turno.draw_notes if n["code"] in ("mitchell_rematches", "rematch")]
    played = {frozenset(s[1:]) for t in tournament.turni.filter(number__lt=4) for s in seats(t)}
    assert not {frozenset(s[1:]) for s in seats(turno)} & played
    # NS stay where they sat; EO pair 10, at table 1 in turno 1, has moved on to table 4.
    assert (4, 4, 10) in seats(turno)


def test_a_turno_called_mitchell_but_seated_otherwise_does_not_count_as_a_round(
    director_client, director
):
    tournament = director_tournament(director, 6)
    turno = draw_and_publish(
        director_client, tournament, movement="manual", seating="1 4\n2 6\n3 5"
    )
    Turno.objects.filter(pk=turno.pk).update(movement="mitchell", draw_options={})
    drawn = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert drawn.draw_options["round"] == 1
