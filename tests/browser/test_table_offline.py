"""The table's phone on the club's Wi-Fi (issue 26): the network drops in the middle of a
smazzata, the line goes on entering and saves; the page says "non inviato", keeps the
scorecard in the phone's storage and sends it when the network is back, and it arrives once,
even when the first try reached the server but its answer was lost."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import AuditEntry, Submission
from burraco_tourney.tournaments.services.player_entries import (
    PLAYER_ENTER,
    turno_players_close,
)
from tests.browser.held import wait_until_sent
from tests.browser.test_players_at_the_table import ROWS, fill_scorecard, join, phones, room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["phones"]

# How long the phone waits before it sends a save again (the page's script).
SCRIPT = Path(__file__).parents[2] / "static" / "js" / "table_offline.js"
RETRY_MS = int(re.search(r"var RETRY_MS = (\d+);", SCRIPT.read_text(encoding="utf-8")).group(1))


def _stored(table):
    entry = Submission.objects.filter(table=table, source="ns").first()
    saves = AuditEntry.objects.filter(table=table, action=PLAYER_ENTER).count()
    return (entry.version if entry else None), saves


def test_offline_in_the_middle_of_a_smazzata_the_entry_arrives_once(phones):
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    join(ns, token, "ns")
    fill_scorecard(ns, ROWS[:2])
    ns.fill("[name=s3_ns_cards]", "95")
    ns.context.set_offline(True)
    # The rest of smazzata 3 typed without network, then saved.
    ns.fill("[name=s3_eo_cards]", "30")
    ns.fill("[name=s3_ns_pulito]", "1")
    ns.check("[name=s3_ns_chiusura]")
    ns.get_by_role("button", name="Salva lo score").click()
    unsent = ns.locator('#offline-notice [data-when="unsent"]')
    expect(unsent).to_be_visible()
    expect(unsent).to_contain_text("Non inviato")
    expect(ns.locator("[name=s3_eo_cards]")).to_have_value("30")
    assert _stored(table) == (0, 0)  # the line chose its side; nothing saved yet

    ns.context.set_offline(False)
    expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
    expect(ns.locator("[name=s2_eo_cards]")).to_have_value("185")
    assert _stored(table) == (1, 1)
    entry = Submission.objects.get(table=table, source="ns")
    assert [s["eo"]["cards"] for s in entry.smazzate] == [45, 185, 30]


def _saved_without_network(phones):
    """NS has entered the whole scorecard and pressed "Salva" with no network: the phone's
    page, the table, its link."""
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    join(ns, token, "ns")
    fill_scorecard(ns)
    ns.context.set_offline(True)
    ns.get_by_role("button", name="Salva lo score").click()
    expect(ns.locator('#offline-notice [data-when="unsent"]')).to_contain_text("Non inviato")
    return ns, table, token


def test_a_save_left_unsent_when_the_turno_closes_is_told_and_never_sent_later(phones):
    first, table, token = _saved_without_network(phones)
    turno = table.turno
    turno_players_close(turno=turno, user=turno.tournament.owner)
    # The browser closed with the save still waiting; opened again once the network is back.
    context, address = first.context, f"{first.base_url}/tavolo/{token}/"
    first.close()
    context.set_offline(False)
    ns = context.new_page()
    ns.goto(address)
    expect(ns.locator(".closed-notice")).to_contain_text("Turno chiuso")
    expect(ns.locator("#closed-unsent")).to_contain_text("Non inviato")
    assert ns.evaluate("Object.keys(localStorage)") == []
    # Opened again to the players, the phone has nothing left to send over what comes next.
    turno_players_close(turno=turno, user=turno.tournament.owner, closed=False)
    ns.goto(address)
    expect(ns.locator("#scorecard")).to_be_visible()
    expect(ns.locator("[name=s1_ns_cards]")).to_have_value("")
    ns.wait_for_load_state("load")  # the page's scripts have run
    assert ns.evaluate("Object.keys(localStorage)") == []
    assert _stored(table) == (0, 0)


def test_a_box_corrected_after_an_unsent_save_is_what_arrives(phones):
    ns, table, token = _saved_without_network(phones)
    # Corrected while the save waits for the network, without pressing "Salva" again.
    ns.fill("[name=s3_eo_cards]", "35")
    ns.fill("[name=s2_ns_cards]", "65")

    ns.context.set_offline(False)
    expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
    expect(ns.locator("[name=s3_eo_cards]")).to_have_value("35")
    expect(ns.locator("[name=s2_ns_cards]")).to_have_value("65")
    assert _stored(table) == (1, 1)
    entry = Submission.objects.get(table=table, source="ns")
    assert [(s["ns"]["cards"], s["eo"]["cards"]) for s in entry.smazzate] == [
        (120, 45),
        (65, 185),
        (95, 35),
    ]


def test_the_phone_says_it_is_sending_until_the_answer_comes(phones):
    ns, table, token = _saved_without_network(phones)
    held = []

    def hold_the_save(route):
        if route.request.method == "POST":
            held.append(route)  # on its way: the server has not answered yet
        else:
            route.continue_()

    ns.route(re.compile(rf".*/tavolo/{token}/$"), hold_the_save)
    ns.context.set_offline(False)
    sending = ns.locator('#offline-notice [data-when="sending"]')
    expect(sending).to_be_visible()
    wait_until_sent(ns, held, "the save")
    # The Wi-Fi comes and goes: the browser says "online" again while the save is on its way.
    ns.evaluate("window.dispatchEvent(new Event('online'))")
    expect(sending).to_be_visible()
    held[0].continue_()
    expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
    assert len(held) == 1  # not sent a second time
    assert _stored(table) == (1, 1)


def lose_the_first_answer(ns, token) -> list:
    """The phone's first save reaches the server, which stores it, but its answer never comes
    back (the Wi-Fi dropped on the way); the list says whether it happened."""
    lost = []

    def lose_the_answer(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server gets it and saves ...
            lost.append(True)
            route.abort("internetdisconnected")  # ... but the phone never hears back
        else:
            route.continue_()

    ns.route(re.compile(rf".*/tavolo/{token}/$"), lose_the_answer)
    return lost


def test_a_save_whose_answer_was_lost_is_sent_again_and_stored_once(phones):
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    # The page's own clock, moved on below by the few seconds the phone waits before it tries
    # again (the test does not sit through them).
    ns.clock.install()
    join(ns, token, "ns")
    fill_scorecard(ns)
    lost = lose_the_first_answer(ns, token)
    ns.get_by_role("button", name="Salva lo score").click()
    expect(ns.locator('#offline-notice [data-when="unsent"]')).to_be_visible()
    # Sent again a few seconds later with the same id: recognised, not saved twice.
    ns.clock.fast_forward(RETRY_MS)
    expect(ns.locator(".messages")).to_contain_text("era già arrivato", timeout=20_000)
    assert lost == [True]
    assert _stored(table) == (1, 1)


def test_what_the_line_typed_survives_the_page_being_opened_again(phones):
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    join(ns, token, "ns")
    fill_scorecard(ns, ROWS[:1])
    ns.fill("[name=s2_ns_cards]", "60")
    ns.reload()
    expect(ns.locator("[name=s1_eo_cards]")).to_have_value("45")
    expect(ns.locator("[name=s2_ns_cards]")).to_have_value("60")
    expect(ns.locator("[name=s1_ns_chiusura]")).to_be_checked()
    assert _stored(table) == (0, 0)


def test_typing_kept_on_the_phone_never_hides_the_other_lines_entry(phones):
    """EO types in a box before NS has saved; NS then saves. Opened again, EO's page shows NS's
    entry to confirm, with its totals, not EO's old typing over it (the trial's boxes showed
    one scorecard and the totals another)."""
    tournament, turno, table, token = room(auto_accept=False)
    ns, eo = phones
    join(eo, token, "eo")
    eo.fill("[name=s1_ns_cards]", "80")
    join(ns, token, "ns")
    fill_scorecard(ns)
    ns.get_by_role("button", name="Salva lo score").click()
    expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
    eo.reload()
    expect(eo.locator("[name=s1_ns_cards]")).to_have_value("120")
    expect(eo.locator("[name=s2_eo_cards]")).to_have_value("185")
    for line in ("ns", "eo"):
        expect(eo.locator(f"[data-turno={line}]")).to_have_text(
            ns.locator(f"[data-turno={line}]").inner_text()
        )


def test_the_live_totals_say_they_stopped_while_the_network_is_down(phones):
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    join(ns, token, "ns")
    fill_scorecard(ns)
    expect(ns.locator("[data-turno=ns]")).to_have_text(re.compile(r"\d"))
    summary = ns.locator("#score-summary")
    note = summary.locator(".offline-note")
    expect(note).to_have_count(0)

    ns.context.set_offline(True)
    ns.fill("[name=s3_ns_cards]", "100")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Nessuna connessione")
    expect(summary).to_have_class(re.compile(r"\bstale\b"))

    ns.context.set_offline(False)
    ns.fill("[name=s3_eo_cards]", "25")
    expect(note).to_have_count(0)
    expect(summary).not_to_have_class(re.compile(r"\bstale\b"))


def test_a_save_that_arrived_though_its_answer_was_lost_is_not_called_unsent(phones):
    """The server stored the save but the phone never heard back; then the turno closes to
    the players. Opened again, the closed page does not say "Non inviato": the save arrived."""
    tournament, turno, table, token = room(auto_accept=False)
    ns, _ = phones
    ns.clock.install()  # the phone does not try again by itself meanwhile
    join(ns, token, "ns")
    fill_scorecard(ns)
    lost = lose_the_first_answer(ns, token)
    ns.get_by_role("button", name="Salva lo score").click()
    expect(ns.locator('#offline-notice [data-when="unsent"]')).to_be_visible()
    assert lost == [True] and _stored(table) == (1, 1)
    turno_players_close(turno=turno, user=turno.tournament.owner)
    ns.goto(f"{ns.base_url}/tavolo/{token}/")
    expect(ns.locator(".closed-notice")).to_contain_text("Turno chiuso")
    ns.wait_for_load_state("load")  # the page's scripts have run
    expect(ns.locator("#closed-unsent")).to_be_hidden()
    assert ns.evaluate("Object.keys(localStorage)") == []
    assert _stored(table) == (1, 1)
