"""Entering a scorecard smazzata by smazzata: what the page offers and what is stored."""

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Smazzata
from tests.factories import make_director
from tests.tournaments.scores_support import (
    FULL,
    FULL_RESULT,
    FULL_TOTALS,
    entry_url,
    result,
    results_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db


def test_a_full_scorecard_is_stored_as_the_engine_scores_it(english, director):
    tournament, turno = scored_tournament(director)
    table = table_of(turno)
    response = english.post(entry_url(turno), scorecard(table, *FULL))
    assert response.status_code == 302
    stored = list(Smazzata.objects.filter(table=table).order_by("number"))
    assert [(s.ns_total, s.eo_total) for s in stored] == FULL_TOTALS
    first = stored[0]
    assert (first.ns_cards, first.ns_pulito, first.ns_chiusura, first.ns_pozzetto) == (
        245,
        1,
        True,
        True,
    )
    assert (first.end, stored[2].end) == ("chiusura", "chiusura")
    assert stored[2].ns_pozzetto is False
    assert result(table) == FULL_RESULT
    assert table.entry_mode == "smazzate" and table.version == 1
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.user, entry.table, entry.before) == (
        "result_enter",
        director,
        table,
        None,
    )
    assert entry.after["ns_mp"] == 585 and entry.after["smazzate"][0]["ns"]["total"] == 545


def test_saving_goes_to_the_next_missing_table_and_names_the_table_saved(english, director):
    _, turno = scored_tournament(director, pairs=6)
    response = english.post(entry_url(turno, 1), scorecard(table_of(turno, 1), *FULL))
    assert response.url == entry_url(turno, 2)
    page = english.get(response.url)
    html = page.content.decode()
    assert re.search(r"Table 1 saved: NS 1 585 MP, 4 VP · EO 2 1365 MP, 16 VP", html)
    # Table 3 next, then back round to the only one left; with none left, the results page.
    response = english.post(entry_url(turno, 3), scorecard(table_of(turno, 3), *FULL))
    assert response.url == entry_url(turno, 2)
    response = english.post(entry_url(turno, 2), scorecard(table_of(turno, 2), *FULL))
    assert response.url == results_url(turno)


def test_a_turno_that_ended_early_stores_only_the_smazzate_played(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    response = english.post(entry_url(turno), scorecard(table, *FULL[:2], ended_early=True))
    assert response.status_code == 302
    assert list(table.smazzate.values_list("number", flat=True)) == [1, 2]
    # 545 + 180 = 725 against 220 + 750 = 970: difference 245, band <= 250 gives 12-8.
    assert result(table) == (725, 970, 8, 12)
    # The change log says the turno ended early, and after how many smazzate.
    entry = AuditEntry.objects.get(table=table, action="result_enter")
    assert entry.reason == "The turno ended early: 2 smazzate of 3."


def test_fewer_smazzate_without_the_early_end_ticked_are_refused_keeping_what_was_typed(
    english, director
):
    """Case 1 of issue 9: Enter pressed in the empty smazzata 2 (or a browser without
    JavaScript sending the form) must not save a table of one smazzata."""
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, FULL[0])
    data["s2_ns_pulito"] = "0"  # the 0 typed in smazzata 2's first box: still empty
    response = english.post(entry_url(turno), data)
    assert response.status_code == 200
    assert not table_of(turno).has_result
    form = response.context["form"]
    assert form.errors["ended_early"] == [
        "Only 1 of the 3 smazzate is filled in: tick “The turno ended early” to save the table "
        "with it, or fill in the others."
    ]
    assert form["s1_ns_cards"].value() == "245"  # what was typed stays in the boxes
    html = response.content.decode()
    assert re.search(r'<input[^>]*name="ended_early"[^>]*autofocus', html)
    assert 'id="err-ended_early"' in html


