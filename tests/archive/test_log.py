"""The change log travels with a version 2 file: imported entries keep their order, who made
them and what they changed, are shown as imported, and the import adds its own entry after."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import AuditEntry, Tournament
from burraco_tourney.tournaments.services.entrants import entrant_set_withdrawn

pytestmark = pytest.mark.django_db


def test_the_log_is_kept_in_order_and_marked_as_imported(english, director, demo_bytes):
    original = tournament_import(data=demo_bytes, owner=director)
    pair = original.entrants.get(number=14)
    entrant_set_withdrawn(entrant=pair, user=director, withdrawn=True, reason="Malore")
    exported = tournament_export(original)
    assert [e["action"] for e in exported["log"]] == ["tournament_import", "pair_withdraw"]
    assert exported["log"][1]["by"] == director.username
    assert exported["log"][1]["detail"]["after"]["withdrawn"] is True

    copy = tournament_import(data=exported, owner=director)
    entries = list(AuditEntry.objects.filter(tournament=copy).order_by("at", "id"))
    assert [(e.action, e.imported) for e in entries] == [
        ("tournament_import", True),
        ("pair_withdraw", True),
        ("tournament_import", False),
    ]
    assert entries[1].by_name == director.username and entries[1].user is None
    assert entries[1].reason == "Malore"
    assert entries[1].after["withdrawn"] is True  # the change is shown, not only kept

    page = english.get(reverse("manage:audit", args=[copy.slug])).content.decode()
    assert page.count('class="badge imported"') == 2
    assert "Pair withdrawn" in page and "Malore" in page
    # Newest first: the import of this site above the entries that came with the file.
    assert page.index("Imported from an archive file") < page.index("Malore")


def test_the_imported_mark_reads_in_italian(client, director, demo_bytes):
    original = tournament_import(data=demo_bytes, owner=director)
    copy = tournament_import(data=tournament_export(original), owner=director)
    client.force_login(director)
    page = client.get(reverse("manage:audit", args=[copy.slug])).content.decode()
    assert ">importata</span>" in page


def test_a_withdrawal_records_the_last_turno_and_the_reason(director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    pair = tournament.entrants.get(number=3)
    entrant_set_withdrawn(entrant=pair, user=director, withdrawn=True, reason="Malore")
    pair.refresh_from_db()
    assert (pair.withdrawn_after_turno, pair.withdrawn_reason) == (3, "Malore")
    exported = tournament_export(tournament)["pairs"][2]
    assert exported["withdrawn"] == {"after_turno": 3, "reason": "Malore"}
    entrant_set_withdrawn(entrant=pair, user=director, withdrawn=False)
    pair.refresh_from_db()
    assert (pair.withdrawn, pair.withdrawn_after_turno, pair.withdrawn_reason) == (False, None, "")


def test_an_import_on_a_laptop_whose_clock_is_behind_still_reads_last(director, demo):
    demo["version"] = 2
    future = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=2)
    demo["log"] = [{"at": future.isoformat(), "by": "direttore", "action": "pair_create"}]
    tournament = tournament_import(data=demo, owner=director)
    newest = AuditEntry.objects.filter(tournament=tournament).first()
    assert (newest.action, newest.imported) == ("tournament_import", False)


def test_an_imported_penalty_keeps_its_author_and_time(english, director, demo_bytes):
    original = tournament_import(data=demo_bytes, owner=director)
    exported = tournament_export(original)
    assert "given_by" not in exported["penalties"][0]  # a version 1 file said neither
    exported["penalties"][0].update(given_by="Mario Bianchi", at="2024-10-18T21:40:00+02:00")
    copy = tournament_import(data=exported, owner=director)
    page = english.get(reverse("manage:penalties", args=[copy.slug])).content.decode()
    assert "Mario Bianchi" in page and "imported from the archive" not in page
    again = tournament_export(copy)["penalties"][0]
    assert (again["given_by"], again["at"]) == ("Mario Bianchi", "2024-10-18T21:40:00+02:00")


def test_a_copy_is_marked_with_this_site_s_import_not_the_file_s(director, demo_bytes):
    from burraco_tourney.tournaments.selectors.imports import with_import_mark

    original = tournament_import(data=demo_bytes, owner=director)
    copy = tournament_import(data=tournament_export(original), owner=director)
    own = AuditEntry.objects.get(tournament=copy, action="tournament_import", imported=False)
    marked = with_import_mark(Tournament.objects.filter(pk=copy.pk)).get()
    assert marked.imported_at == own.at
