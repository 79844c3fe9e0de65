"""A table's phone calls the arbitro ("segnala un problema"): the room board shows the table
red with the message until a director clears it there; both are in the change log (issue 26)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, TableProblem
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.table_problems import (
    TABLE_PROBLEM,
    TABLE_PROBLEM_CLEAR,
    table_problem_report,
)
from tests.factories import make_director
from tests.security.test_races import _at_once
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


def _setup(client):
    tournament, turno = players_turno()
    director = make_director()
    tournament.directors.add(director)
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    client.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    return tournament, turno, access, director


def test_a_call_shows_red_on_the_board_until_the_director_clears_it(client):
    tournament, turno, access, director = _setup(client)
    answer = client.post(
        reverse("table:problem", args=[access.token]),
        {"message": "  Manca una carta  "},
        follow=True,
    )
    assert "L&#x27;arbitro è stato chiamato" in answer.content.decode()
    problem = TableProblem.objects.get()
    assert (problem.line, problem.message, problem.cleared_at) == ("eo", "Manca una carta", None)

    arbitro = type(client)()
    arbitro.force_login(director)
    tiles = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    board = arbitro.get(tiles).content.decode()
    assert 'data-table="1" data-state="entering" data-problem="1"' in board
    assert "Arbitro chiamato · EO: Manca una carta" in board
    assert 'data-table="2" data-state="not_started">' in board
    # The legend counts the tables calling the arbitro, beside the states.
    assert '<li class="tile-state state-problem">' in board
    assert "Arbitro chiamato: <strong>1</strong>" in board

    table_page = reverse("manage:room_table", args=[tournament.slug, 1, 1])
    assert "Manca una carta" in arbitro.get(table_page).content.decode()
    clear = reverse("manage:room_problem_clear", args=[tournament.slug, 1, 1])
    assert arbitro.post(clear).status_code == 302
    problem.refresh_from_db()
    assert problem.cleared_by == director and problem.cleared_at is not None
    cleared = arbitro.get(tiles).content.decode()
    assert 'data-problem="1"' not in cleared
    assert "Arbitro chiamato: <strong>0</strong>" in cleared
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == [TABLE_PROBLEM, TABLE_PROBLEM_CLEAR]


def test_only_the_tournaments_directors_clear_a_call(client):
    tournament, turno, access, director = _setup(client)
    client.post(reverse("table:problem", args=[access.token]), {"message": ""})
    clear = reverse("manage:room_problem_clear", args=[tournament.slug, 1, 1])
    assert client.post(clear).status_code == 302  # to the login page
    other = type(client)()
    other.force_login(make_director("altro"))
    assert other.post(clear).status_code == 404
    assert TableProblem.objects.get().cleared_at is None


def test_a_too_long_message_is_refused_and_nothing_is_kept(client):
    _, _, access, _ = _setup(client)
    answer = client.post(
        reverse("table:problem", args=[access.token]), {"message": "x" * 201}, follow=True
    )
    assert "200 caratteri al massimo" in answer.content.decode()
    assert not TableProblem.objects.exists()


def test_the_phone_shows_its_tables_call_after_a_reload_until_it_is_cleared(client):
    tournament, turno, access, director = _setup(client)
    page = reverse("table:page", args=[access.token])
    assert "open-call" not in client.get(page).content.decode()
    client.post(reverse("table:problem", args=[access.token]), {"message": "Manca una carta"})

    # Opened again (no message of the post any more): the call is still said.
    html = client.get(page).content.decode()
    assert "open-call" in html
    assert "Arbitro chiamato alle" in html and "da Est-Ovest: «Manca una carta»" in html
    # The other line's phone sees it too: it is the table's call.
    other = type(client)()
    other.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    assert "Manca una carta" in other.get(page).content.decode()

    arbitro = type(client)()
    arbitro.force_login(director)
    arbitro.post(reverse("manage:room_problem_clear", args=[tournament.slug, 1, 1]))
    assert "open-call" not in client.get(page).content.decode()


CALL_ID = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f"


def test_a_call_sent_again_after_its_answer_was_lost_is_kept_once(client):
    tournament, turno, access, director = _setup(client)
    url = reverse("table:problem", args=[access.token])
    for _ in range(2):  # the phone never heard the first answer and sends it again
        client.post(url, {"message": "Manca una carta", "client_id": CALL_ID})
    assert TableProblem.objects.count() == 1
    assert AuditEntry.objects.filter(action=TABLE_PROBLEM).count() == 1
    # Another call from the same phone (a new id) is a new call.
    client.post(url, {"message": "Tempo scaduto", "client_id": "another-call-id-01"})
    assert TableProblem.objects.count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_the_same_call_arriving_twice_at_once_is_kept_once():
    _, turno = players_turno()
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]

    def call(i):
        return table_problem_report(
            access=access, line="ns", session="a", message="Manca una carta", client_id=CALL_ID
        )

    results = _at_once(2, call)
    assert all(isinstance(r, TableProblem) for r in results), results
    assert TableProblem.objects.count() == 1
    assert AuditEntry.objects.filter(action=TABLE_PROBLEM).count() == 1
