"""Players enter their own table from two phones while the director watches the room board
(issue 12): NS enters and EO confirms; EO's card points differ, both phones see the box side by
side, EO fixes it and the director accepts; a phone left open sees its turno closed. The board
changes colour by itself, never reloaded."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Submission, Table
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from tests.browser.boxes import set_ticked
from tests.browser.conftest import _new_page
from tests.browser.login_support import log_in
from tests.browser.test_csp import _violations
from tests.browser.waiting import expect_no_wider_than
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("quick_room_polling"),
]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# (NS card points, EO card points, the line that closes with a burraco pulito)
ROWS = [(120, 45, "ns"), (60, 185, "eo"), (95, 30, "ns")]


@pytest.fixture
def phones(browser, live_server):
    with ExitStack() as stack:
        ns = stack.enter_context(_new_page(browser, live_server, default_timeout=15_000, **PHONE))
        eo = stack.enter_context(_new_page(browser, live_server, default_timeout=15_000, **PHONE))
        yield ns, eo


@pytest.fixture
def director_page(browser, live_server):
    options = {"viewport": {"width": 1280, "height": 900}, "default_timeout": 15_000}
    with _new_page(browser, live_server, **options) as page:
        yield page


def room(*, auto_accept: bool = True):
    tournament = make_tournament(
        owner=make_director(), players_enter=True, players_auto_accept=auto_accept
    )
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    turno.published = True
    turno.save()
    links = turno_links_ensure(turno=turno)
    table = turno.tables.get(number=1)
    return tournament, turno, table, links[table.pk].token


def open_board(page, tournament):
    log_in(page)
    page.goto(f"{page.base_url}/t/{tournament.slug}/gestione/turni/1/sala/")
    return page.locator('.tile[data-table="1"]')


def join(phone, token: str, line: str) -> None:
    phone.goto(f"{phone.base_url}/tavolo/{token}/")
    phone.locator(f'button[name=line][value="{line}"]').click()
    expect(phone.locator(".you-are")).to_be_visible()
    phone.wait_for_load_state("load")


def fill_scorecard(phone, rows=ROWS) -> None:
    for n, (ns, eo, closer) in enumerate(rows, start=1):
        phone.fill(f"[name=s{n}_ns_cards]", str(ns))
        phone.fill(f"[name=s{n}_eo_cards]", str(eo))
        phone.fill(f"[name=s{n}_{closer}_pulito]", "1")
        set_ticked(phone.locator(f"[name=s{n}_{closer}_chiusura]"))


def press(phone, button: str, *, ns_mp: int, eo_mp: int) -> None:
    """Click ``button`` once the live totals show the server's answer to the boxes as typed
    (the page no longer moves under the finger)."""
    expect(phone.locator("[data-turno=ns]")).to_have_text(str(ns_mp))
    expect(phone.locator("[data-turno=eo]")).to_have_text(str(eo_mp))
    phone.get_by_role("button", name=button).click()


def test_ns_enters_eo_confirms_and_the_board_turns_green_by_itself(
    phones, director_page, live_server
):
    tournament, turno, table, token = room()
    ns, eo = phones
    violations = [_violations(p) for p in (ns, eo, director_page)]
    tile = open_board(director_page, tournament)
    expect(tile).to_have_attribute("data-state", "not_started")

    join(ns, token, "ns")
    expect(ns.locator("header.phone-head")).to_contain_text(tournament.name)
    expect(ns.locator("header.phone-head")).to_contain_text(table.eo.players)
    expect(tile).to_have_attribute("data-state", "entering")
    fill_scorecard(ns)
    expect_no_wider_than(ns)
    # The live totals are the server's: NS 420 + 60 + 395, EO 45 + 485 + 30.
    press(ns, "Salva lo score", ns_mp=875, eo_mp=560)
    expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
    expect(tile).to_have_attribute("data-state", "waiting")

    join(eo, token, "eo")
    expect(eo.locator(".to-confirm")).to_be_visible()
    expect(eo.locator("[name=s2_eo_cards]")).to_have_value("185")
    press(eo, "Conferma lo score", ns_mp=875, eo_mp=560)
    expect(eo.locator(".messages")).to_contain_text("il tavolo è accettato")
    expect(tile).to_have_attribute("data-state", "accepted")
    # The NS phone learns it without reloading (its state is polled).
    expect(ns.locator("#table-status [data-state]")).to_have_attribute("data-state", "accepted")
    table.refresh_from_db()
    assert (table.entry_mode, table.ns_mp, table.eo_mp) == ("smazzate", 875, 560)
    # No inline script or style anywhere: the Content-Security-Policy refused nothing.
    assert violations == [[], [], []]


def test_differing_card_points_are_shown_box_by_box_fixed_and_accepted(
    phones, director_page, live_server
):
    tournament, turno, table, token = room(auto_accept=False)
    ns, eo = phones
    tile = open_board(director_page, tournament)
    join(ns, token, "ns")
    fill_scorecard(ns)
    press(ns, "Salva lo score", ns_mp=875, eo_mp=560)
    expect(ns.locator(".messages")).to_be_visible()

    join(eo, token, "eo")
    save = eo.locator(".save-row button")
    expect(save).to_have_text("Conferma lo score")
    eo.fill("[name=s2_eo_cards]", "150")
    # A box changed: the button no longer confirms, it sends this line's own version; put
    # back, it confirms again.
    expect(save).to_have_text("Invia la tua versione")
    eo.fill("[name=s2_eo_cards]", "185")
    expect(save).to_have_text("Conferma lo score")
    eo.fill("[name=s2_eo_cards]", "155")
    press(eo, "Invia la tua versione", ns_mp=875, eo_mp=530)
    expect(tile).to_have_attribute("data-state", "disputed")
    for phone in (ns, eo):
        expect_no_wider_than(phone)
        row = phone.locator("#table-status tr.difference")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("smazzata 2, EO punti carte")
        expect(row.locator("td")).to_have_text(["185", "155"])
    # Nothing was deleted: both entries are kept.
    assert Submission.objects.lines().filter(table=table).exclude(data={}).count() == 2

    eo.fill("[name=s2_eo_cards]", "185")
    press(eo, "Salva lo score", ns_mp=875, eo_mp=560)
    expect(tile).to_have_attribute("data-state", "confirmed")
    expect(eo.locator("#table-status tr.difference")).to_have_count(0)

    tile.locator("a").click()
    director_page.get_by_role("button", name="Accetta l'inserimento di NS").click()
    tile = director_page.locator('.tile[data-table="1"]')
    expect(tile).to_have_attribute("data-state", "accepted")
    table.refresh_from_db()
    assert table.entry_mode == "smazzate" and table.eo_mp == 560


def test_a_phone_open_on_its_scorecard_sees_the_turno_closed(phones, director_page, live_server):
    tournament, turno, table, token = room()
    ns, _ = phones
    open_board(director_page, tournament)
    join(ns, token, "ns")
    fill_scorecard(ns)
    expect(ns.locator("[data-turno=ns]")).to_have_text("875")
    # The board asks first, saying what closing does to the phones.
    director_page.locator(".close-players summary").click()
    confirm = director_page.get_by_role("button", name="Chiudilo ai giocatori ora")
    expect(director_page.locator(".close-players")).to_contain_text("non arriverà")
    confirm.click()
    expect(director_page.locator(".badge.closed")).to_be_visible()
    # Nobody touches the phone: its status poll finds the turno closed and reloads the page.
    expect(ns.locator(".closed-notice")).to_contain_text("Turno chiuso")
    expect(ns.locator("#scorecard")).to_have_count(0)
    # What the line typed and never saved is not lost in silence: the page says so, and the
    # phone forgets it.
    expect(ns.locator("#closed-unsent")).to_be_visible()
    expect(ns.locator("#closed-unsent")).to_contain_text("Non inviato")
    assert ns.evaluate("Object.keys(localStorage)") == []
    assert not Submission.objects.lines().filter(table=table).exclude(data={}).exists()
    assert not Table.objects.get(pk=table.pk).entry_mode


def test_the_boards_list_of_codes_draws_every_tables_code(director_page, live_server):
    tournament, *_ = room()
    open_board(director_page, tournament)
    director_page.locator("details.qr-list summary").click()
    codes = director_page.locator("img.qr")
    expect(codes).to_have_count(2)
    for index in range(2):
        code = codes.nth(index)
        code.scroll_into_view_if_needed()
        # Drawn, not a broken image: a browser gives a broken one no natural width.
        director_page.wait_for_function(
            "image => image.complete && image.naturalWidth > 0", arg=code.element_handle()
        )


def test_a_phones_scorecard_opens_with_no_box_taking_the_cursor(phones, live_server):
    """A box with the cursor brings a phone's keyboard up over the page it has just opened."""
    _, _, _, token = room()
    ns, _ = phones
    join(ns, token, "ns")
    expect(ns.locator("#scorecard")).to_be_visible()
    ns.wait_for_load_state("load")  # the page's scripts have run
    assert ns.evaluate("document.activeElement === document.body")
