"""The director's room board: every table's state, a table's two entries side by side with
their photos, accepting one, and closing the turno to the players."""

from __future__ import annotations

import io
import re

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse
from PIL import Image

from burraco_tourney.tournaments.models import Submission, Table
from burraco_tourney.tournaments.qr_codes import qr_svg, qr_svg_file
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.audit import tournament_touch
from burraco_tourney.tournaments.services.table_problems import table_problem_report
from tests.tournaments.player_support import players_turno, three_smazzate

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def _enter(turno, number, line, eo_cards_2=185):
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=number).pk]
    entry = Submission.objects.filter(table=access.table, source=line).first()
    services.player_entry_save(
        access=access,
        line=line,
        session=f"{line}-phone",
        smazzate=three_smazzate(eo_cards_2),
        version=entry.version if entry else 0,
    )
    return access


def _grant(tournament, director):
    tournament.directors.add(director)


def test_the_board_colours_each_table_by_its_state(english, director):
    tournament, turno = players_turno(tables=3)
    _grant(tournament, director)
    _enter(turno, 1, "ns")
    _enter(turno, 2, "ns", 185)
    _enter(turno, 2, "eo", 155)
    url = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    page = english.get(url).content.decode()
    assert 'data-table="1" data-state="waiting"' in page
    assert 'data-table="2" data-state="disputed"' in page
    assert 'data-table="3" data-state="not_started"' in page
    board = english.get(reverse("manage:room_board", args=[tournament.slug, 1])).content.decode()
    assert 'hx-trigger="every 3s"' in board
    # Every table's QR code, an image the browser asks for when the list is opened.
    codes = re.findall(r'<img class="qr" src="([^"]+)" loading="lazy" alt="QR code of table', board)
    assert len(codes) == 3
    assert all(english.get(code).content.startswith(b"<svg xmlns=") for code in codes)
    # Each names its table, a link to the table's page (with the players' link to send).
    table_two = reverse("manage:room_table", args=[tournament.slug, 1, 2])
    assert f'<figcaption><a href="{table_two}">Table 2</a></figcaption>' in board
    assert "/tavolo/" in english.get(table_two).content.decode()


def test_a_table_qr_code_is_the_code_of_its_live_link(english, director):
    tournament, turno = players_turno(tables=2)
    _grant(tournament, director)
    board = english.get(reverse("manage:room_board", args=[tournament.slug, 1])).content.decode()
    code = re.findall(r'<img class="qr" src="([^"]+)"', board)[1]
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=2).pk]
    response = english.get(code)
    assert response["Content-Type"] == "image/svg+xml"
    link = f"http://testserver/tavolo/{access.token}/"
    assert response.content == qr_svg_file(link, label="QR code of table 2")
    # A file of its own: with the SVG namespace a browser needs to draw it as an image.
    svg = response.content.decode()
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert "<title>QR code of table 2</title>" in svg
    # The same code as the table's own page draws inside it.
    assert svg.count('d="') == qr_svg(link).count('d="') == 1
    assert re.search(r'd="([^"]+)"', svg)[1] == re.search(r'd="([^"]+)"', qr_svg(link))[1]
    # Only for the tournament's directors, as the link it holds.
    english.logout()
    assert english.get(code).status_code == 302


def test_a_table_shows_both_entries_their_differences_and_photos(english, director):
    tournament, turno = players_turno()
    _grant(tournament, director)
    access = _enter(turno, 1, "ns", 185)
    _enter(turno, 1, "eo", 155)
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "white").save(buffer, format="JPEG")
    services.player_photo_attach(
        access=access, line="eo", session="eo-phone", photo=ContentFile(buffer.getvalue())
    )
    url = reverse("manage:room_table", args=[tournament.slug, 1, 1])
    page = english.get(url).content.decode()
    assert "smazzata 2, EO card points" in page
    assert "<td>185</td><td>155</td>" in page
    photo = reverse("manage:room_photo", args=[tournament.slug, 1, 1, "eo"])
    assert photo in page
    assert english.get(photo)["Content-Type"] == "image/jpeg"


def test_photos_are_for_the_directors_only(client, director):
    tournament, turno = players_turno()
    access = _enter(turno, 1, "eo")
    services.player_photo_attach(
        access=access, line="eo", session="eo-phone", photo=ContentFile(b"not checked here")
    )
    photo = reverse("manage:room_photo", args=[tournament.slug, 1, 1, "eo"])
    assert client.get(photo).status_code == 302  # to the login
    client.force_login(director)  # not a director of this tournament
    assert client.get(photo).status_code == 404


