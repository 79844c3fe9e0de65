"""How long a turno lasts: set once in the tournament settings for every turno, changed for one
turno on its results page, carried by the archive's ``tournament.settings``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.selectors.clock import turno_clock
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_setup_edit import edit_url, posted

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(director):
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    for number in (1, 2):
        make_turno(tournament, number, [(1, 2), (3, 4)])
    return tournament


def results(client, tournament, number):
    url = reverse("manage:turno_results", args=[tournament.slug, number])
    return client.get(url).content.decode()


def test_the_settings_give_every_turno_its_time(english, evening):
    page = english.get(edit_url(evening)).content.decode()
    assert 'name="turno_minutes"' in page and 'name="last_smazzata_minutes"' in page
    response = english.post(
        edit_url(evening), posted(evening, turno_minutes=70, last_smazzata_minutes=12)
    )
    assert response.status_code == 302
    evening.refresh_from_db()
    assert (evening.turno_minutes, evening.last_smazzata_minutes) == (70, 12)
    for number in (1, 2):
        # Every turno's results page starts a 70-minute clock: nothing to set there.
        page = results(english, evening, number)
        assert "Every turno lasts 70 minutes (tournament settings)." in page
        assert "Start the time" in page and ">1:10:00<" in page
    assert english.post(reverse("manage:clock_start", args=[evening.slug, 2])).status_code == 302
    turno = evening.turni.get(number=2)
    assert turno_clock(turno=turno, tournament=evening).state == "running"


def test_the_warning_must_come_before_the_end_in_the_settings_too(english, evening):
    response = english.post(
        edit_url(evening), posted(evening, turno_minutes=10, last_smazzata_minutes=10)
    )
    assert response.status_code == 200
    assert "must come before the end of the turno" in response.content.decode()
    evening.refresh_from_db()
    assert evening.turno_minutes is None


def test_one_turno_lasts_longer_the_others_as_the_settings_say(english, evening):
    english.post(edit_url(evening), posted(evening, turno_minutes=60))
    url = reverse("manage:clock_turno_minutes", args=[evening.slug, 2])
    page = english.post(url, {"minutes": "75"}, follow=True).content.decode()
    assert "Turno 2 lasts 75 minutes." in page
    evening.refresh_from_db()
    one, two = evening.turni.order_by("number")
    assert turno_clock(turno=one, tournament=evening).minutes == 60
    assert turno_clock(turno=two, tournament=evening).minutes == 75
    assert ">1:15:00<" in results(english, evening, 2)
    assert ">1:00:00<" in results(english, evening, 1)
    assert AuditEntry.objects.filter(action="clock_turno_minutes").count() == 1
    # Emptied, the turno follows the settings again.
    english.post(url, {"minutes": ""})
    two.refresh_from_db()
    assert turno_clock(turno=two, tournament=evening).minutes == 60


def test_a_turno_time_out_of_range_is_refused_and_changes_nothing(english, evening):
    url = reverse("manage:clock_turno_minutes", args=[evening.slug, 1])
    page = english.post(url, {"minutes": "0"}, follow=True).content.decode()
    assert "greater than or equal to 1" in page
    assert evening.turni.get(number=1).clock_minutes is None


def test_a_turno_without_any_time_cannot_start(english, evening):
    page = results(english, evening, 1)
    assert "The tournament settings give no turno time." in page
    assert "Start the time" not in page


def test_the_archive_carries_the_settings_time(english, evening, director):
    english.post(edit_url(evening), posted(evening, turno_minutes=65, last_smazzata_minutes=20))
    evening.refresh_from_db()
    data = tournament_export(evening)
    assert data["tournament"]["settings"]["turno_minutes"] == 65
    assert data["tournament"]["settings"]["last_smazzata_minutes"] == 20
    copy = tournament_import(data=data, owner=director)
    assert (copy.turno_minutes, copy.last_smazzata_minutes) == (65, 20)
