"""A whole turno of the demo played from the players' phones: the director draws and publishes
turno 4, turns the players' entry on, and every table is entered by NS and confirmed by EO
from two phones each, while only the room board is open on his side. Every table ends
accepted, and the standings count the turno."""

from __future__ import annotations

import io
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.standings import standings_choice
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_director

pytestmark = pytest.mark.django_db


def _boxes(page: str, ns_cards: int, eo_cards: int) -> dict[str, str]:
    """The phone's form as a player fills it: three smazzate, NS closes each with a pulito."""
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    data = {"mode": "smazzate", "version": version}
    for n in range(1, 4):
        data |= {
            f"s{n}_ns_cards": str(ns_cards),
            f"s{n}_eo_cards": str(eo_cards),
            f"s{n}_ns_pulito": "1",
            f"s{n}_ns_chiusura": "on",
            f"s{n}_ns_pozzetto": "on",
            f"s{n}_eo_pozzetto": "on",
        }
    return data


def test_a_whole_demo_turno_entered_from_phones(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    call_command("load_demo", stdout=io.StringIO())
    demo = Tournament.objects.get()
    director = make_director()
    demo.directors.add(director)
    desk = Client()
    desk.force_login(director)
    turno = turno_draw(
        tournament=demo, user=director, request=DrawRequest(movement="danese", mode="modificato")
    )
    turno_publish(turno=turno, user=director)
    demo.players_enter = True
    demo.save()

    board = reverse("manage:room_board", args=[demo.slug, turno.number])
    codes = re.findall(r'<img class="qr" src="([^"]+)"', desk.get(board).content.decode())
    assert len(codes) == turno.tables.count()
    assert all(desk.get(code).content.startswith(b"<svg") for code in codes)
    tables = list(turno.tables.order_by("number"))
    tokens = []
    for table in tables:
        address = reverse("manage:room_table", args=[demo.slug, turno.number, table.number])
        detail = desk.get(address)
        tokens.append(re.search(r"/tavolo/([A-Za-z0-9_-]{40,})/", detail.content.decode())[1])
    assert len(set(tokens)) == len(tables)

    for i, token in enumerate(tokens):
        cache.clear()  # every table's phones are other phones
        url = reverse("table:page", args=[token])
        for line in ("ns", "eo"):
            phone = Client()
            phone.post(reverse("table:line", args=[token]), {"line": line})
            page = phone.get(url).content.decode()
            response = phone.post(url, _boxes(page, 100 + 5 * i, 40))
            assert response.status_code == 302, response.content.decode()[:2000]

    tiles = desk.get(reverse("manage:room_board_tiles", args=[demo.slug, turno.number]))
    states = re.findall(r'data-state="(\w+)"', tiles.content.decode())
    assert states == ["accepted"] * len(tables)
    # Every table is in: the standings wait for the director to close the turno.
    assert standings_choice(tournament=demo).provisional(None)
    desk.post(reverse("manage:turno_close", args=[demo.slug, turno.number]))
    choice = standings_choice(tournament=demo)
    assert choice.in_progress is None and turno.number in choice.turni
