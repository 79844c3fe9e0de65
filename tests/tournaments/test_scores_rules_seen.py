"""A scorecard opened before a change of the tournament's settings is refused only when the
change scores the table differently: the tie-breaks (which only rank the standings) or the
turno's minutes leave the director's and the phones' scorecards as they were."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.forms.setup import initial_for
from burraco_tourney.tournaments.models import Submission, Table, Tournament
from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno
from tests.tournaments.scores_support import entry_url, scorecard, scored_tournament, smazzata
from tests.tournaments.test_scores_semipulito import box_value
from tests.tournaments.test_setup_edit import edit_url, posted
from tests.tournaments.test_table_side_pages import _boxes

pytestmark = pytest.mark.django_db

CHANGED = "Le regole sono cambiate da quando hai aperto questa pagina"
S1 = smazzata(1, {"cards": 100, "pulito": 1, "chiusura": True}, {"cards": 50})


@pytest.fixture(autouse=True)
def _clear_limits():
    cache.clear()


def _settings(director_client, tournament: Tournament, **changes) -> None:
    tournament.refresh_from_db()
    data = posted(tournament, confirm_recompute="on", **changes)
    response = director_client.post(edit_url(tournament), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament.refresh_from_db()


def _tiebreaks_turned(director_client, tournament: Tournament) -> None:
    """The settings page with the first two tie-breaks swapped, and the turno's minutes."""
    shown = initial_for(tournament)
    before = tournament.tiebreaks
    _settings(
        director_client,
        tournament,
        tiebreak_1=shown["tiebreak_2"],
        tiebreak_2=shown["tiebreak_1"],
    )
    assert tournament.tiebreaks != before
    tournament.turno_minutes = 75
    tournament.save(update_fields=["turno_minutes"])


def _scorecard_opened(director_client, director):
    """A table's scorecard page opened by the director, and what he will save from it."""
    tournament, turno = scored_tournament(director, pairs=2)
    tournament.directors.add(director)
    table = Table.objects.get(turno=turno)
    page = director_client.get(entry_url(turno)).content.decode()
    data = scorecard(table, S1, ended_early=True)
    data["rules_seen"] = box_value(page, "rules_seen")
    return tournament, turno, table, data


def test_a_tie_break_change_does_not_refuse_the_directors_scorecard(director_client, director):
    tournament, turno, table, data = _scorecard_opened(director_client, director)
    _tiebreaks_turned(director_client, tournament)
    response = director_client.post(entry_url(turno), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"


def test_a_scoring_change_still_refuses_the_directors_scorecard(director_client, director):
    tournament, turno, table, data = _scorecard_opened(director_client, director)
    _settings(director_client, tournament, vp_preset="fibur-4")
    response = director_client.post(entry_url(turno), data)
    assert CHANGED in response.content.decode()
    table.refresh_from_db()
    assert not table.entry_mode


def _phone_page(access) -> tuple[Client, str]:
    phone = Client()
    url = reverse("table:page", args=[access.token])
    phone.get(url)
    phone.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    return phone, box_value(phone.get(url).content.decode(), "rules_seen")


def test_a_phone_saves_across_a_tie_break_change_not_across_a_scoring_one(
    director_client, director
):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    tournament.owner = director
    tournament.save()
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    url = reverse("table:page", args=[access.token])
    phone, seen = _phone_page(access)
    _tiebreaks_turned(director_client, tournament)
    assert phone.post(url, {**_boxes(), "rules_seen": seen}).status_code == 302
    entry = Submission.objects.get(table=access.table, source="ns")
    assert entry.entered

    seen = box_value(phone.get(url).content.decode(), "rules_seen")
    _settings(director_client, tournament, vp_preset="fibur-4")
    response = phone.post(url, {**_boxes(175, version=entry.version), "rules_seen": seen})
    assert CHANGED in response.content.decode()
    entry.refresh_from_db()
    assert entry.smazzate[1]["eo"]["cards"] == 185
