"""A 40-pair evening's prize-giving in the browser: three Mitchell turni, a Danese and two Danese
turni in gironi (A and B, 10 tables each) are set up through the services (the browser adds
nothing there); the director writes a prize list of four categories on the prizes page, the top
of the overall standings is tied and shares its pooled places to the cent, and the ceremony PDF
reads the prizes out from the last to the first."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.browser.login_support import log_in_through
from tests.exports.conftest import pdf_words
from tests.factories import make_director, make_pairs, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _play(turno, director):
    """Publish, score (the lower pair number wins 900-400 at every table), close."""
    turno_publish(turno=turno, user=director)
    tables = list(Table.objects.filter(turno=turno).select_related("ns", "eo"))
    for table in tables:
        table.entry_mode = EntryMode.TOTALS
        ns_wins = table.ns.number < table.eo.number
        table.ns_mp, table.eo_mp = (900, 400) if ns_wins else (400, 900)
    Table.objects.bulk_update(tables, ["entry_mode", "ns_mp", "eo_mp"])
    tournament_recompute_results(tournament=turno.tournament)
    turno_close(turno=turno, user=director)


def _evening():
    director = make_director()
    tournament = make_tournament(owner=director, planned_turni=6, slug="premi-40")
    make_pairs(tournament, 40)
    for movement in ("mitchell", "mitchell", "mitchell", "danese"):
        turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(movement))
        _play(turno, director)
    turno = gironi_start(
        tournament=tournament,
        user=director,
        sizes=(10, 10),
        standings_setting="since_turno_1",
        overall_setting="by_girone",
    )
    _play(turno, director)
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest("danese"))
    _play(turno, director)
    return tournament


def _euro(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def test_a_prize_list_written_in_the_browser_is_read_back_from_the_ceremony_pdf(page):
    tournament = _evening()
    rows = standings(tournament=tournament)
    top = sorted(r.entrant.number for r in rows if r.rank == 1)
    assert len(top) >= 2, "the evening's results tie the top of the standings"
    # the pairs sharing the last rank: the spoon, one object, goes to the lowest number
    last = min(r.entrant.number for r in rows if r.rank == rows[-1].rank)

    log_in_through(page, f"/t/{tournament.slug}/gestione/premi/")
    page.fill("#id_fee", "10")
    page.fill("#id_percent", "50")
    page.fill(
        "#id_categories",
        "Assoluta | | 300.00; 200.00; 100.01\n"
        "Girone B | girone=B | 80.00\n"
        "Circolo Aurora | club=Circolo_Aurora | Targa\n"
        "Ultima coppia | last | Cucchiaio di legno",
    )
    page.get_by_role("button", name="Salva il montepremi").click()
    expect(page.get_by_text("Montepremi salvato.")).to_be_visible()
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
