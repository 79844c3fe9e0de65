"""A rule change once results exist: the page shows its dry run, then the director confirms it."""

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.scores import table_record_forfeit
from tests.browser.login_support import log_in_through
from tests.factories import make_pairs, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_rule_change_shows_which_results_change_before_it_is_confirmed(page, san_martino):
    tournament = san_martino
    tournament.directors.add(tournament.owner)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 900)])
    path = f"/t/{tournament.slug}/gestione/impostazioni/"
    log_in_through(page, path)
    confirm = page.locator("#id_confirm_recompute")
    expect(confirm).to_have_count(0)  # nothing to confirm before the dry run
    page.locator("input[name=vp_preset][value=fibur-4]").check()
    page.locator("#tournament-form button[type=submit]").click()

    dry_run = page.locator("#dry-run")
    expect(dry_run).to_contain_text("ricalcolano i risultati inseriti finora: 2.")
    rows = dry_run.locator("table.dry-run tbody tr")
    expect(rows).to_have_count(1)  # the 900–900 draw stays 10–10
    expect(rows.first).to_contain_text("1250–830 MP, 14–6 PV")
    expect(rows.first).to_contain_text("1250–830 MP, 12–8 PV")
    assert Table.objects.get(turno__tournament=tournament, number=1).match.ns_vp == 14

    page.locator("#id_confirm_recompute").check()
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.locator(".msg.success")).to_contain_text("2 risultati ricalcolati")
    assert Table.objects.get(turno__tournament=tournament, number=1).match.ns_vp == 12


def test_a_new_forfeit_value_shows_the_standings_it_gives(page, san_martino):
    """Issue 27: a forfeit's MP moves no table, only the scarto: the dry run used to say that
    nothing changes."""
    tournament = san_martino
    tournament.directors.add(tournament.owner)
    tournament.forfeit_vp, tournament.forfeit_mp = 14, 300
    tournament.save()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    table = Table.objects.get(turno__tournament=tournament, number=2)
    table_record_forfeit(table=table, user=tournament.owner, absent="eo", version=table.version)
    log_in_through(page, f"/t/{tournament.slug}/gestione/impostazioni/")
    page.fill("#id_forfeit_mp", "250")
    page.locator("#tournament-form button[type=submit]").click()

    dry_run = page.locator("#dry-run")
    expect(dry_run).to_contain_text("Nessuno cambia, ma la classifica sì")
    rows = page.locator("#dry-run-standings tbody tr")
    expect(rows).to_have_count(2)  # pair 3 won the forfeit, pair 4 lost it
    expect(rows.filter(has_text="scarto +300")).to_contain_text("scarto +250")
    expect(rows.filter(has_text="scarto -300")).to_contain_text("scarto -250")
