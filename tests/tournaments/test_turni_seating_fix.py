"""Correcting a seating after results exist: a table's lines swapped, two pairs exchanged."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Table
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.seating_fix import (
    table_swap_lines,
    turno_exchange_pairs,
)
from tests.factories import add_smazzata, make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@contextmanager
def _refused(code: str):
    with pytest.raises(ValidationError) as refused:
        yield
    assert refused.value.code == code


def _tournament():
    director = make_director()
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    return director, tournament


def _pair_vp(table: Table) -> dict[int, int]:
    table.refresh_from_db()
    return {table.ns.number: table.match.ns_vp, table.eo.number: table.match.eo_vp}


def test_swapped_lines_keep_each_pairs_smazzate_and_vp():
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(0, 0), (900, 600)])
    table = turno.tables.get(number=1)
    add_smazzata(table, 1, {"cards": 300, "pulito": 1, "chiusura": True}, {"cards": -40})
    add_smazzata(table, 2, {"cards": 50}, {"cards": 120, "sporco": 1, "chiusura": True})
    add_smazzata(table, 3, {"cards": 100, "sporco": 1, "chiusura": True}, {"cards": 30})
    table.entry_mode = "smazzate"
    table.ns_mp = table.eo_mp = None
    table.save()
    tournament_recompute_results(tournament=tournament)
    before = _pair_vp(table)
    version = Table.objects.get(pk=table.pk).version

    table_swap_lines(table=table, user=director, reason="Linee invertite")

    table.refresh_from_db()
    assert (table.ns.number, table.eo.number) == (2, 1)
    assert _pair_vp(table) == before
    first = table.smazzate.get(number=1)
    # Pair 1's burraco pulito and chiusura now sit in the EO column, where pair 1 sat.
    assert (first.eo_cards, first.eo_pulito, first.eo_chiusura) == (300, 1, True)
    assert (first.ns_cards, first.ns_chiusura) == (-40, False)
    assert first.eo_total == 300 + 200 + 100
    assert table.version == version + 1
    entry = AuditEntry.objects.get(action="seating_swap_lines")
    assert entry.reason == "Linee invertite"
    assert entry.before["tables"][0] == [1, 1, 2] and entry.after["tables"][0] == [1, 2, 1]


def test_swapped_totals_and_forfeit_follow_the_pairs():
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 500), (700, 700)])
    table = turno.tables.get(number=1)
    before = _pair_vp(table)
    table_swap_lines(table=table, user=director, reason="x")
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (500, 1200)
    assert _pair_vp(table) == before


def test_exchanged_pairs_take_the_results_of_the_table_they_sat_at():
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1500, 300), (600, 700)])
    one, three = tournament.entrants.get(number=1), tournament.entrants.get(number=3)
    turno_exchange_pairs(turno=turno, first=one, second=three, user=director, reason="Scambio")
    t1, t2 = turno.tables.get(number=1), turno.tables.get(number=2)
    assert (t1.ns.number, t1.eo.number, t2.ns.number, t2.eo.number) == (3, 2, 1, 4)
    # The big win was played at table 1: it is pair 3's now, pair 1 has table 2's narrow loss.
    assert _pair_vp(t1)[3] > 10 and _pair_vp(t2)[1] < 10
    assert AuditEntry.objects.filter(action="seating_exchange_pairs", reason="Scambio").exists()


def test_exchange_between_lines_and_refusals():
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1500, 300), (600, 700)])
    pair = {p.number: p for p in tournament.entrants.all()}
    turno_exchange_pairs(turno=turno, first=pair[1], second=pair[4], user=director, reason="r")
    assert list(turno.tables.order_by("number").values_list("ns__number", "eo__number")) == [
        (4, 2),
        (3, 1),
    ]
    with _refused("same_table"):
        turno_exchange_pairs(turno=turno, first=pair[4], second=pair[2], user=director, reason="r")
    with _refused("reason_required"):
        turno_exchange_pairs(turno=turno, first=pair[4], second=pair[3], user=director, reason=" ")
    with _refused("reason_required"):
        table_swap_lines(table=turno.tables.first(), user=director, reason="")


def test_a_pair_resting_cannot_be_exchanged():
    director, tournament = _tournament()
    resting = tournament.entrants.create(number=5, player1="Neri Ada", player2="Gialli Ugo")
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], byes=[5], totals=[(900, 900)] * 2)
    with _refused("not_seated"):
        turno_exchange_pairs(
            turno=turno,
            first=tournament.entrants.get(number=1),
            second=resting,
            user=director,
            reason="r",
        )


def test_a_draft_is_not_corrected_here(client):
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (600, 700)])
    turno.published = False
    turno.save()
    with _refused("seating_fixed"):
        table_swap_lines(table=turno.tables.first(), user=director, reason="r")


def test_the_correction_page_swaps_a_table_and_shows_it(client):
    director, tournament = _tournament()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 500), (700, 700)])
    client.force_login(director)
    url = reverse("manage:turno_seating_fix", args=[tournament.slug, 1])
    page = client.get(url)
    assert page.status_code == 200
    response = client.post(url, {"do": "swap", "swap-table": "1", "swap-reason": "Linee invertite"})
    assert response.status_code == 302
    table = turno.tables.get(number=1)
    assert (table.ns.number, table.eo.number) == (2, 1)
    response = client.post(url, {"do": "swap", "swap-table": "2", "swap-reason": ""})
    assert response.status_code == 200
    assert turno.tables.get(number=2).ns.number == 3


def test_a_knockout_match_is_refused_with_a_reason(client):
    director = make_director()
    tournament = make_tournament(owner=director, kind="ko", ko_mode="smazzate", ko_smazzate=3)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    with _refused("seating_fixed"):
        table_swap_lines(table=turno.tables.first(), user=director, reason="r")
    client.force_login(director)
    url = reverse("manage:turno_seating_fix", args=[tournament.slug, 1])
    response = client.post(url, {"do": "swap", "swap-table": "1", "swap-reason": "r"})
    assert "tabellone" in response.content.decode()
    assert turno.tables.get(number=1).ns.number == 1


def test_the_turno_page_links_to_the_correction_once_published(client):
    director, tournament = _tournament()
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 500), (700, 700)])
    client.force_login(director)
    page = client.get(reverse("manage:turno_preview", args=[tournament.slug, 1]))
    assert reverse("manage:turno_seating_fix", args=[tournament.slug, 1]) in page.content.decode()


def test_the_correction_lists_name_each_pair_not_only_its_number(client):
    director, tournament = _tournament()
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 500), (700, 700)])
    pairs = {p.number: p.players for p in tournament.entrants.all()}
    client.force_login(director)
    page = client.get(reverse("manage:turno_seating_fix", args=[tournament.slug, 1]))
    swap = page.context["swap_form"].fields["table"].choices
    assert swap[0] == (1, f"Tavolo 1: NS 1 ({pairs[1]}), EO 2 ({pairs[2]})")
    exchange = page.context["exchange_form"].fields["first"].choices
    assert exchange == [(n, f"{n} ({pairs[n]})") for n in (1, 2, 3, 4)]
    html = page.content.decode()
    assert f'<option value="3">3 ({pairs[3]})</option>' in html.replace("&#x27;", "'")
