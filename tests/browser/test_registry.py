"""The registry in the browser: a club's member list previewed (a change shown field by field,
an error by line and column) then saved once fixed; a name typed finds the person as the
director types; two twins merged with a reason that the registry's log shows."""

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.people.models import Person
from tests.browser.login_support import log_in_through
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = "Tessera;Cognome;Nome;Sesso;Anno di nascita;Circolo\n"


def _file(tmp_path, text):
    path = tmp_path / "soci.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_member_list_preview_then_search_and_merge(page, tmp_path):
    make_director()
    Person.objects.create(surname="Rossi", name="Anna", card="1001", birth_year=1950)
    log_in_through(page, "/anagrafica/importa/")

    # A file with an error: the preview names the line, the column and why; no save button.
    wrong = HEADER + "1001;Rossi;Anna;F;1951;Aurora\n2002;Verdi;Carla;F;2999;Aurora\n"
    page.set_input_files("#id_file", str(_file(tmp_path, wrong)))
    page.get_by_role("button", name="Mostra l'anteprima").click()
    error = page.locator("table.member-errors tbody tr")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("3")
    expect(error).to_contain_text("Anno di nascita")
    expect(error).to_contain_text("L'anno di nascita 2999 è nel futuro.")
    expect(page.get_by_role("button", name="Salva l'elenco dei soci")).to_have_count(0)

    # Fixed: Rossi Anna's change shown field by field, Verdi Carla new; saved.
    right = HEADER + "1001;Rossi;Anna;F;1951;Aurora\n2002;Verdi;Carla;F;1960;Aurora\n"
    page.set_input_files("#id_file", str(_file(tmp_path, right)))
    page.get_by_role("button", name="Mostra l'anteprima").click()
    change = page.locator("table.member-changes tbody tr", has_text="Anno di nascita")
    expect(change.locator("td.before")).to_have_text("1950")
    expect(change.locator("td.after")).to_have_text("1951")
    expect(page.locator("table.member-new tbody tr")).to_contain_text("Verdi Carla")
    page.get_by_role("button", name="Salva l'elenco dei soci").click()
    expect(page.locator(".msg.success")).to_contain_text("1 persone nuove, 1 aggiornate")
    expect(page).to_have_url(re.compile(r"/anagrafica/$"))

    # A twin typed the other way round; the search finds both as the director types.
    Person.objects.create(surname="Anna", name="Rossi")
    page.reload()
    page.fill("#registry-search-q", "ros an")
    results = page.locator("#registry-search-results .person-result")
    expect(results).to_have_count(2)
    expect(results.first).to_have_attribute("data-card", "1001")

    # The duplicates page lists them; the merge asks for a reason, then the log shows it.
    page.get_by_role("link", name="Doppioni").click()
    page.locator("table.twins tr", has_text="Rossi Anna").get_by_role(
        "link", name="Confronta e unisci"
    ).click()
    expect(page.get_by_role("heading", name="Unisci due persone")).to_be_visible()
    page.fill("#id_reason", "Stessa persona, nome scritto al contrario")
    page.get_by_role("button", name="Unisci").click()
    expect(page.locator(".msg.success")).to_contain_text("unito/a a")
    expect(page.locator("table.twins")).to_have_count(0)
    log = page.locator("table.registry-log tbody tr").first
    expect(log).to_contain_text("Stessa persona, nome scritto al contrario")
    expect(log).to_contain_text("arbitro")
    assert Person.objects.filter(search_key="anna rossi").count() == 1
