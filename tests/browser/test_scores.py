"""A director enters a whole turno of the demo by keyboard only and sees the standings move; an
impossible smazzata is refused next to its box; a saved result is corrected with a reason."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import AuditEntry, Table, Tournament, Turno
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.matches import tables_create
from tests.browser.boxes import set_ticked
from tests.browser.login_support import log_in
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KINDS = ("pulito", "semipulito", "sporco")
SEATS = [(1, 2), (3, 4), (5, 6)]


@pytest.fixture
def turno4():
    """The demo tournament, directed by "arbitro", with a published turno 4 of three tables."""
    out = StringIO()
    call_command("load_demo", stdout=out)
    tournament = Tournament.objects.get(slug=out.getvalue().strip().splitlines()[-1])
    tournament.directors.add(make_director())
    turno = Turno.objects.create(tournament=tournament, number=4, movement="manual")
    pairs = {p.number: p for p in tournament.entrants.all()}
    for number, (ns, eo) in enumerate(SEATS, start=1):
        tables_create([Table(turno=turno, number=number, ns=pairs[ns], eo=pairs[eo])])
    return turno


def table_url(page, turno, number):
    return (
        f"{page.base_url}/t/{turno.tournament.slug}/gestione/turni/{turno.number}/tavoli/{number}/"
    )


def type_line(keyboard, cards, *, chiusura=False, pozzetto=True, **counts):
    """Burraco counts, chiusura, pozzetto and card points of one line (the paper's order),
    moving on with Tab."""
    for kind in KINDS:
        if counts.get(kind):
            keyboard.type(str(counts[kind]))
        keyboard.press("Tab")
    if chiusura:
        keyboard.press("Space")
    keyboard.press("Tab")
    if not pozzetto:
        keyboard.press("Space")
    keyboard.press("Tab")
    keyboard.type(str(cards))
    keyboard.press("Tab")


def type_smazzata(keyboard, ns, eo):
    """Both lines; then Tab over "ended by" to the next smazzata (a pairs tournament has no
    "last move" box)."""
    type_line(keyboard, **ns)
    type_line(keyboard, **eo)
    keyboard.press("Tab")


def end_early(page, vp: str | None = None) -> None:
    """Save a table with fewer smazzate: Ctrl+Enter is refused with the question, the cursor
    goes to "Il turno è finito prima", Space ticks it (the VP then show), Enter saves."""
    url = page.url
    page.keyboard.press("Control+Enter")
    box = page.locator("[name=ended_early]")
    expect(box).to_be_focused()
    expect(page.locator("#err-ended_early")).to_contain_text("Il turno è finito prima")
    assert page.url == url
    page.keyboard.press("Space")
    if vp:
        expect(page.locator('[data-turno="vp"]')).to_have_text(vp)
    page.keyboard.press("Enter")


S1 = ({"cards": 245, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1})
S2 = ({"cards": 80, "sporco": 1}, {"cards": 300, "pulito": 1, "semipulito": 1, "chiusura": True})
S3 = ({"cards": -40, "pozzetto": False}, {"cards": 95, "pulito": 1, "chiusura": True})


def standings_rows(page, slug):
    page.goto(f"{page.base_url}/t/{slug}/classifica/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(17)
    return rows.all_inner_texts()


def test_a_whole_turno_entered_by_keyboard_moves_the_standings(page, turno4):
    slug = turno4.tournament.slug
    log_in(page)
    before = standings_rows(page, slug)
    keyboard = page.keyboard

    page.goto(table_url(page, turno4, 1))
    first = page.locator("[name=s1_ns_pulito]")
    expect(first).to_be_focused()
    type_smazzata(keyboard, *S1)
    # The live totals follow the engine's formula: 245 + 200 + 100 = 545.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    type_smazzata(keyboard, *S2)
    type_line(keyboard, **S3[0])
    type_line(keyboard, **S3[1])
    expect(page.locator('[data-turno="ns"]')).to_have_text("585")
    expect(page.locator('[data-turno="vp"]')).to_have_text("4 \u2013 16")
    keyboard.press("Enter")  # on "ended by", the last box: Enter saves

    expect(page).to_have_url(table_url(page, turno4, 2))
    expect(page.locator(".msg.success")).to_contain_text("585")
    expect(page.locator("[name=s1_ns_pulito]")).to_be_focused()
    # Table 2 stopped after two smazzate: Enter in the empty third one only moves on; saving
    # asks first whether the turno ended early, with the cursor on that box.
    type_smazzata(keyboard, *S1)
    type_smazzata(keyboard, *S2)
    expect(page.locator("[name=s3_ns_pulito]")).to_be_focused()
    keyboard.press("Enter")
    expect(page.locator("[name=s3_ns_semipulito]")).to_be_focused()
    end_early(page)

    expect(page).to_have_url(table_url(page, turno4, 3))
    type_smazzata(
        keyboard, {"cards": 100, "sporco": 1, "chiusura": True}, {"cards": 35, "pozzetto": False}
    )
    end_early(page, vp="14 \u2013 6")

    expect(page).to_have_url(re.compile(r"/turni/4/risultati/$"))
    expect(page.locator("tr.state-entered")).to_have_count(3)
    results = {
        t.number: (t.ns_mp, t.eo_mp, t.match.ns_vp, t.match.eo_vp)
        for t in turno4.tables.order_by("number")
    }
    assert results == {1: (585, 1365, 4, 16), 2: (725, 970, 8, 12), 3: (300, -65, 14, 6)}
    reasons = AuditEntry.objects.filter(action="result_enter").values_list("reason", flat=True)
    assert sorted(reasons) == [
        "",
        "Il turno è finito prima: 1 smazzata su 3.",
        "Il turno è finito prima: 2 smazzate su 3.",
    ]
    # The director closes the turno: its standings are no longer provisional.
    turno_close(turno=turno4, user=turno4.tournament.owner)
    after = standings_rows(page, slug)
    assert after != before


def test_an_impossible_smazzata_is_refused_next_to_its_box(page, turno4):
    log_in(page)
    page.goto(table_url(page, turno4, 1))
    keyboard = page.keyboard
    type_line(keyboard, 243, chiusura=True, pulito=1)
    type_line(keyboard, 120, chiusura=True, sporco=1)
    keyboard.press("Control+Enter")

    cards = page.locator("#err-s1_ns_cards")
    expect(cards).to_have_text("NS: i punti carte 243 non sono un multiplo di 5.")
    expect(page.locator("#err-s1_eo_chiusura")).to_have_text(
        "Una sola linea può chiudere una smazzata."
    )
    box = page.locator("[name=s1_ns_cards]")
    expect(box).to_have_attribute("aria-describedby", "err-s1_ns_cards")
    expect(box).to_be_focused()
    assert not turno4.tables.get(number=1).has_result
    # Fixed by keyboard: 245, and only NS closed.
    keyboard.press("Control+A")
    keyboard.type("245")
    for _ in range(4):  # to the EO chiusura box
        keyboard.press("Tab")
    expect(page.locator("[name=s1_eo_chiusura]")).to_be_focused()
    keyboard.press("Space")
    # One smazzata of three: saved once the director says the turno ended early.
    end_early(page)
    expect(page).to_have_url(table_url(page, turno4, 2))
    assert turno4.tables.get(number=1).ns_mp == 545


def test_a_saved_result_is_corrected_with_a_reason(page, turno4):
    from burraco_tourney.tournaments.services.scores import table_record_totals

    table = turno4.tables.get(number=1)
    table_record_totals(table=table, user=None, ns_mp=900, eo_mp=900, version=0)
    log_in(page)
    page.goto(table_url(page, turno4, 1) + "?modo=totali")
    keyboard = page.keyboard
    expect(page.locator("[name=ns_mp]")).to_be_focused()
    keyboard.press("Control+A")
    keyboard.type("1200")
    keyboard.press("Enter")
    # No reason: refused, and the reason box is where the cursor goes.
    reason = page.locator("#scorecard [name=reason]")
    expect(reason).to_be_focused()
    assert turno4.tables.get(number=1).ns_mp == 900
    keyboard.type("Punti NS sommati male")
    keyboard.press("Enter")
    expect(page).to_have_url(table_url(page, turno4, 2) + "?modo=totali")
    entry = AuditEntry.objects.get(action="result_correct")
    assert entry.reason == "Punti NS sommati male"
    assert (entry.before["ns_mp"], entry.after["ns_mp"]) == (900, 1200)
    page.goto(f"{page.base_url}/t/{turno4.tournament.slug}/gestione/turni/4/risultati/")
    expect(page.locator("#tavolo-1.state-corrected")).to_be_visible()
    # The director finds the correction in the change log, from the menu, with its reason.
    page.get_by_role("link", name="Registro delle modifiche").first.click()
    row = page.locator("tr", has_text="Punti NS sommati male")
    expect(row).to_contain_text("Risultato modificato")
    expect(row).to_contain_text("900")
    expect(row).to_contain_text("1200")


def test_the_scorecard_works_without_javascript(no_js_page, turno4):
    page = no_js_page
    log_in(page)
    page.goto(table_url(page, turno4, 1))
    page.fill("[name=s1_ns_cards]", "245")
    page.fill("[name=s1_ns_pulito]", "1")
    set_ticked(page.locator("[name=s1_ns_chiusura]"))
    page.fill("[name=s1_eo_cards]", "120")
    # Enter in a box submits the form, as in any HTML form: with the others not played, the
    # server asks whether the turno ended early and keeps what was typed.
    page.locator("[name=s1_eo_cards]").press("Enter")
    expect(page.locator("#err-ended_early")).to_contain_text("È compilata solo 1 delle 3")
    expect(page.locator("[name=s1_ns_cards]")).to_have_value("245")
    assert not turno4.tables.get(number=1).has_result
    set_ticked(page.locator("[name=ended_early]"))
    page.locator("[name=s1_eo_cards]").press("Enter")
    expect(page).to_have_url(table_url(page, turno4, 2))
    expect(page.locator(".msg.success")).to_contain_text("545")
    page.goto(table_url(page, turno4, 1))
    # The totals come from the server once saved.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    expect(page.locator('[data-total="1-eo"]')).to_have_text("120")


def test_the_scorecard_fits_a_phone(phone_page, turno4):
    log_in(phone_page)
    phone_page.goto(table_url(phone_page, turno4, 1))
    expect(phone_page.locator("[name=s3_eo_pozzetto]")).to_be_visible()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 400
    box = phone_page.locator("[name=s1_eo_chiusura]").bounding_box()
    assert box["x"] + box["width"] <= 390
