"""The rules engine's codes become sentences a tournament director can read and act on."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import burraco_tourney.rules as rules_package
from burraco_tourney.core.rule_messages import (
    MESSAGES,
    VARIANTS,
    rule_error_field,
    rule_error_message,
)
from burraco_tourney.rules.anomalies import smazzata_flags, turno_flags
from burraco_tourney.rules.cards import parse_card, parse_stand_in
from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.match import SmazzataTotals, match_by_points, match_by_smazzate
from burraco_tourney.rules.melds import evaluate_meld
from burraco_tourney.rules.melds_as_laid import evaluate_laid_meld
from burraco_tourney.rules.pairing import (
    danese_draw,
    italiana_draw,
    manual_draw,
    mitchell_draw,
)
from burraco_tourney.rules.rulesets import Ruleset, get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata, score_line, smazzata_violations
from burraco_tourney.rules.standings import Bye, compute_standings, table_result
from burraco_tourney.rules.tiebreaks import check_tiebreaks
from burraco_tourney.rules.vp import vp_split, vp_table

CLASSIC = get_ruleset("classic")
FALLBACK = "the engine's own English sentence"


def _engine_modules() -> list:
    """Every module of the rules package, the pairing subpackage included."""
    names = [
        info.name
        for info in pkgutil.walk_packages(rules_package.__path__, "burraco_tourney.rules.")
    ]
    return [importlib.import_module(name) for name in names]


def _all(tuple_name: str) -> dict[str, str]:
    """code -> the module that lists it, for every module with that tuple."""
    found: dict[str, str] = {}
    for module in _engine_modules():
        for code in getattr(module, tuple_name, ()):
            found.setdefault(code, module.__name__)
    return found


ERROR_CODES = _all("CODES")
NOTE_CODES = _all("NOTE_CODES")


def test_the_engine_modules_are_all_found():
    with_codes = {m.__name__.rsplit(".", 1)[-1] for m in _engine_modules() if hasattr(m, "CODES")}
    expected = {"cards", "melds", "rulesets", "scoring", "vp", "match", "standings", "tiebreaks"}
    assert expected | {"pairing", "manual", "mitchell", "danese"} <= with_codes
    assert NOTE_CODES


@pytest.mark.parametrize("code", sorted(ERROR_CODES))
def test_every_error_code_has_a_sentence(code):
    assert code in MESSAGES, f"{code} (raised by {ERROR_CODES[code]}) has no sentence"


def test_no_sentence_is_left_for_a_code_the_engine_no_longer_has():
    assert set(MESSAGES) <= set(ERROR_CODES)
    assert set(VARIANTS) <= set(MESSAGES)


def _smazzata(
    ns: LineEntry, eo: LineEntry, end: str = "tallone", rules: Ruleset = CLASSIC
) -> Callable[[], None]:
    def check() -> None:
        problems = smazzata_violations(rules, Smazzata(ns=ns, eo=eo, end=end))
        raise problems[0]

    return check


# (engine call that refuses, code, words the director must read in the sentence)
REFUSALS = [
    (lambda: parse_card("11X"), "bad_card", ["“11X”"]),
    (lambda: evaluate_meld("5C 6C", CLASSIC), "too_few_cards", ["3 cards", "has 2"]),
    (lambda: evaluate_meld("5C 5C 5C", CLASSIC), "too_many_copies", ["5C", "has 3"]),
    (lambda: evaluate_meld("5C 6C 7Q", CLASSIC), "mixed_suits", ["(here hearts, diamonds)"]),
    (
        lambda: evaluate_meld("JK 5C", get_ruleset("reale")),
        "jolly_not_in_ruleset",
        ["Burraco reale"],
    ),
    (
        lambda: get_ruleset("classic", chiusura_bonus=33),
        "rule_value_not_multiple_of_5",
        ["chiusura_bonus", "33"],
    ),
    (
        lambda: get_ruleset("reale", bonuses={"semipulito": 150}),
        "burraco_kind_not_in_ruleset",
        ["The ruleset “Burraco reale” has no burraco semipulito."],
    ),
    (lambda: parse_stand_in("JK"), "bad_stand_in", ["“JK”", "such as 9C"]),
    (
        lambda: evaluate_laid_meld("3C 5C 4C", CLASSIC),
        "laid_out_of_order",
        ["As laid", "5C cannot come next to 3C"],
    ),
    (
        lambda: evaluate_laid_meld("3C 4C 5C 6C 7C 8C 9C 2C 2P", CLASSIC),
        "laid_too_many_wild",
        ["As laid, 2C, 2P are both matte"],
    ),
    (
        lambda: evaluate_laid_meld("3C 4C 5C", CLASSIC, matta_as="6C"),
        "no_matta_to_stand_in",
        ["no matta", "for 6C"],
    ),
    (
        lambda: evaluate_laid_meld("3C 4C 5C 6C 7C 8C 2C", CLASSIC, matta_as="10C"),
        "matta_cannot_stand_for",
        ["As laid, 2C stands for 9C, not 10C."],
    ),
    (
        lambda: evaluate_laid_meld("3C 4C 5C JK", CLASSIC, in_order=False, matta_as="9"),
        "matta_cannot_stand_for",
        ["JK cannot stand for 9", "2C, 6C"],
    ),
    (
        _smazzata(LineEntry(5000), LineEntry(0)),
        "cards_beyond_pack",
        ["NS: card points 5000 are more than the whole pack is worth (1080)."],
    ),
    (
        _smazzata(LineEntry(600), LineEntry(-485)),
        "cards_beyond_pack",
        ["NS: card points 600 and the other line's -485 add up to 1085", "worth 1080"],
    ),
    (
        _smazzata(LineEntry(0, reale=9), LineEntry(0), rules=get_ruleset("reale")),
        "burraco_beyond_pack",
        ["NS: with these burraco (9 burraco reale among them)", "at least 126 cards", "104"],
    ),
    (lambda: get_ruleset("tresette"), "unknown_ruleset", ["“tresette”"]),
    (lambda: Ruleset.from_dict({}), "unknown_ruleset", ["do not name"]),
    (
        _smazzata(LineEntry(243), LineEntry(100)),
        "cards_not_multiple_of_5",
        ["NS: card points 243 are not a multiple of 5."],
    ),
    (
        _smazzata(LineEntry(100), LineEntry(100, chiusura=True), end="chiusura"),
        "closing_without_burraco",
        ["EO closed without a burraco"],
    ),
    (
        _smazzata(LineEntry(100, pulito=1, chiusura=True), LineEntry(100), end="tempo"),
        "closer_without_chiusura_end",
        ["NS closed", "“Time out”"],
    ),
    (
        _smazzata(LineEntry(100), LineEntry(100, sporco=-2)),
        "negative_count",
        ["EO: the number of burraco sporco cannot be negative (-2)."],
    ),
    (
        lambda: score_line(CLASSIC, cards=243),
        "cards_not_multiple_of_5",
        ["Card points 243 are not a multiple of 5."],
    ),
    (
        lambda: score_line(get_ruleset("reale"), cards=100, semipulito=1),
        "burraco_kind_not_in_ruleset",
        ["have no burraco semipulito"],
    ),
    (
        lambda: vp_table([(100, 11, 9), (50, 12, 8), (None, 20, 0)]),
        "vp_bounds_not_ascending",
        ["VP band 2:", "50"],
    ),
    (
        lambda: vp_table([(100, 11, 9), (200, 12, 7), (None, 20, 0)]),
        "vp_total_mismatch",
        ["VP band 2:", "19", "20"],
    ),
    (
        lambda: vp_split(500, 500, [(50, 11, 9), (None, 20, 0)]),
        "vp_tie_uneven_band",
        ["band 1 gives 11-9"],
    ),
    (
        lambda: match_by_smazzate(
            [SmazzataTotals(100, 50)] * 3, smazzate_to_play=2, knockout=False
        ),
        "too_many_smazzate",
        ["The match is of 2 smazzate, but 3 were entered."],
    ),
    (
        lambda: match_by_smazzate(
            [SmazzataTotals(100, 50, "x")], smazzate_to_play=2, knockout=False
        ),
        "bad_last_move",
        ["Smazzata 1:", "'x'"],
    ),
    (
        lambda: match_by_points(
            [SmazzataTotals(2100, 50), SmazzataTotals(5, 5)], target=2005, knockout=True
        ),
        "smazzate_after_match_end",
        ["smazzata 1", "2005", "1 smazzata was entered after it"],
    ),
    (
        lambda: compute_standings(pairs=[3, 5], tables=[], byes=[Bye(turno=2, pair=5)]),
        "bye_value_missing",
        ["Pair 5 rests in turno 2"],
    ),
    (
        lambda: table_result(turno=4, table=2, ns=7, eo=7, ns_mp=0, eo_mp=0, vp_table="fibur-3"),
        "same_pair_both_lines",
        ["Turno 4, table 2: pair 7"],
    ),
    (lambda: check_tiebreaks(["coin"]), "unknown_tiebreak", ["“coin”"]),
    (
        lambda: manual_draw([(1, 4), (2, 4), (3, 6)], pairs=range(1, 7)),
        "pair_seated_twice",
        ["Pair 4 is seated at table 1 and again at table 2."],
    ),
    (
        lambda: manual_draw([(1, 4), (9, 5)], pairs=range(1, 7)),
        "unknown_pair",
        ["Table 2, NS: pair 9"],
    ),
    (
        lambda: manual_draw([(1, 4)], pairs=range(1, 6), byes=[3, 2, 5]),
        "too_many_byes",
        ["not 3", "pairs 3, 2, 5"],
    ),
    (
        lambda: danese_draw([1, 2, 3, 4], mode="swiss"),
        "unknown_mode",
        ["“swiss”", "puro, modificato, no rematches"],
    ),
    (
        lambda: italiana_draw(range(1, 5), 9),
        "turno_out_of_range",
        ["Turno 9 does not exist: the calendar has 3 turni."],
    ),
    (lambda: mitchell_draw(range(1, 7), 1, step=5), "invalid_step", ["(3)", "not 5"]),
    (lambda: italiana_draw([4], 1), "too_few_pairs", ["there is only 1"]),
]


@pytest.mark.parametrize(
    ("refuse", "code", "expected"),
    REFUSALS,
    ids=[f"{n}-{case[1]}" for n, case in enumerate(REFUSALS)],
)
def test_a_real_refusal_reads_as_a_sentence_with_its_values(refuse, code, expected):
    with pytest.raises(RuleError) as caught:
        refuse()
    error = caught.value
    assert error.code == code
    error.message = FALLBACK  # so a sentence from the engine instead of the table shows up
    with translation.override("en"):
        text = rule_error_message(error)
    assert text != FALLBACK
    assert "%(" not in text
    for words in expected:
        assert words in text


@pytest.mark.parametrize(
    "error",
    [
        RuleViolation("no_such_code", FALLBACK, line="ns"),
        RuleViolation("cards_not_multiple_of_5", FALLBACK),
        RuleViolation("vp_total_mismatch", FALLBACK, band=2, total=19),
    ],
    ids=["unknown code", "no params", "a param missing"],
)
def test_without_a_table_sentence_the_engine_sentence_is_shown(error):
    with translation.override("en"):
        assert rule_error_message(error) == FALLBACK


def _closer(cards: int) -> LineEntry:
    return LineEntry(cards, pulito=1, chiusura=True)


# (flag, words the director must read): flags are not raised, but read like refusals.
FLAGS = [
    (
        lambda: smazzata_flags(CLASSIC, Smazzata(_closer(-20), LineEntry(0), "chiusura")),
        "closer_negative_cards",
        ["NS closed with negative card points (-20)"],
    ),
    (
        lambda: turno_flags(CLASSIC, [Smazzata(LineEntry(0), _closer(-5), "chiusura")]),
        "closer_negative_cards",
        ["Smazzata 1: EO closed with negative card points (-5)"],
    ),
    (
        lambda: turno_flags(CLASSIC, totals=(3500, 0), smazzate_played=3),
        "margin_beyond_usual",
        ["A margin of 3500 MP over 3 smazzate", "(3000)"],
    ),
]


@pytest.mark.parametrize(("flags", "code", "expected"), FLAGS)
def test_a_flag_reads_as_a_sentence_with_its_values(flags, code, expected):
    flag = flags()[0]
    assert flag.code == code
    assert code in ERROR_CODES and code in MESSAGES
    flag = dataclasses.replace(flag, message=FALLBACK)  # so the table's sentence shows up
    with translation.override("en"):
        text = rule_error_message(flag)
    assert text != FALLBACK and "%(" not in text
    for words in expected:
        assert words in text


def test_suits_and_the_pack_read_in_italian():
    with pytest.raises(RuleError) as caught:
        evaluate_meld("5C 6C 7Q", CLASSIC)
    with translation.override("it"):
        assert "cuori, quadri" in rule_error_message(caught.value)
        pack = smazzata_violations(CLASSIC, Smazzata(LineEntry(5000), LineEntry(0), "tallone"))
        assert rule_error_message(pack[0]) == (
            "NS: i punti carte 5000 superano il valore dell'intero mazzo (1080)."
        )


# The param names the engine's raise sites use.
_PARAM_NAMES = [
    "band",
    "card",
    "cards",
    "closer",
    "count",
    "end",
    "entered",
    "expected",
    "extra",
    "field",
    "first_table",
    "key",
    "kind",
    "kinds",
    "laid",
    "limit",
    "line",
    "loser",
    "margin",
    "matta",
    "mode",
    "modes",
    "name",
    "option",
    "options",
    "other",
    "pair",
    "pairs",
    "planned",
    "previous",
    "rank",
    "ruleset",
    "size",
    "smazzata",
    "smazzate",
    "step",
    "suits",
    "table",
    "tables",
    "target",
    "total",
    "turni",
    "turno",
    "value",
    "winner",
]
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(alphabet=st.characters(blacklist_characters="%"), max_size=8),
    st.lists(st.integers(), max_size=3),
)


@given(
    code=st.sampled_from(sorted(MESSAGES)),
    params=st.dictionaries(st.sampled_from(_PARAM_NAMES), _VALUES, max_size=6),
)
def test_any_params_give_a_full_sentence_or_the_engine_sentence(code, params):
    error = RuleViolation(code, FALLBACK, **params)
    with translation.override("en"):
        text = rule_error_message(error)
    assert text == FALLBACK or "%(" not in text


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"line": "ns", "field": "cards"}, "ns_cards"),
        ({"line": "eo", "field": "sporco"}, "eo_sporco"),
        ({"line": None, "field": "end"}, "end"),
        ({"line": "ns"}, None),
        ({}, None),
    ],
)
def test_an_error_names_the_form_field_it_belongs_to(params, field):
    assert rule_error_field(RuleViolation("any", **params)) == field


def test_every_violation_of_a_smazzata_points_at_its_box():
    smazzata = Smazzata(
        ns=LineEntry(243, chiusura=True), eo=LineEntry(100, pozzetto="yes"), end="tempo"
    )
    fields = [rule_error_field(error) for error in smazzata_violations(CLASSIC, smazzata)]
    assert fields == ["ns_cards", "eo_pozzetto", "ns_chiusura", "end"]
