"""Issue 9's wrong results that the results bridge removes: each test failed on the old code.

Case 3 (a KO mode switch re-decides every match or is refused), case 4 (a KO round's own match
length decides its results), case 7 (the forfeiting pair's VP is a setting), case 11 (a rule
change shows its dry run, counting only tables with a result). Case 8 is in test_setup_edit.
"""

from dataclasses import replace

import pytest

from burraco_tourney.tournaments.models import Match, Table
from burraco_tourney.tournaments.selectors.scores import smazzate_limit
from burraco_tourney.tournaments.services.scores import table_record_forfeit, table_record_totals
from burraco_tourney.tournaments.services.tournaments import (
    RecomputeFailed,
    RulesChangeNeedsConfirmation,
    tournament_settings_of,
    tournament_update,
)
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import deal, ko_tournament, match, pairs_at, play, start, win
from tests.tournaments.scores_support import entry_url, scorecard, scored_tournament, smazzata
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db


def _switch(tournament, director, *, confirm=True, **changes):
    tournament.refresh_from_db()
    settings = replace(tournament_settings_of(tournament), **changes)
    return tournament_update(
        tournament=tournament, user=director, settings=settings, confirm_recompute=confirm
    )


# -- case 3: switching a KO from a smazzate to a punti -----------------------------------------