def test_the_director_accepts_a_disputed_table_with_a_reason(english, director):
    tournament, turno = players_turno()
    _grant(tournament, director)
    _enter(turno, 1, "ns", 185)
    _enter(turno, 1, "eo", 155)
    table = Table.objects.get(turno=turno, number=1)
    ns = Submission.objects.get(table=table, source="ns")
    url = reverse("manage:room_accept", args=[tournament.slug, 1, 1])
    seen = {"line": "ns", "version": table.version, "entry_version": ns.version}
    response = english.post(url, seen, follow=True)
    assert "say why" in response.content.decode()
    table.refresh_from_db()
    assert not table.entry_mode
    english.post(url, {**seen, "reason": "Paper says 185"})
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"


def test_closing_the_turno_to_the_players(english, director):
    tournament, turno = players_turno()
    _grant(tournament, director)
    english.post(reverse("manage:room_close", args=[tournament.slug, 1]), {"closed": "1"})
    turno.refresh_from_db()
    assert turno.players_closed


def test_the_change_log_says_which_line_and_phone_entered_and_confirmed(english, director):
    tournament, turno = players_turno()
    _grant(tournament, director)
    access = _enter(turno, 1, "ns")
    _enter(turno, 1, "eo")
    page = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Entered from a phone" in page and "Confirmed from a phone" in page
    assert "ns-phone" in page and "eo-phone" in page
    assert access.token not in page


def test_the_board_shows_the_turno_clock_once_the_time_is_started(english, director):
    from datetime import timedelta

    from django.utils import timezone

    from burraco_tourney.tournaments.services import clock as clock_services

    tournament, turno = players_turno(tables=2)
    _grant(tournament, director)
    url = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    assert "data-turno-clock" not in english.get(url).content.decode()
    clock_services.tournament_clock_set(
        tournament=tournament, user=director, turno_minutes=60, last_smazzata_minutes=15
    )
    tiles = english.get(url).content.decode()
    assert "clock-stopped" in tiles and "Time not started" in tiles
    # Started 50 minutes ago: the polled tiles now show the last-smazzata warning.
    clock_services.turno_clock_start(
        turno=turno, user=director, at=timezone.now() - timedelta(minutes=50)
    )
    tiles = english.get(url).content.decode()
    assert "clock-last_smazzata" in tiles


def _outcome_shown(page: str) -> list[tuple[str, str, str, str]]:
    import re

    values = re.findall(r'<span data-outcome="(\w+)">(-?\d+)</span>', page)
    return [tuple(v for _, v in values[i : i + 4]) for i in range(0, len(values), 4)]


def test_a_table_shows_the_mp_and_vp_each_entry_would_give(english, director):
    """Issue 20: the board showed both lines' boxes but not what they come to. Fibur-3:
    NS 875 – EO 560 (315 apart) and 875 – 530 (345 apart) are both 13 – 7."""
    tournament, turno = players_turno()
    _grant(tournament, director)
    _enter(turno, 1, "ns", 185)
    _enter(turno, 1, "eo", 155)
    page = english.get(reverse("manage:room_table", args=[tournament.slug, 1, 1])).content
    page = page.decode()
    assert page.count("If accepted, this entry gives:") == 2
    assert _outcome_shown(page) == [("875", "560", "13", "7"), ("875", "530", "13", "7")]

    # Once NS's entry is accepted, its line says so and the other's is not the result.
    table = Table.objects.get(turno=turno, number=1)
    ns = Submission.objects.get(table=table, source="ns")
    english.post(
        reverse("manage:room_accept", args=[tournament.slug, 1, 1]),
        {"line": "ns", "version": table.version, "entry_version": ns.version, "reason": "Carta"},
    )
    page = english.get(reverse("manage:room_table", args=[tournament.slug, 1, 1])).content
    page = page.decode()
    assert "If accepted" not in page
    ns_part, eo_part = page.split("Entered by EO")
    assert "Accepted: this entry gives:" in ns_part
    assert "Not the table's result; this entry gives:" in eo_part


