"""Importing the demo evening: what a director sees once it is loaded."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from burraco_tourney.archive.services import tournament_import
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import Penalty, Table, Tournament
from burraco_tourney.tournaments.selectors.standings import standings

pytestmark = pytest.mark.django_db


def test_demo_tournament_settings(demo_bytes):
    tournament = tournament_import(data=demo_bytes)
    assert tournament.slug == "torneo-d-autunno-del-circolo-aurora-2024-10-18"
    assert tournament.name == "Torneo d'autunno del Circolo Aurora"
    assert tournament.date.isoformat() == "2024-10-18"
    assert tournament.kind == "pairs"
    assert tournament.rules == get_ruleset("classic").to_dict()
    assert tournament.smazzate_per_turno == 3
    assert tournament.vp_table == "fibur-3"
    # No riposo value in the file: the fibur-3 default (14 VP, 355 MP) applies.
    assert tournament.bye_vp is None and tournament.forfeit_vp is None


def test_demo_pairs_turni_and_byes(demo_bytes):
    tournament = tournament_import(data=demo_bytes)
    pairs = list(tournament.entrants.order_by("number"))
    assert [p.number for p in pairs] == list(range(1, 18))
    assert (pairs[0].player1, pairs[0].player2) == ("Rossi Maria Grazia", "Bertolotti Franca")
    assert pairs[16].player2 == "Podestà Cristina"
    assert len({p.club for p in pairs}) == 4
    turni = list(tournament.turni.order_by("number"))
    assert [(t.number, t.movement) for t in turni] == [(n, "mitchell") for n in (1, 2, 3)]
    assert [t.tables.count() for t in turni] == [8, 8, 8]
    assert [[b.entrant.number for b in t.byes.all()] for t in turni] == [[9], [1], [2]]
    # Every pair plays or rests exactly once in every turno.
    for turno in turni:
        seated = [b.entrant.number for b in turno.byes.all()]
        for table in turno.tables.all():
            seated += [table.ns.number, table.eo.number]
        assert sorted(seated) == list(range(1, 18))


def test_demo_hand_checked_table(demo_bytes):
    """Turno 1, table 1 (pair 1 NS v pair 10 EO), worked out by hand from the scorecard:

    smazzata 1: NS -195, no pozzetto -100 = -295; EO 260 + sporco 100 + chiusura 100 = 460
    smazzata 2: NS 250 + semipulito 150 + chiusura 100 = 500; EO 175 + pulito 200 = 375
    smazzata 3 (time): NS 320 + pulito 200 = 520; EO 160 + pulito 200 = 360
    MP 725 v 1195: difference 470, up to 500 in fibur-3 gives 14-6 to EO.
    """
    tournament = tournament_import(data=demo_bytes)
    table = Table.objects.get(turno__tournament=tournament, turno__number=1, number=1)
    assert (table.ns.number, table.eo.number) == (1, 10)
    totals = [(s.ns_total, s.eo_total) for s in table.smazzate.order_by("number")]
    assert totals == [(-295, 460), (500, 375), (520, 360)]
    assert (table.ns_mp, table.eo_mp, table.match.ns_vp, table.match.eo_vp) == (725, 1195, 6, 14)


def test_demo_table_recorded_by_totals(demo_bytes):
    tournament = tournament_import(data=demo_bytes)
    table = Table.objects.get(turno__tournament=tournament, turno__number=2, number=5)
    assert table.entry_mode == "totals"
    assert not table.smazzate.exists()
    # 1470 - 1120 = 350, the top of the 13-7 band.
    assert (table.ns_mp, table.eo_mp, table.match.ns_vp, table.match.eo_vp) == (1470, 1120, 13, 7)


def test_demo_standings(demo_bytes):
    tournament = tournament_import(data=demo_bytes)
    rows = standings(tournament=tournament)
    assert sorted(r.pair.number for r in rows) == list(range(1, 18))
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert [r.vp for r in rows] == sorted((r.vp for r in rows), reverse=True)
    assert rows[0].rank == 1
    by_pair = {r.pair.number: r for r in rows}
    # Pair 9 rested in turno 1: two tables plus the fibur-3 riposo (14 VP, +355 scarto).
    tables = Table.objects.filter(turno__tournament=tournament)
    vp = scarto = 0
    for t in tables.filter(ns__number=9):
        vp, scarto = vp + t.match.ns_vp, scarto + t.ns_mp - t.eo_mp
    for t in tables.filter(eo__number=9):
        vp, scarto = vp + t.match.eo_vp, scarto + t.eo_mp - t.ns_mp
    assert (by_pair[9].vp, by_pair[9].scarto) == (vp + 14, scarto + 355)
    # Pair 12 came late in turno 2: 100 MP off its MP and its scarto.
    penalty = Penalty.objects.get(turno__tournament=tournament)
    assert (penalty.entrant.number, penalty.mp, penalty.vp) == (12, -100, 0)
    assert penalty.reason == "Ritardo oltre 5 minuti"
    own = sum(t.ns_mp for t in tables.filter(ns__number=12)) + sum(
        t.eo_mp for t in tables.filter(eo__number=12)
    )
    assert by_pair[12].mp == own - 100


def test_owner_becomes_a_director(demo_bytes):
    user = get_user_model().objects.create_user("arbitro", password="x")
    tournament = tournament_import(data=demo_bytes, owner=user)
    assert tournament.owner == user
    assert list(tournament.directors.all()) == [user]


def test_second_import_gets_a_new_slug(demo_bytes):
    first = tournament_import(data=demo_bytes)
    second = tournament_import(data=demo_bytes)
    third = tournament_import(data=demo_bytes)
    assert second.slug == first.slug + "-2"
    assert third.slug == first.slug + "-3"
    assert Tournament.objects.count() == 3