def test_a_ko_switch_to_a_punti_refuses_a_totals_match_below_the_target(director):
    """A match entered as totals 600–400 cannot be over in a match to 2005: the switch is
    refused with the reason and the match stays as it was (it used to stay decided)."""
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    table = match(tournament, 1, 1)
    table_record_totals(table=table, user=director, ns_mp=600, eo_mp=400, version=table.version)
    with pytest.raises(RecomputeFailed) as refused:
        _switch(tournament, director, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    assert refused.value.error.code == "target_not_reached"
    assert (refused.value.turno, refused.value.table) == (1, 1)
    tournament.refresh_from_db()
    assert tournament.ko_mode == "smazzate"
    assert match(tournament, 1, 1).match.winner == "ns"


def test_a_ko_switch_lists_every_match_it_re_decides_and_re_decides_them_all(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")  # 400 to 100 over two smazzate
    play(tournament, director, 1, 2, deal(300, 0), deal(300, 100))  # 600 to 100
    assert pairs_at(tournament, 2) == [(1, 1, 2)]
    # To 505: match 1 is not over (400 to 100), match 2 is (600 to 100).
    with pytest.raises(RulesChangeNeedsConfirmation) as asked:
        _switch(tournament, director, confirm=False, ko_mode="punti", ko_target=505)
    changes = asked.value.check.changes
    assert asked.value.check.counted == 2
    assert [(c.turno, c.table, c.before["winner"], c.after["winner"]) for c in changes] == [
        (1, 1, "ns", "")
    ]
    with pytest.raises(RecomputeFailed) as refused:
        # To 300 both matches ended with their first smazzata: the second is one too many.
        _switch(tournament, director, ko_mode="punti", ko_smazzate=None, ko_target=300)
    assert refused.value.error.code == "smazzate_after_match_end"
    _switch(tournament, director, ko_mode="punti", ko_smazzate=None, ko_target=505)
    assert (match(tournament, 1, 1).match.winner, match(tournament, 1, 2).match.winner) == (
        "",
        "ns",
    )
    # The final drawn from the old winner of match 1 went with it.
    assert pairs_at(tournament, 2) == []


def test_a_ko_switch_is_refused_when_a_later_match_has_its_result(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    win(tournament, director, 2, 1, "ns")
    with pytest.raises(RecomputeFailed) as refused:
        _switch(tournament, director, ko_mode="punti", ko_smazzate=None, ko_target=1005)
    assert refused.value.error.code == "ko_later_match"
    assert match(tournament, 2, 1).match.winner == "ns"


# -- case 4: a KO round's own length -----------------------------------------------------------


def test_a_final_played_a_punti_after_rounds_a_smazzate_is_decided_by_its_target(director):
    tournament = ko_tournament(
        director, pairs=4, ko_rounds=[{"round": 2, "mode": "punti", "target": 505}]
    )
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    final = play(tournament, director, 2, 1, deal(600, 0))
    # One smazzata of a match a smazzate of 2 would leave it undecided.
    assert (final.ns_mp, final.eo_mp, final.match.winner) == (600, 0, "ns")
    # The final's scorecard offers the open rows of a match a punti, round 1's only two.
    assert (smazzate_limit(tournament, 1), smazzate_limit(tournament, 2)) == (2, None)


# -- case 7: the forfeiting pair's VP ----------------------------------------------------------


def _forfeit_table(director, **fields) -> Table:
    tournament = make_tournament(owner=director, **fields)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    table = turno.tables.get(number=1)
    table_record_forfeit(table=table, user=director, absent="eo", version=table.version)
    table.refresh_from_db()
    return table


def test_the_forfeiting_pair_gets_the_complement_by_default(director):
    table = _forfeit_table(director)
    assert (table.match.ns_vp, table.match.eo_vp) == (14, 6)


def test_the_settings_give_the_forfeiting_pair_nothing(english, director):
    table = _forfeit_table(director)
    tournament = table.turno.tournament
    tournament.directors.add(director)
    data = posted(tournament, forfeit_loser="zero", confirm_recompute="on")
    response = english.post(edit_url(tournament), data, follow=True)
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.forfeit_loser_vp == 0
    table.refresh_from_db()
    assert (table.match.ns_vp, table.match.eo_vp) == (14, 0)
    form = english.get(edit_url(tournament)).context["form"]
    assert form["forfeit_loser"].value() == "zero"


# -- case 11: every rule change shows its dry run ----------------------------------------------


def test_a_rule_change_shows_which_results_change_counting_only_tables_with_one(english, director):
    tournament = make_tournament(owner=director, name="Torneo della Vigilia")
    tournament.directors.add(director)
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], totals=[(1250, 830), (900, 900), (0, 0)])
    Table.objects.filter(turno__tournament=tournament, number=3).update(
        entry_mode="", ns_mp=None, eo_mp=None
    )
    Match.objects.filter(turno__tournament=tournament, number=3).update(
        ns_mp=None, eo_mp=None, ns_vp=None, eo_vp=None
    )
    response = english.post(edit_url(tournament), posted(tournament, vp_preset="fibur-4"))
    page = response.content.decode()
    dry_run = response.context["form"].dry_run
    assert dry_run.counted == 2  # table 3 has no result
    assert [(r.table, r.before, r.after) for r in dry_run.rows] == [
        (1, "1250–830 MP, 14–6 VP", "1250–830 MP, 12–8 VP")
    ]
    assert "recompute the 2 results entered so far" in page
    assert "1250–830 MP, 12–8 VP" in page
    tournament.refresh_from_db()
    assert tournament.vp_table == "fibur-3"  # nothing saved before the confirmation
    response = english.post(
        edit_url(tournament),
        posted(tournament, vp_preset="fibur-4", confirm_recompute="on"),
        follow=True,
    )
    assert "2 results recomputed" in response.content.decode()


def test_the_confirmation_box_comes_with_the_dry_run(english, director):
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 2)
    make_turno(tournament, 1, [(1, 2)], totals=[(1250, 830)])
    first = english.get(edit_url(tournament)).content.decode()
    assert 'name="confirm_recompute"' not in first
    asked = english.post(edit_url(tournament), posted(tournament, vp_preset="fibur-4"))
    assert 'name="confirm_recompute"' in asked.content.decode()


def test_the_settings_page_lists_each_ko_match_with_its_new_state(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    play(tournament, director, 1, 2, deal(300, 0), deal(300, 100))
    tournament.refresh_from_db()
    data = posted(tournament, ko_mode="punti", ko_smazzate="", ko_target=505)
    response = english.post(edit_url(tournament), data)
    rows = response.context["form"].dry_run.rows
    assert [(r.table, r.before, r.after) for r in rows] == [
        (1, "400–100 MP, pair 1 goes on", "400–100 MP, not decided")
    ]
    assert "400–100 MP, not decided" in response.content.decode()


def test_the_scorecard_shows_the_engine_refusals_beside_a_box_left_empty(english, director):
    """The engine's refusal of one smazzata is shown even while another misses its card points."""
    tournament, turno = scored_tournament(director, pairs=2)
    tournament.directors.add(director)
    table = turno.tables.get(number=1)
    data = scorecard(
        table,
        smazzata(1, {"cards": 243}, {"cards": 100}),
        smazzata(2, {"cards": None, "sporco": 1}, {"cards": 100}),
    )
    form = english.post(entry_url(turno), data).context["form"]
    assert "multiple of 5" in str(form.errors["s1_ns_cards"])
    assert "s2_ns_cards" in form.errors
