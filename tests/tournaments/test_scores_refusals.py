"""Every refusal of RULES.md section 5 shows next to its box, in Italian, and nothing is saved."""

import pytest

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import AuditEntry, Smazzata
from burraco_tourney.tournaments.services import scores as services
from tests.tournaments.scores_support import (
    FULL,
    entry_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db


CLOSES = {"cards": 100, "pulito": 1, "chiusura": True}
PLAIN = {"cards": 50}

# (ruleset, smazzata 1, the box the message stands next to, words of the Italian message)
REFUSALS = [
    pytest.param(
        "classic",
        smazzata(1, {"cards": 243}, PLAIN),
        "s1_ns_cards",
        "NS: i punti carte 243 non sono un multiplo di 5.",
        id="cards-not-multiple-of-5",
    ),
    pytest.param(
        "classic",
        smazzata(1, PLAIN, {"cards": -7}),
        "s1_eo_cards",
        "EO: i punti carte -7 non sono un multiplo di 5.",
        id="negative-cards-not-multiple-of-5",
    ),
    pytest.param(
        "classic",
        smazzata(1, CLOSES, CLOSES),
        "s1_eo_chiusura",
        "Una sola linea può chiudere una smazzata.",
        id="both-closed",
    ),
    pytest.param(
        "classic",
        smazzata(1, {**CLOSES, "pozzetto": False}, PLAIN),
        "s1_ns_pozzetto",
        "NS ha chiuso senza prendere il pozzetto",
        id="closer-without-pozzetto",
    ),
    pytest.param(
        "classic",
        smazzata(1, PLAIN, {"cards": 80, "chiusura": True}),
        "s1_eo_chiusura",
        "EO ha chiuso senza un burraco: per chiudere ne serve almeno uno.",
        id="closer-without-burraco",
    ),
    pytest.param(
        "internazionale",
        smazzata(1, {"cards": 100, "sporco": 2, "chiusura": True}, PLAIN),
        "s1_ns_chiusura",
        "NS ha chiuso senza un burraco pulito",
        id="internazionale-needs-a-pulito",
    ),
    pytest.param(
        "reale",
        smazzata(1, {"cards": 100, "sporco": 1, "chiusura": True}, PLAIN),
        "s1_ns_chiusura",
        "NS ha chiuso senza un burraco pulito",
        id="reale-needs-a-clean-burraco",
    ),
    pytest.param(
        "classic",
        smazzata(1, PLAIN, PLAIN, end="chiusura"),
        "s1_end",
        "La smazzata risulta terminata per chiusura, ma nessuna linea ha chiuso.",
        id="chiusura-end-without-closer",
    ),
    pytest.param(
        "classic",
        smazzata(1, CLOSES, PLAIN, end="tempo"),
        "s1_end",
        "NS ha chiuso, quindi la smazzata è terminata per chiusura",
        id="closer-with-time-out-end",
    ),
    pytest.param(
        "classic",
        smazzata(1, {"cards": 50, "sporco": -1}, PLAIN),
        "s1_ns_sporco",
        "non può essere negativo (-1)",
        id="negative-count",
    ),
]


@pytest.mark.parametrize(("ruleset", "first", "field", "message"), REFUSALS)
def test_a_refused_smazzata_shows_why_next_to_its_box_and_saves_nothing(
    director_client, director, ruleset, first, field, message
):
    tournament, turno = scored_tournament(director, ruleset=ruleset)
    table = table_of(turno)
    response = director_client.post(entry_url(turno), scorecard(table, first, *FULL[1:]))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert message in errors[field][0]
    html = response.content.decode()
    # The message sits in the line's error row, and the box points at it.
    assert f'<li id="err-{field}">' in html
    assert f'aria-describedby="err-{field}"' in html
    table.refresh_from_db()
    assert (table.entry_mode, table.ns_mp, table.version) == ("", None, 0)
    assert not Smazzata.objects.exists()
    assert not AuditEntry.objects.filter(tournament=tournament).exists()


def test_every_refusal_of_every_smazzata_is_shown_at_once(director_client, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(
        table,
        smazzata(1, {"cards": 243}, PLAIN),
        FULL[1],
        smazzata(3, CLOSES, {**CLOSES, "cards": 12}),
    )
    errors = director_client.post(entry_url(turno), data).context["form"].errors
    assert sorted(errors) == ["s1_ns_cards", "s3_eo_cards", "s3_eo_chiusura"]
    assert not table.smazzate.exists()


def test_a_word_in_a_number_box_is_refused(director_client, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, smazzata(1, {"cards": "dieci"}, PLAIN))
    errors = director_client.post(entry_url(turno), data).context["form"].errors
    assert list(errors) == ["s1_ns_cards"]
    assert not table.smazzate.exists()


def test_the_service_refuses_with_every_engine_error_and_writes_nothing(director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    bad = SmazzataEntry(
        ns=LineEntry(cards=243, chiusura=True), eo=LineEntry(cards=10), end="tallone"
    )
    good = SmazzataEntry(ns=LineEntry(cards=10), eo=LineEntry(cards=20), end="tallone")
    with pytest.raises(services.ScorecardInvalid) as refusal:
        services.table_record_smazzate(table=table, user=director, smazzate=[good, bad], version=0)
    codes = sorted((n, e.code) for n, e in refusal.value.errors)
    assert codes == [
        (2, "cards_not_multiple_of_5"),
        (2, "closer_without_chiusura_end"),
        (2, "closing_without_burraco"),
    ]
    table.refresh_from_db()
    assert (table.entry_mode, table.version) == ("", 0)
    assert not table.smazzate.exists()


def test_absurd_numbers_are_refused_before_reaching_the_database(director_client, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, smazzata(1, {"cards": 2450000}, {"cards": 100, "pulito": 70000}))
    errors = director_client.post(entry_url(turno), data).context["form"].errors
    assert sorted(errors) == ["s1_eo_pulito", "s1_ns_cards"]
    assert not table.smazzate.exists()
