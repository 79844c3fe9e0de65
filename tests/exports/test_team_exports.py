"""A team tournament's printouts and workbook, read back (pdftotext, openpyxl): the standings by
team, the line-up sheets, the scorecards naming room, team and players, the seating of a turno,
the Butler view, and the workbook's sheets. The tournament is the hand-checked archive of
``tests/archive/teams_files.py`` (its standings worked out in ``test_teams_archive.py``)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from burraco_tourney.archive.services import tournament_import
from burraco_tourney.exports.registry import EXPORTERS, exporters_for
from tests.archive.teams_files import teams_file
from tests.factories import make_director
from tests.tournaments.teams_support import draw_team_turno, set_lineups, team_tournament

from .conftest import pdf_pages, pdf_words, render_export

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    return tournament_import(data=teams_file())


def test_a_team_tournament_offers_the_team_printouts():
    keys = {e.key for e in exporters_for(scope="turno", kind="teams")}
    assert keys == {"score-squadre", "posti-per-tavolo", "formazioni", "cartelli-tavoli"}
    keys = {e.key for e in exporters_for(scope="tournament", kind="teams")}
    assert keys == {"classifica", "butler", "workbook"}


def test_the_standings_pdf_ranks_the_teams(teams):
    text = pdf_words(render_export("classifica", teams, language="en").content)
    # Team 1 75 VP +1410, team 3 73 VP +1120, team 2 55 VP -500 (test_teams_archive).
    first, third, second = (text.index(f"Squadra {n}") for n in (1, 3, 2))
    assert first < third < second
    assert "75" in text[first:third] and "1410" in text[first:third].replace(".", "")


def test_the_line_up_sheets_name_each_rooms_pair(teams):
    turno = teams.turni.get(number=2)
    pages = pdf_pages(render_export("formazioni", teams, turno=turno).content)
    assert len(pages) == 2  # one match: a sheet for the home team, one for the away team
    home, away = (" ".join(page.split()) for page in pages)
    assert "Squadra 3 (casa)" in home and "Renzo Conti" in home
    # Team 1 plays away in turno 2: Anna Rossi and Carla Verdi in the aperta, Bruno Bianchi and
    # Dario Russo in the chiusa; Elena Ferrari is its reserve, on its roster only.
    assert "(ospite)" in away
    assert away.index("Sala aperta") < away.index("Anna Rossi – Carla Verdi")
    assert away.index("Sala chiusa") < away.index("Bruno Bianchi – Dario Russo")
    assert "Elena Ferrari" in away


def test_the_scorecards_name_room_table_team_and_players(teams):
    turno = teams.turni.get(number=1)
    pages = [
        " ".join(p.split())
        for p in pdf_pages(render_export("score-squadre", teams, turno=turno).content)
    ]
    assert len(pages) == 2
    aperta, chiusa = pages
    assert "Tavolo 1 (sala aperta) · Incontro 1" in aperta
    # The chiusa's table is named in its room, as on every page and card (not the turno's 2).
    assert "Tavolo 1 (sala chiusa) · Incontro 1" in chiusa
    assert "Tavolo 2" not in chiusa
    # In the chiusa the away team (2) sits NS with its players 3 and 4, the home team EO.
    assert chiusa.index("2 · Squadra 2") < chiusa.index("Luca Colombo – Marta Ricci")
    assert chiusa.index("Luca Colombo – Marta Ricci") < chiusa.index("1 · Squadra 1")
    assert "Carla Verdi – Dario Russo" in chiusa


def _with_links(key, tournament, turno):
    """A director's download of ``key`` for ``turno``, given every table's players' link."""
    links = {t.pk: f"https://example.org/tavolo/{t.pk}" for t in turno.tables.all()}
    return EXPORTERS[key](table_links=links).render(tournament=tournament, turno=turno).content


def test_the_table_cards_name_room_match_teams_and_players(teams):
    turno = teams.turni.get(number=1)
    pages = [
        " ".join(p.split())
        for p in pdf_pages(render_export("cartelli-tavoli", teams, turno=turno).content)
    ]
    assert len(pages) == 2  # one match, a card for each of its two tables
    aperta, chiusa = pages
    assert "1 (sala aperta)" in aperta and "Incontro 1" in aperta
    assert "1 (sala chiusa)" in chiusa and "Incontro 1" in chiusa
    # The aperta: team 1 NS with Anna Rossi and Bruno Bianchi, team 2 EO with its pair.
    assert aperta.index("Squadra 1") < aperta.index("Anna Rossi") < aperta.index("Bruno Bianchi")
    assert aperta.index("Squadra 2") < aperta.index("Fabio Esposito")
    assert "Giulia Romano" in aperta and "Carla Verdi" not in aperta
    # The chiusa: the away team's other pair NS, the home team's EO.
    assert chiusa.index("Squadra 2") < chiusa.index("Luca Colombo")
    assert chiusa.index("Squadra 1") < chiusa.index("Carla Verdi")
    assert "Carla Verdi" in chiusa and "Dario Russo" in chiusa
    assert "inquadrate" not in aperta  # no link given: no code


def test_a_directors_table_cards_and_scorecards_carry_each_tables_code(teams):
    turno = teams.turni.get(number=1)
    for key, words in (
        ("cartelli-tavoli", "inquadrate questo codice"),
        ("score-squadre", "inquadrate"),
    ):
        with translation.override("it"):
            content = _with_links(key, teams, turno)
        pages = pdf_pages(content)
        assert len(pages) == 2
        assert all(words in page for page in pages), key


