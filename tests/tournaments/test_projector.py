"""The projector's page: public, standings in pages, the seating of the turno being played."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.services.penalties import penalty_add
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_live_pages import public_cache, room  # noqa: F401

pytestmark = pytest.mark.django_db


def test_anyone_sees_the_standings_and_the_seating(client):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    response = client.get(
        reverse("tournaments:projector", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert 'data-panel="standings-1"' in text and "after turno 1" in text
    assert "Turno 2: seating" in text
    # No clock panel while no turno time is set.
    assert 'data-panel="clock"' not in text
    fragment = client.get(reverse("tournaments:projector_panels", args=[tournament.slug]))
    assert 'data-panel="seating-1"' in fragment.content.decode()


def test_a_ko_tournament_shows_no_standings(client):
    tournament = make_tournament(kind="ko")
    response = client.get(
        reverse("tournaments:projector", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    assert "No turno played yet" in response.content.decode()


def test_the_panels_answer_not_modified_until_something_is_written(client):
    from django.utils.html import escape

    from burraco_tourney.tournaments.services.audit import tournament_touch

    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    # The page polls with the ETag: unchanged, nothing is built.
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    page = client.get(reverse("tournaments:projector", args=[tournament.slug]))
    assert f'data-etag="{escape(etag)}"' in page.content.decode()
    tournament_touch(tournament=tournament)
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_a_panel_kept_from_an_earlier_answer_shows_what_changed_since(client):
    """Each standings and seating panel is drawn once for what it shows (views/projector.py): a
    renamed player shows on the next panels, and each language has its own."""
    from burraco_tourney.tournaments.services.audit import tournament_touch

    tournament = make_tournament()
    pairs = make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "after turno 1" in first and "Turno 2: seating" in first
    pairs[0].player1 = "Ottavia Renamed"
    pairs[0].save()
    tournament_touch(tournament=tournament)
    renamed = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Pair 1 in the standings and at table 1 of the seating.
    assert renamed.count("Ottavia Renamed") == 2
    # The same panels in Italian are drawn in Italian.
    italian = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Ottavia Renamed" in italian and "after turno 1" not in italian


def _panel_vp(html: str, number: int) -> str:
    """The VP of entrant ``number`` on the projector's standings panels."""
    row = re.search(
        rf'<td class="num pairno">{number}</td><td>[^<]*</td><td class="num strong">([^<]+)</td>',
        html,
    )
    return row.group(1)


def _late_penalty(tournament, director):
    """A write changing the standings after turno 1: pair 6 loses 3 VP."""
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=6),
        turno=tournament.turni.get(number=1),
        vp=-3,
        reason="Ritardo",
    )


def test_with_the_cache_on_the_next_panels_show_a_save(client, room, public_cache):  # noqa: F811
    """The projector's panels are worked out once per change (views/projector.py): after a
    write, its next poll shows the new standings, never the ones kept from before."""
    tournament, director = room
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    first = client.get(url)
    before = _panel_vp(first.content.decode(), 6)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    _late_penalty(tournament, director)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert _panel_vp(after.content.decode(), 6) == str(int(before) - 3)
    page = client.get(reverse("tournaments:projector", args=[tournament.slug]))
    assert _panel_vp(page.content.decode(), 6) == str(int(before) - 3)


def test_the_projector_reuses_the_standings_of_the_public_page(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    monkeypatch,
):
    """The standings are worked out once per change for the public standings page and the
    projector alike; the projector's page loaded again works out nothing again."""
    from burraco_tourney.tournaments.selectors import standings as standings_selectors

    tournament, director = room
    worked_out = []
    real = standings_selectors.standings_or_missing

    def counted(**kwargs):
        worked_out.append(kwargs["after_turno"])
        return real(**kwargs)

    monkeypatch.setattr(standings_selectors, "standings_or_missing", counted)
    standings = reverse("tournaments:standings", args=[tournament.slug])
    projector = reverse("tournaments:projector", args=[tournament.slug])
    assert client.get(standings).status_code == 200
    assert worked_out == [1]
    for url in (projector, projector, projector + "pannelli/"):
        assert client.get(url).status_code == 200
    assert worked_out == [1]
    _late_penalty(tournament, director)
    assert "-3 PV" in client.get(standings).content.decode()
    assert client.get(projector + "pannelli/").status_code == 200
    assert worked_out == [1, 1]


def test_the_standings_another_process_worked_out_are_read_from_the_shared_files(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
):
    """The standings rows kept in the files the server's processes share (live_cache.cached)
    come back whole: a process that did not work them out shows them on its projector."""
    from django.core.cache import caches

    from burraco_tourney.tournaments import live_cache

    tournament, _ = room
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    shown = _panel_vp(client.get(url).content.decode(), 6)
    # Another process: nothing in its memory, the files the first one left.
    live_cache._values.clear()
    caches["public"].clear()
    again = client.get(url)
    assert again.status_code == 200
    assert _panel_vp(again.content.decode(), 6) == shown
    standings = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert standings.status_code == 200
