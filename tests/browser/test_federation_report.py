"""The federation report in the browser (issue 25): its checks first fail on a missing card
number, the director fixes the card in the registry through the report's own link, then the
checks pass and the CSV and the PDF download."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from burraco_tourney.people.models import Person
from tests.browser.login_support import log_in_through
from tests.factories import make_director
from tests.federation.support import report_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_missing_card_fixed_in_the_registry_lets_the_report_download(page):
    tournament, _people = report_tournament(make_director())
    Person.objects.filter(card="RM003").update(card="")
    report = reverse("manage:federation", args=[tournament.slug])
    log_in_through(page, reverse("manage:dashboard", args=[tournament.slug]))

    # The dashboard's card: the deadline and the club's counter, and the way to the report.
    card = page.locator("#federation-card")
    expect(card).to_contain_text("Da inviare entro il 30 novembre 2026")
    expect(card).to_contain_text("Tornei inviati nel 2026: 0 / 20")
    card.get_by_role("link", name="Apri il rapporto").click()

    problems = page.locator("#blocking-problems li")
    expect(problems).to_have_count(1)
    expect(problems).to_contain_text("Verdi Carla non ha il numero di tessera.")
    expect(page.locator("#federation-files a")).to_have_count(0)

    problems.get_by_role("link", name="Modifica la tessera in anagrafica").click()
    page.fill("#id_card", "RM003")
    page.get_by_role("button", name="Salva").click()
    expect(page.locator(".msg.success")).to_contain_text("Verdi Carla")

    page.goto(page.base_url + report)
    expect(page.locator("#checks-passed")).to_be_visible()
    with page.expect_download() as csv_download:
        page.get_by_role("link", name="CSV").click()
    csv_text = Path(csv_download.value.path()).read_text(encoding="utf-8-sig")
    assert "3;2;Verdi Carla;RM003;Russo Dario;RM004;" in csv_text
    with page.expect_download() as pdf_download:
        page.get_by_role("link", name="PDF da firmare").click()
    assert pdf_download.value.suggested_filename == f"{tournament.slug}-rapporto-federazione.pdf"
    assert Path(pdf_download.value.path()).read_bytes().startswith(b"%PDF-")
