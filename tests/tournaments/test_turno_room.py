"""A turno being played: its anomalies (listed, dismissed with a note, listed again when the
result changes) and its clock (set, started, reset), each change in the change log."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from burraco_tourney.tournaments.models import AuditEntry, EntryMode
from burraco_tourney.tournaments.selectors.anomalies import turno_anomaly_list
from burraco_tourney.tournaments.selectors.clock import turno_clock
from burraco_tourney.tournaments.services.anomalies import anomaly_dismiss
from burraco_tourney.tournaments.services.clock import (
    tournament_clock_set,
    turno_clock_reset,
    turno_clock_start,
)
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.scores_support import results_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(director):
    """Turno 1 of 6 pairs: table 1 and 2 mirror each other, table 3 has no result."""
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 6)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])
    for number, (ns, eo) in ((1, (1250, 600)), (2, (600, 1250))):
        table = turno.tables.get(number=number)
        table.entry_mode, table.ns_mp, table.eo_mp = EntryMode.TOTALS, ns, eo
        table.save()
    return turno


def _codes(turno):
    return [
        (a.table.number, a.code, a.dismissal is not None) for a in turno_anomaly_list(turno=turno)
    ]


def test_the_results_page_lists_what_looks_wrong(english, played):
    text = english.get(results_url(played)).content.decode()
    assert "Table 3 has no result yet." in text
    assert "1250 – 600 is the result of table 2 with NS and EO swapped" in text
    entry = reverse("manage:score_entry", args=[played.tournament.slug, 1, 3])
    assert f'href="{entry}"' in text
    # The two swapped results; table 3, still playing, is counted by the tables entered.
    assert "2 anomalies to look at" in text
    assert "2 of 3 tables entered" in text


def test_a_turno_just_published_has_no_anomaly_to_look_at(english, director):
    """Right after the draw, every table is still playing: nothing looks wrong yet (found in a
    trial: "4 anomalie da controllare" on a turno nobody had played)."""
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    text = english.get(results_url(turno)).content.decode()
    assert "0 of 2 tables entered" in text
    assert "anomal" not in text.split("</h1>", 1)[1].split("</p>", 1)[0]


def test_a_dismissal_keeps_its_note_and_author_and_goes_to_the_change_log(
    english, played, director
):
    url = reverse("manage:anomaly_dismiss", args=[played.tournament.slug, 1, 3])
    response = english.post(url, {"code": "table_without_result", "note": "Tavolo non giocato"})
    assert response.status_code == 302
    assert (3, "table_without_result", True) in _codes(played)
    text = english.get(results_url(played)).content.decode()
    assert "Dismissed by arbitro" in text and "Tavolo non giocato" in text
    entry = AuditEntry.objects.get(action="anomaly_dismiss")
    assert (entry.user, entry.reason, entry.table.number) == (director, "Tavolo non giocato", 3)


def test_a_dismissal_needs_a_note(english, played):
    url = reverse("manage:anomaly_dismiss", args=[played.tournament.slug, 1, 3])
    response = english.post(url, {"code": "table_without_result", "note": ""})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not AuditEntry.objects.filter(action="anomaly_dismiss").exists()


def test_a_changed_result_lists_the_anomaly_again(played, director):
    table = played.tables.get(number=1)
    anomaly_dismiss(table=table, user=director, code="mirrored_result", note="Davvero così")
    assert (1, "mirrored_result", True) in _codes(played)
    table.version += 1  # what a correction of the result does
    table.save()
    assert (1, "mirrored_result", False) in _codes(played)


def test_an_anomaly_that_is_gone_cannot_be_dismissed(played, director):
    with pytest.raises(ValidationError):
        anomaly_dismiss(
            table=played.tables.get(number=3), user=director, code="mirrored_result", note="x"
        )


def test_the_clock_counts_from_its_start(played, director):
    tournament = played.tournament
    with pytest.raises(ValidationError):  # no duration set yet
        turno_clock_start(turno=played, user=director)
    tournament_clock_set(
        tournament=tournament, user=director, turno_minutes=60, last_smazzata_minutes=15
    )
    tournament.refresh_from_db()
    started = timezone.now() - datetime.timedelta(minutes=50)
    turno = turno_clock_start(turno=played, user=director, at=started)
    clock = turno_clock(turno=turno, tournament=tournament)
    assert clock.state == "last_smazzata"
    assert 9 * 60 <= clock.reading.seconds_left <= 10 * 60
    turno = turno_clock_reset(turno=turno, user=director)
    assert turno_clock(turno=turno, tournament=tournament).state == "stopped"
    actions = list(
        AuditEntry.objects.filter(tournament=tournament)
        .order_by("at", "id")
        .values_list("action", flat=True)
    )
    assert actions[-3:] == ["clock_settings", "clock_start", "clock_reset"]


def test_the_warning_must_come_before_the_end(played, director):
    with pytest.raises(ValidationError):
        tournament_clock_set(
            tournament=played.tournament, user=director, turno_minutes=10, last_smazzata_minutes=10
        )


def test_the_director_starts_the_time_from_the_results_page(english, played):
    slug = played.tournament.slug
    english.post(
        reverse("manage:clock_settings", args=[slug]),
        {"turno_minutes": "75", "last_smazzata_minutes": "10", "turno": "1"},
    )
    response = english.post(reverse("manage:clock_start", args=[slug, 1]), follow=True)
    text = response.content.decode()
    assert "The time of turno 1 is running." in text
    assert "clock-running" in text
    played.refresh_from_db()
    assert played.clock_started_at is not None


def _anomaly_item(text: str, item_id: str) -> str:
    start = text.index(f'id="{item_id}"')
    return text[start : text.index("</li>", start)]


def test_a_table_without_result_offers_to_enter_it_not_to_call_it_right(english, played):
    text = english.get(results_url(played)).content.decode()
    missing = _anomaly_item(text, "anomalia-3-table_without_result")
    entry = reverse("manage:score_entry", args=[played.tournament.slug, 1, 3])
    assert f'<a class="btn" href="{entry}">Enter the result</a>' in missing
    assert "The result is right" not in missing
    assert "The table was not played: dismiss" in missing
    mirrored = _anomaly_item(text, "anomalia-1-mirrored_result")
    assert "The result is right: dismiss" in mirrored
    assert "Enter the result" not in mirrored
