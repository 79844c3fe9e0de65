"""A late pair's missed turni in the standings engine: scored like a riposo, at its value or
the one the director set, listed on the row, limited by ``after_turno`` like everything else."""

from __future__ import annotations

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import Absence, Value, compute_standings, table_result

BYE_3 = Value(vp=14, mp=355)


def played(turno: int, ns: int, eo: int, ns_mp: int, eo_mp: int):
    return table_result(
        turno=turno, table=1, ns=ns, eo=eo, ns_mp=ns_mp, eo_mp=eo_mp, vp_table="fibur-3"
    )


TABLES = [played(1, 1, 2, 900, 900), played(2, 1, 3, 900, 900), played(2, 2, 4, 900, 900)]


@pytest.mark.parametrize(
    "value, vp, scarto",
    [(None, 14, 355), (Value(8, -50), 8, -50), (Value(0, 0), 0, 0)],
    ids=["riposo", "set value", "nothing"],
)
def test_a_missed_turno_counts_like_a_riposo_at_its_value(value, vp, scarto):
    rows = compute_standings(
        pairs=[1, 2, 3, 4],
        tables=TABLES,
        absences=[Absence(turno=1, pair=3, value=value), Absence(turno=1, pair=4, value=value)],
        bye=BYE_3,
    )
    late = next(r for r in rows if r.pair == 3)
    assert (late.vp, late.scarto, late.mp) == (vp + 10, scarto, 900)
    assert late.absent == (1,) and late.byes == 0 and late.played == 1
    assert late.earned_vp_by_turno == {1: vp, 2: 10}
    assert next(r for r in rows if r.pair == 1).absent == ()


def test_after_turno_leaves_out_later_absences():
    absences = [Absence(turno=1, pair=3), Absence(turno=2, pair=3)]
    rows = compute_standings(pairs=[1, 2, 3], tables=TABLES[:1], absences=absences, bye=BYE_3)
    assert next(r for r in rows if r.pair == 3).absent == (1, 2)
    rows = compute_standings(
        pairs=[1, 2, 3], tables=TABLES[:1], absences=absences, bye=BYE_3, after_turno=1
    )
    assert next(r for r in rows if r.pair == 3).vp == 14


def test_a_missed_turno_as_riposo_needs_the_riposo_value():
    with pytest.raises(RuleViolation) as caught:
        compute_standings(pairs=[1, 2, 3], tables=TABLES[:1], absences=[Absence(1, 3)])
    assert caught.value.code == "bye_value_missing"


def test_a_pair_cannot_be_absent_from_a_turno_it_played():
    with pytest.raises(RuleViolation) as caught:
        compute_standings(pairs=[1, 2], tables=TABLES[:1], absences=[Absence(1, 2)], bye=BYE_3)
    assert caught.value.code == "pair_twice_in_turno"
