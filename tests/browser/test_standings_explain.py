"""Why is a pair above another, in the browser: from the standings to the explanation of a tie
settled by head-to-head, picking the two pairs in the form (no JavaScript needed)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_tie_settled_by_head_to_head(page):
    tournament = make_tournament(name="Coppa Scontro")
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(700, 600), (1600, 600)])
    make_turno(tournament, 2, [(4, 1), (2, 3)], totals=[(700, 600), (700, 600)])

    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    page.get_by_role("link", name="Perché una coppia è sopra un'altra?").click()
    page.locator("#id_a").select_option("2")
    page.locator("#id_b").select_option("1")
    page.get_by_role("button", name="Spiega").click()

    verdict = page.locator("#explain-verdict")
    expect(verdict).to_have_text("La coppia 1 è sopra la coppia 2: decide lo scontro diretto.")
    steps = page.locator(".explain-steps li")
    expect(steps).to_have_count(3)
    expect(steps.nth(1)).to_contain_text("Scarto")
    expect(steps.nth(2)).to_contain_text("Negli scontri diretti la coppia 2 ha fatto 9 PV")
    expect(page.locator(".explain-steps li.explain-decides")).to_contain_text("Scontro diretto")


def test_from_the_standings_link_no_error_before_a_choice(page):
    """Opened from the standings (the link names the turno), the form complains of nothing and
    starts on the first two pairs of those standings; an error shows only after a submission."""
    tournament = make_tournament(name="Coppa Primo Sguardo")
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(700, 600), (1600, 600)])

    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    page.get_by_role("link", name="Perché una coppia è sopra un'altra?").click()
    expect(page.locator("#id_a")).to_be_visible()
    expect(page.locator(".explain-form .msg.error")).to_have_count(0)
    # Pair 3 won by most, pair 1 next: the boxes start there, not both on pair 1.
    expect(page.locator("#id_a")).to_have_value("3")
    expect(page.locator("#id_b")).to_have_value("1")

    page.locator("#id_b").select_option("3")
    page.get_by_role("button", name="Spiega").click()
    expect(page.locator(".explain-form .msg.error")).to_have_text("Scegli due coppie diverse.")
