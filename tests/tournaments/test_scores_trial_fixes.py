"""What a new-user trial of the score entry found, fixed: the boxes in the order of the paper
scorecard, the chiusura as the last move in a KO, a tie entered as turno totals, the KO save
message saying who goes through, and no "last move" box in a pairs tournament."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.utils import translation

from burraco_tourney.core.rule_messages import rule_error_field, rule_error_message
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, smazzata_violations
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import AuditEntry, Table
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.scores import (
    table_record_smazzate,
    table_record_totals,
)
from tests.tournaments.ko_support import ko_tournament, match, pairs_at, start, win
from tests.tournaments.scores_support import (
    entry_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db

PAPER_ORDER = ["pulito", "semipulito", "sporco", "chiusura", "pozzetto", "cards"]
KO = {"kind": "ko", "ko_mode": "smazzate", "ko_smazzate": 2}
# NS closes with a pulito: 100 + 200 + 100 = 400; EO 50.
NS_CLOSES = ({"cards": 100, "pulito": 1, "chiusura": True}, {"cards": 50})


@pytest.fixture
def en(director_client):
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return director_client


def saved_message(response) -> str:
    (message,) = [str(m) for m in get_messages(response.wsgi_request)]
    return message


def totals_post(table: Table, ns_mp: int, eo_mp: int, last_move: str = "", reason: str = ""):
    data = {"mode": "totals", "version": table.version, "ns_mp": ns_mp, "eo_mp": eo_mp}
    data.update({"last_move": last_move, "reason": reason})
    return data


# -- 1. the order of the paper ---------------------------------------------------------------


def test_the_boxes_follow_the_paper_scorecard(en, director):
    _, turno = scored_tournament(director)
    html = en.get(entry_url(turno)).content.decode()
    boxes = re.findall(r'<(?:input|select)[^>]*name="(s1_\w+)"', html)
    expected = [f"s1_{line}_{part}" for line in ("ns", "eo") for part in PAPER_ORDER]
    assert boxes == [*expected, "s1_end", "s1_last_move"]
    # The first box of the paper has the cursor, and only it.
    assert re.findall(r'name="(\w+)"[^>]*autofocus', html) == ["s1_ns_pulito"]
    head = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    columns = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<th[^>]*>.*?</th>", head)]
    assert columns == [
        "Line",
        "pulito",
        "semipulito",
        "sporco",
        "Chiusura",
        "Pozzetto",
        "Card points",
        "Total",
    ]


def test_an_error_puts_the_cursor_on_the_first_wrong_box_in_the_paper_order(en, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    wrong = smazzata(1, {"cards": 243, "sporco": -1}, {"cards": 50})
    response = en.post(entry_url(turno), scorecard(table, wrong))
    html = response.content.decode()
    assert re.findall(r'name="(\w+)"[^>]*autofocus', html) == ["s1_ns_sporco"]


# -- 6. no "last move" box in a pairs tournament ---------------------------------------------


def test_a_pairs_tournament_has_no_last_move_box_a_ko_has_one(en, director):
    _, pairs_turno = scored_tournament(director)
    html = en.get(entry_url(pairs_turno)).content.decode()
    assert "Last move" not in html
    assert re.search(r'<input type="hidden" name="s1_last_move"', html)
    assert 'name="last_move"' not in en.get(entry_url(pairs_turno, mode="totali")).content.decode()

    _, ko_turno = scored_tournament(director, **KO)
    html = en.get(entry_url(ko_turno)).content.decode()
    assert re.search(r'<select name="s1_last_move"', html)
    assert "A chiusura is the last move of its smazzata" in html
    totals = en.get(entry_url(ko_turno, mode="totali")).content.decode()
    assert re.search(r'<select name="last_move"', totals)
    assert "Needed only on a tie: the line that made the last move loses." in totals


def test_a_pairs_scorecard_keeps_a_stored_last_move_unless_the_closer_changed(en, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    entry = SmazzataEntry(
        LineEntry(100, pulito=1, chiusura=True), LineEntry(50), "chiusura", last_move="ns"
    )
    table_record_smazzate(table=table, user=director, smazzate=[entry], version=0)
    table.refresh_from_db()
    html = en.get(entry_url(turno)).content.decode()
    assert re.search(r'<input type="hidden" name="s1_last_move" value="ns"', html)
    # EO closed, not NS: the hidden last move follows the closer instead of refusing the card.
    eo_closes = smazzata(1, {"cards": 50}, {"cards": 100, "pulito": 1, "chiusura": True}, "", "ns")
    data = scorecard(
        table, eo_closes, reason="Chiusura segnata sulla linea sbagliata", ended_early=True
    )
    assert en.post(entry_url(turno), data).status_code == 302
    assert table.smazzate.get().last_move == "eo"


def test_a_pairs_tournament_does_not_invent_a_last_move(en, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    card = scorecard(table, smazzata(1, *NS_CLOSES), ended_early=True)
    assert en.post(entry_url(turno), card).status_code == 302
    assert table.smazzate.get().last_move == ""


# -- 3. the chiusura is the last move --------------------------------------------------------


def test_a_ko_last_move_other_than_the_closer_is_refused_next_to_its_box(en, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    card = (smazzata(1, *NS_CLOSES, last_move="eo"), smazzata(2, {"cards": 50}, {"cards": 50}))
    response = en.post(entry_url(turno), scorecard(table, *card, rows=2))
    assert response.status_code == 200
    assert dict(response.context["form"].errors) == {
        "s1_last_move": [
            "NS closed, so NS made the last move, not EO: closing is the last move of a smazzata."
        ]
    }
    assert 'id="err-s1_last_move"' in response.content.decode()
    assert not table.smazzate.exists()


def test_a_blank_ko_last_move_is_the_closer_and_settles_a_tie(en, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    # 100 - 100, then NS closes with a sporco (0 + 100 + 100 = 200) against EO 200: 300 - 300.
    card = (
        smazzata(1, {"cards": 100}, {"cards": 100}),
        smazzata(2, {"cards": 0, "sporco": 1, "chiusura": True}, {"cards": 200}),
    )
    response = en.post(entry_url(turno), scorecard(table, *card, rows=2))
    assert response.status_code == 302
    assert list(table.smazzate.values_list("last_move", flat=True)) == ["", "ns"]
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp, table.match.winner, table.match.by_last_move) == (
        300,
        300,
        "eo",
        True,
    )
    assert saved_message(response) == (
        "Table 1 saved. Tie 300–300: pair 2 goes through, pair 1 made the last move."
    )
    # The page shows the recorded last move back.
    html = en.get(entry_url(turno)).content.decode()
    assert re.search(r'<option value="ns" selected>NS 1</option>', html)


def test_the_score_service_fills_the_ko_last_move_from_the_closer(director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    closing = SmazzataEntry(LineEntry(100, pulito=1, chiusura=True), LineEntry(50), "chiusura")
    table_record_smazzate(table=table, user=director, smazzate=[closing], version=0)
    assert table.smazzate.get().last_move == "ns"


def test_the_new_refusal_reads_well_in_both_languages():
    (violation,) = smazzata_violations(
        get_ruleset("classic"),
        SmazzataEntry(LineEntry(50), LineEntry(100, sporco=1, chiusura=True), "chiusura", "ns"),
    )
    assert rule_error_field(violation) == "last_move"
    with translation.override("en"):
        assert rule_error_message(violation) == (
            "EO closed, so EO made the last move, not NS: closing is the last move of a smazzata."
        )
    with translation.override("it"):
        assert rule_error_message(violation) == (
            "EO ha chiuso, quindi l'ultima mossa è di EO, non di NS: la chiusura è l'ultima "
            "mossa della smazzata."
        )


# -- 4. a KO tie entered as turno totals -----------------------------------------------------


def test_a_ko_tie_in_totals_needs_the_last_move_and_then_saves(en, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    url = entry_url(turno)
    response = en.post(url, totals_post(table, 1000, 1000))
    assert response.status_code == 200
    assert dict(response.context["form"].errors) == {
        "last_move": [
            "The match is tied: record which line made the last move of the last smazzata."
        ]
    }
    table.refresh_from_db()
    assert not table.has_result

    response = en.post(url, totals_post(table, 1000, 1000, last_move="eo"))
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.entry_mode, table.match.winner, table.match.by_last_move) == (
        "totals",
        "ns",
        True,
    )
    assert not table.smazzate.exists()
    assert saved_message(response) == (
        "Table 1 saved. Tie 1000–1000: pair 1 goes through, pair 2 made the last move."
    )
    # The decision survives a recompute (after a change of the rules, an import).
    tournament_recompute_results(tournament=turno.tournament)
    table.refresh_from_db()
    assert (table.match.winner, table.match.by_last_move) == ("ns", True)
    # The form shows the recorded last move back.
    html = en.get(entry_url(turno, mode="totali")).content.decode()
    assert re.search(r'<option value="eo" selected>EO 2</option>', html)


def test_changing_only_the_last_move_of_a_totals_tie_is_a_recorded_correction(en, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    table_record_totals(table=table, user=director, ns_mp=900, eo_mp=900, version=0, last_move="ns")
    table.refresh_from_db()
    response = en.post(entry_url(turno), totals_post(table, 900, 900, last_move="eo"))
    assert "reason" in response.context["form"].errors  # a change, not "nothing changed"
    data = totals_post(table, 900, 900, last_move="eo", reason="Ultima mossa di EO")
    assert en.post(entry_url(turno), data).status_code == 302
    table.refresh_from_db()
    assert (table.match.winner, table.match.by_last_move) == ("ns", True)
    entry = AuditEntry.objects.get(action="result_correct")
    assert (entry.before["last_move"], entry.after["last_move"]) == ("ns", "eo")


def test_the_last_move_of_totals_matters_only_on_a_tie(en, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    response = en.post(entry_url(turno), totals_post(table, 1200, 1000, last_move="ns"))
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.match.winner, table.match.by_last_move) == ("ns", False)
    assert saved_message(response) == "Table 1 saved: pair 1 goes through, 1200 to 1000."


def test_a_pairs_tournament_tie_in_totals_needs_no_last_move(en, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    assert en.post(entry_url(turno), totals_post(table, 800, 800)).status_code == 302
    table.refresh_from_db()
    assert (table.match.ns_vp, table.match.eo_vp, table.match.winner) == (10, 10, "")


def test_the_totals_service_refuses_a_ko_tie_without_the_last_move(director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    with pytest.raises(ValidationError) as refused:
        table_record_totals(table=table, user=director, ns_mp=500, eo_mp=500, version=0)
    assert list(refused.value.message_dict) == ["last_move"]
    assert not Table.objects.get(pk=table.pk).has_result


def test_a_totals_tie_sends_the_right_pair_on_in_the_bracket(en, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 2, "ns")  # pair 2 beats pair 3
    table = match(tournament, 1, 1)  # pair 1 v pair 4
    url = entry_url(table.turno, 1)
    # Pair 1 (NS) made the last move: pair 4 goes on to the final.
    response = en.post(url, totals_post(table, 1000, 1000, last_move="ns"))
    assert saved_message(response) == (
        "Table 1 saved. Tie 1000–1000: pair 4 goes through, pair 1 made the last move."
    )
    ((_, ns, eo),) = pairs_at(tournament, 2)
    assert {ns, eo} == {4, 2}


# -- 5. the KO save message ------------------------------------------------------------------


def test_the_ko_message_in_italian_says_who_goes_through_and_why(director_client, director):
    _, turno = scored_tournament(director, **KO)
    table = table_of(turno)
    response = director_client.post(entry_url(turno), totals_post(table, 1000, 1000, "ns"))
    assert saved_message(response) == (
        "Tavolo 1 salvato. Parità 1000–1000: passa la coppia 2, la coppia 1 ha fatto l'ultima "
        "mossa."
    )


def test_the_ko_message_of_a_forfeit_and_of_a_match_still_in_play(en, director):
    _, turno = scored_tournament(director, **KO, forfeit_vp=14, forfeit_mp=355)
    table = table_of(turno)
    data = {"mode": "forfeit", "version": table.version, "absent": "ns"}
    response = en.post(entry_url(turno), data)
    assert saved_message(response) == (
        "Table 1 saved: pair 2 goes through by forfeit (pair 1 did not play)."
    )

    _, turno = scored_tournament(director, kind="ko", ko_mode="punti", ko_target=2005)
    table = table_of(turno)
    rows = en.get(entry_url(turno)).context["form"].rows
    card = scorecard(table, smazzata(1, {"cards": 300}, {"cards": 100}), rows=rows)
    response = en.post(entry_url(turno), card)
    assert response.status_code == 302
    assert saved_message(response) == ("Table 1 saved: 300 – 100, the match is not decided yet.")
