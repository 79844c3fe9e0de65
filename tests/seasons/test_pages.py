"""The circuit's pages: a director makes one from the tournaments they direct (and only those),
the public standings show counted and dropped results, the attendance view, the files, the
links from the tournaments' pages."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from burraco_tourney.seasons.models import Circuit
from burraco_tourney.seasons.selectors import circuit_standings
from tests.exports.conftest import pdf_words
from tests.factories import make_director

from .factory import make_season

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Circuito di primavera",
    "ranks": "pairs",
    "scoring": "placement",
    "placement_points": "100, 70, 50, 30",
    "best": "2",
    "minimum": "2",
    "tie_order": "counted,best",
    "qualification": "",
    "qualify_value": "",
}


def _season(director):
    tournaments = make_season(owner=director)
    return tournaments, [str(t.pk) for t in tournaments]


def test_a_director_creates_a_circuit_and_anyone_reads_it(director_client, director, client):
    _tournaments, ids = _season(director)
    response = director_client.post(reverse("seasons:create"), {**FORM, "tournaments": ids})
    circuit = Circuit.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "seasons:standings", args=[circuit.slug]
    )
    assert circuit.owner == director and circuit.placement_table == [100, 70, 50, 30]
    client.logout()
    page = client.get(reverse("seasons:standings", args=[circuit.slug])).content.decode()
    assert "Bianchi Bruno – Rossi Anna" in page
    row = page[page.index("Bianchi Bruno – Rossi Anna") :]
    row = row[: row.index("</tr>")]
    assert ">170<" in row and "T1: 100" in row and "T3: 70" in row
    assert "<del" in row and "T2: 30" in row.split("<del")[1]


def test_only_tournaments_the_director_directs_can_be_added(director_client, director):
    _tournaments, ids = _season(director)
    other = make_director("altro")
    theirs = make_season(owner=other)
    response = director_client.post(
        reverse("seasons:create"), {**FORM, "tournaments": [*ids, str(theirs[0].pk)]}
    )
    assert response.status_code == 200 and not Circuit.objects.exists()
    assert str(theirs[0].pk) not in {
        str(choice.data["value"]) for choice in response.context["form"]["tournaments"]
    }


def test_bad_settings_get_a_message_and_save_nothing(director_client, director):
    _tournaments, ids = _season(director)
    bad = {**FORM, "placement_points": "100, cento", "qualification": "percent",
           "qualify_value": "150", "tournaments": ids}  # fmt: skip
    response = director_client.post(reverse("seasons:create"), bad, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert "whole numbers separated by commas" in page
    assert "A percentage is at most 100." in page
    assert not Circuit.objects.exists()
    rising = {**FORM, "placement_points": "50, 70", "tournaments": ids}
    page = director_client.post(reverse("seasons:create"), rising).content.decode()
    assert not Circuit.objects.exists() and "has-error" in page


def test_another_director_cannot_edit_the_circuit(client, director):
    circuit = Circuit.objects.create(name="C", slug="c", owner=director)
    client.force_login(make_director("altro"))
    assert client.get(reverse("seasons:edit", args=["c"])).status_code == 404
    assert client.post(reverse("seasons:edit", args=["c"]), FORM).status_code == 404
    circuit.refresh_from_db()
    assert circuit.name == "C"


def test_editing_keeps_another_directors_tournament(client, director):
    mine = make_season(owner=director)
    other = make_director("altro")
    theirs = make_season(owner=other)
    circuit = Circuit.objects.create(name="C", slug="c", owner=director)
    circuit.directors.add(other)
    circuit.tournaments.set([mine[0], theirs[0]])
    client.force_login(other)
    ids = [str(theirs[0].pk), str(mine[0].pk), str(theirs[1].pk)]
    response = client.post(reverse("seasons:edit", args=["c"]), {**FORM, "tournaments": ids})
    assert response.status_code == 302
    assert set(circuit.tournaments.all()) == {mine[0], theirs[0], theirs[1]}


def _circuit(director) -> Circuit:
    tournaments = make_season(owner=director)
    circuit = Circuit.objects.create(
        name="Circuito di primavera", slug="primavera", owner=director, scoring="placement",
        placement_table=[100, 70, 50, 30], best=2, minimum=2,
    )  # fmt: skip
    circuit.tournaments.set(tournaments)
    return circuit


def test_the_pdf_lists_counted_and_dropped_results(client, director):
    circuit = _circuit(director)
    response = client.get(reverse("seasons:download", args=[circuit.slug, "pdf"]))
    assert response["Content-Type"] == "application/pdf"
    words = pdf_words(response.content)
    # Each result with its place, as the page gives it; each tournament with its state.
    assert "1 Bianchi Bruno – Rossi Anna 170 3 T1: 100 (1° posto), T3: 70 (2° posto) " in words
    assert "T2: 30 (4° posto)" in words
    assert "4 Russo Dario – Verdi Carla 130 2 T1: 30 (4° posto), T2: 100 (1° posto)" in words
    assert "T3 Serata 3 3 marzo 2026 4 definitiva" in words


def test_the_workbook_has_a_column_per_tournament(client, director):
    circuit = _circuit(director)
    response = client.get(
        reverse("seasons:download", args=[circuit.slug, "xlsx"]), HTTP_ACCEPT_LANGUAGE="en"
    )
    book = load_workbook(io.BytesIO(response.content))
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    header = rows[1]
    assert header[:2] == ("Rank", "Pair") and header[-3:] == ("T1", "T2", "T3")
    first = dict(zip(header, rows[2], strict=True))
    assert first["Pair"] == "Bianchi Bruno – Rossi Anna"
    assert (first["Total"], first["T1"], first["T2"], first["T3"]) == (170, 100, 30, 70)
    assert "T2: 30" in first["Dropped results"]
    assert [s.title for s in book.worksheets] == ["Circuit standings", "Tournaments", "Attendance"]


def test_the_attendance_page_and_the_links_from_the_tournaments(client, director):
    circuit = _circuit(director)
    page = client.get(reverse("seasons:attendance", args=[circuit.slug])).content.decode()
    assert page.count("✓") == 3 + 3 + 2 + 2 + 1 + 1
    tournament = circuit.tournaments.first()
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert reverse("seasons:standings", args=[circuit.slug]) in detail
    client.force_login(director)
    board = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("seasons:standings", args=[circuit.slug]) in board
    assert reverse("seasons:manage_list") in client.get(reverse("manage:home")).content.decode()


def test_a_circuit_of_pairs_refuses_a_tournament_that_does_not_rank_pairs(
    director_client, director
):
    from tests.tournaments.teams_support import team_tournament

    _tournaments, ids = _season(director)
    teams = team_tournament(director, teams=4, name="Squadre del venerdì")
    data = {**FORM, "tournaments": [*ids, str(teams.pk)]}
    response = director_client.post(reverse("seasons:create"), data)
    assert response.status_code == 200 and not Circuit.objects.exists()
    assert (
        "“Squadre del venerdì” non classifica coppie: un circuito a coppie non può contarlo."
        in response.content.decode()
    )
    # A circuit of players counts each of them wherever they played.
    response = director_client.post(reverse("seasons:create"), {**data, "ranks": "players"})
    assert response.status_code == 302
    assert Circuit.objects.get().tournaments.count() == len(ids) + 1
    # A circuit that held it before the refusal (made ranking players, then switched to pairs
    # outside the form) leaves it out of the standings, and says so on the page and the PDF.
    circuit = Circuit.objects.get()
    players_ranked = len(circuit_standings(circuit=circuit).tournaments)
    Circuit.objects.filter(pk=circuit.pk).update(ranks="pairs")
    circuit.refresh_from_db()
    standings = circuit_standings(circuit=circuit)
    assert len(standings.tournaments) == players_ranked - 1
    assert teams.pk not in {t.tournament.pk for t in standings.tournaments}
    why = "“Squadre del venerdì” non classifica coppie"
    page = director_client.get(reverse("seasons:standings", args=[circuit.slug]))
    assert why in page.content.decode()
    pdf = director_client.get(reverse("seasons:download", args=[circuit.slug, "pdf"]))
    assert why in pdf_words(pdf.content)
    xlsx = director_client.get(reverse("seasons:download", args=[circuit.slug, "xlsx"]))
    listed = list(load_workbook(io.BytesIO(xlsx.content)).worksheets[1].iter_rows(values_only=True))
    assert any(row[1] and why in row[1] for row in listed)


def test_a_circuit_of_pairs_refuses_an_individual_tournament(director_client, director):
    from tests.tournaments.individual_support import individual_tournament

    _tournaments, ids = _season(director)
    players, _ = individual_tournament(director=director)
    data = {**FORM, "tournaments": [*ids, str(players.pk)]}
    response = director_client.post(reverse("seasons:create"), data)
    assert response.status_code == 200 and not Circuit.objects.exists()
    assert f"“{players.name}” non classifica coppie" in response.content.decode()


def test_the_files_say_provisional_and_by_draw_as_the_page_does(client, director):
    """Standings that may still change say so in the workbook as in the PDF; two lines equal on
    every tie-break are marked "per sorteggio" in both files; the workbook writes a day as the
    pages do ("18 ottobre 2024", not "18 Ottobre 2024")."""
    from burraco_tourney.core.templatetags.dates import long_date

    tournaments = make_season(owner=director)
    tournaments[0].turni.update(closed_at=None)  # not over: the circuit is provisional
    circuit = Circuit.objects.create(
        name="Circuito pari", slug="pari", owner=director, scoring="placement",
        placement_table=[100, 100, 50, 30], best=2, minimum=1,
    )  # fmt: skip
    circuit.tournaments.set(tournaments[:1])
    page = client.get(reverse("seasons:standings", args=[circuit.slug])).content.decode()
    assert "PROVVISORIA" in page and "per sorteggio" in page
    words = pdf_words(client.get(reverse("seasons:download", args=[circuit.slug, "pdf"])).content)
    assert "PROVVISORIA" in words
    assert words.count("(per sorteggio)") == 2
    assert "Serata 1 1 marzo 2026 4 provvisoria" in words  # which tournament is not over
    response = client.get(reverse("seasons:download", args=[circuit.slug, "xlsx"]))
    book = load_workbook(io.BytesIO(response.content))
    standings = list(book.worksheets[0].iter_rows(values_only=True))
    assert standings[0][0].endswith("— PROVVISORIA")
    assert [row[1].endswith(" (per sorteggio)") for row in standings[2:4]] == [True, True]
    listed = list(book.worksheets[1].iter_rows(values_only=True))[2]
    with translation.override("it"):
        assert listed[2] == long_date(tournaments[0].date)
    assert listed[2].split()[1].islower()


def test_the_circuit_form_names_each_box_once(director_client):
    """The scoring section is titled once; its boxes say what a tournament gives and the points
    by place, and the formula's help says how few places score in a small field."""
    page = director_client.get(reverse("seasons:create")).content.decode()
    assert page.count("Punteggio per torneo") == 1
    assert "Ogni torneo dà" in page and "Punti per posto" in page
    assert "con 20 coppie 20, 15, 10 e 5 punti, e nessuno dal 5° posto in giù" in page
