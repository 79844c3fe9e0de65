"""A 40-pair evening ends in gironi: 3 Mitchell turni and a Danese (drawn, published and played
through the services: the browser adds nothing there), then in the browser the director starts
the gironi from turno 5 (A 9 tables, B 11), checks the preview of who falls where, starts them
and enters a table of girone B from its scorecard, named B1. Turno 6 is drawn inside the gironi
and played through the services; each girone's standings are read back from the PDF."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.browser.login_support import log_in_through
from tests.browser.test_scores import S1, S2, S3, type_line, type_smazzata
from tests.exports.conftest import pdf_text, render_export
from tests.factories import make_director, make_pairs, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _play(tournament, director, movement, number):
    """Draw, publish and play turno ``number``: the NS line of table t wins by 20 × t MP."""
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(movement))
    turno_publish(turno=turno, user=director)
    _enter(turno, director)
    return turno


def _enter(turno, director, skip=()):
    for table in Table.objects.filter(turno=turno).exclude(pk__in=skip).order_by("number"):
        margin = 20 * ((table.number * 7 + turno.number) % 13)
        table_record_totals(
            table=table, user=director, ns_mp=600 + margin, eo_mp=600, version=table.version
        )
    turno_close(turno=turno, user=director)


@pytest.fixture
def evening():
    director = make_director()
    tournament = make_tournament(name="Torneo Regionale", owner=director, planned_turni=6)
    tournament.directors.add(director)
    make_pairs(tournament, 40)
    for number, movement in enumerate(("mitchell", "mitchell", "mitchell", "danese"), start=1):
        _play(tournament, director, movement, number)
    return tournament, director


def test_gironi_started_previewed_played_and_printed(page, evening):
    tournament, director = evening
    top = [s.entrant.number for s in standings(tournament=tournament)]
    log_in_through(page, f"/t/{tournament.slug}/gestione/turni/")
    page.get_by_role("link", name="Avvia i gironi dal turno 5").click()
    page.fill("#id_sizes", "A 9, B 11")
    page.get_by_role("button", name="Anteprima dei gironi").click()
    girone_a = page.locator("[data-girone=A] tbody tr")
    expect(girone_a).to_have_count(18)
    expect(page.locator("[data-girone=B] tbody tr")).to_have_count(22)
    # The leader after turno 4 heads girone A; the 19th pair heads B.
    expect(girone_a.first.locator("td").nth(1)).to_have_text(str(top[0]))
    expect(page.locator("[data-girone=B] tbody tr").first.locator("td").nth(1)).to_have_text(
        str(top[18])
    )
    page.get_by_role("button", name="Avvia i gironi e sorteggia il turno 5").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/5/$"))
    expect(page.locator("td.tableno-cell").first).to_have_text("A1")
    expect(page.locator("td.tableno-cell").nth(9)).to_have_text("B1")

    five = tournament.turni.get(number=5)
    turno_publish(turno=five, user=director)
    b1 = five.tables.get(girone="B", girone_number=1)
    page.goto(f"{page.base_url}/t/{tournament.slug}/gestione/turni/5/tavoli/{b1.number}/")
    expect(page.locator(".big-table .n")).to_have_text("B1")
    expect(page.locator("[name=s1_ns_pulito]")).to_be_focused()
    type_smazzata(page.keyboard, *S1)
    type_smazzata(page.keyboard, *S2)
    type_line(page.keyboard, **S3[0])
    type_line(page.keyboard, **S3[1])
    expect(page.locator('[data-turno="vp"]')).to_have_text("4 \u2013 16")
    page.keyboard.press("Enter")
    expect(page.locator(".msg.success")).to_contain_text("585")

    _enter(five, director, skip=[b1.pk])
    tournament.refresh_from_db()  # as the next request reads it: in gironi from turno 5
    _play(tournament, director, "danese", 6)

    text = pdf_text(render_export("classifica", tournament).content)
    assert "Classifica finale" in text
    b1.refresh_from_db()
    girone_of = dict(tournament.entrants.values_list("number", "girone"))
    assert sorted(girone_of.values()).count("A") == 18
    assert {girone_of[n] for n in top[:18]} == {"A"}
    start_a, start_b = text.index("Girone A\n"), text.index("Girone B\n")
    for name, count, section in (
        ("A", 18, text[start_a:start_b]),
        ("B", 22, text[start_b:]),
    ):
        rows = [line.split() for line in section.splitlines()]
        rows = [r for r in rows if len(r) > 3 and r[0].isdigit() and r[1].isdigit()]
        # Girone A holds the 18 best after turno 4, B the other 22, each ranked from 1.
        assert [girone_of[int(r[1])] for r in rows] == [name] * count
        assert rows[0][0] == "1"
    # The table entered in the browser counts in girone B: its EO pair won it 16 VP.
    overall = {s.entrant.number: s for s in standings(tournament=tournament)}
    assert overall[b1.eo.number].earned_vp_by_turno[5] == 16