def test_the_seating_lists_both_rooms_and_the_team_resting(teams):
    turno = teams.turni.get(number=1)
    text = pdf_words(render_export("posti-per-tavolo", teams, turno=turno).content)
    assert "Sala aperta" in text and "Sala chiusa" in text
    # Each row names its table in its room, then the room and the match.
    assert "1 Sala aperta 1 1 Squadra 1" in text and "1 Sala chiusa 1 2 Squadra 2" in text
    assert "Anna Rossi – Bruno Bianchi" in text and "Fabio Esposito – Giulia Romano" in text
    assert text.index("Riposo") < text.index("Squadra 3", text.index("Riposo"))


def test_the_butler_pdf_lists_each_pairs_difference(teams):
    text = pdf_words(render_export("butler", teams, language="en").content)
    team_1 = text[text.index("Team 1") : text.index("Team 2")]
    assert "Anna Rossi – Bruno Bianchi 1 400" in team_1
    assert "Anna Rossi – Carla Verdi 1 300" in team_1
    assert "Carla Verdi – Dario Russo 1 100" in team_1
    assert "Fabio Esposito – Giulia Romano 1 -400" in text


def test_the_workbook_reads_back_standings_turni_and_butler(teams):
    book = load_workbook(io.BytesIO(render_export("workbook", teams, language="en").content))
    assert book.sheetnames == [
        "Standings",
        "Turno 1",
        "Turno 2",
        "Turno 3",
        "Butler",
        "Teams",
        "Rules",
    ]
    standings = [row for row in book["Standings"].iter_rows(min_row=3, values_only=True) if row[0]]
    assert [(row[0], row[1]) for row in standings] == [(1, 1), (2, 3), (3, 2)]
    assert [r for r in standings[0] if r in (75, 1410)] == [75, 1410]
    header, *turno = list(book["Turno 1"].iter_rows(min_row=2, values_only=True))
    assert turno[0][:7] == (
        1,
        "Open room",
        1,
        "1. Squadra 1",
        "Anna Rossi – Bruno Bianchi",
        "2. Squadra 2",
        "Fabio Esposito – Giulia Romano",
    )
    # Each table's smazzate and MP, then the match's VP.
    assert header[7:9] == ("Sm. 1 NS", "Sm. 1 EO")
    rooms = [dict(zip(header, row, strict=True)) for row in turno[:2]]
    assert [(r["NS MP"], r["EO MP"]) for r in rooms] == [(1200, 800), (900, 1000)]
    assert (rooms[0]["Home VP"], rooms[0]["Away VP"]) == (25, 15)
    riposo = dict(zip(header, turno[2], strict=True))
    assert riposo["Room"] == "Riposo" and riposo[header[3]] == "3. Squadra 3"
    assert riposo["Home VP"] == 28 and riposo["NS MP"] == 710
    butler = list(book["Butler"].iter_rows(min_row=3, values_only=True))
    assert butler[0] == ("1. Squadra 1", "Anna Rossi – Bruno Bianchi", 1, 400)
    assert len(butler) == 8


def test_a_directors_downloads_of_a_team_turno_print_each_tables_code(client):
    """Through the downloads page's links, when the players enter their tables: one code per
    table on the table cards and on the scorecards of both rooms."""
    director = make_director()
    tournament = team_tournament(director, teams=4, players_enter=True)
    tournament.directors.add(director)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    client.force_login(director)
    for key in ("cartelli-tavoli", "score-squadre"):
        url = reverse("exports:download", args=[tournament.slug, key]) + "?turno=1"
        pages = pdf_pages(client.get(url).content)
        assert len(pages) == 4, key  # two matches, two rooms each
        assert all("inquadrate" in page for page in pages), key


def test_the_workbook_gives_each_rooms_smazzate():
    """A table entered by smazzate shows each smazzata's totals in its turno sheet."""
    from burraco_tourney.tournaments.models import Room
    from burraco_tourney.tournaments.services.scores import table_record_smazzate
    from tests.tournaments.ko_support import deal
    from tests.tournaments.teams_support import room_table

    director = make_director()
    tournament = team_tournament(director, teams=2)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    table = room_table(turno, 1, Room.APERTA)
    deals = [deal(300, 50), deal(120, 200), deal(90, 10)]
    table_record_smazzate(table=table, user=director, smazzate=deals, version=table.version)
    book = load_workbook(io.BytesIO(render_export("workbook", tournament, language="en").content))
    header, aperta, chiusa = book["Turno 1"].iter_rows(min_row=2, max_row=4, values_only=True)
    start = header.index("Sm. 1 NS")
    assert header[start : start + 6] == (
        "Sm. 1 NS", "Sm. 1 EO", "Sm. 2 NS", "Sm. 2 EO", "Sm. 3 NS", "Sm. 3 EO"
    )  # fmt: skip
    shown = aperta[start : start + 6]
    assert shown[0::2] == tuple(s.ns_total for s in table.smazzate.order_by("number"))
    assert shown[1::2] == tuple(s.eo_total for s in table.smazzate.order_by("number"))
    assert chiusa[start : start + 6] == (None,) * 6
