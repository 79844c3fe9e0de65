"""The director's dashboard, the list of his tournaments, and the way in from the public page."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney.tournaments.models import Table, Turno
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def owned(director):
    tournament = make_tournament(name="Torneo della Vigilia", owner=director, planned_turni=2)
    tournament.directors.add(director)
    return tournament


def board(client, tournament):
    response = client.get(reverse("manage:dashboard", args=[tournament.slug]))
    assert response.status_code == 200
    return response.context["board"], response.content.decode()


def test_new_tournament_asks_for_pairs(english, owned):
    state, html = board(english, owned)
    assert state.next_step == "register_pairs"
    assert "Register the pairs" in html
    assert reverse("manage:pairs", args=[owned.slug]) in html
    assert "No turno has been drawn yet." in html


def test_with_pairs_the_next_step_is_drawing_turno_1(english, owned):
    make_pairs(owned, 6)
    state, html = board(english, owned)
    assert (state.next_step, state.pairs) == ("draw_first", 6)
    assert "6 pairs registered" in html
    assert "Draw turno 1" in html
    assert reverse("manage:turni", args=[owned.slug]) in html


def test_a_draft_turno_must_be_published(english, owned):
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)])
    Turno.objects.filter(tournament=owned).update(published=False)
    state, html = board(english, owned)
    assert (state.next_step, state.next_turno) == ("publish_turno", 1)
    assert "Turno 1 is drawn as a draft" in html
    assert "draft" in html
    assert state.missing == ()  # a draft is not played yet: no result is missing


def test_tables_missing_a_result_are_listed_with_links(english, owned):
    make_pairs(owned, 6)
    make_turno(owned, 1, [(1, 2), (3, 4), (5, 6)], totals=[(900, 800), (700, 700), (500, 400)])
    Table.objects.filter(turno__number=1, number__in=[2, 3]).update(entry_mode="")
    state, html = board(english, owned)
    assert (state.next_step, state.next_turno) == ("enter_results", 1)
    assert [t.number for t in state.missing[0].tables] == [2, 3]
    assert (state.tables, state.with_result) == (3, 1)

    def entry(table):
        return reverse("manage:score_entry", args=[owned.slug, 1, table])

    assert entry(2) in html and entry(3) in html
    assert entry(1) not in html
    assert reverse("manage:turno_results", args=[owned.slug, 1]) in html
    assert "Turno 1: 2 tables still have no result." in html


def test_complete_turno_leads_to_the_next_draw_and_the_standings(english, owned):
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    state, html = board(english, owned)
    assert (state.next_step, state.next_turno) == ("draw_next", 2)
    assert "Draw turno 2" in html
    assert reverse("tournaments:standings", args=[owned.slug]) in html
    assert "closed" in html  # the turno's badge: its results are in and it is closed


def test_all_planned_turni_complete_means_final_standings(english, owned):
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    make_turno(owned, 2, [(1, 3), (2, 4)], totals=[(600, 800), (750, 700)])
    state, html = board(english, owned)
    assert state.next_step == "complete"
    assert "All 2 planned turni are complete" in html


def test_odd_pairs_with_a_custom_table_and_no_riposo_value_warn(english, owned):
    owned.vp_table = [{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [20, 0]}]
    owned.save()
    make_pairs(owned, 5)
    state, html = board(english, owned)
    assert state.bye_value_missing
    assert "Set the riposo value" in html


def test_dashboard_queries_do_not_grow_with_the_tournament(english, director):
    def count(tournament) -> int:
        with CaptureQueriesContext(connection) as ctx:
            board(english, tournament)
        return len(ctx.captured_queries)

    small = make_tournament(owner=director)
    make_pairs(small, 4)
    make_turno(small, 1, [(1, 2), (3, 4)])
    big = make_tournament(owner=director)
    make_pairs(big, 20)
    for n in range(1, 4):
        make_turno(big, n, [(i, i + 10) for i in range(1, 11)])
    assert count(small) == count(big)


def test_home_lists_only_my_tournaments(english, owned):
    make_tournament(name="Torneo di un altro")
    shared = make_tournament(name="Torneo condiviso")
    shared.directors.add(owned.owner)
    response = english.get(reverse("manage:home"))
    names = [t.name for t in response.context["tournaments"]]
    assert sorted(names) == ["Torneo condiviso", "Torneo della Vigilia"]
    html = response.content.decode()
    assert reverse("manage:tournament_create") in html
    assert reverse("manage:dashboard", args=[owned.slug]) in html
    assert "shared with you" in html


def test_superuser_sees_every_tournament(client, owned):
    boss = get_user_model().objects.create_superuser("capo", password="Segreto-2026")
    make_tournament(name="Torneo di un altro")
    client.force_login(boss)
    assert len(client.get(reverse("manage:home")).context["tournaments"]) == 2


def test_home_needs_a_login(client):
    response = client.get(reverse("manage:home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_public_page_links_its_directors_to_the_dashboard(client, owned):
    detail = reverse("tournaments:detail", args=[owned.slug])
    dashboard = reverse("manage:dashboard", args=[owned.slug])
    assert dashboard not in client.get(detail).content.decode()
    client.force_login(make_director("altro"))
    assert dashboard not in client.get(detail).content.decode()
    client.force_login(owned.owner)
    html = client.get(detail).content.decode()
    assert dashboard in html


def test_director_menu_reaches_every_director_page(english, owned):
    html = english.get(reverse("manage:dashboard", args=[owned.slug])).content.decode()
    for name in ("tournament_edit", "pairs", "turni", "penalties", "audit", "meld_checker"):
        assert reverse(f"manage:{name}", args=[owned.slug]) in html
    assert reverse("exports:downloads", args=[owned.slug]) in html
    assert reverse("archive:export", args=[owned.slug]) in html
    home = english.get(reverse("manage:home")).content.decode()
    assert reverse("archive:import") in home
    assert reverse("manage:meld_checker") in home
