"""Correcting a saved result: a reason, before and after in the log, and never a silent overwrite
when two directors save the same table."""

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.services import scores as services
from tests.tournaments.scores_support import (
    FULL,
    FULL_RESULT,
    entry_url,
    result,
    results_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db


# Smazzata 1 with 250 card points for NS instead of 245: NS 590 in the turno.
FIXED = smazzata(1, {"cards": 250, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1})


@pytest.fixture
def entered(english, director):
    tournament, turno = scored_tournament(director, pairs=4)
    table = table_of(turno)
    assert english.post(entry_url(turno), scorecard(table, *FULL)).status_code == 302
    table.refresh_from_db()
    return tournament, turno, table


def test_a_correction_needs_a_reason(english, entered):
    _, turno, table = entered
    response = english.post(entry_url(turno), scorecard(table, FIXED, *FULL[1:]))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["reason"]
    assert "Say why the result of table 1 changes" in errors["reason"][0]
    assert result(table) == FULL_RESULT and table.version == 1
    assert table.smazzate.get(number=1).ns_cards == 245


def test_a_correction_records_who_why_before_and_after(english, director, entered):
    tournament, turno, table = entered
    data = scorecard(table, FIXED, *FULL[1:], reason="Addition error on the scorecard")
    response = english.post(entry_url(turno), data)
    assert response.url == entry_url(turno, 2)  # on to the table still missing
    assert result(table) == (590, 1365, 4, 16) and table.version == 2
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert (entry.action, entry.user, entry.table, entry.reason) == (
        "result_correct",
        director,
        table,
        "Addition error on the scorecard",
    )
    assert entry.before["smazzate"][0]["ns"]["cards"] == 245
    assert entry.after["smazzate"][0]["ns"]["cards"] == 250
    assert (entry.before["ns_mp"], entry.after["ns_mp"]) == (585, 590)
    page = english.get(results_url(turno))
    assert [p.state for p in page.context["progress"].tables] == ["corrected", "missing"]
    assert "corrected" in page.content.decode()


def test_saving_the_same_values_again_changes_nothing(english, entered):
    tournament, turno, table = entered
    response = english.post(entry_url(turno), scorecard(table, *FULL))
    assert response.status_code == 302
    assert "Table 1: nothing changed." in english.get(response.url).content.decode()
    table.refresh_from_db()
    assert table.version == 1
    assert AuditEntry.objects.filter(tournament=tournament).count() == 1


def test_a_stale_form_is_refused_and_keeps_what_was_typed(english, entered):
    _, turno, table = entered
    # The second director loaded the page before the first one saved: version 0.
    data = scorecard(table, FIXED, *FULL[1:], reason="Wrong line", version=0)
    response = english.post(entry_url(turno), data)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone else saved table 1 meanwhile: reload the page" in html
    assert response.context["form"]["s1_ns_cards"].value() == "250"
    assert result(table) == FULL_RESULT and table.version == 1


def test_switching_a_table_to_totals_replaces_its_smazzate(english, entered):
    tournament, turno, table = entered
    data = {
        "mode": "totals",
        "version": table.version,
        "ns_mp": "650",
        "eo_mp": "1300",
        "reason": "Only the totals are legible",
    }
    assert english.post(entry_url(turno), data).status_code == 302
    # Difference 650: the band up to 650 gives 15-5.
    assert result(table) == (650, 1300, 5, 15)
    assert not table.smazzate.exists()
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert entry.before["entry_mode"] == "smazzate" and entry.after == {
        "entry_mode": "totals",
        "ns_mp": 650,
        "eo_mp": 1300,
        "ns_vp": 5,
        "eo_vp": 15,
    }


def test_two_saves_with_the_same_version_the_second_is_refused(director):
    _, turno = scored_tournament(director, pairs=4)
    first, second = table_of(turno), table_of(turno)
    services.table_record_totals(table=first, user=director, ns_mp=1000, eo_mp=500, version=0)
    with pytest.raises(ValidationError) as refusal:
        services.table_record_totals(
            table=second, user=director, ns_mp=200, eo_mp=900, version=0, reason="mine"
        )
    assert refusal.value.code == "stale"
    assert result(first)[:2] == (1000, 500)
    assert AuditEntry.objects.filter(table=first).count() == 1