def test_an_empty_smazzata_before_a_played_one_is_refused(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, FULL[0], smazzata(2, {}, {}), FULL[2])
    response = english.post(entry_url(turno), data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "s2_ns_cards" in errors
    assert not table.smazzate.exists()


def test_one_missing_card_box_is_shown_next_to_it(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, smazzata(1, {"cards": 100}, {}))
    response = english.post(entry_url(turno), data)
    assert list(response.context["form"].errors) == ["s1_eo_cards"]


def test_the_end_defaults_from_the_chiusura_and_may_be_chosen(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(
        table,
        smazzata(1, {"cards": 100}, {"cards": 60}),
        smazzata(2, {"cards": 100, "sporco": 1}, {"cards": -30, "pozzetto": False}, end="tempo"),
        smazzata(3, {"cards": 5}, {"cards": 10, "pulito": 1, "chiusura": True}, last_move="eo"),
    )
    assert english.post(entry_url(turno), data).status_code == 302
    ends = list(table.smazzate.values_list("end", "last_move"))
    assert ends == [("tallone", ""), ("tempo", ""), ("chiusura", "eo")]
    # The house default: the pozzetto penalty applies however the smazzata ended.
    assert table.smazzate.get(number=2).eo_total == -130


def test_the_page_shows_both_pairs_and_only_the_ruleset_kinds(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    html = english.get(entry_url(turno)).content.decode()
    assert table.ns.players in html and table.eo.players in html
    assert 'class="n">1<' in html and 'class="n">2<' in html
    for kind in ("pulito", "semipulito", "sporco"):
        assert f'name="s1_ns_{kind}"' in html
    assert "s1_ns_nobile" not in html and "s3_eo_sporco" in html and "s4_ns_cards" not in html
    first = re.search(r"<input[^>]*name=\"s1_ns_pulito\"[^>]*>", html).group(0)
    assert 'inputmode="numeric"' in first and "autofocus" in first
    # The live totals are the server's (the preview), not a copy of the rules in the page.
    preview = reverse("manage:score_preview", args=[turno.tournament.slug, 1, 1])
    assert f'hx-post="{preview}"' in html
    assert "scorecard-config" not in html and "bonuses" not in html


def test_a_reale_tournament_offers_nobile_and_reale_but_no_semipulito(english, director):
    _, turno = scored_tournament(director, ruleset="reale")
    html = english.get(entry_url(turno)).content.decode()
    assert 'name="s1_ns_nobile"' in html and 'name="s1_eo_reale"' in html
    assert "s1_ns_semipulito" not in html


def test_a_kind_the_ruleset_lacks_cannot_be_submitted(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, *FULL)
    data["s1_ns_nobile"] = "3"  # not a box of a classic scorecard: ignored
    assert english.post(entry_url(turno), data).status_code == 302
    assert table.smazzate.get(number=1).ns_nobile == 0
    assert result(table) == FULL_RESULT


def test_a_saved_scorecard_shows_its_values_and_totals_again(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), scorecard(table, *FULL))
    response = english.get(entry_url(turno))
    form = response.context["form"]
    assert form["s1_ns_cards"].value() == 245 and form["s3_ns_pozzetto"].value() is False
    assert form["s1_end"].value() == ""  # chiusura, as the automatic choice would say
    html = response.content.decode()
    assert re.search(r'data-total="1-ns"[^>]*>545<', html) and 'data-turno="eo">1365<' in html
    assert 'name="reason"' in html  # a change now needs a reason


def test_four_smazzate_per_turno_give_four_rows(english, director):
    _, turno = scored_tournament(director, smazzate_per_turno=4, vp_table="fibur-4")
    html = english.get(entry_url(turno)).content.decode()
    assert 'name="s4_eo_cards"' in html and "s5_ns_cards" not in html


def test_the_results_page_counts_and_links_every_table(english, director):
    _, turno = scored_tournament(director, pairs=6)
    english.post(entry_url(turno, 2), scorecard(table_of(turno, 2), *FULL))
    response = english.get(results_url(turno))
    html = response.content.decode()
    assert "1 of 3 tables entered" in html
    assert "Enter the next missing table (1)" in html
    for number in (1, 2, 3):
        assert f'href="{entry_url(turno, number)}"' in html
    states = [p.state for p in response.context["progress"].tables]
    assert states == ["missing", "entered", "missing"]


def test_the_count_of_tables_entered_agrees_in_italian(director_client, director):
    """Italian counts the tables entered: "1 tavolo inserito", "2 tavoli inseriti" (the msgstr
    of the plural msgid must be in the catalog)."""
    _, turno = scored_tournament(director, pairs=6)
    director_client.post(entry_url(turno, 2), scorecard(table_of(turno, 2), *FULL))
    html = director_client.get(results_url(turno)).content.decode()
    assert "1 tavolo inserito su 3" in html
    director_client.post(entry_url(turno, 1), scorecard(table_of(turno, 1), *FULL))
    html = director_client.get(entry_url(turno, 3)).content.decode()
    assert "2 tavoli inseriti su 3" in html


def test_another_director_gets_404(client, director):
    _, turno = scored_tournament(director)
    other = make_director("altro")
    client.force_login(other)
    assert client.get(entry_url(turno)).status_code == 404
    assert client.post(entry_url(turno), scorecard(table_of(turno), *FULL)).status_code == 404
    assert client.get(results_url(turno)).status_code == 404
    assert not table_of(turno).smazzate.exists()


def test_anonymous_visitors_are_sent_to_the_login(client, director):
    _, turno = scored_tournament(director)
    response = client.get(entry_url(turno))
    assert response.status_code == 302 and "accesso" in response.url


def test_an_unknown_table_is_404(english, director):
    _, turno = scored_tournament(director)
    assert english.get(entry_url(turno, 9)).status_code == 404


def test_a_ko_tie_needs_the_last_move_of_the_last_smazzata(english, director):
    _, turno = scored_tournament(director, kind="ko", ko_mode="smazzate", ko_smazzate=2)
    table = table_of(turno)
    level = (smazzata(1, {"cards": 100}, {"cards": 100}), smazzata(2, {"cards": 50}, {"cards": 50}))
    response = english.post(entry_url(turno), scorecard(table, *level, rows=2))
    assert list(response.context["form"].errors) == ["s2_last_move"]
    assert "s3_ns_cards" not in response.content.decode()  # a KO match of two smazzate
    assert not table.smazzate.exists()
    decided = (level[0], smazzata(2, {"cards": 50}, {"cards": 50}, last_move="ns"))
    assert english.post(entry_url(turno), scorecard(table, *decided, rows=2)).status_code == 302
    assert table.smazzate.get(number=2).last_move == "ns"
