"""A tournament imported without ``tiebreaks`` stores the default order, so the settings page
saved unchanged has nothing to save (issue 11, item 8)."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS
from burraco_tourney.tournaments.models import AuditEntry, Tournament
from tests.factories import make_director
from tests.tournaments.test_setup_edit import posted

pytestmark = pytest.mark.django_db


def test_the_demo_saved_unchanged_asks_nothing_and_recomputes_nothing(client):
    call_command("load_demo", stdout=io.StringIO())
    demo = Tournament.objects.get()
    assert list(demo.tiebreaks) == list(DEFAULT_TIEBREAKS)
    director = make_director()
    demo.directors.add(director)
    client.force_login(director)
    entries = AuditEntry.objects.count()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post(
        reverse("manage:tournament_edit", args=[demo.slug]), posted(demo), follow=True
    )
    assert "Nothing to save: the settings are unchanged." in response.content.decode()
    assert AuditEntry.objects.count() == entries
