"""A table won by forfeit ("a tavolino") says so, with what it is worth: the VP and the scarto of
the tournament's forfeit value, never a bare "0 – 0" MP (RULES.md section 5)."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.tournaments.scores_support import (
    entry_url,
    results_url,
    scored_tournament,
    table_of,
)

pytestmark = pytest.mark.django_db


def forfeit(table, absent: str) -> dict:
    return {"mode": "forfeit", "version": table.version, "absent": absent}


def totals(table, ns_mp: int, eo_mp: int) -> dict:
    return {"mode": "totals", "version": table.version, "ns_mp": ns_mp, "eo_mp": eo_mp}


def row_of(html: str, table: int) -> str:
    """The text of one table's row on the turno's results page, tags dropped."""
    match = re.search(rf'<tr[^>]*id="tavolo-{table}".*?</tr>', html, re.S)
    assert match, f"no row for table {table}"
    return " ".join(re.sub(r"<[^>]+>", " ", match[0]).split())


@pytest.fixture
def turno(director):
    _, turno = scored_tournament(director, pairs=4, forfeit_vp=14, forfeit_mp=355)
    return turno


def test_the_save_message_names_the_forfeit_and_its_values(english, turno):
    response = english.post(entry_url(turno), forfeit(table_of(turno), "ns"))
    (message,) = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == (
        "Table 1 saved, forfeit win for EO: NS 1 6 VP, scarto -355 · EO 2 14 VP, scarto +355."
    )


def test_the_results_page_shows_the_forfeit_scarto_not_zero_mp(english, turno):
    english.post(entry_url(turno), forfeit(table_of(turno), "eo"))
    english.post(entry_url(turno, table=2), totals(table_of(turno, 2), 900, 700))
    html = english.get(results_url(turno)).content.decode()
    forfeited = row_of(html, 1)
    assert "forfeit win for NS" in forfeited
    assert "Scarto +355 – (−355)" in forfeited
    assert "14 – 6" in forfeited
    assert "0 – 0" not in forfeited
    # A played table keeps its MP.
    assert "900 – 700" in row_of(html, 2)


def test_the_score_entry_and_the_public_turno_page_say_forfeit_win(english, turno):
    english.post(entry_url(turno), forfeit(table_of(turno), "ns"))
    entry = english.get(entry_url(turno)).content.decode()
    assert re.search(r'class="score-state">.*forfeit win for EO', entry, re.S)

    url = reverse("tournaments:turno", args=[turno.tournament.slug, turno.number])
    public = english.get(url).content.decode()
    card = re.search(r'id="tavolo-1".*?</section>', public, re.S)[0]
    assert "forfeit win for EO" in card
    assert "won by" not in card
    # Its VP without a meaningless "0" MP in front of them.
    scores = re.findall(r'class="line-score">([^<]*)<', card)
    assert [" ".join(s.split()) for s in scores] == ["6 VP", "14 VP"]
