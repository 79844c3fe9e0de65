"""Issue 27: a rule change's dry run shows what it does to the standings, not only to the
tables: a forfeit's or a riposo's MP moves no table but the scarto; and in a KO it names the
later matches drawn from results it re-decides, which go."""

from __future__ import annotations

import re

import pytest

from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_totals,
)
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import deal, pairs_at, play, start
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db


def dry_run(english, tournament, **changes) -> str:
    response = english.post(edit_url(tournament), posted(tournament, **changes))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="dry-run"' in page
    return page.split('id="dry-run"')[1].split("</fieldset>")[0]


def standings_rows(page: str) -> list[str]:
    if 'id="dry-run-standings"' not in page:
        return []
    table = page.split('id="dry-run-standings"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td.*?</tr>", table, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in rows]


@pytest.fixture
def with_forfeit(director):
    tournament = make_tournament(owner=director, forfeit_vp=14, forfeit_mp=300)
    tournament.directors.add(director)
    make_pairs(tournament, 5)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], byes=(5,))
    first, second = Table.objects.filter(turno=turno).order_by("number")
    table_record_totals(table=first, user=director, ns_mp=1250, eo_mp=830, version=0)
    table_record_forfeit(table=second, user=director, absent="eo", version=0)
    return tournament


def test_a_new_forfeit_mp_shows_the_scarto_it_changes(english, with_forfeit):
    """It used to say "none of them changes" when the forfeit MP went from 300 to 250."""
    page = dry_run(english, with_forfeit, forfeit_mp="250")
    assert "None of them changes, but the standings do:" in page
    rows = standings_rows(page)
    three = [row for row in rows if row.startswith("3 ")]
    four = [row for row in rows if row.startswith("4 ")]
    assert "scarto +300" in three[0] and "scarto +250" in three[0]
    assert "scarto -300" in four[0] and "scarto -250" in four[0]
    assert len(rows) == 2  # pairs 1, 2 and 5 keep their line


def test_a_new_riposo_value_shows_the_standings_it_gives(english, with_forfeit):
    page = dry_run(english, with_forfeit, bye_vp="12", bye_mp="200")
    rows = standings_rows(page)
    five = [row for row in rows if row.startswith("5 ")]
    assert len(five) == 1
    assert "14 VP, scarto +355" in five[0] and "12 VP, scarto +200" in five[0]


def test_a_vp_table_change_shows_the_new_ranks(english, with_forfeit):
    page = dry_run(english, with_forfeit, vp_preset="fibur-4")
    assert "1250–830 MP, 14–6 VP" in page and "1250–830 MP, 12–8 VP" in page
    rows = standings_rows(page)
    assert any(row.startswith("1 ") and "14 VP" in row and "12 VP" in row for row in rows)


def test_a_ko_target_change_names_the_final_it_removes(english, director):
    tournament = make_tournament(
        owner=director, kind="ko", ko_mode="punti", ko_smazzate=None, ko_target=500
    )
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    start(tournament, director)
    for table in (1, 2):
        play(tournament, director, 1, table, deal(300, 50), deal(300, 50))
    final = pairs_at(tournament, 2)
    assert len(final) == 1
    table, ns, eo = final[0]
    page = dry_run(english, tournament, ko_target="1000")
    assert 'id="dry-run-dropped"' in page
    assert f"Round 2, table {table}: pair {ns} v pair {eo}" in page
    assert pairs_at(tournament, 2) == final  # nothing changed before the confirmation
