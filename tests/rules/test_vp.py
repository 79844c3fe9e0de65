"""VP tables: presets at every band boundary, validation of custom tables, properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.vp import (
    CODES,
    VP_PRESETS,
    VpBand,
    VpTable,
    default_bye,
    default_forfeit,
    vp_split,
    vp_table,
)

# The tables exactly as printed in RULES.md section 5: (upper bound, winner VP, loser VP).
FIBUR_3 = [
    (50, 10, 10),
    (150, 11, 9),
    (250, 12, 8),
    (350, 13, 7),
    (500, 14, 6),
    (650, 15, 5),
    (800, 16, 4),
    (1000, 17, 3),
    (1250, 18, 2),
    (1500, 19, 1),
    (None, 20, 0),
]
FIBUR_4 = [
    (100, 10, 10),
    (300, 11, 9),
    (500, 12, 8),
    (700, 13, 7),
    (900, 14, 6),
    (1100, 15, 5),
    (1300, 16, 4),
    (1500, 17, 3),
    (1700, 18, 2),
    (2000, 19, 1),
    (None, 20, 0),
]


def _boundary_cases() -> list[tuple[str, int, tuple[int, int]]]:
    """(preset, MP difference, expected VP) at each bound and 5 points past it."""
    cases = []
    for name, rows in (("fibur-3", FIBUR_3), ("fibur-4", FIBUR_4)):
        cases.append((name, 0, (rows[0][1], rows[0][2])))
        for (bound, winner, loser), (_, next_winner, next_loser) in zip(
            rows, rows[1:], strict=False
        ):
            cases.append((name, bound, (winner, loser)))
            cases.append((name, bound + 5, (next_winner, next_loser)))
    cases.append(("fibur-3", 10_000, (20, 0)))
    cases.append(("fibur-4", 10_000, (20, 0)))
    return cases


@pytest.mark.parametrize(("preset", "difference", "expected"), _boundary_cases())
def test_presets_at_every_band_boundary(preset, difference, expected):
    assert vp_split(2000 + difference, 2000, preset) == expected
    assert vp_split(2000, 2000 + difference, preset) == expected[::-1]


def test_worked_example():
    assert vp_split(1250, 830, "fibur-3") == (14, 6)
    assert vp_split(830, 1250, "fibur-3") == (6, 14)


def test_negative_scores_use_the_absolute_difference():
    # -200 against 300 is a difference of 500: 14-6 with 3 smazzate, 12-8 with 4.
    assert vp_split(-200, 300, "fibur-3") == (6, 14)
    assert vp_split(-200, 300, "fibur-4") == (8, 12)


@pytest.mark.parametrize("name", ["fibur-3", "fibur-4"])
def test_presets_round_trip_by_name(name):
    table = vp_table(name)
    assert table.total == 20
    assert table.to_json() == name
    assert vp_table(table.to_json()) == table


def test_custom_table_round_trips_as_band_list():
    spec = [{"max": 100, "vp": [5, 5]}, {"max": 300, "vp": [7, 3]}, {"max": None, "vp": [10, 0]}]
    table = vp_table(spec)
    assert table.name is None
    assert table.total == 10
    assert table.to_json() == spec
    assert vp_table(table.to_json()) == table
    assert vp_split(1000, 800, spec) == (7, 3)


def test_band_list_equal_to_a_preset_is_still_a_list():
    spec = [{"max": b, "vp": [w, lo]} for b, w, lo in FIBUR_3]
    table = vp_table(spec)
    assert table.to_json() == spec
    assert vp_split(1250, 830, spec) == (14, 6)


@pytest.mark.parametrize(
    "spec",
    [
        [(50, 10, 10), (None, 20, 0)],
        [(50, (10, 10)), (None, (20, 0))],
        [VpBand(50, 10, 10), VpBand(None, 20, 0)],
        ((50, 10, 10), (None, 20, 0)),
    ],
)
def test_tuple_and_band_forms_are_accepted(spec):
    table = vp_table(spec)
    assert table.bands == (VpBand(50, 10, 10), VpBand(None, 20, 0))
    assert vp_split(100, 0, table) == (20, 0)


def test_a_single_open_band_is_a_valid_table():
    assert vp_split(300, 0, [{"max": None, "vp": [1, 1]}]) == (1, 1)


def test_tie_with_uneven_first_band_is_refused():
    table = vp_table([(50, 11, 9), (None, 20, 0)])
    assert vp_split(60, 10, table) == (11, 9)  # an uneven first band is allowed...
    with pytest.raises(RuleViolation) as caught:
        vp_split(400, 400, table)  # ...but gives no answer for a tie
    assert caught.value.code == "vp_tie_uneven_band"
    assert caught.value.params["band"] == 0


def test_a_tie_with_a_zero_band_uses_it():
    table = vp_table([(0, 10, 10), (100, 11, 9), (None, 20, 0)])
    assert vp_split(400, 400, table) == (10, 10)
    assert vp_split(405, 400, table) == (11, 9)


@pytest.mark.parametrize(
    ("spec", "code", "band"),
    [
        ("fibur-5", "unknown_vp_preset", None),
        (42, "vp_table_invalid", None),
        ([], "vp_table_empty", None),
        ([{"max": 50, "vp": [10, 10]}, {"max": None}], "vp_band_shape", 1),
        ([{"max": None, "vp": [10, 10], "extra": 1}], "vp_band_shape", 0),
        ([{"max": None, "vp": [10, 10, 0]}], "vp_band_shape", 0),
        ([(50, 10, 10), "20-0"], "vp_band_shape", 1),
        ([(50, 10.5, 9.5), (None, 20, 0)], "vp_band_shape", 0),
        ([(50, 10, True), (None, 20, 0)], "vp_band_shape", 0),
        ([("50", 10, 10), (None, 20, 0)], "vp_bound_invalid", 0),
        ([(50.0, 10, 10), (None, 20, 0)], "vp_bound_invalid", 0),
        ([(-5, 10, 10), (None, 20, 0)], "vp_bound_invalid", 0),
        ([(50, 10, 10), (150, 11, 9), (150, 12, 8), (None, 20, 0)], "vp_bounds_not_ascending", 2),
        ([(150, 10, 10), (50, 11, 9), (None, 20, 0)], "vp_bounds_not_ascending", 1),
        ([(50, 10, 10), (150, 11, 9)], "vp_last_band_not_open", 1),
        ([(50, 10, 10), (None, 15, 5), (None, 20, 0)], "vp_open_band_not_last", 1),
        ([(50, 10, 10), (150, 21, -1), (None, 20, 0)], "vp_negative", 1),
        ([(50, 10, 10), (150, 9, 11), (None, 20, 0)], "vp_winner_below_loser", 1),
        ([(50, 10, 10), (150, 11, 9), (250, 12, 9), (None, 20, 0)], "vp_total_mismatch", 2),
        ([(50, 10, 10), (150, 13, 7), (250, 12, 8), (None, 20, 0)], "vp_winner_decreasing", 2),
    ],
)
def test_invalid_tables_are_refused_naming_the_band(spec, code, band):
    with pytest.raises(RuleViolation) as caught:
        vp_table(spec)
    error = caught.value
    assert error.code == code
    assert code in CODES
    if band is not None:
        assert error.params["band"] == band
        assert f"band {band + 1}" in error.message


def test_vp_table_built_directly_is_validated_too():
    with pytest.raises(RuleViolation) as caught:
        VpTable(bands=(VpBand(50, 10, 10), VpBand(100, 11, 9)))
    assert caught.value.code == "vp_last_band_not_open"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("fibur-3", (14, 355)),
        ("fibur-4", (12, 305)),
        ([(50, 10, 10), (None, 20, 0)], None),
        ([{"max": b, "vp": [w, lo]} for b, w, lo in FIBUR_3], None),
    ],
)
def test_default_bye_and_forfeit(spec, expected):
    assert default_bye(spec) == expected
    assert default_forfeit(spec) == expected


def test_preset_mapping_holds_exactly_the_published_tables():
    assert set(VP_PRESETS) == {"fibur-3", "fibur-4"}
    assert VP_PRESETS["fibur-3"].bands == tuple(VpBand(*row) for row in FIBUR_3)
    assert VP_PRESETS["fibur-4"].bands == tuple(VpBand(*row) for row in FIBUR_4)


# --- properties -------------------------------------------------------------------------------


@st.composite
def valid_tables(draw: st.DrawFn) -> VpTable:
    """Random valid tables: even first band, ascending bounds, winner VP never decreasing."""
    half = draw(st.integers(min_value=0, max_value=15))
    total = 2 * half
    bounds = sorted(draw(st.sets(st.integers(0, 3000), max_size=8)))
    raises = draw(st.lists(st.integers(half, total), min_size=len(bounds), max_size=len(bounds)))
    winners = [half, *sorted(raises)]
    bands = [VpBand(bound, w, total - w) for bound, w in zip([*bounds, None], winners, strict=True)]
    return vp_table(bands)


tables = st.one_of(st.sampled_from(["fibur-3", "fibur-4"]).map(vp_table), valid_tables())
scores = st.integers(min_value=-400, max_value=1600).map(lambda n: n * 5)  # MP are multiples of 5


@given(tables, scores, scores)
def test_vp_always_sum_to_the_table_total(table, mp_a, mp_b):
    assert sum(vp_split(mp_a, mp_b, table)) == table.total


@given(tables, scores, scores)
def test_swapping_lines_swaps_the_vp(table, mp_a, mp_b):
    vp_a, vp_b = vp_split(mp_a, mp_b, table)
    assert vp_split(mp_b, mp_a, table) == (vp_b, vp_a)
    if mp_a > mp_b:
        assert vp_a >= vp_b


@given(tables, st.integers(0, 5000), st.integers(0, 5000))
def test_winner_vp_never_decreases_with_the_difference(table, small, extra):
    base = 1000
    near = vp_split(base + small, base, table)[0]
    far = vp_split(base + small + extra, base, table)[0]
    assert far >= near


@given(valid_tables())
def test_band_list_json_round_trip(table):
    assert vp_table(table.to_json()) == table


def test_one_vp_is_worth_the_width_of_the_band_after_a_tie():
    """Two warnings cost 1 VP "and the equivalent MP" (RULES.md section 5)."""
    from burraco_tourney.rules.vp import mp_per_vp

    assert mp_per_vp("fibur-3") == 100  # up to 50: 10-10, up to 150: 11-9
    assert mp_per_vp("fibur-4") == 200  # up to 100: 10-10, up to 300: 11-9
    assert mp_per_vp([(30, 10, 10), (90, 11, 9), (None, 20, 0)]) == 60
    # No even tie, or a jump of two VP, or no second closed band: the table does not say.
    assert mp_per_vp([(100, 12, 8), (None, 20, 0)]) is None
    assert mp_per_vp([(50, 10, 10), (150, 12, 8), (None, 20, 0)]) is None
    assert mp_per_vp([(50, 10, 10), (None, 20, 0)]) is None
