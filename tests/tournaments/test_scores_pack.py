"""What the pack allows (issue 9, case 9): the scorecard refuses what no deal can produce,
next to the box that breaks it, in Italian; what is only implausible is saved."""

import pytest

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import AuditEntry, Smazzata
from burraco_tourney.tournaments.services import scores as services
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

# Smazzate 2 and 3 legal in every ruleset (no semipulito, closing with a pulito).
REST = (
    smazzata(2, {"cards": 80, "sporco": 1}, {"cards": 300, "pulito": 1, "chiusura": True}),
    smazzata(3, {"cards": -40, "pozzetto": False}, {"cards": 95, "pulito": 1, "chiusura": True}),
)

REFUSALS = [
    pytest.param(
        "reale",
        smazzata(1, {"cards": 250, "reale": 9, "chiusura": True}, {"cards": -100}),
        "s1_ns_reale",
        "NS: con questi burraco (tra cui 9 burraco reale) le due linee avrebbero calato almeno "
        "126 carte, ma il mazzo ne ha 104.",
        id="nine-burraco-reale",
    ),
    pytest.param(
        "classic",
        smazzata(1, {"cards": 5000, "pulito": 1, "chiusura": True}, {"cards": 0}),
        "s1_ns_cards",
        "NS: i punti carte 5000 superano il valore dell'intero mazzo (1080).",
        id="5000-card-points",
    ),
    pytest.param(
        "classic",
        smazzata(1, {"cards": 300}, {"cards": 800, "pulito": 1, "chiusura": True}),
        "s1_eo_cards",
        "EO: i punti carte 800 e i 300 dell'altra linea fanno 1100 senza segno, ma l'intero "
        "mazzo vale 1080.",
        id="both-lines-card-points",
    ),
    pytest.param(
        "reale",
        smazzata(1, {"cards": 500}, {"cards": -385}),
        "s1_ns_cards",
        "l'intero mazzo vale 880",
        id="reale-pack-points",
    ),
    pytest.param(
        "classic",
        smazzata(1, {"cards": 100, "sporco": 7}, {"cards": 0, "pulito": 9, "chiusura": True}),
        "s1_eo_pulito",
        "almeno 112 carte, ma il mazzo ne ha 108",
        id="both-lines-burraco",
    ),
]


@pytest.mark.parametrize(("ruleset", "first", "field", "message"), REFUSALS)
def test_what_the_pack_cannot_hold_is_refused_next_to_its_box(
    director_client, director, ruleset, first, field, message
):
    tournament, turno = scored_tournament(director, ruleset=ruleset)
    table = table_of(turno)
    response = director_client.post(entry_url(turno), scorecard(table, first, *REST))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert message in errors[field][0]
    html = response.content.decode()
    assert f'<li id="err-{field}">' in html
    assert f'aria-describedby="err-{field}"' in html
    table.refresh_from_db()
    assert (table.entry_mode, table.ns_mp, table.version) == ("", None, 0)
    assert not Smazzata.objects.exists()
    assert not AuditEntry.objects.filter(tournament=tournament).exists()


def test_the_service_refuses_nine_burraco_reale_too(director):
    _, turno = scored_tournament(director, ruleset="reale")
    table = table_of(turno)
    nine = SmazzataEntry(
        ns=LineEntry(cards=250, reale=9, chiusura=True), eo=LineEntry(cards=-100), end="chiusura"
    )
    with pytest.raises(services.ScorecardInvalid) as refusal:
        services.table_record_smazzate(table=table, user=director, smazzate=[nine], version=0)
    assert [(n, e.code, e.params["field"]) for n, e in refusal.value.errors] == [
        (1, "burraco_beyond_pack", "reale")
    ]
    assert not table.smazzate.exists()


def test_a_closer_with_negative_card_points_is_only_implausible_and_is_saved(
    director_client, director
):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    first = smazzata(1, {"cards": -20, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1})
    response = director_client.post(entry_url(turno), scorecard(table, first, *FULL[1:]))
    assert response.status_code == 302
    # NS -20 + 200 + 100 = 280, then 180 and -140; EO 220, 750, 395.
    assert result(table)[:2] == (320, 1365)
