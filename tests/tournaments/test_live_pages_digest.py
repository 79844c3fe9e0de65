"""A pair's page is built again only when what it shows changed, not at every save of the
tournament: after a save a room's phones ask for all two hundred pairs' pages, and most are as
they were (issue 26)."""

import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.template import Context, Template
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney.tournaments import fragments, live_cache
from burraco_tourney.tournaments.services.entrants import entrant_update
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.views import pair_page
from tests.tournaments.test_live_pages import _live, public_cache, room  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def builds(monkeypatch):
    """The pairs' pages built, by pair number."""
    built = []
    real = pair_page.render_parts

    def counted(request, **kwargs):
        built.append(kwargs["context"]["pair"].number)
        return real(request, **kwargs)

    monkeypatch.setattr(pair_page, "render_parts", counted)
    return built


def _url(tournament, number):
    return reverse("tournaments:pair", args=[tournament.slug, number])


def _correct(tournament, director, table, ns_mp, eo_mp):
    row = tournament.turni.get(number=1).tables.get(number=table)
    table_record_totals(
        table=row, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=row.version, reason="Errore"
    )


def _ranks(page) -> list[str]:
    return re.findall(r'data-figure="rank">(\d+)<', page)


def _rename(tournament, director, number, player1):
    pair = tournament.entrants.get(number=number)
    entrant_update(
        entrant=pair, user=director, player1=player1, player2=pair.player2, number=pair.number
    )


def test_a_save_that_leaves_a_pairs_page_as_it_was_does_not_build_it_again(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    builds,
):
    tournament, director = room
    # Pair 2 played pairs 1 and 5; pair 4 plays pair 6 in turno 2.
    two = _live(client, _url(tournament, 2))
    four = _live(client, _url(tournament, 4))
    assert builds == [2, 4]
    _rename(tournament, director, 6, "Zanardelli")
    again = _live(client, _url(tournament, 2), two["ETag"])
    assert again.status_code == 304  # nothing on pair 2's page changed: not built either
    changed = _live(client, _url(tournament, 4), four["ETag"])
    assert changed.status_code == 200
    assert "Zanardelli" in changed.content.decode()
    assert builds == [2, 4, 4]
    # The whole page too, for a phone arriving now.
    assert "Zanardelli" in client.get(_url(tournament, 4)).content.decode()
    assert builds == [2, 4, 4]


def test_a_page_built_after_a_later_save_is_not_kept_as_the_earlier_version(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    monkeypatch,
):
    """The pages' digests are read once for every pair (while they are read again, a phone gets
    the last ones); a page built from rows saved after them shows those rows, and is never shown
    for the earlier version when the data goes back to it (a director correcting another table's
    result, which moves the pair's rank, and then putting it back)."""
    tournament, director = room
    url = _url(tournament, 1)
    first = _ranks(client.get(url).content.decode())
    before = dict(pair_page._digests(None, tournament))
    # Nothing built yet for the digests read: neither here nor by another process.
    live_cache._values.clear()
    for level in ("public", "public_shared"):
        caches[level].clear()
    _correct(tournament, director, 2, 1500, 300)  # pair 3 passes pair 1
    real = pair_page._digests
    monkeypatch.setattr(pair_page, "_digests", lambda request, tournament: before)
    moved = _ranks(client.get(url).content.decode())
    assert moved != first
    monkeypatch.setattr(pair_page, "_digests", real)
    _correct(tournament, director, 2, 900, 900)
    assert _ranks(client.get(url).content.decode()) == first


@pytest.fixture
def sections_drawn(monkeypatch):
    """The turni of the pairs' pages drawn from their template, as (pair, turno)."""
    fragments._kept.clear()
    drawn = []
    real = pair_page.render_to_string

    def counted(template, context=None, *args, **kwargs):
        if template == "tournaments/live/_pair_turno.html":
            drawn.append((context["pair"].number, context["t"].number))
        return real(template, context, *args, **kwargs)

    monkeypatch.setattr(pair_page, "render_to_string", counted)
    yield drawn
    fragments._kept.clear()


