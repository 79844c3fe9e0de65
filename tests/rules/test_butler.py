"""The Butler view: each pair's MP difference per table and in all, within its team."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.butler import ButlerTable, butler


def _match(turno, match, home, away, aperta, chiusa, lineup=((0, 1), (2, 3), (0, 1), (3, 2))):
    """aperta: home NS v away EO; chiusa: away NS v home EO (RULES.md section 11)."""
    home_open, away_open, away_closed, home_closed = lineup
    return [
        ButlerTable(turno, match, "aperta", home, home_open, away, away_open, *aperta),
        ButlerTable(turno, match, "chiusa", away, away_closed, home, home_closed, *chiusa),
    ]


def test_the_docstring_example() -> None:
    view = butler(_match(1, 1, 1, 2, (1200, 800), (900, 1000)))
    assert [(r.team, r.players, r.tables, r.scarto) for r in view.rows] == [
        (1, (0, 1), 1, 400),
        (1, (2, 3), 1, 100),
        (2, (0, 1), 1, -100),
        (2, (2, 3), 1, -400),
    ]
    (entry,) = [e for e in view.team_entries(1) if e.players == (2, 3)]
    assert (entry.room, entry.line, entry.opponent, entry.mp, entry.opponent_mp) == (
        "chiusa",
        "eo",
        2,
        1000,
        900,
    )


def test_a_pair_sums_its_tables_over_turni_and_rooms() -> None:
    # Team 1's pair (0, 1): +400 in turno 1 (aperta), then in turno 2 it plays the chiusa
    # (as 1, 0) against team 3 and loses 700 - 950 = -250: 2 tables, +150.
    tables = _match(1, 1, 1, 2, (1200, 800), (900, 1000))
    tables += _match(2, 1, 3, 1, (1000, 1000), (700, 950), ((0, 1), (3, 2), (1, 0), (0, 2)))
    rows = {(r.team, r.players): (r.tables, r.scarto) for r in butler(tables).rows}
    assert rows[(1, (0, 1))] == (2, 150)
    assert rows[(1, (2, 3))] == (2, 100)  # +100, then 1000 - 1000 = 0 with (3, 2) as (2, 3)
    assert rows[(3, (0, 2))] == (1, 250)


def test_a_match_counts_only_once_both_tables_have_a_result() -> None:
    tables = _match(1, 1, 1, 2, (1200, 800), (None, None))
    tables += _match(1, 2, 3, 4, (500, 600), (700, 700))[:1]  # the chiusa not yet drawn
    assert butler(tables).rows == ()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)), min_size=2, max_size=12))
def test_the_two_teams_pairs_differences_cancel_out(scores) -> None:
    tables = []
    for i in range(0, len(scores) - 1, 2):
        aperta = (scores[i][0] * 5, scores[i][1] * 5)
        chiusa = (scores[i + 1][0] * 5, scores[i + 1][1] * 5)
        tables += _match(i + 1, 1, 1, 2, aperta, chiusa)
    view = butler(tables)
    assert sum(r.scarto for r in view.rows) == 0
    team_1 = sum(r.scarto for r in view.team_rows(1))
    own = sum(t.ns_mp - t.eo_mp if t.ns_team == 1 else t.eo_mp - t.ns_mp for t in tables)
    assert team_1 == own
