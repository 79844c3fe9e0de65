"""A score box reads a number the way the page's live totals read it: the minus sign a phone or a
spreadsheet writes (−, –, …) is a minus, so what the page showed is what is saved; a number
written with a dot or a comma is refused, not cut short."""

import pytest

from tests.tournaments.scores_support import (
    FULL,
    entry_url,
    result,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db

# The real minus sign, the en dash, the em dash and the wide hyphen of some phone keyboards.
MINUS_SIGNS = ["\u2212", "\u2013", "\u2014", "\uff0d"]


@pytest.mark.parametrize("minus", MINUS_SIGNS)
def test_card_points_typed_with_a_minus_sign_are_saved_negative(director_client, director, minus):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    # FULL with smazzata 3 typed as a phone writes it: NS -40 without pozzetto = -140.
    third = smazzata(
        3, {"cards": f" {minus}40", "pozzetto": False}, {"cards": 95, "pulito": 1, "chiusura": True}
    )
    response = director_client.post(entry_url(turno), scorecard(table, *FULL[:2], third))
    assert response.status_code == 302
    assert result(table) == (585, 1365, 4, 16)
    assert table.smazzate.get(number=3).ns_cards == -40


def test_turno_totals_typed_with_a_minus_sign_are_saved_negative(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = {"mode": "totals", "version": 0, "ns_mp": "\u2212100", "eo_mp": "200"}
    assert english.post(entry_url(turno), data).status_code == 302
    # Difference 300: the fibur-3 band up to 350 gives 13-7 to EO.
    assert result(table) == (-100, 200, 7, 13)


@pytest.mark.parametrize("typed", ["1.000", "1,000", "50.0", "5-", "\u2212\u221250", "--50"])
def test_a_number_that_is_not_whole_is_refused_not_cut_short(director_client, director, typed):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = {"mode": "totals", "version": 0, "ns_mp": typed, "eo_mp": "900"}
    response = director_client.post(entry_url(turno), data)
    assert response.status_code == 200
    assert response.context["form"].errors == {"ns_mp": ["Inserisci un numero intero."]}
    assert result(table) == (None, None, None, None)


def test_a_box_of_spaces_is_an_empty_box(director_client, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    # Smazzata 3 holds only spaces: not played, as the page shows it.
    data = scorecard(
        table, *FULL[:2], smazzata(3, {"cards": "   "}, {"cards": " "}), ended_early=True
    )
    response = director_client.post(entry_url(turno), data)
    assert response.status_code == 302
    assert table.smazzate.count() == 2
