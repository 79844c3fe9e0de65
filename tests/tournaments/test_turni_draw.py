"""Drawing each movement through the director's turni page: what is seated and what is explained."""

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import Entrant, Turno
from burraco_tourney.tournaments.selectors.standings import standings
from tests.tournaments.turni_support import (
    byes,
    director_tournament,
    draw,
    draw_and_publish,
    draw_ok,
    enter_totals,
    form_errors,
    seats,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_by_default")]


def preview(client, turno: Turno) -> str:
    url = reverse("manage:turno_preview", args=[turno.tournament.slug, turno.number])
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_mitchell_turno_1_seats_pairs_in_number_order(director_client, director):
    tournament = director_tournament(director, 12)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert (turno.number, turno.movement, turno.published) == (1, "mitchell", False)
    # First half NS at tables 1..6 and staying; the others EO.
    assert seats(turno) == [(t, t, t + 6) for t in range(1, 7)]
    assert byes(turno) == []
    assert turno.draw_options["step"] == 1
    assert turno.draw_options["rematch_free_turni"] == 6
    html = preview(director_client, turno)
    assert "With this step 6 turni are played without a rematch." in html


def test_mitchell_turno_2_moves_eo_pairs_by_the_step(director_client, director):
    tournament = director_tournament(director, 12)
    draw_and_publish(director_client, tournament, movement="mitchell", step="2")
    turno = draw_ok(director_client, tournament, movement="mitchell", step="2")
    assert turno.number == 2
    assert turno.draw_options["round"] == 2
    # EO pair k (7..12) sits at table k + 2 (mod 6): table 1 gets EO pair 5 (pair 11).
    assert seats(turno) == [(1, 1, 11), (2, 2, 12), (3, 3, 7), (4, 4, 8), (5, 5, 9), (6, 6, 10)]
    html = preview(director_client, turno)
    assert "With this step 3 turni are played without a rematch." in html
    assert "Mitchell, round 2 of the movement:" in html


def test_mitchell_beyond_the_rematch_free_turni_is_flagged(director_client, director):
    tournament = director_tournament(director, 12)
    draw_and_publish(director_client, tournament, movement="mitchell", step="3")
    draw_and_publish(director_client, tournament, movement="mitchell", step="3")
    turno = draw_ok(director_client, tournament, movement="mitchell", step="3")
    assert seats(turno) == [(t, t, t + 6) for t in range(1, 7)]  # turno 1 again
    codes = [n["code"] for n in turno.draw_notes]
    assert "mitchell_repeat" in codes
    assert codes.count("rematch") == 6
    html = preview(director_client, turno)
    assert "goes beyond the 2 turni without a rematch" in html
    assert "Pair 1 and pair 7 already met in turno 1." in html


def test_mitchell_step_too_big_for_the_tables_is_refused_next_to_the_step(
    director_client, director
):
    tournament = director_tournament(director, 4)  # two tables: only step 1 exists
    response = draw(director_client, tournament, movement="mitchell", step="2")
    assert response.status_code == 200
    assert "step" in form_errors(response)
    assert not tournament.turni.exists()


def test_mitchell_continues_its_rotation_after_a_danese_turno(director_client, director):
    tournament = director_tournament(director, 12)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    enter_totals(first)
    danese = draw_and_publish(director_client, tournament, movement="danese", mode="modificato")
    enter_totals(danese)
    third = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert third.draw_options["round"] == 2
    assert seats(third)[0] == (1, 1, 12)


def test_danese_ranks_by_the_standings_and_avoids_the_previous_opponent(director_client, director):
    tournament = director_tournament(director, 12)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    # Tables 1v7 2v8 3v9 4v10 5v11 6v12.
    enter_totals(first, [(1100, 1000), (1600, 1000), (1000, 2000), (1000, 1000),
                         (1300, 1000), (1000, 1000)])  # fmt: skip
    turno = draw_ok(director_client, tournament, movement="danese", mode="modificato")
    ranking = [s.pair.number for s in standings(tournament=tournament, after_turno=1)]
    assert [row[0] for row in turno.draw_options["standings"]] == ranking
    assert ranking[:4] == [9, 2, 5, 1]
    previous = {frozenset(s[1:]) for s in seats(first)}
    assert all(frozenset(s[1:]) not in previous for s in seats(turno))
    # Table 1 holds the two best pairs, the better one NS.
    assert seats(turno)[0] == (1, 9, 2)
    html = preview(director_client, turno)
    assert "Ranking used (standings after turno 1)" in html


def test_danese_modificato_swaps_to_avoid_the_previous_opponent(director_client, director):
    tournament = director_tournament(director, 12, planned_turni=3)
    first = draw_and_publish(director_client, tournament, movement="danese", mode="modificato")
    assert seats(first) == [(t, 2 * t - 1, 2 * t) for t in range(1, 7)]
    enter_totals(first)  # every table a draw: the ranking stays 1, 2, 3, ...
    turno = draw_ok(director_client, tournament, movement="danese", mode="modificato")
    assert [s[1:] for s in seats(turno)] == [(1, 3), (2, 4), (5, 7), (6, 8), (9, 11), (10, 12)]
    swaps = [n["params"] for n in turno.draw_notes if n["code"] == "swap_avoid_rematch"]
    assert swaps[0] == {
        "pair": 1, "opponent": 3, "instead_of": 2, "reason": "met_previous_turno", "rank": 1
    }  # fmt: skip
    html = preview(director_client, turno)
    assert (
        "Pair 1 (ranked 1) meets pair 3 instead of pair 2: they met in the previous turno." in html
    )


def test_danese_puro_allows_the_rematch_and_says_so(director_client, director):
    tournament = director_tournament(director, 4)
    first = draw_and_publish(director_client, tournament, movement="danese", mode="puro")
    enter_totals(first)
    turno = draw_ok(director_client, tournament, movement="danese", mode="puro")
    assert [s[1:] for s in seats(turno)] == [(1, 2), (3, 4)]
    assert "Danese puro allows it." in preview(director_client, turno)


def test_danese_last_turno_is_automatic_from_the_planned_turni_with_an_override(
    director_client, director
):
    tournament = director_tournament(director, 4, planned_turni=2)
    first = draw_and_publish(director_client, tournament, movement="danese", mode="modificato")
    enter_totals(first)
    turno = draw_ok(director_client, tournament, movement="danese", mode="modificato")
    assert turno.draw_options["last_turno"] is True
    assert [s[1:] for s in seats(turno)] == [(1, 2), (3, 4)]  # allowed in the last turno
    # Overridden: not the last turno, so the previous opponents are avoided.
    url = reverse("manage:turno_redraw", args=[tournament.slug, 2])
    director_client.post(url, {"movement": "danese", "mode": "modificato", "last_turno": "no"})
    turno.refresh_from_db()
    assert turno.draw_options["last_turno"] is False
    assert [s[1:] for s in seats(turno)] == [(1, 3), (2, 4)]


def test_danese_is_refused_while_the_previous_turno_misses_results(director_client, director):
    tournament = director_tournament(director, 12)
    draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    response = draw(director_client, tournament, movement="danese", mode="modificato")
    assert response.status_code == 200
    errors = form_errors(response)["__all__"]
    assert "turno 1 still has 6 tables without a result" in errors[0]
    assert tournament.turni.count() == 1


def test_withdrawn_pairs_are_not_drawn(director_client, director):
    tournament = director_tournament(director, 13)
    Entrant.objects.filter(tournament=tournament, number=13).update(withdrawn=True)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert byes(turno) == []
    assert 13 not in {p for s in seats(turno) for p in s[1:]}


def test_odd_pairs_rest_in_turn_over_mitchell_and_danese_turni(director_client, director):
    tournament = director_tournament(director, 7)
    rested = []
    for number in range(1, 8):
        data = {"movement": "mitchell", "step": "1"} if number <= 4 else {"movement": "danese"}
        turno = draw_and_publish(director_client, tournament, mode="modificato", **data)
        assert len(byes(turno)) == 1 and len(seats(turno)) == 3
        rested += byes(turno)
        enter_totals(turno)
    # The Mitchell phantom visits tables 4, 1, 2, 3; then the pairs that have not rested.
    assert rested[:4] == [4, 1, 2, 3]
    assert sorted(rested) == [1, 2, 3, 4, 5, 6, 7]
    turno = tournament.turni.get(number=5)
    assert "rests" in preview(director_client, turno)


def test_italiana_follows_the_calendar_and_stops_at_its_end(director_client, director):
    tournament = director_tournament(director, 6)
    first = draw_and_publish(director_client, tournament, movement="italiana")
    assert [s[1:] for s in seats(first)] == [(1, 6), (2, 5), (3, 4)]
    second = draw_and_publish(director_client, tournament, movement="italiana")
    assert [s[1:] for s in seats(second)] == [(5, 1), (6, 4), (2, 3)]
    assert "round 2 of the 5 of the calendar" in preview(director_client, second)
    for _ in range(3):
        draw_and_publish(director_client, tournament, movement="italiana")
    met = {frozenset(s[1:]) for t in tournament.turni.all() for s in seats(t)}
    assert len(met) == 15  # everyone met everyone once
    response = draw(director_client, tournament, movement="italiana")
    assert "movement" in form_errors(response)
    assert tournament.turni.count() == 5


def test_italiana_with_odd_pairs_rests_each_pair_once(director_client, director):
    tournament = director_tournament(director, 5)
    rested = []
    for _ in range(5):
        rested += byes(draw_and_publish(director_client, tournament, movement="italiana"))
    assert sorted(rested) == [1, 2, 3, 4, 5]


def test_manual_seating_is_stored_as_typed(director_client, director):
    tournament = director_tournament(director, 5)
    turno = draw_ok(
        director_client, tournament, movement="manual", seating="3 1\n\n5-2\n", byes="4"
    )
    assert seats(turno) == [(1, 3, 1), (2, 5, 2)]
    assert byes(turno) == [4]
    assert turno.draw_options == {"seats": [[3, 1], [5, 2]], "byes": [4]}
    html = preview(director_client, turno)
    assert "Seated by hand: 2 tables." in html
    assert "Pair 4 rests, as the director chose." in html


def test_manual_resting_pair_that_already_rested_is_flagged(director_client, director):
    tournament = director_tournament(director, 3)
    draw_and_publish(director_client, tournament, movement="manual", seating="1 2", byes="3")
    turno = draw_ok(director_client, tournament, movement="manual", seating="1 2", byes="3")
    codes = [n["code"] for n in turno.draw_notes]
    assert "bye_again" in codes and "rematch" in codes


@pytest.mark.parametrize(
    ("seating", "rest", "field", "words"),
    [
        ("1 2\n3 x\n", "", "seating", 'Line 2 ("3 x")'),
        ("1 2 3\n", "", "seating", "Line 1"),
        ("", "", "seating", "Type at least one table."),
        ("1 9\n3 4\n", "5", "seating", "9"),  # unknown pair
        ("1 1\n3 4\n", "5", "seating", "1"),  # same pair both lines
        ("1 2\n2 4\n", "5", "seating", "2"),  # seated twice
        ("1 2\n", "5", "seating", "3"),  # pair 3 (and 4) missing
        ("1 2\n3 4\n", "x", "byes", '"x" is not a pair number.'),
        ("1 2\n3 4\n", "9", "byes", "9"),  # unknown resting pair
        ("1 2\n3 4\n", "4", "byes", "4"),  # seated and resting
        ("1 2\n3 4\n", "5 5", "byes", "5"),  # rests twice
        ("1 2\n", "3 4 5", "byes", "3"),  # too many byes
    ],
)
def test_manual_seating_errors_show_next_to_the_field(
    director_client, director, seating, rest, field, words
):
    tournament = director_tournament(director, 5)
    response = draw(director_client, tournament, movement="manual", seating=seating, byes=rest)
    assert response.status_code == 200
    errors = form_errors(response)
    assert field in errors, errors
    assert words in " ".join(errors[field])
    assert not tournament.turni.exists()
    assert "errorlist" in response.content.decode()


def test_manual_bye_with_an_even_number_of_pairs_is_refused(director_client, director):
    tournament = director_tournament(director, 4)
    response = draw(director_client, tournament, movement="manual", seating="1 2", byes="3 4")
    assert "byes" in form_errors(response)
    assert not tournament.turni.exists()


def test_each_turno_may_use_another_movement(director_client, director):
    tournament = director_tournament(director, 8)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    enter_totals(first)
    second = draw_and_publish(director_client, tournament, movement="danese", mode="no_rematch")
    third = draw_and_publish(
        director_client, tournament, movement="manual", seating="1 8\n2 7\n3 6\n4 5"
    )
    assert [t.movement for t in (first, second, third)] == ["mitchell", "danese", "manual"]
    page = director_client.get(reverse("manage:turni", args=[tournament.slug]))
    html = page.content.decode()
    assert "Draw turno 4" in html
    # The form starts from the movement of the last turno.
    assert page.context["form"].initial["movement"] == "manual"
    assert page.context["form"].initial.get("seating") is None
