"""Links a phone can open: with ``./bin/run --lan`` the tables' links and QR codes name the
address the phones use (PHONE_BASE_URL), even when the director works at 127.0.0.1, and the
room board says which; without it, a board opened at 127.0.0.1 warns that no phone can reach
its links. ``--lan`` announces only addresses it listens on."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LAN = "http://192.168.1.20:8000"


@pytest.fixture
def board(director):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    token = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk].token
    return tournament, token


def _at_the_laptop(client, url):
    return client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()


def test_the_links_name_the_address_the_phones_use(director_client, board, settings):
    settings.PHONE_BASE_URL = LAN
    tournament, token = board
    page = _at_the_laptop(director_client, reverse("manage:room_board", args=[tournament.slug, 1]))
    assert f"I telefoni usano {LAN}" in page
    assert "127.0.0.1" not in page
    table = _at_the_laptop(
        director_client, reverse("manage:room_table", args=[tournament.slug, 1, 1])
    )
    assert f"{LAN}/tavolo/{token}/" in table


def test_a_board_opened_at_the_laptop_without_a_network_address_warns(director_client, board):
    tournament, _ = board
    page = _at_the_laptop(director_client, reverse("manage:room_board", args=[tournament.slug, 1]))
    assert "nessun telefono può aprirli" in page
    assert "./bin/run --lan" in page


def test_the_scorecards_print_the_phones_address(director_client, board, settings, monkeypatch):
    from burraco_tourney.exports import views as export_views

    settings.PHONE_BASE_URL = LAN
    tournament, token = board
    links = []
    real = export_views.table_link

    def watching(request, value):
        links.append(real(request, value))
        return links[-1]

    monkeypatch.setattr(export_views, "table_link", watching)
    url = reverse("exports:download", args=[tournament.slug, "score"]) + "?turno=1"
    director_client.get(url, HTTP_HOST="127.0.0.1:8000")
    assert f"{LAN}/tavolo/{token}/" in links


def test_lan_mode_announces_only_the_addresses_it_listens_on(tmp_path):
    fake = tmp_path / "hostname"
    fake.write_text(
        '#!/bin/sh\nif [ "$1" = -I ]; then echo "192.168.1.20 fd00::2 10.0.0.5 "; '
        "else echo club; fi\n"
    )
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "bin/lan_hosts.sh", "--listen"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    # The server binds 0.0.0.0: IPv4 only, so never the IPv6 address.
    assert done.stdout.split() == ["192.168.1.20", "10.0.0.5"]
    run = (ROOT / "bin" / "run").read_text()
    assert "bash bin/lan_hosts.sh --listen" in run and "PHONE_BASE_URL=" in run
