"""One table's outcome from its entry: the engine's one function, without a database."""

import pytest

from burraco_tourney.rules.ko_length import KoLength
from burraco_tourney.rules.outcome import (
    EntryRefused,
    ForfeitEntry,
    SmazzateEntry,
    TotalsEntry,
    smazzata_score,
    table_outcome,
)
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata
from burraco_tourney.rules.standings import Value
from burraco_tourney.rules.tournament_rules import build_rules

CLASSIC = get_ruleset("classic")


def rules(**options):
    return build_rules(ruleset=options.pop("ruleset", CLASSIC), vp_table_spec="fibur-3", **options)


def deal(ns, eo, end="tallone", last_move=None):
    return Smazzata(ns=LineEntry(**ns), eo=LineEntry(**eo), end=end, last_move=last_move)


def refusals(rules_, entry, **kwargs):
    with pytest.raises(EntryRefused) as refused:
        table_outcome(rules_, entry, **kwargs)
    return [(r.smazzata, r.code, r.line, r.field) for r in refused.value.refusals]


def test_a_scorecard_gives_each_smazzata_the_mp_and_the_vp():
    entry = SmazzateEntry(
        (
            deal(
                {"cards": 245, "pulito": 1, "chiusura": True},
                {"cards": 120, "sporco": 1},
                "chiusura",
            ),
            deal(
                {"cards": 80, "sporco": 1},
                {"cards": 300, "pulito": 1, "semipulito": 1, "chiusura": True},
                "chiusura",
            ),
            deal(
                {"cards": -40, "pozzetto": False},
                {"cards": 95, "pulito": 1, "chiusura": True},
                "chiusura",
            ),
        )
    )
    outcome = table_outcome(rules(), entry)
    assert [(s.ns.total, s.eo.total) for s in outcome.smazzate] == [
        (545, 220),
        (180, 750),
        (-140, 395),
    ]
    assert (outcome.ns_mp, outcome.eo_mp, outcome.ns_vp, outcome.eo_vp) == (585, 1365, 4, 16)
    assert (outcome.winner, outcome.decided_by) == ("eo", "points")


def test_every_refusal_of_every_smazzata_comes_at_once_with_its_place():
    entry = SmazzateEntry(
        (
            deal({"cards": 243}, {"cards": 100}),
            deal({"cards": 100, "chiusura": True}, {"cards": 0, "chiusura": True}, "chiusura"),
        )
    )
    found = refusals(rules(), entry)
    assert (1, "cards_not_multiple_of_5", "ns", "cards") in found
    assert (2, "both_lines_closed", None, "chiusura") in found
    assert (2, "closing_without_burraco", "ns", "chiusura") in found


def test_a_turno_has_at_most_its_smazzate_and_at_least_one():
    four = SmazzateEntry(tuple(deal({"cards": 5}, {"cards": 0}) for _ in range(4)))
    assert refusals(rules(), four)[0][:2] == (4, "turno_too_many_smazzate")
    assert refusals(rules(), SmazzateEntry(()))[0][1] == "no_smazzate"


def test_a_semipulito_counts_as_sporco_while_the_switch_is_off_and_is_kept():
    entry = SmazzateEntry(
        (deal({"cards": 100, "semipulito": 1, "chiusura": True}, {"cards": 0}, "chiusura"),)
    )
    on = table_outcome(rules(), entry)
    off = table_outcome(rules(ruleset=get_ruleset("classic", semipulito=False)), entry)
    assert (on.ns_mp, off.ns_mp) == (350, 300)
    assert entry.smazzate[0].ns.semipulito == 1


def test_totals_need_multiples_of_5_next_to_the_line():
    assert refusals(rules(), TotalsEntry(1252, 830)) == [(None, "mp_not_multiple_of_5", "ns", "mp")]
    outcome = table_outcome(rules(), TotalsEntry(1250, 830))
    assert (outcome.ns_vp, outcome.eo_vp) == (14, 6)


def test_a_ko_a_punti_ends_at_its_target_and_a_tie_needs_the_last_move():
    ko = rules(knockout=True, ko_mode="punti", ko_target=505)
    ended = SmazzateEntry(
        (deal({"cards": 300}, {"cards": 200}), deal({"cards": 300}, {"cards": 0}))
    )
    outcome = table_outcome(ko, ended)
    assert (outcome.winner, outcome.ns_vp, outcome.finished) == ("ns", None, True)
    after = SmazzateEntry((deal({"cards": 600}, {"cards": 0}), deal({"cards": 5}, {"cards": 0})))
    assert refusals(ko, after)[0][:2] == (2, "smazzate_after_match_end")
    assert refusals(ko, TotalsEntry(400, 300)) == [(None, "target_not_reached", None, None)]
    tie = TotalsEntry(600, 600)
    assert refusals(ko, tie) == [(None, "tie_needs_last_move", None, "last_move")]
    settled = table_outcome(ko, TotalsEntry(600, 600, last_move="ns"))
    assert (settled.winner, settled.by_last_move) == ("eo", True)


def test_a_ko_round_may_have_its_own_length():
    ko = rules(
        knockout=True,
        ko_mode="smazzate",
        ko_smazzate=2,
        ko_rounds=[{"round": 2, "mode": "punti", "target": 505}],
    )
    one = SmazzateEntry((deal({"cards": 600}, {"cards": 0}),))
    assert table_outcome(ko, one, round_number=1).winner is None
    assert table_outcome(ko, one, round_number=2).winner == "ns"
    assert ko.round_length(2) == KoLength("punti", target=505)
    assert (ko.smazzate_limit(1), ko.smazzate_limit(2)) == (2, None)


def test_a_forfeit_gives_the_absent_pair_the_complement_or_what_the_tournament_says():
    assert table_outcome(rules(), ForfeitEntry("ns")).ns_vp == 14
    assert (
        table_outcome(rules(), ForfeitEntry("eo")).ns_vp,
        table_outcome(rules(), ForfeitEntry("eo")).eo_vp,
    ) == (6, 14)
    zero = table_outcome(rules(forfeit_loser_vp=0), ForfeitEntry("ns"))
    assert (zero.ns_vp, zero.eo_vp, zero.forfeit_scarto) == (14, 0, (355, -355))
    assert refusals(rules(forfeit_loser_vp=9), ForfeitEntry("ns"))[0][1] == (
        "forfeit_loser_vp_out_of_range"
    )


def test_the_defaults_live_in_one_place():
    plain = rules()
    assert (plain.bye, plain.forfeit) == (Value(14, 355), Value(14, 355))
    assert plain.tiebreaks == ("scarto", "head_to_head", "mp")
    custom = build_rules(
        ruleset=CLASSIC, vp_table_spec=[{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [15, 5]}]
    )
    assert (custom.bye, custom.forfeit) == (None, None)
    assert refusals(custom, ForfeitEntry("ns"))[0][1] == "forfeit_value_missing"


def test_one_smazzata_alone_gives_its_totals_for_a_scorecard_being_filled_in():
    score = smazzata_score(
        rules(),
        deal(
            {"cards": 245, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1}, "chiusura"
        ),
    )
    assert (score.ns.total, score.eo.total) == (545, 220)
    with pytest.raises(EntryRefused) as refused:
        smazzata_score(rules(), deal({"cards": 243}, {"cards": 0}), number=2)
    assert [(r.smazzata, r.code) for r in refused.value.refusals] == [
        (2, "cards_not_multiple_of_5")
    ]
