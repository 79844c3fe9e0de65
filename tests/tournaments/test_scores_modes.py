"""Turno totals only, forfeits, clearing a result, and a draft turno that accepts no score."""

import pytest

from burraco_tourney.tournaments.models import AuditEntry, Turno
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services import scores as services
from tests.tournaments.scores_support import (
    FULL,
    clear_url,
    entry_url,
    result,
    results_url,
    scorecard,
    scored_tournament,
    table_of,
)

pytestmark = pytest.mark.django_db


def totals(table, ns, eo, **extra):
    return {"mode": "totals", "version": table.version, "ns_mp": ns, "eo_mp": eo, **extra}


def forfeit(table, absent, **extra):
    return {"mode": "forfeit", "version": table.version, "absent": absent, **extra}


def test_turno_totals_only_give_the_vp_of_the_difference(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    page = english.get(entry_url(turno, mode="totali")).content.decode()
    assert 'name="ns_mp"' in page and "s1_ns_cards" not in page
    response = english.post(entry_url(turno), totals(table, "1200", "900"))
    assert response.status_code == 302
    # Difference 300: the fibur-3 band up to 350 gives 13-7.
    assert result(table) == (1200, 900, 13, 7)
    assert table.entry_mode == "totals" and not table.smazzate.exists()
    assert AuditEntry.objects.get(table=table).action == "result_enter"


def test_after_a_table_entered_by_totals_the_next_table_opens_for_totals(english, director):
    _, turno = scored_tournament(director, pairs=6)
    first, second = turno.tables.order_by("number")[:2]
    response = english.post(entry_url(turno), totals(first, "1200", "900"))
    assert response.url == entry_url(turno, second.number, mode="totali")
    page = english.get(response.url).content.decode()
    assert 'name="ns_mp"' in page and "s1_ns_cards" not in page
    # By smazzata (the page's default) and a forfeit (one table's) are not carried on.
    response = english.post(entry_url(turno, second.number), forfeit(second, "ns"))
    assert response.url == entry_url(turno, 3)


def test_turno_totals_must_be_multiples_of_5(director_client, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    response = director_client.post(entry_url(turno), totals(table, "1203", "900"))
    assert response.status_code == 200
    assert response.context["form"].errors == {"ns_mp": ["1203 non è un multiplo di 5"]}
    assert result(table) == (None, None, None, None)


@pytest.mark.parametrize(("absent", "expected"), [("ns", (6, 14, "eo")), ("eo", (14, 6, "ns"))])
def test_a_forfeit_gives_the_present_pair_the_tournament_value(english, director, absent, expected):
    tournament, turno = scored_tournament(director, pairs=4)
    table = table_of(turno)
    page = english.get(entry_url(turno, mode="forfait")).content.decode()
    assert "with 14 VP and +355 MP of scarto; the absent pair gets 6 VP and −355" in page
    assert english.post(entry_url(turno), forfeit(table, absent)).status_code == 302
    table.refresh_from_db()
    assert (table.match.ns_vp, table.match.eo_vp, table.forfeit_winner) == expected
    assert (table.ns_mp, table.eo_mp, table.entry_mode) == (0, 0, "forfeit")
    winner = table.eo if absent == "ns" else table.ns
    row = next(r for r in standings(tournament=tournament) if r.pair.pk == winner.pk)
    assert (row.vp, row.scarto) == (14, 355)


def test_a_forfeit_uses_the_tournament_own_values(english, director):
    _, turno = scored_tournament(director, forfeit_vp=12, forfeit_mp=300)
    table = table_of(turno)
    assert english.post(entry_url(turno), forfeit(table, "eo")).status_code == 302
    table.refresh_from_db()
    assert (table.match.ns_vp, table.match.eo_vp, table.forfeit_winner) == (12, 8, "ns")


def test_a_forfeit_needs_a_value(english, director):
    bands = [{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [15, 5]}]
    _, turno = scored_tournament(director, vp_table=bands)
    table = table_of(turno)
    page = english.get(entry_url(turno, mode="forfait")).content.decode()
    assert "This tournament has no value for a forfeit." in page
    response = english.post(entry_url(turno), forfeit(table, "ns"))
    assert response.status_code == 200
    assert "no value for a forfeit" in str(response.context["form"].non_field_errors())
    assert not table_of(turno).has_result


def test_the_forfeit_form_shows_the_stored_absent_pair(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), forfeit(table, "eo"))
    form = english.get(entry_url(turno)).context["form"]
    assert form.mode == "forfeit" and form["absent"].value() == "eo"


def test_clearing_a_result_needs_a_reason_and_is_recorded(english, director):
    tournament, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), scorecard(table, *FULL))
    table.refresh_from_db()
    response = english.post(clear_url(turno), {"clear-version": table.version, "clear-reason": ""})
    assert response.status_code == 200
    assert "reason" in response.context["clear_form"].errors
    assert table_of(turno).has_result
    response = english.post(
        clear_url(turno),
        {"clear-version": table.version, "clear-reason": "Scorecard of another table"},
    )
    assert response.url == results_url(turno)
    table.refresh_from_db()
    assert (table.entry_mode, table.ns_mp, table.match.ns_vp) == ("", None, None)
    assert not table.smazzate.exists()
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert (entry.action, entry.reason, entry.after) == (
        "result_clear",
        "Scorecard of another table",
        None,
    )
    assert entry.before["ns_mp"] == 585 and len(entry.before["smazzate"]) == 3


def test_a_draft_turno_accepts_no_score(english, director):
    _, turno = scored_tournament(director)
    Turno.objects.filter(pk=turno.pk).update(published=False)
    table = table_of(turno)
    response = english.get(entry_url(turno), follow=True)
    assert response.redirect_chain[-1][0].endswith(f"/gestione/turni/{turno.number}/")
    assert "Turno 1 is a draft: publish it before entering its scores." in (
        response.content.decode()
    )
    response = english.post(entry_url(turno), scorecard(table, *FULL))
    assert response.status_code == 302 and not table.smazzate.exists()
    assert english.get(results_url(turno)).status_code == 302
    with pytest.raises(services.ValidationError) as refusal:
        services.table_record_totals(table=table, user=director, ns_mp=100, eo_mp=0, version=0)
    assert refusal.value.code == "turno_draft"
    assert not table_of(turno).has_result
