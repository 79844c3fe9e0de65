"""A pair that arrives late (issue 15): added after turno 1 is published, it joins from the next
draw and the turni it missed count as the director chose, in the standings and the change log."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Entrant, MissedTurni
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_pairs_bulk import _xlsx, upload
from tests.tournaments.turni_support import (
    byes,
    director_tournament,
    draw_and_publish,
    draw_ok,
    enter_totals,
    seats,
)

pytestmark = pytest.mark.django_db

BANDS = [{"max": 100, "vp": [10, 10]}, {"max": 500, "vp": [12, 8]}, {"max": None, "vp": [20, 0]}]


def pairs_url(tournament):
    return reverse("manage:pairs", args=[tournament.slug])


def standings_page(client, tournament, after=None) -> str:
    url = reverse("tournaments:standings", args=[tournament.slug])
    return client.get(url + (f"?dopo={after}" if after else "")).content.decode()


@pytest.fixture
def played(director, english):
    """Eight pairs, turno 1 drawn (Mitchell), published and played (every table 1000-1000)."""
    tournament = director_tournament(director, pairs=8)
    turno = draw_and_publish(english, tournament, movement="mitchell", step="1")
    enter_totals(turno)
    return tournament


def add_late(client, tournament, **late):
    data = {"player1": "Neri Ugo", "player2": "Galli Vera", "club": "", **late}
    return client.post(pairs_url(tournament), data)


def test_before_any_turno_is_published_a_pair_is_simply_registered(english, director):
    tournament = director_tournament(director, pairs=8)
    page = english.get(pairs_url(tournament)).content.decode()
    assert "Arriving late" not in page
    assert add_late(english, tournament).status_code == 302
    pair = tournament.entrants.get(number=9)
    assert (pair.joined_turno, pair.missed) == (None, "")


def test_after_turno_1_the_form_asks_how_the_missed_turno_counts(english, played):
    page = english.get(pairs_url(played)).content.decode()
    assert "Arriving late: plays from turno 2" in page
    assert "As a riposo (14 VP, +355 MP of scarto each)" in page
    # The riposo value is the choice offered first.
    assert re.search(r'<input type="radio" name="missed" value="bye"[^>]* checked', page)


def test_late_pair_scored_as_riposo_plays_turno_2_and_is_marked(english, played):
    response = add_late(english, played, missed="bye")
    assert response.status_code == 302
    pair = played.entrants.get(number=9)
    assert (pair.joined_turno, pair.missed) == (2, MissedTurni.BYE)
    entry = AuditEntry.objects.filter(action="pair_create").latest("at")
    assert entry.after["joined_turno"] == 2 and entry.after["missed"] == "bye"

    turno = draw_ok(english, played, movement="mitchell", step="1")
    seated = {n for _t, ns, eo in seats(turno) for n in (ns, eo)} | set(byes(turno))
    assert 9 in seated and len(byes(turno)) == 1
    assert 9 not in byes(turno)  # the turno it missed counts as its riposo
    preview = english.get(reverse("manage:turno_preview", args=[played.slug, 2])).content.decode()
    assert "Pair 9 joins in this turno." in preview

    page = standings_page(english, played, after=1)
    assert "Joined late: turno 1 scored as a riposo (14 VP, +355 MP of scarto)" in page
    row = next(r for r in _standings(played, 1) if r.pair.number == 9)
    assert (row.vp, row.scarto, row.absent) == (14, 355, (1,))


def _standings(tournament, after):
    from burraco_tourney.tournaments.selectors.standings import standings

    return standings(tournament=tournament, after_turno=after)


def test_late_pair_with_a_typed_value(english, played):
    assert add_late(english, played, missed="value", missed_vp="8", missed_mp="-100").status_code
    row = next(r for r in _standings(played, 1) if r.pair.number == 9)
    assert (row.vp, row.scarto, row.mp) == (8, -100, 0)
    assert "Joined late: turno 1 scored 8 VP, -100 MP" in standings_page(english, played, 1)


def test_a_typed_value_needs_its_vp_and_mp(english, played):
    response = add_late(english, played, missed="value", missed_vp="")
    assert response.status_code == 200
    late_form = response.context["late_form"]
    assert "missed_vp" in late_form.errors and "missed_mp" in late_form.errors
    assert not played.entrants.filter(number=9).exists()


def test_late_pair_scored_nothing(english, played):
    add_late(english, played, missed="none")
    row = next(r for r in _standings(played, 1) if r.pair.number == 9)
    assert (row.vp, row.scarto) == (0, 0)
    assert "Joined late: turno 1 not scored" in standings_page(english, played, 1)


def test_without_a_riposo_value_the_riposo_choice_is_not_offered(english, director):
    tournament = make_tournament(owner=director, vp_table=BANDS)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 700), (800, 800)])
    tournament.turni.update(published=True)
    page = english.get(pairs_url(tournament)).content.decode()
    assert "Arriving late: plays from turno 2" in page
    assert "As a riposo" not in page
    response = add_late(english, tournament, missed="bye")
    assert response.status_code == 200
    assert "missed" in response.context["late_form"].errors


@pytest.mark.parametrize("movement", ["danese", "italiana"])
def test_other_movements_seat_the_late_pair(english, played, movement):
    add_late(english, played, missed="bye")
    add_late(english, played, missed="bye", player1="Conti Zeno")  # pair 10: an even field
    turno = draw_ok(english, played, movement=movement, mode="modificato")
    seated = {n for _t, ns, eo in seats(turno) for n in (ns, eo)}
    assert {9, 10} <= seated and byes(turno) == []


def test_a_manual_seating_may_seat_the_late_pair(english, played):
    add_late(english, played, missed="none")
    turno = draw_ok(english, played, movement="manual", seating="1 9\n2 8\n3 7\n4 6", byes="5")
    assert (1, 1, 9) in seats(turno)


def test_a_later_draft_is_flagged_to_be_drawn_again(english, played):
    draw_ok(english, played, movement="mitchell", step="1")
    page = english.get(pairs_url(played)).content.decode()
    assert "Turno 2 is a draft: a pair added now is seated in it only when it is drawn" in page


def test_a_pasted_list_after_a_turno_is_late_with_one_choice(english, played):
    url = reverse("manage:pairs_paste", args=[played.slug])
    text = "Neri Ugo - Galli Vera\nConti Zeno - Fabbri Olga"
    preview = english.post(url, {"text": text, "action": "preview"}).content.decode()
    assert "Arriving late: plays from turno 2" in preview
    late = {"missed": "value", "missed_vp": "10", "missed_mp": "0"}
    response = english.post(url, {"text": text, "action": "save", **late})
    assert response.status_code == 302
    late = Entrant.objects.filter(tournament=played, number__in=[9, 10])
    assert {(p.joined_turno, p.missed, p.missed_vp) for p in late} == {(2, "value", 10)}
    entry = AuditEntry.objects.get(action="pairs_import")
    assert all(item["missed"] == "value" and item["missed_vp"] == 10 for item in entry.after)


def test_an_imported_file_after_a_turno_is_late_with_one_choice(english, played):
    url = reverse("manage:pairs_import", args=[played.slug])
    data = _xlsx([["Neri Ugo", "Galli Vera"], ["Conti Zeno", "Fabbri Olga"]])
    response = english.post(url, {"file": upload("tardi.xlsx", data)})
    assert "Arriving late: plays from turno 2" in response.content.decode()
    payload = response.context["payload"]
    response = english.post(url, {"payload": payload, "missed": "none"})
    assert response.status_code == 302
    late = Entrant.objects.filter(tournament=played, number__in=[9, 10])
    assert {(p.joined_turno, p.missed) for p in late} == {(2, "none")}


def test_the_change_log_shows_the_choice_in_words(english, played):
    add_late(english, played, missed="bye")
    page = english.get(reverse("manage:audit", args=[played.slug])).content.decode()
    assert "Joined in turno" in page and "as a riposo" in page


def test_a_knock_out_asks_nothing_of_a_pair_added_after_round_1(english, director):
    from tests.tournaments.ko_support import ko_tournament, start

    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    assert "Arriving late" not in english.get(pairs_url(tournament)).content.decode()
    assert add_late(english, tournament).status_code == 302
    assert tournament.entrants.get(number=5).joined_turno is None
