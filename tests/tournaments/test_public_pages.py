"""The public pages a player opens on a phone: tournament, turno, pairs, standings."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.factories import add_penalty, add_smazzata, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_pairs():
    tournament = make_tournament(name="Torneo della Vigilia")
    make_pairs(tournament, 5)
    make_turno(tournament, 1, [(1, 2), (3, 4)], byes=[5], totals=[(1250, 830), (900, 900)])
    return tournament


def test_standings_page_ranks_pairs_by_vp_with_bye_and_tie(client, five_pairs):
    response = client.get(reverse("tournaments:standings", args=[five_pairs.slug]))
    assert response.status_code == 200
    rows = response.context["table"].rows
    # 1250-830 = 420 -> 14-6; the riposo gives 14 VP and +355; 900-900 -> 10-10.
    assert [(r.record.pair.number, r.record.vp, r.record.rank) for r in rows] == [
        (1, 14, 1),
        (5, 14, 2),
        (3, 10, 3),
        (4, 10, 3),
        (2, 6, 5),
    ]
    html = response.content.decode()
    assert "Classifica" in html  # Italian by default


def test_standings_after_turno_selector(client, five_pairs):
    make_turno(five_pairs, 2, [(5, 1), (2, 3)], byes=[4], totals=[(2000, 100), (600, 600)])
    url = reverse("tournaments:standings", args=[five_pairs.slug])
    first = client.get(url, {"dopo": 1}).context["table"].rows
    assert first[0].record.pair.number == 1
    full = client.get(url).context["table"].rows
    assert full[0].record.pair.number == 5  # 14 (riposo) + 20
    assert client.get(url, {"dopo": 9}).status_code == 404


def test_penalty_shows_in_standings(client, five_pairs):
    add_penalty(five_pairs.turni.get(number=1), 1, vp=-1, mp=-100)
    response = client.get(reverse("tournaments:standings", args=[five_pairs.slug]))
    record = response.context["table"].rows[0].record
    assert (record.pair.number, record.vp) == (5, 14)
    assert "-1 PV" in response.content.decode()


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_standings_queries_do_not_grow_with_pairs_or_turni(client):
    small = make_tournament()
    make_pairs(small, 4)
    make_turno(small, 1, [(1, 2), (3, 4)], totals=[(500, 300), (400, 100)])
    big = make_tournament()
    make_pairs(big, 20)
    for n in range(1, 5):
        seats = [(i, i + 10) for i in range(1, 11)]
        make_turno(big, n, seats, totals=[(500 + 5 * i, 300) for i in range(10)])
    assert _queries(client, reverse("tournaments:standings", args=[small.slug])) == _queries(
        client, reverse("tournaments:standings", args=[big.slug])
    )


def test_turno_page_shows_tables_smazzate_and_bye(client, five_pairs):
    table = Table.objects.get(turno__number=1, number=2)
    table.entry_mode = ""
    table.ns_mp = table.eo_mp = None
    table.save()
    add_smazzata(
        table,
        1,
        ns={"cards": 245, "pulito": 1, "chiusura": True, "pozzetto": True},
        eo={"cards": -40, "pozzetto": False},
    )
    tournament_recompute_results(tournament=five_pairs)
    response = client.get(reverse("tournaments:turno", args=[five_pairs.slug, 1]))
    html = response.content.decode()
    assert response.status_code == 200
    # 245 + 200 + 100 = 545; -40 - 100 = -140; difference 685 -> 16-4.
    assert "545" in html and "-140" in html
    assert "Riposo" in html
    table.refresh_from_db()
    assert (table.ns_mp, table.eo_mp, table.match.ns_vp, table.match.eo_vp) == (545, -140, 16, 4)


def test_unknown_tournament_is_404(client):
    assert client.get(reverse("tournaments:detail", args=["nessuno"])).status_code == 404


def test_english_is_selectable(client, five_pairs):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("tournaments:standings", args=[five_pairs.slug])).content.decode()
    assert "Standings" in html


def test_a_draft_turno_does_not_move_the_public_standings(client, five_pairs):
    draft = make_turno(five_pairs, 2, [(1, 2), (3, 5)], byes=[4])
    draft.published = False
    draft.save()
    add_penalty(draft, 1, vp=-5)
    url = reverse("tournaments:standings", args=[five_pairs.slug])
    response = client.get(url)
    by_pair = {r.record.pair.number: r.record.vp for r in response.context["table"].rows}
    assert by_pair[4] == 10  # no riposo VP from the draft
    assert by_pair[1] == 14  # no penalty from the draft
    assert response.context["turni"] == [1]
    assert client.get(url, {"dopo": 2}).status_code == 404


def test_while_a_turno_is_played_the_standings_stay_after_the_last_complete_one(client, five_pairs):
    turno = make_turno(
        five_pairs, 2, [(5, 1), (2, 3)], byes=[4], totals=[(2000, 100), (600, 600)], closed=False
    )
    Table.objects.filter(turno=turno, number=2).update(entry_mode="", ns_mp=None, eo_mp=None)
    url = reverse("tournaments:standings", args=[five_pairs.slug])
    response = client.get(url)
    html = response.content.decode()
    # Pair 4 rests in turno 2: its riposo must not lift it while the turno is being played.
    assert response.context["after_turno"] == 1
    assert [r.record.pair.number for r in response.context["table"].rows][:2] == [1, 5]
    assert "1 tavolo inserito su 2" in html
    provisional = client.get(url, {"dopo": 2})
    assert provisional.context["provisional"] is True
    assert "PROVVISORIA" in provisional.content.decode()
    assert provisional.context["table"].rows[0].record.pair.number == 5


def test_a_knockout_has_a_bracket_instead_of_standings(client):
    tournament = make_tournament(kind="ko", ko_mode="smazzate", ko_smazzate=2)
    response = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert response.status_code == 302
    assert response.url == reverse("manage:bracket", args=[tournament.slug])
