"""A KO round with a match length of its own (issue 9, case 4): the final a punti 2005 after
rounds of 4 smazzate. Set on the settings page, recorded in the change log, and used wherever a
match length is shown or printed: the bracket, the score page's rows, the scorecards, the
summaries."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.selectors.scores import smazzate_limit, smazzate_rows
from tests.exports.conftest import pdf_words, render_export
from tests.tournaments.ko_support import ko_tournament, start
from tests.tournaments.test_setup_create import CREATE, form_data
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db

FINAL_A_PUNTI = [{"round": 3, "mode": "punti", "target": 2005}]


@pytest.fixture
def owner(director):
    return director


@pytest.fixture
def eight(owner):
    """Eight pairs (quarter-finals, semifinals, final), matches of 4 smazzate."""
    return ko_tournament(owner, pairs=8, ko_smazzate=4)


def _ko_form(**rounds) -> dict:
    return form_data(kind="ko", ko_mode="smazzate", ko_smazzate="4", **rounds)


def test_the_settings_name_each_round_of_the_bracket(client, owner, eight):
    client.force_login(owner)
    page = client.get(edit_url(eight)).content.decode()
    for name in ("Quarti di finale", "Semifinali", "Finale"):
        assert f"{name}: incontri decisi" in page
    assert 'name="ko_round_3_mode"' in page and 'name="ko_round_4_mode"' not in page


def test_a_new_tournament_sets_the_final_a_punti(english):
    response = english.post(CREATE, _ko_form(ko_round_3_mode="punti", ko_round_3_length="2005"))
    assert response.status_code == 302
    tournament = AuditEntry.objects.get(action="tournament_create").tournament
    assert tournament.ko_rounds == FINAL_A_PUNTI
    assert AuditEntry.objects.get(action="tournament_create").after["ko_rounds"] == FINAL_A_PUNTI


@pytest.mark.parametrize(
    ("rounds", "field", "message"),
    [
        (
            {"ko_round_3_mode": "punti", "ko_round_3_length": "2003"},
            "ko_round_3_length",
            "Un punteggio obiettivo è un multiplo di 5 (es. 2005).",
        ),
        (
            {"ko_round_2_mode": "smazzate", "ko_round_2_length": "25"},
            "ko_round_2_length",
            "Al massimo 20 smazzate in un incontro.",
        ),
        ({"ko_round_1_mode": "smazzate"}, "ko_round_1_length", "Quante smazzate?"),
        (
            {"ko_round_3_length": "2005"},
            "ko_round_3_mode",
            "Scegli come si decidono gli incontri di questo turno, o svuota il numero.",
        ),
    ],
)
def test_a_round_length_is_checked_in_italian(client, owner, rounds, field, message):
    client.force_login(owner)
    response = client.post(CREATE, _ko_form(**rounds))
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]


def test_a_pairs_tournament_ignores_the_round_boxes(english):
    response = english.post(CREATE, form_data(ko_round_3_mode="punti", ko_round_3_length="7"))
    assert response.status_code == 302
    assert AuditEntry.objects.get(action="tournament_create").tournament.ko_rounds == []


def test_changing_a_round_length_is_recorded_in_the_change_log(english, owner, eight):
    english.force_login(owner)
    data = posted(eight, ko_round_3_mode="punti", ko_round_3_length="2005")
    assert english.post(edit_url(eight), data).status_code == 302
    eight.refresh_from_db()
    assert eight.ko_rounds == FINAL_A_PUNTI
    entry = AuditEntry.objects.filter(action="tournament_rules_change").get()
    assert (entry.before, entry.after) == ({"ko_rounds": []}, {"ko_rounds": FINAL_A_PUNTI})
    log = english.get(reverse("manage:audit", args=[eight.slug])).content.decode()
    assert "KO match length per round" in log
    text = " ".join(re.sub(r"<[^>]+>", " ", log).split())
    assert "KO match decided: By target score" in text
    assert "Danese" not in log
    # The form shows the stored round again.
    form = english.get(edit_url(eight)).context["form"]
    assert (form["ko_round_3_mode"].value(), form["ko_round_3_length"].value()) == ("punti", 2005)


def test_the_score_page_and_the_limit_follow_the_round(eight):
    eight.ko_rounds = FINAL_A_PUNTI
    eight.save()
    assert smazzate_limit(eight, 1) == 4
    assert smazzate_limit(eight, 3) is None  # a punti: no fixed number
    assert smazzate_rows(eight, 0, 1) == 4
    assert smazzate_rows(eight, 0, 3) == 6  # the open rows of a match a punti


def test_the_scorecards_print_each_round_with_its_own_length(owner):
    tournament = ko_tournament(owner, pairs=2, ko_smazzate=4, ko_rounds=[])
    tournament.ko_rounds = [{"round": 1, "mode": "punti", "target": 2005}]
    tournament.save()
    start(tournament, owner)
    file = render_export("score", tournament, turno=tournament.turni.get(number=1), language="en")
    words = pdf_words(file.content)
    assert "Match to 2005 points: it ends with the smazzata in which a line reaches them." in words
    assert "Running total" in words
    assert "Match of 4 smazzate" not in words


def test_the_rounds_before_keep_the_tournament_length_on_their_cards(owner, eight):
    eight.ko_rounds = FINAL_A_PUNTI
    eight.save()
    start(eight, owner)
    file = render_export("score", eight, turno=eight.turni.get(number=1), language="en")
    words = pdf_words(file.content)
    assert words.count("Match of 4 smazzate: the line with more points wins.") == 4
    assert "Running total" not in words


def test_the_bracket_and_the_summaries_say_each_round_length(client, owner, eight):
    eight.ko_rounds = FINAL_A_PUNTI
    eight.save()
    start(eight, owner)
    bracket = client.get(reverse("manage:bracket", args=[eight.slug])).content.decode()
    assert "Incontri di 4 smazzate" in bracket
    assert "Finale: ai 2005 punti" in bracket
    assert "· ai 2005 punti</span>" in bracket  # the final's own heading
    assert bracket.count("· 4 smazzate</span>") == 2  # quarter-finals and semifinals
    detail = client.get(eight.get_absolute_url()).content.decode()
    assert "Finale: ai 2005 punti" in detail
    pdf = pdf_words(render_export("tabellone", eight).content)
    assert "Finale: ai 2005 punti" in pdf
