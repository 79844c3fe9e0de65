"""KO services: round 1 from the seeding, the next matches as results come, corrections."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.models import AuditEntry, Bye, Match, Turno
from burraco_tourney.tournaments.selectors.ko import ko_bracket
from burraco_tourney.tournaments.services.ko import (
    ko_advance,
    ko_pairs_from_standings,
    ko_round_delete,
    ko_set_third_place,
)
from burraco_tourney.tournaments.services.scores import table_clear_result
from tests.factories import make_pairs, make_tournament, make_turno

from .ko_support import deal, draw, ko_tournament, match, pairs_at, play, start, win

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def test_round_one_of_eight_seeds_is_a_draft_in_the_standard_order(director):
    tournament = ko_tournament(director)
    turno = draw(tournament, director, seeds={n: 9 - n for n in range(1, 9)})
    assert (turno.number, turno.movement, turno.published) == (1, "ko", False)
    # Pair 8 is seed 1: 8 v 1, 5 v 4, 7 v 2, 6 v 3.
    assert pairs_at(tournament, 1) == [(1, 8, 1), (2, 5, 4), (3, 7, 2), (4, 6, 3)]
    seeds = dict(tournament.entrants.values_list("number", "seed"))
    assert seeds == {n: 9 - n for n in range(1, 9)}
    assert AuditEntry.objects.filter(tournament=tournament, action="turno_draw").exists()


def test_six_pairs_give_the_top_two_seeds_a_bye(director):
    tournament = ko_tournament(director, pairs=6)
    turno = start(tournament, director)
    assert pairs_at(tournament, 1) == [(1, 4, 5), (2, 3, 6)]
    assert sorted(Bye.objects.filter(turno=turno).values_list("entrant__number", flat=True)) == [
        1,
        2,
    ]
    win(tournament, director, 1, 1, "eo")  # 5 beats 4: meets seed 1 at once
    assert pairs_at(tournament, 2) == [(1, 1, 5)]
    win(tournament, director, 1, 2, "ns")
    assert pairs_at(tournament, 2) == [(1, 1, 5), (2, 2, 3)]


def test_pairs_without_a_seed_are_drawn_with_a_recorded_code(director):
    tournament = ko_tournament(director)
    seeds = {1: 1, 2: 2, **dict.fromkeys(range(3, 9))}
    turno = draw(tournament, director, seeds=seeds, draw_seed="lotto-7")
    options = turno.draw_options
    assert options["draw_seed"] == "lotto-7"
    assert options["seeding"][:2] == [1, 2] and sorted(options["drawn"]) == list(range(3, 9))
    first = pairs_at(tournament, 1)
    # The same code draws the same bracket again.
    again = draw(tournament, director, seeds=seeds, draw_seed="lotto-7")
    assert again.pk == turno.pk and pairs_at(tournament, 1) == first
    # Deleting the draft gives back the seeds the director had given.
    ko_round_delete(tournament=tournament, user=director)
    assert not Turno.objects.filter(tournament=tournament).exists()
    assert dict(tournament.entrants.values_list("number", "seed")) == seeds


def test_a_draw_without_code_gets_a_random_one(director):
    tournament = ko_tournament(director, pairs=4)
    turno = draw(tournament, director, seeds=dict.fromkeys(range(1, 5)))
    assert len(turno.draw_options["draw_seed"]) >= 8


def test_two_pairs_with_one_seed_are_refused_and_nothing_is_drawn(director):
    tournament = ko_tournament(director, pairs=4)
    with pytest.raises(RuleError) as caught:
        draw(tournament, director, seeds={1: 1, 2: 1, 3: 2, 4: 3})
    assert caught.value.code == "ko_duplicate_seed"
    assert not Turno.objects.filter(tournament=tournament).exists()


def test_a_published_round_one_cannot_be_drawn_again(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    with pytest.raises(ValidationError) as caught:
        draw(tournament, director)
    assert caught.value.code == "published"


def test_the_next_match_comes_when_both_feeders_are_decided(director):
    tournament = ko_tournament(director)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    assert not Turno.objects.filter(tournament=tournament, number=2).exists()
    win(tournament, director, 1, 2, "eo")  # 5 beats 4
    round_two = Turno.objects.get(tournament=tournament, number=2)
    assert (round_two.movement, round_two.published) == ("ko", True)
    assert pairs_at(tournament, 2) == [(1, 1, 5)]
    created = AuditEntry.objects.get(tournament=tournament, action="ko_match_create")
    assert created.table == match(tournament, 2, 1)


def test_a_tie_is_won_by_the_line_that_did_not_make_the_last_move(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    # 300 + 200 each; NS made the last move of the last smazzata: EO (pair 4) goes on.
    table = play(tournament, director, 1, 1, deal(100, 200, "eo"), deal(400, 300, "ns"))
    assert (table.ns_mp, table.eo_mp, table.match.winner, table.match.by_last_move) == (
        500,
        500,
        "eo",
        True,
    )
    view = ko_bracket(tournament=tournament).rounds[0].matches[0]
    assert "pair 1 made the last move of the last smazzata" in view.decision
    assert "pair 4 wins" in view.decision
    assert "Pair 4 goes on to the final" in view.outcome


def test_an_unfinished_match_decides_nothing(director):
    tournament = ko_tournament(director, pairs=4, ko_smazzate=3)
    start(tournament, director)
    table = play(tournament, director, 1, 1, deal(900, 0))
    assert table.has_result and table.match.winner == ""
    win_3 = [deal(300, 50), deal(100, 50), deal(100, 50)]
    play(tournament, director, 1, 2, *win_3)
    assert not Turno.objects.filter(tournament=tournament, number=2).exists()
    view = ko_bracket(tournament=tournament).rounds[0].matches[0]
    assert view.state == "playing" and "1 of 3 smazzate" in view.decision


def test_a_punti_the_match_ends_when_a_line_passes_the_target(director):
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=505)
    start(tournament, director)
    table = play(tournament, director, 1, 1, deal(300, 200), deal(300, 200))
    assert (table.ns_mp, table.eo_mp, table.match.winner) == (600, 400, "ns")
    view = ko_bracket(tournament=tournament).rounds[0].matches[0]
    assert "passed 505 first: 600 to 400 after 2 smazzate" in view.decision
    # A smazzata entered after the match ended is refused, nothing is saved.
    with pytest.raises(RuleError) as caught:
        play(tournament, director, 1, 2, deal(600, 0), deal(0, 0), reason="")
    assert caught.value.code == "smazzate_after_match_end"
    assert not match(tournament, 1, 2).has_result


def test_a_correction_that_changes_the_winner_replaces_the_next_match(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    assert pairs_at(tournament, 2) == [(1, 1, 2)]
    play(tournament, director, 1, 1, deal(0, 300), deal(0, 100), reason="Righe scambiate")
    assert pairs_at(tournament, 2) == [(1, 4, 2)]
    actions = list(
        AuditEntry.objects.filter(tournament=tournament, action__startswith="ko_match").values_list(
            "action", flat=True
        )
    )
    assert actions == ["ko_match_create", "ko_match_delete", "ko_match_create"]


def test_a_correction_is_refused_when_the_next_match_has_a_result(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    win(tournament, director, 2, 1, "ns")
    with pytest.raises(ValidationError) as caught:
        play(tournament, director, 1, 1, deal(0, 300), deal(0, 100), reason="Errore")
    assert caught.value.code == "ko_later_result"
    assert match(tournament, 1, 1).match.winner == "ns"  # the correction was rolled back
    assert pairs_at(tournament, 2) == [(1, 1, 2)]


def test_clearing_a_result_takes_away_the_unplayed_next_match(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    table = match(tournament, 1, 2)
    table_clear_result(table=table, user=director, version=table.version, reason="Rigiocare")
    assert not Turno.objects.filter(tournament=tournament, number=2).exists()


def test_third_place_match_and_places(director):
    tournament = ko_tournament(director)
    start(tournament, director, third_place=True)
    for table in (1, 2, 3, 4):
        win(tournament, director, 1, table, "ns")
    win(tournament, director, 2, 1, "ns")  # 1 beats 4
    win(tournament, director, 2, 2, "eo")  # 3 beats 2
    assert pairs_at(tournament, 3) == [(1, 1, 3), (2, 4, 2)]
    win(tournament, director, 3, 1, "eo")
    win(tournament, director, 3, 2, "ns")
    page = ko_bracket(tournament=tournament)
    assert page.champion.number == 3
    assert [(p.place, p.pair.number, p.shared) for p in page.places][:4] == [
        (1, 3, False),
        (2, 1, False),
        (3, 4, False),
        (4, 2, False),
    ]
    assert page.third_place.outcome == "Pair 4 takes third place."


def test_without_third_place_match_the_semifinal_losers_share_third(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    win(tournament, director, 2, 1, "eo")
    page = ko_bracket(tournament=tournament)
    assert [(p.place, p.pair.number, p.shared) for p in page.places] == [
        (1, 2, False),
        (2, 1, False),
        (3, 3, True),
        (3, 4, True),
    ]
    assert page.rounds[-1].matches[0].outcome == "Pair 2 wins the tournament."


def test_turning_the_third_place_match_on_and_off(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    created = ko_set_third_place(tournament=tournament, user=director, third_place=True)
    assert [(t.number, t.ns.number, t.eo.number) for t in created] == [(2, 4, 3)]
    ko_set_third_place(tournament=tournament, user=director, third_place=False)
    assert pairs_at(tournament, 2) == [(1, 1, 2)]
    tournament.refresh_from_db()
    assert tournament.ko_third_place is False


def test_advance_creates_matches_missing_from_an_imported_bracket(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    Match.objects.filter(turno__number=2, turno__tournament=tournament).delete()  # with tables
    assert [t.number for t in ko_advance(tournament=tournament, user=director)] == [1]
    assert ko_advance(tournament=tournament, user=director) == []


def test_a_pairs_tournament_result_has_no_winner(director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 2)
    make_turno(tournament, 1, [(1, 2)])
    play(tournament, director, 1, 1, deal(300, 0))
    assert match(tournament, 1, 1).match.winner == ""
    assert Turno.objects.filter(tournament=tournament).count() == 1


# -- the pairs from the standings of a qualification -------------------------------------------


def qualification(director, *, finished=True):
    source = make_tournament(owner=director, name="Qualificazione")
    make_pairs(source, 6)
    totals = [(900, 100), (700, 300), (600, 400)] if finished else None
    make_turno(source, 1, [(1, 2), (3, 4), (5, 6)], totals=totals)
    return source


def test_the_top_pairs_of_a_standings_come_seeded_by_rank(director):
    source = qualification(director)
    tournament = ko_tournament(director, pairs=0)
    taken = ko_pairs_from_standings(tournament=tournament, user=director, source=source, count=4)
    ranked = [(p.seed, p.number) for p in taken.pairs]
    assert ranked == [(1, 1), (2, 3), (3, 5), (4, 6)]
    copied = tournament.entrants.get(number=3)
    assert copied.players == source.entrants.get(number=3).players
    turno = start(tournament, director, seeds={1: 1, 3: 2, 5: 3, 6: 4})
    assert pairs_at(tournament, 1) == [(1, 1, 6), (2, 3, 5)]
    assert turno.draw_options["source"]["name"] == "Qualificazione"


@pytest.mark.parametrize(
    ("setup", "code"),
    [("unfinished", "source_unfinished"), ("pairs", "pairs_exist"), ("count", "bad_count")],
)
def test_pairs_from_a_standings_are_refused(director, setup, code):
    source = qualification(director, finished=setup != "unfinished")
    tournament = ko_tournament(director, pairs=2 if setup == "pairs" else 0)
    count = 7 if setup == "count" else 4
    with pytest.raises(ValidationError) as caught:
        ko_pairs_from_standings(tournament=tournament, user=director, source=source, count=count)
    assert caught.value.code == code
    assert tournament.entrants.count() == (2 if setup == "pairs" else 0)