def _figures(page) -> list[str]:
    return re.findall(r'<dd class="num">(\d+) – (\d+)</dd>', page)


def test_a_save_in_the_turno_being_played_draws_only_that_turno_of_a_pairs_page(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    sections_drawn,
):
    """A pair's page is made of its turni, each drawn once for what it shows: a save in turno 2
    leaves turno 1 of the page as it was, and a correction of turno 1 draws turno 1 again."""
    tournament, director = room
    first = client.get(_url(tournament, 1)).content.decode()
    assert sections_drawn == [(1, 1), (1, 2)]
    assert "nessun risultato" in first
    # Pair 1 (NS) against pair 3 in turno 2.
    row = tournament.turni.get(number=2).tables.get(number=1)
    table_record_totals(table=row, user=director, ns_mp=1400, eo_mp=700, version=row.version)
    saved = _live(client, _url(tournament, 1)).content.decode()
    assert sections_drawn == [(1, 1), (1, 2), (1, 2)]
    assert _figures(saved)[1] == ("1400", "700")
    assert _figures(saved)[0] == _figures(first)[0]
    # A correction of turno 1 draws turno 1 again, and turno 2 (its rank after) too.
    _correct(tournament, director, 1, 1300, 800)
    corrected = _live(client, _url(tournament, 1)).content.decode()
    assert sorted(sections_drawn[3:]) == [(1, 1), (1, 2)]
    assert _figures(corrected)[0] == ("1300", "800")
    # Each pair's page draws its own turni: pair 3's turno 2 is not pair 1's.
    three = _live(client, _url(tournament, 3)).content.decode()
    assert sorted(sections_drawn[5:]) == [(3, 1), (3, 2)]
    assert _figures(three)[1] == ("700", "1400")


def test_a_page_drawn_from_kept_turni_is_the_page_drawn_afresh(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
):
    """After a result, a correction and a renamed opponent, the pair's page drawn from what the
    process kept shows each turno exactly as the turno's template draws it now."""
    tournament, director = room
    client.get(_url(tournament, 1))  # every turno drawn and kept
    row = tournament.turni.get(number=2).tables.get(number=1)
    table_record_totals(table=row, user=director, ns_mp=1400, eo_mp=700, version=row.version)
    _correct(tournament, director, 1, 1300, 800)
    _rename(tournament, director, 3, "Zanardelli")  # pair 1's opponents in turno 2
    page = _live(client, _url(tournament, 1)).content.decode()
    play = pair_page.play_by_pair(tournament=tournament)
    turni = pair_page.pair_turni(
        pair=play.pairs[1],
        by_turno=pair_page.standings_by_turno(tournament=tournament),
        play=play,
    )
    fresh = Template(
        "{% for t in turni %}\n{% include 'tournaments/live/_pair_turno.html' %}{% endfor %}"
    ).render(Context({"tournament": tournament, "pair": play.pairs[1], "turni": turni}))
    assert "Zanardelli" in fresh and "1300" in fresh
    assert fresh in page


def test_after_a_save_the_pages_it_left_as_they_were_answer_304_without_the_database(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    builds,
    django_capture_on_commit_callbacks,
):
    tournament, director = room
    two = _live(client, _url(tournament, 2))
    four = _live(client, _url(tournament, 4))
    with django_capture_on_commit_callbacks(execute=True):  # the counter the 304s read
        _rename(tournament, director, 6, "Zanardelli")
    # The first poll after the save (pair 4's, whose page changed) reads every pair's digest ...
    assert _live(client, _url(tournament, 4), four["ETag"]).status_code == 200
    # ... and from then on pair 2's page, as it was, is known unchanged without its view.
    with CaptureQueriesContext(connection) as queries:
        again = _live(client, _url(tournament, 2), two["ETag"])
    assert again.status_code == 304
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert builds == [2, 4, 4]
    # A page the save changed answers its old ETag with the new page, however it is asked.
    assert _live(client, _url(tournament, 4), four["ETag"]).status_code == 200
