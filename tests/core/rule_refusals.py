"""The engine's refusals of ``test_rule_messages.py``: each engine call that refuses, its code, and
the words a tournament director must read in the sentence the site shows for it."""

from __future__ import annotations

from collections.abc import Callable

from burraco_tourney.rules.cards import parse_card, parse_stand_in
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
