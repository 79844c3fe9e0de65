"""Issue 27: a scorecard saved while the rules change. The save names the rules its form was
built under; the service refuses it when they are no longer in force, and a rule change and a
save take turns on the tournament's row, so no result of the old rules outlives the change."""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connections

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments import results_bridge
from burraco_tourney.tournaments.models import Table, Tournament
from burraco_tourney.tournaments.results_bridge import rules_fingerprint, stored_outcome
from burraco_tourney.tournaments.services import scores as score_services
from burraco_tourney.tournaments.services.tournaments import (
    tournament_settings_of,
    tournament_update,
)
from tests.factories import make_director, make_pairs, make_tournament, make_turno

SEMIPULITO_CLOSE = SmazzataEntry(
    ns=LineEntry(100, semipulito=2, chiusura=True), eo=LineEntry(50, pulito=1), end="chiusura"
)


def semipulito_off(tournament: Tournament, user) -> None:
    settings = tournament_settings_of(Tournament.objects.get(pk=tournament.pk))
    changed = dataclasses.replace(settings, rules={**settings.rules, "semipulito": False})
    tournament_update(tournament=tournament, user=user, settings=changed, confirm_recompute=True)


def one_table(director) -> tuple[Tournament, Table]:
    tournament = make_tournament(owner=director, smazzate_per_turno=1)
    tournament.directors.add(director)
    make_pairs(tournament, 2)
    turno = make_turno(tournament, 1, [(1, 2)])
    return tournament, Table.objects.select_related("turno__tournament").get(turno=turno)


@pytest.mark.django_db
def test_a_save_under_rules_no_longer_in_force_is_refused_and_writes_nothing():
    director = make_director()
    tournament, table = one_table(director)
    seen = rules_fingerprint(tournament)
    semipulito_off(tournament, director)
    with pytest.raises(ValidationError) as refused:
        score_services.table_record_smazzate(
            table=table, user=director, smazzate=[SEMIPULITO_CLOSE], version=0, rules_seen=seen
        )
    assert refused.value.code == "rules_changed"
    assert "Le regole sono cambiate da quando hai aperto questa pagina" in str(
        refused.value.message
    )
    table.refresh_from_db()
    assert not table.entry_mode and table.version == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_a_rule_change_during_a_save_never_leaves_a_result_of_the_old_rules(monkeypatch):
    """The save has read the rules and scored the table when the director confirms a rule
    change: the change waits for the save and recomputes its result (it used to recompute
    first, and the save then stored a result the rules in force no longer give)."""
    director = make_director()
    tournament, table = one_table(director)
    seen = rules_fingerprint(tournament)
    scored = threading.Event()
    real = results_bridge.table_outcome_for

    def slow(*args, **kwargs):
        outcome = real(*args, **kwargs)
        if threading.current_thread().name == "save":
            scored.set()
            time.sleep(0.8)  # the window in which the rule change arrives
        return outcome

    monkeypatch.setattr(results_bridge, "table_outcome_for", slow)
    outcomes: dict[str, object] = {}

    def save():
        try:
            outcomes["save"] = score_services.table_record_smazzate(
                table=table, user=director, smazzate=[SEMIPULITO_CLOSE], version=0, rules_seen=seen
            )
        except Exception as error:  # the test looks at it
            outcomes["save"] = error
        finally:
            connections.close_all()

    def change():
        try:
            assert scored.wait(10)
            semipulito_off(tournament, director)
            outcomes["change"] = "done"
        except Exception as error:  # the test looks at it
            outcomes["change"] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, name="save"), threading.Thread(target=change)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert outcomes["change"] == "done"
    assert not isinstance(outcomes["save"], Exception), outcomes["save"]
    table = Table.objects.select_related("turno__tournament").get(pk=table.pk)
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.rules["semipulito"] is False
    # The stored result is what the rules in force give the entered scorecard.
    outcome = stored_outcome(tournament, table)
    assert outcome is not None
    assert (table.ns_mp, table.eo_mp) == (outcome.ns_mp, outcome.eo_mp) == (400, 250)
    # The match above the table was written in the same transaction: its VP are the same rules'.
    assert (table.match.ns_vp, table.match.eo_vp) == (outcome.ns_vp, outcome.eo_vp) == (11, 9)
