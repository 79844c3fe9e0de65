"""Two directors marking the same report as sent at once (a double click, or two laptops): one
report row, one mark, one entry in the change log. Real transactions in threads, on SQLite and
on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, FederationReport
from tests.factories import make_director, make_tournament
from tests.security.test_races import _at_once


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_four_marks_at_once_make_one_mark_and_one_entry():
    directors = [make_director(f"arbitro{i}") for i in range(4)]
    tournament = make_tournament(owner=directors[0])
    tournament.directors.add(*directors)
    # The signatories were saved before: the report's row exists, and each request reads it.
    FederationReport.objects.create(tournament=tournament, arbitro="Mario Neri")
    url = reverse("manage:federation_sent", args=[tournament.slug])

    def mark(i):
        client = Client(raise_request_exception=True)
        client.force_login(directors[i])
        return client.post(url).status_code

    assert _at_once(4, mark) == [302] * 4
    report = FederationReport.objects.get(tournament=tournament)
    assert report.sent_on is not None and report.sent_by in directors
    assert AuditEntry.objects.filter(action="federation_report_sent").count() == 1
