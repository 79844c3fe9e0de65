"""Issues 20 and 27: an archive exported while semipulito is switched off keeps the semipulito
counts as entered. The software used to drop them: it refused its own file (a line that closed
with a semipulito as its only burraco "closed without a burraco") or imported other results."""

from __future__ import annotations

import dataclasses

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import Smazzata, Table, Tournament
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from burraco_tourney.tournaments.services.tournaments import (
    tournament_settings_of,
    tournament_update,
)
from tests.factories import make_pairs, make_tournament, make_turno

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db


def switch(tournament: Tournament, user, *, on: bool) -> None:
    settings = tournament_settings_of(tournament)
    rules = {**settings.rules, "semipulito": on}
    changed = dataclasses.replace(settings, rules=rules)
    tournament_update(tournament=tournament, user=user, settings=changed, confirm_recompute=True)


def results(tournament: Tournament) -> list[tuple]:
    return list(
        Table.objects.filter(turno__tournament=tournament)
        .order_by("turno__number", "number")
        .values_list("ns_mp", "eo_mp", "match__ns_vp", "match__eo_vp")
    )


@pytest.fixture
def switched_off(director) -> Tournament:
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    first, second = Table.objects.filter(turno__tournament=tournament).order_by("number")
    # NS closes with two semipulito and nothing else.
    closing_on_semipulito = SmazzataEntry(
        ns=LineEntry(600, semipulito=2, chiusura=True),
        eo=LineEntry(-40, pulito=1),
        end="chiusura",
    )
    plain = SmazzataEntry(
        ns=LineEntry(200, pulito=1, chiusura=True), eo=LineEntry(100, sporco=1), end="chiusura"
    )
    for table, smazzata in ((first, closing_on_semipulito), (second, plain)):
        table_record_smazzate(
            table=table, user=director, smazzate=[smazzata, plain, plain], version=0
        )
    tournament.refresh_from_db()
    assert results(tournament)[0][:2] == (600 + 300 + 100 + 1000, -40 + 200 + 400)
    switch(tournament, director, on=False)
    tournament.refresh_from_db()
    assert results(tournament)[0][:2] == (600 + 200 + 100 + 1000, -40 + 200 + 400)
    return tournament


def test_the_export_keeps_the_semipulito_counts_and_imports_the_same_results(
    director, switched_off
):
    exported = tournament_export(switched_off)
    assert exported["tournament"]["semipulito"] is False
    line = exported["turni"][0]["tables"][0]["smazzate"][0]["ns"]
    assert (line["semipulito"], line["sporco"]) == (2, 0)
    # A line without any semipulito keeps the version 2 file as it was: no semipulito key.
    assert "semipulito" not in exported["turni"][0]["tables"][1]["smazzate"][0]["ns"]

    copy = tournament_import(data=exported, owner=director)
    assert results(copy) == results(switched_off)
    stored = Smazzata.objects.get(table__turno__tournament=copy, table__number=1, number=1)
    assert (stored.ns_semipulito, stored.ns_sporco) == (2, 0)
    assert_same_but_the_import_entry(exported, tournament_export(copy))

    # The copy gives the semipulito back when switched on, as the original does.
    switch(copy, director, on=True)
    switch(switched_off, director, on=True)
    assert results(copy) == results(switched_off)
    assert results(copy)[0][:2] == (600 + 300 + 100 + 1000, -40 + 200 + 400)


def test_the_semipulito_bonus_travels_with_the_switch_off(director, switched_off):
    rules = {**switched_off.rules, "bonuses": {**switched_off.rules["bonuses"], "semipulito": 120}}
    switched_off.rules = Ruleset.from_dict(rules).to_dict()
    switched_off.save(update_fields=["rules"])
    exported = tournament_export(switched_off)
    assert exported["tournament"]["settings"]["bonuses"] == {"semipulito": 120}
    copy = tournament_import(data=exported, owner=director)
    assert copy.rules["bonuses"]["semipulito"] == 120
    assert copy.rules["semipulito"] is False
