"""What the archive cannot carry, made plain on import: a copy next to its original, the turni
planned, penalties of unknown author and time, a change log that starts with the import."""

from __future__ import annotations

import copy
import io
import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import AuditEntry, Tournament
from burraco_tourney.tournaments.services.penalties import penalty_add

pytestmark = pytest.mark.django_db

DEMO_SLUG = "torneo-d-autunno-del-circolo-aurora-2024-10-18"


def upload(client, content: bytes):
    return client.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("torneo.json", content, content_type="application/json")},
    )


def card_of(html: str, url: str) -> str:
    """The card of a tournament list that links to ``url``."""
    cards = [card for card in html.split('<a class="card') if f'href="{url}"' in card]
    assert len(cards) == 1, url
    return cards[0].split("</a>")[0]


def finished_dashboard(client, tournament: Tournament) -> str:
    return client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()


# -- a copy next to its original ---------------------------------------------------------------


def test_a_round_trip_of_the_demo_gives_a_copy_the_lists_tell_apart(english, director, demo_bytes):
    original = tournament_import(data=demo_bytes, owner=director)
    downloaded = english.get(reverse("archive:export", args=[original.slug])).content

    response = upload(english, downloaded)
    copied = Tournament.objects.exclude(pk=original.pk).get()
    assert copied.name == original.name
    assert copied.slug == f"{original.slug}-2"
    landing = unescape(english.get(response["Location"]).content.decode())
    assert f"A tournament named “{original.name}” already exists" in landing
    assert "separate copy" in landing

    imported_on = "imported on " + date_format(timezone.localdate(), "SHORT_DATE_FORMAT")
    for page, link in (
        (reverse("manage:home"), lambda t: reverse("manage:dashboard", args=[t.slug])),
        (reverse("tournaments:list"), lambda t: t.get_absolute_url()),
    ):
        html = english.get(page).content.decode()
        assert imported_on in card_of(html, link(copied)), page
        assert "imported on" not in card_of(html, link(original)), page


def test_a_first_import_is_not_called_a_copy(english, demo_bytes):
    response = upload(english, demo_bytes)
    landing = english.get(response["Location"]).content.decode()
    assert "already exists" not in landing
    assert "imported on" not in english.get(reverse("manage:home")).content.decode()


def test_the_command_warns_that_the_import_is_a_copy(tmp_path, demo_bytes):
    path = tmp_path / "demo.json"
    path.write_bytes(demo_bytes)
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        call_command("import_tournament", str(path), stdout=out, stderr=io.StringIO())
        outputs.append(out.getvalue().splitlines())
    assert outputs[0] == [DEMO_SLUG]
    assert outputs[1][-1] == f"{DEMO_SLUG}-2"
    assert outputs[1][0].startswith("Esiste già un torneo di nome")  # the site speaks Italian


# -- turni previsti ----------------------------------------------------------------------------


def test_a_finished_tournament_keeps_its_planned_turni(english, director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    assert tournament.planned_turni == 3
    html = finished_dashboard(english, tournament)
    assert "All 3 planned turni are complete" in html
    assert "Draw turno 4" not in html


def test_a_tournament_finished_after_two_turni_plans_two(demo):
    demo["turni"] = demo["turni"][:2]
    demo["penalties"] = [p for p in demo["penalties"] if p["turno"] <= 2]
    assert tournament_import(data=demo).planned_turni == 2


def test_an_unfinished_tournament_has_no_plan_but_its_results_to_enter(english, director, demo):
    unfinished = copy.deepcopy(demo)
    unfinished["turni"][2]["tables"][0]["smazzate"] = []
    tournament = tournament_import(data=unfinished, owner=director)
    assert tournament.planned_turni is None
    html = finished_dashboard(english, tournament)
    assert "Turno 3: 1 table still has no result." in html
    assert "planned turni are complete" not in html


# -- penalties and the change log -------------------------------------------------------------


def test_imported_penalties_say_where_they_came_from(english, director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    turno = tournament.turni.get(number=3)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=4),
        turno=turno,
        mp=-50,
        reason="Telefono acceso",
    )
    html = english.get(reverse("manage:penalties", args=[tournament.slug])).content.decode()
    rows = re.findall(r"<tr[^>]*>.*?</tr>", html, flags=re.S)
    imported = next(row for row in rows if "Ritardo oltre 5 minuti" in row)
    given = next(row for row in rows if "Telefono acceso" in row)
    assert "imported from the archive" in imported and "before the import" in imported
    assert director.username not in imported
    assert director.username in given and "imported from the archive" not in given
    now = date_format(timezone.localtime(), "SHORT_DATE_FORMAT")
    assert now in given and now not in imported


def test_the_import_entry_says_the_change_log_is_not_in_the_archive(english, director, demo):
    tournament = tournament_import(data=demo, owner=director)
    entry = AuditEntry.objects.get(tournament=tournament, action="tournament_import")
    assert "change log is not included in the archive" in entry.reason
    html = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "change log is not included in the archive" in unescape(html)
