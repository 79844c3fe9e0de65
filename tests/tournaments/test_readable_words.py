"""A negative score beside another reads as one (issue 20): "3000 – (−200)", never the double
dash of "3000 – -200", on the director's results of a turno, a pair's public page and the
anomaly that names two MP; the action on an entered table says it corrects the result; one
planned turno is "1 turno"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.core.scores import score_text
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.models import EntryMode
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.tournaments.scores_support import results_url, scored_tournament, table_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "signed", "shown"),
    [
        (3000, False, "3000"),
        (-200, False, "(−200)"),
        (0, False, "0"),
        (355, True, "+355"),
        (-355, True, "(−355)"),
        (0, True, "+0"),
        (None, False, ""),
    ],
)
def test_score_text(value, signed, shown):
    assert score_text(value, signed=signed) == shown


@pytest.fixture
def minus_200(director):
    tournament, turno = scored_tournament(director, pairs=4)
    table = table_of(turno)
    table.entry_mode, table.ns_mp, table.eo_mp = EntryMode.TOTALS, 3000, -200
    table.save()
    tournament_recompute_results(tournament=tournament)
    return tournament, turno


def test_the_results_of_a_turno_show_a_negative_score_in_brackets(director_client, minus_200):
    _tournament, turno = minus_200
    html = director_client.get(results_url(turno)).content.decode()
    assert "3000 – (−200)" in html
    assert "– -200" not in html
    assert "Correggi il risultato" in html and "Inserisci il risultato" in html


def test_a_pairs_public_page_shows_a_negative_score_in_brackets(client, minus_200):
    tournament, _turno = minus_200
    html = client.get(reverse("tournaments:pair", args=[tournament.slug, 2])).content.decode()
    assert "(−200) – 3000" in html


def test_an_anomaly_naming_two_scores_reads_a_negative_one_in_brackets():
    error = RuleError("mirrored_result", "mirrored", ns_mp=3000, eo_mp=-200, other=2)
    assert rule_error_message(error).startswith("3000 – (−200) ")


@pytest.mark.parametrize(("planned", "shown"), [(1, "1 turno previsto"), (3, "3 turni previsti")])
def test_the_planned_turni_are_counted_in_the_singular_and_plural(
    director_client, director, planned, shown
):
    tournament, _turno = scored_tournament(director, pairs=4, planned_turni=planned)
    html = director_client.get(reverse("manage:turni", args=[tournament.slug])).content.decode()
    assert shown in html
    assert "1 turni" not in html


def test_the_settings_speak_of_the_director_in_english_and_the_arbitro_in_italian():
    from django.utils import translation

    from burraco_tourney.tournaments.forms.setup_players import PlayersFields

    fields = PlayersFields.base_fields
    with translation.override("en"):
        assert str(fields["players_director_accepts"].label) == "The director accepts each table"
        assert str(fields["players_enter"].help_text).endswith("stay with the director.")
        assert "arbitro" not in str(fields["players_enter"].help_text)
    with translation.override("it"):
        assert str(fields["players_director_accepts"].label) == "L'arbitro accetta ogni tavolo"
        assert str(fields["players_enter"].help_text).endswith("restano all'arbitro.")
