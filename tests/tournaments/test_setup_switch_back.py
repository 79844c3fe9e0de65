"""Issue 27's property: any sequence of rule switches made on the settings page, followed by the
reverse sequence, leaves every table, every line of the standings and the archive export as they
were. Entered values are never rewritten; only the rules decide how they count."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.forms.setup import initial_for
from burraco_tourney.tournaments.models import Smazzata, Table, Tournament
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_smazzate,
    table_record_totals,
)
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db

# The boxes of the settings page a director switches (some go in pairs), and the values tried.
SWITCHES: dict[str, tuple[dict[str, str], ...]] = {
    "semipulito": ({"semipulito": ""}, {"semipulito": "no"}, {"semipulito": "yes"}),
    "bonus_semipulito": ({"bonus_semipulito": ""}, {"bonus_semipulito": "170"}),
    "bonus_sporco": ({"bonus_sporco": ""}, {"bonus_sporco": "90"}),
    "chiusura_bonus": ({"chiusura_bonus": ""}, {"chiusura_bonus": "150"}),
    "pozzetto_penalty": ({"pozzetto_penalty": ""}, {"pozzetto_penalty": "50"}),
    "vp_preset": ({"vp_preset": "fibur-3"}, {"vp_preset": "fibur-4"}),
    "forfeit": ({"forfeit_vp": "", "forfeit_mp": ""}, {"forfeit_vp": "14", "forfeit_mp": "250"}),
    "bye": ({"bye_vp": "", "bye_mp": ""}, {"bye_vp": "12", "bye_mp": "200"}),
    "tiebreaks": ({"tiebreak_3": "mp"}, {"tiebreak_3": ""}),
}
SWITCH = st.sampled_from(sorted(SWITCHES)).flatmap(lambda name: st.sampled_from(SWITCHES[name]))


def line(cards: int, **counts: Any) -> LineEntry:
    return LineEntry(cards, **counts)


CLOSE_SEMIPULITO = SmazzataEntry(
    ns=line(400, semipulito=2, chiusura=True), eo=line(-20, sporco=1), end="chiusura"
)
CLOSE_PULITO = SmazzataEntry(
    ns=line(150, sporco=1), eo=line(300, pulito=1, semipulito=1, chiusura=True), end="chiusura"
)
NO_POZZETTO = SmazzataEntry(
    ns=line(200, pulito=1, chiusura=True), eo=line(-60, pozzetto=False), end="chiusura"
)


def played(director) -> Tournament:
    """Six pairs, two turni: smazzate with semipulito, a pozzetto not taken, a forfeit, turno
    totals and two riposi; the semipulito is worth 120, not the classic 150."""
    rules = get_ruleset("classic", bonuses={"semipulito": 120}).to_dict()
    tournament = make_tournament(owner=director, rules=rules)
    tournament.directors.add(director)
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])
    make_turno(tournament, 2, [(1, 3), (2, 5)], byes=(4, 6))
    tables = Table.objects.filter(turno__tournament=tournament)
    one, two, three = tables.filter(turno__number=1).order_by("number")
    four, five = tables.filter(turno__number=2).order_by("number")
    smazzate = {
        one: [CLOSE_SEMIPULITO, CLOSE_PULITO, NO_POZZETTO],
        two: [CLOSE_PULITO, CLOSE_PULITO, CLOSE_SEMIPULITO],
        four: [NO_POZZETTO, CLOSE_SEMIPULITO, CLOSE_SEMIPULITO],
    }
    for table, entries in smazzate.items():
        table_record_smazzate(table=table, user=director, smazzate=entries, version=0)
    table_record_forfeit(table=three, user=director, absent="eo", version=0)
    table_record_totals(table=five, user=director, ns_mp=905, eo_mp=1310, version=0)
    return tournament


def snapshot(tournament: Tournament) -> dict[str, Any]:
    tournament.refresh_from_db()
    tables = list(
        Table.objects.filter(turno__tournament=tournament)
        .order_by("turno__number", "number")
        .values_list(
            "entry_mode", "ns_mp", "eo_mp", "match__ns_vp", "match__eo_vp", "forfeit_winner"
        )
    )
    smazzate = list(
        Smazzata.objects.filter(table__turno__tournament=tournament)
        .order_by("table__turno__number", "table__number", "number")
        .values()
    )
    for row in smazzate:
        row.pop("id")
    rows = [
        (s.row.rank, s.row.pair, s.row.vp, s.row.scarto, s.row.mp)
        for s in standings(tournament=tournament)
    ]
    archive = tournament_export(tournament)
    archive.pop("log")  # the rule changes are logged, as they should be
    return {"tables": tables, "smazzate": smazzate, "standings": rows, "archive": archive}


def change(client, tournament: Tournament, boxes: dict[str, str]) -> dict[str, str]:
    """Set boxes of the settings page, confirming the recompute; their previous values."""
    tournament.refresh_from_db()
    initial = initial_for(tournament)
    before = {name: "" if initial.get(name) is None else str(initial[name]) for name in boxes}
    data = posted(tournament, **boxes, confirm_recompute="on")
    response = client.post(edit_url(tournament), data)
    if response.status_code != 302:
        pytest.fail(f"{boxes} refused: {response.context['form'].errors.as_text()}")
    return before


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(switches=st.lists(SWITCH, min_size=1, max_size=4))
def test_switching_rules_and_back_gives_every_result_back(english, director, switches):
    with transaction.atomic():
        tournament = played(director)
        start = snapshot(tournament)
        undo = [change(english, tournament, boxes) for boxes in switches]
        for boxes in reversed(undo):
            change(english, tournament, boxes)
        assert snapshot(tournament) == start
        transaction.set_rollback(True)


def test_semipulito_off_then_on_with_a_custom_bonus_gives_every_table_back(english, director):
    """The issue's own sequence: a bonus of 120, semipulito off, then on again."""
    tournament = played(director)
    start = snapshot(tournament)
    change(english, tournament, {"semipulito": "no"})
    assert snapshot(tournament)["tables"] != start["tables"]
    change(english, tournament, {"semipulito": ""})
    assert snapshot(tournament) == start
