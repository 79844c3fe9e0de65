"""A 40-pair evening ends in gironi and its prize-giving, in one browser session: 3 Mitchell turni
and a Danese (drawn, published and played through the services, the lower pair number winning
900-400 at every table: the browser adds nothing there); then in the browser the director starts
the gironi from turno 5 (A 9 tables, B 11), checks the preview of who falls where, starts them
and enters a table of girone B from its scorecard, named B1. Turno 6 is drawn inside the gironi
and played through the services; each girone's standings are read back from the PDF. Then the
director writes a prize list of four categories on the prizes page (the last through the helper
that writes a category's line), the top of the overall standings is tied and shares its pooled
places to the cent, and the ceremony PDF reads the prizes out from the last to the first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.browser.axe_support import assert_accessible
from tests.browser.login_support import log_in_through
from tests.browser.test_scores import S1, S2, S3, type_line, type_smazzata
from tests.exports.conftest import pdf_text, pdf_words, render_export
from tests.factories import make_director, make_pairs, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _score(turno, director, skip=()):
    """Score every table but ``skip`` (the lower pair number wins 900-400), close the turno."""
    tables = list(Table.objects.filter(turno=turno).exclude(pk__in=skip).select_related("ns", "eo"))
    for table in tables:
        table.entry_mode = EntryMode.TOTALS
        ns_wins = table.ns.number < table.eo.number
        table.ns_mp, table.eo_mp = (900, 400) if ns_wins else (400, 900)
    Table.objects.bulk_update(tables, ["entry_mode", "ns_mp", "eo_mp"])
    tournament_recompute_results(tournament=turno.tournament)
    turno_close(turno=turno, user=director)


def _play(tournament, director, movement):
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(movement))
    turno_publish(turno=turno, user=director)
    _score(turno, director)


def _euro(cents: int) -> str:
    """An amount as the Italian pages write it: 250,00."""
    return f"{cents // 100},{cents % 100:02d}"


@pytest.fixture
def evening():
    director = make_director()
    tournament = make_tournament(name="Torneo Regionale", owner=director, planned_turni=6)
    tournament.directors.add(director)
    make_pairs(tournament, 40)
    for movement in ("mitchell", "mitchell", "mitchell", "danese"):
        _play(tournament, director, movement)
    return tournament, director


def _gironi_in_the_browser(page, tournament, director):
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

    _score(five, director, skip=[b1.pk])
    tournament.refresh_from_db()  # as the next request reads it: in gironi from turno 5
    _play(tournament, director, "danese")

    text = pdf_text(render_export("classifica", tournament).content)
    assert "Classifica finale" in text
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


def _prizes_in_the_browser(page, tournament):
    rows = standings(tournament=tournament)
    top = sorted(r.entrant.number for r in rows if r.rank == 1)
    assert len(top) >= 2, "the evening's results tie the top of the standings"
    # the pairs sharing the last rank: the spoon, one object, goes to the lowest number
    last = min(r.entrant.number for r in rows if r.rank == rows[-1].rank)

    page.goto(f"{page.base_url}/t/{tournament.slug}/gestione/premi/")
    page.fill("#id_fee", "10")
    page.fill("#id_percent", "50")
    page.fill(
        "#id_categories",
        "Assoluta | | 300.00; 200.00; 100.01\n"
        "Girone B | girone=B | 80,00\n"
        "Circolo Aurora | circolo=Circolo_Aurora | Targa",
    )
    # The last category through the helper, which writes its line at the end of the list.
    page.select_option("#id_add-common", "last")
    page.fill("#id_add-name", "Ultima coppia")
    page.fill("#id_add-places", "Cucchiaio di legno")
    page.get_by_role("button", name="Aggiungi questa categoria").click()
    expect(page.get_by_text("Categoria aggiunta in fondo all'elenco")).to_be_visible()
    expect(page.locator("#id_categories")).to_have_value(
        re.compile(r"Targa\nUltima coppia \| ultimi \| Cucchiaio di legno$")
    )
    page.get_by_role("button", name="Salva il montepremi").click()
    expect(page.get_by_text("Montepremi salvato.")).to_be_visible()
    # The list is written back in the page's language, amounts with the decimal comma.
    expect(page.locator("#id_categories")).to_have_value(
        "Assoluta |  | 300,00; 200,00; 100,01\n"
        "Girone B | girone=B | 80,00\n"
        "Circolo Aurora | circolo=Circolo_Aurora | Targa\n"
        "Ultima coppia | ultimi | Cucchiaio di legno"
    )
    # The top's pool: the overall's places, one per tied pair (three at most: 600.01; two:
    # 500.00), split among every tied pair to the cent, a leftover cent each from the lowest
    # number. The fund is 200.00 (10 x 40 x 50 %), which the prizes exceed.
    pool = 60001 if len(top) >= 3 else 50000
    base, leftover = divmod(pool, len(top))
    shares = {n: base + (1 if i < leftover else 0) for i, n in enumerate(top)}
    table = page.locator("#prize-awards")
    for number in top:
        expect(table).to_contain_text(f"{_euro(shares[number])} € (diviso)")
    expect(page.get_by_text("I premi in denaro superano il fondo di")).to_be_visible()
    assert_accessible(page)

    response = page.context.request.get(
        page.base_url + f"/t/{tournament.slug}/gestione/premi/cerimonia.pdf"
    )
    assert response.headers["content-type"] == "application/pdf"
    words = pdf_words(response.body())
    assert "Premiazione" in words
    for number in top:
        assert f"{_euro(shares[number])} € (diviso)" in words
    # read out from the last prize to the first: the wooden spoon before the overall's first
    spoon = words.index("Cucchiaio di legno")
    assert words.index(f"Ultima coppia 1 {last}") < spoon < words.index("Assoluta 1")


def test_gironi_started_in_the_browser_then_the_prizes_given_and_printed(page, evening):
    tournament, director = evening
    _gironi_in_the_browser(page, tournament, director)
    _prizes_in_the_browser(page, tournament)