def test_the_results_page_shows_the_room_boards_calls_and_waiting_entries(english, director):
    tournament, turno = players_turno()
    _grant(tournament, director)
    _enter(turno, 1, "ns", 185)
    _enter(turno, 1, "eo", 155)  # the lines differ: the director settles it
    _enter(turno, 2, "ns")  # one line only
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=2).pk]
    phone = type(english)()
    phone.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    phone.post(reverse("table:problem", args=[access.token]), {"message": "Carta a terra"})

    page = english.get(reverse("manage:turno_results", args=[tournament.slug, 1])).content
    page = page.decode()
    one = page[page.index('id="tavolo-1"') :].split("</tr>")[0]
    two = page[page.index('id="tavolo-2"') :].split("</tr>")[0]
    assert "Phones: the lines differ" in one and "calls the referee" not in one
    assert "calls the referee" in two and "Phones: waiting for the other line" in two
    room_table = reverse("manage:room_table", args=[tournament.slug, 1, 2])
    assert f'href="{room_table}"' in two


def _tiles(client, url, etag=None):
    return client.get(url, headers={"If-None-Match": etag} if etag else {})


def test_unchanged_tiles_answer_304_without_being_built(
    english, director, django_assert_num_queries
):
    """The board asks for its tiles every 3 seconds: while nothing changed, the answer is a 304
    (the session, the director's tournament, the turno and the lines' holders read), and the
    board's page already holds the tiles' ETag."""
    tournament, turno = players_turno(tables=3)
    _grant(tournament, director)
    url = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    first = _tiles(english, url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    board = english.get(reverse("manage:room_board", args=[tournament.slug, 1])).content.decode()
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in board
    with django_assert_num_queries(5):
        again = _tiles(english, url, etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content


def test_the_tiles_change_with_a_save_a_line_chosen_freed_or_a_call(english, director):
    tournament, turno = players_turno(tables=2)
    _grant(tournament, director)
    url = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    seen = set()

    def changed(state):
        response = _tiles(english, url, *seen)  # the board's last ETag
        assert response.status_code == 200, state
        assert f'data-table="1" data-state="{state}"' in response.content.decode()
        assert response["ETag"] not in seen
        seen.clear()
        seen.add(response["ETag"])
        assert _tiles(english, url, response["ETag"]).status_code == 304

    changed("not_started")
    services.player_line_choose(access=access, line="ns", session="ns-phone")  # no change log
    changed("entering")
    _enter(turno, 1, "ns")
    changed("waiting")
    table = turno.tables.get(number=1)
    english.post(reverse("manage:room_free", args=[tournament.slug, 1, 1]), {"line": "ns"})
    assert not Submission.objects.get(table=table, source="ns").holder
    changed("waiting")
    table_problem_report(access=access, line="eo", session="eo-phone", message="Manca un mazzo")
    response = _tiles(english, url, *seen)
    assert response.status_code == 200 and "Manca un mazzo" in response.content.decode()


def test_a_tile_kept_from_an_earlier_answer_shows_a_new_name_and_this_answers_token(director):
    """Each tile is drawn once for what it shows (tournaments/room_tiles.py): a new name shows
    at once, and its forms carry the token of the session asking, which frees the line."""
    tournament, turno = players_turno(tables=2)
    _grant(tournament, director)
    desk = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(director)
    table = turno.tables.get(number=1)
    access = services.turno_links_ensure(turno=turno)[table.pk]
    services.player_line_choose(access=access, line="ns", session="ns-phone")
    url = reverse("manage:room_board_tiles", args=[tournament.slug, 1])
    desk.get(url)
    pair = table.ns
    pair.player1 = "Ottavia Renamed"
    pair.save()
    tournament_touch(tournament=tournament)
    page = desk.get(url).content.decode()
    assert "Ottavia Renamed" in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    free = reverse("manage:room_free", args=[tournament.slug, 1, 1])
    assert desk.post(free, {"line": "ns", "csrfmiddlewaretoken": token}).status_code == 302
    assert not Submission.objects.get(table=table, source="ns").holder


def test_a_line_alone_is_accepted_with_a_reason_that_says_the_other_never_entered(
    english, director
):
    tournament, turno = players_turno()
    _grant(tournament, director)
    _enter(turno, 1, "ns", 185)
    page = english.get(reverse("manage:room_table", args=[tournament.slug, 1, 1])).content
    assert b"Reason (only this line entered it)" in page
    assert b"the lines do not agree" not in page
    table = Table.objects.get(turno=turno, number=1)
    ns = Submission.objects.get(table=table, source="ns")
    url = reverse("manage:room_accept", args=[tournament.slug, 1, 1])
    seen = {"line": "ns", "version": table.version, "entry_version": ns.version}
    refused = english.post(url, seen, follow=True).content.decode()
    assert "Only NS entered the scorecard: say why you accept it" in refused
    assert "do not agree" not in refused
    english.post(url, {**seen, "reason": "EO phone flat"})
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
