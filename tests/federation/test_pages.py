"""The federation report in the running site: the class on the settings page, the report's page
with its checks and links, the downloads refused until the checks pass, the signatories, the
mark that the report was sent (logged) and the dashboard's deadline and club counter."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import formats, timezone, translation

from burraco_tourney.people.models import Person
from burraco_tourney.tournaments.models import AuditEntry, FederationReport, Tournament
from burraco_tourney.tournaments.services.entrants import entrant_create
from burraco_tourney.tournaments.services.federation import (
    federation_report_mark_sent,
    federation_report_unmark,
)
from tests.factories import make_director, make_tournament
from tests.tournaments.test_setup_edit import posted

from .support import report_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(director):
    return report_tournament(director)[0]


def page(tournament) -> str:
    return reverse("manage:federation", args=[tournament.slug])


def download(tournament, ext: str, query: str = "") -> str:
    return reverse("manage:federation_download", args=[tournament.slug, ext]) + query


def test_the_class_is_set_on_the_settings_page_and_logged(english, tournament):
    url = reverse("manage:tournament_edit", args=[tournament.slug])
    assert 'name="federation_class"' in english.get(url).content.decode()
    english.post(url, posted(tournament, federation_class="regionale"))
    tournament.refresh_from_db()
    assert tournament.federation_class == "regionale"
    entry = AuditEntry.objects.get(tournament=tournament, action="tournament_edit")
    assert entry.after == {"federation_class": "regionale"}
    log = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Tournament class" in log and "Regionale" in log


def test_the_page_lists_a_missing_card_with_its_link_and_offers_no_file(english, tournament):
    person = Person.objects.get(card="RM003")
    person.card = ""
    person.save()
    html = english.get(page(tournament)).content.decode()
    assert "Verdi Carla has no card number." in html
    assert f'href="{reverse("people:edit", args=[person.pk])}"' in html
    assert download(tournament, "csv") not in html
    response = english.get(download(tournament, "csv", "?comunque=1"), follow=True)
    assert response.redirect_chain[-1][0] == page(tournament)
    assert "The report cannot be exported yet" in response.content.decode()


def test_a_passing_report_downloads(english, tournament):
    html = english.get(page(tournament)).content.decode()
    assert "Every check passes" in html
    response = english.get(download(tournament, "csv"))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('-rapporto-federazione.csv"')
    assert "Rossi Anna;RM001" in response.content.decode("utf-8")
    assert english.get(download(tournament, "pdf"))["Content-Type"] == "application/pdf"


def test_a_variant_name_is_exported_only_anyway(english, tournament):
    Person.objects.create(surname="Rosi", name="Anna", card="RM099", card_year=2026)
    html = english.get(page(tournament)).content.decode()
    assert "looks like a variant of Rosi Anna" in html
    assert download(tournament, "csv", "?comunque=1") in html
    refused = english.get(download(tournament, "csv"), follow=True)
    assert "export anyway" in refused.content.decode()
    assert english.get(download(tournament, "csv", "?comunque=1")).status_code == 200


def test_another_director_cannot_open_the_report(client, tournament):
    client.force_login(make_director("altro"))
    assert client.get(page(tournament)).status_code == 404
    assert client.get(download(tournament, "csv")).status_code == 404


def test_the_signatories_are_saved_and_logged(english, tournament):
    english.post(page(tournament), {"arbitro": "Mario Neri", "direttore": "", "sala_conti": "Ugo"})
    report = FederationReport.objects.get(tournament=tournament)
    assert (report.arbitro, report.sala_conti) == ("Mario Neri", "Ugo")
    entry = AuditEntry.objects.get(tournament=tournament, action="federation_signatories")
    assert entry.after == {"arbitro": "Mario Neri", "sala_conti": "Ugo"}
    assert 'value="Mario Neri"' in english.get(page(tournament)).content.decode()


def test_the_dashboard_shows_the_deadline_then_sent_on_and_logs_it(english, director, tournament):
    dashboard = reverse("manage:dashboard", args=[tournament.slug])
    html = english.get(dashboard).content.decode()
    assert "To send by 30 November 2026" in html  # 20 November + 10 days
    assert "Tournaments sent in 2026: 0 / 20" in html
    sent = reverse("manage:federation_sent", args=[tournament.slug])
    response = english.post(sent, {"next": "dashboard"}, follow=True)
    html = response.content.decode()
    with translation.override("en"):
        today = formats.date_format(timezone.localdate())
    assert f"Sent on {today} · arbitro" in html
    assert "To send by" not in html
    assert "Tournaments sent in 2026: 1 / 20" in html
    entry = AuditEntry.objects.get(tournament=tournament, action="federation_report_sent")
    assert entry.user == director
    log = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Federation report marked as sent" in log


def test_the_counter_counts_the_clubs_own_tournaments_of_the_year(english, director, tournament):
    other_club = make_director("altro")
    for owner, date in [
        (director, datetime.date(2026, 3, 1)),
        (director, datetime.date(2025, 12, 30)),  # another year
        (other_club, datetime.date(2026, 5, 1)),  # another club on the same site
    ]:
        federation_report_mark_sent(tournament=make_tournament(owner=owner, date=date), user=owner)
    make_tournament(owner=director, date=datetime.date(2026, 4, 1))  # not sent
    html = english.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert "Tournaments sent in 2026: 1 / 20" in html
    assert Tournament.objects.count() == 5


def test_marking_twice_keeps_the_first_day_and_undo_takes_it_back(director, tournament):
    federation_report_mark_sent(
        tournament=tournament, user=director, sent_on=datetime.date(2026, 11, 25)
    )
    federation_report_mark_sent(tournament=tournament, user=director)
    report = FederationReport.objects.get(tournament=tournament)
    assert report.sent_on == datetime.date(2026, 11, 25)
    assert AuditEntry.objects.filter(action="federation_report_sent").count() == 1
    federation_report_unmark(tournament=tournament, user=director)
    report.refresh_from_db()
    assert report.sent_on is None and report.sent_by is None
    assert AuditEntry.objects.filter(action="federation_report_unsent").count() == 1


def test_a_knockout_reports_its_entrants_without_standings(english, director):
    knockout = make_tournament(owner=director, kind="ko", ko_mode="smazzate", ko_smazzate=4)
    knockout.directors.add(director)
    entrant_create(tournament=knockout, user=director, player1="Neri Ugo", player2="Blu Ada")
    html = english.get(page(knockout)).content.decode()
    assert "Neri Ugo has no card number." in html
    Person.objects.filter(surname__in=["Neri", "Blu"]).update(card_year=2026)
    for number, person in enumerate(Person.objects.filter(surname__in=["Neri", "Blu"])):
        person.card = f"KO{number}"
        person.save()
    text = english.get(download(knockout, "csv")).content.decode("utf-8-sig")
    assert text.splitlines()[-1].startswith(";1;Neri Ugo;KO")  # no rank: a bracket, no VP
