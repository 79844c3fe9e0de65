"""The players' links follow the evening: a turno's links close by themselves when the next
turno is published (the director opens them again from the room board), and a KO match deleted
because its feeder's winner changed takes its players' photos off the disk."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Submission, Turno
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.factories import make_turno
from tests.tournaments.ko_support import deal, ko_tournament, match, play, start, win
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    cache.clear()


def test_publishing_the_next_turno_closes_the_links_of_the_one_before(
    client, director, director_client
):
    tournament, first = players_turno()
    tournament.directors.add(director)
    token = services.turno_links_ensure(turno=first)[first.tables.get(number=1).pk].token
    page = reverse("table:page", args=[token])
    assert 'name="line" value="ns"' in client.get(page).content.decode()

    second = make_turno(tournament, 2, [(1, 3), (2, 4)])
    Turno.objects.filter(pk=second.pk).update(published=False)
    second.refresh_from_db()
    turno_publish(turno=second, user=director)

    assert Turno.objects.get(pk=first.pk).players_closed
    assert "Il turno 1 è chiuso" in client.get(page).content.decode()
    closed = AuditEntry.objects.get(action="turno_players_close")
    assert closed.reason == "Il turno 2 è stato pubblicato."
    assert not Turno.objects.get(pk=second.pk).players_closed

    # The director opens turno 1 again from its room board: the phones enter again.
    board = reverse("manage:room_board", args=[tournament.slug, 1])
    assert "Riapri ai giocatori" in director_client.get(board).content.decode()
    director_client.post(reverse("manage:room_close", args=[tournament.slug, 1]), {"closed": "0"})
    assert 'name="line" value="ns"' in client.get(page).content.decode()


def test_a_deleted_ko_match_takes_its_photos_off_the_disk(
    director, tmp_path, django_capture_on_commit_callbacks
):
    tournament = ko_tournament(director, pairs=4, players_enter=True)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    final = match(tournament, 2, 1)
    entry = Submission.objects.create(table=final, source="ns")
    entry.photo.save("t-final-ns.jpg", ContentFile(b"a photo of the final"), save=True)
    stored = tmp_path / entry.photo.name
    assert stored.exists()

    with django_capture_on_commit_callbacks(execute=True):
        # Round 1's first match corrected: its winner changes, the final goes.
        play(tournament, director, 1, 1, deal(0, 300), deal(0, 100), reason="Righe scambiate")

    assert not Submission.objects.filter(pk=entry.pk).exists()
    assert not stored.exists()
