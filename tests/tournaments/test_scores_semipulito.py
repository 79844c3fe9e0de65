"""Issue 27: a burraco semipulito entered is kept as entered whatever the switch says.

While semipulito is off the scorecard still offers its box, marked "counts as sporco while
semipulito is off"; the engine counts it as sporco; switching the rule on again gives every
entered score back. A scorecard opened before a rule change and saved after it is refused with
a notice and shown again under the new rules, keeping what was typed.
"""

from __future__ import annotations

import re

import pytest

from burraco_tourney.tournaments.models import Smazzata, Table
from tests.tournaments.scores_support import entry_url, scorecard, scored_tournament, smazzata
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db

# NS: 100 cards, 2 semipulito, closes -> 100 + 300 + 100 = 500 with semipulito on,
# 100 + 200 + 100 = 400 while it is off. EO: 50 cards, 1 pulito -> 250.
S1 = smazzata(1, {"cards": 100, "semipulito": 2, "chiusura": True}, {"cards": 50, "pulito": 1})
S1_SPORCO = smazzata(1, {"cards": 100, "sporco": 2, "chiusura": True}, {"cards": 50, "pulito": 1})


def switch(english, tournament, value: str, **changes) -> None:
    tournament.refresh_from_db()
    data = posted(tournament, semipulito=value, confirm_recompute="on", **changes)
    response = english.post(edit_url(tournament), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament.refresh_from_db()


@pytest.fixture
def played(english, director):
    tournament, turno = scored_tournament(director, pairs=2)
    table = Table.objects.get(turno=turno)
    response = english.post(entry_url(turno), scorecard(table, S1, ended_early=True))
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (500, 250)
    return tournament, turno


def box_value(page: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert tag, f"no box {name}"
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


def test_the_scorecard_shows_a_semipulito_as_entered_while_the_switch_is_off(english, played):
    tournament, turno = played
    switch(english, tournament, "no")
    table = Table.objects.get(turno=turno)
    assert (table.ns_mp, table.eo_mp) == (400, 250)  # counted as sporco
    page = english.get(entry_url(turno)).content.decode()
    assert box_value(page, "s1_ns_semipulito") == "2"
    assert box_value(page, "s1_ns_sporco") is None
    assert "counts as sporco while semipulito is off" in page
    assert 'id="semipulito-note"' in page


def test_a_correction_saved_while_the_switch_is_off_keeps_the_semipulito(english, played):
    """The tab is opened after the switch: the director corrects the EO cards and saves the
    form as shown; switching semipulito on again gives the NS semipulito its bonus."""
    tournament, turno = played
    switch(english, tournament, "no")
    table = Table.objects.get(turno=turno)
    page = english.get(entry_url(turno)).content.decode()
    rules_seen = box_value(page, "rules_seen")
    fixed = smazzata(
        1,
        {"cards": 100, "semipulito": 2, "chiusura": True},
        {"cards": 60, "pulito": 1},
    )
    data = scorecard(table, fixed, ended_early=True, reason="EO cards")
    data["rules_seen"] = rules_seen
    assert english.post(entry_url(turno), data).status_code == 302
    stored = Smazzata.objects.get(table=table)
    assert (stored.ns_semipulito, stored.ns_sporco) == (2, 0)
    switch(english, tournament, "yes")
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (500, 260)


def test_a_semipulito_typed_while_the_switch_is_off_is_stored_as_semipulito(english, director):
    tournament, turno = scored_tournament(director, pairs=2)
    switch(english, tournament, "no")
    table = Table.objects.get(turno=turno)
    response = english.post(entry_url(turno), scorecard(table, S1, ended_early=True))
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (400, 250)
    assert Smazzata.objects.get(table=table).ns_semipulito == 2
    switch(english, tournament, "yes")
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (500, 250)


def test_the_same_scorecard_saved_again_while_off_changes_nothing(english, played):
    tournament, turno = played
    switch(english, tournament, "no")
    table = Table.objects.get(turno=turno)
    response = english.post(entry_url(turno), scorecard(table, S1, ended_early=True))
    assert response.status_code == 302
    assert table.audit.filter(action="result_correct").count() == 0
    # Typing the two burraco as sporco is a different scorecard: a correction.
    response = english.post(entry_url(turno), scorecard(table, S1_SPORCO, ended_early=True))
    assert "Say why the result of table 1 changes" in response.content.decode()


def test_a_custom_semipulito_bonus_survives_the_switch(english, played):
    """Turning semipulito off used to reset a bonus of 120 to the preset's 150."""
    tournament, turno = played
    switch(english, tournament, "", bonus_semipulito="120")
    table = Table.objects.get(turno=turno)
    assert table.ns_mp == 100 + 240 + 100
    switch(english, tournament, "no")
    assert tournament.rules["bonuses"]["semipulito"] == 120
    page = english.get(edit_url(tournament)).content.decode()
    assert box_value(page, "bonus_semipulito") == "120"
    assert 'name="bonus_semipulito" disabled' not in page
    switch(english, tournament, "yes")
    assert tournament.rules["bonuses"]["semipulito"] == 120
    table.refresh_from_db()
    assert table.ns_mp == 100 + 240 + 100


def test_a_scorecard_opened_before_a_rule_change_is_refused_with_a_notice(english, director):
    tournament, turno = scored_tournament(director, pairs=2)
    table = Table.objects.get(turno=turno)
    page = english.get(entry_url(turno)).content.decode()
    rules_seen = box_value(page, "rules_seen")
    switch(english, tournament, "no")  # in another tab, no result yet
    data = scorecard(table, S1, ended_early=True)
    data["rules_seen"] = rules_seen
    response = english.post(entry_url(turno), data)
    text = response.content.decode()
    assert response.status_code == 200
    assert "The rules changed since you opened this page: nothing was saved." in text
    table.refresh_from_db()
    assert not table.entry_mode
    # Shown again under the new rules with what was typed, and the next save counts.
    assert box_value(text, "s1_ns_semipulito") == "2"
    assert box_value(text, "s1_eo_cards") == "50"
    assert "counts as sporco while semipulito is off" in text
    data["rules_seen"] = box_value(text, "rules_seen")
    assert english.post(entry_url(turno), data).status_code == 302
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp) == (400, 250)


def test_a_totals_form_opened_before_a_rule_change_is_refused_too(english, director):
    tournament, turno = scored_tournament(director, pairs=2)
    table = Table.objects.get(turno=turno)
    page = english.get(entry_url(turno, mode="totali")).content.decode()
    rules_seen = box_value(page, "rules_seen")
    switch(english, tournament, "", vp_preset="fibur-4")
    data = {"mode": "totals", "version": table.version, "ns_mp": "1250", "eo_mp": "830"}
    data["rules_seen"] = rules_seen
    response = english.post(entry_url(turno), data)
    assert "The rules changed since you opened this page" in response.content.decode()
    table.refresh_from_db()
    assert not table.entry_mode
