"""KO pages: seeding and drawing round 1, publishing, the bracket, the public bracket."""

from __future__ import annotations

from html import unescape

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import Turno
from burraco_tourney.tournaments.services.turni import turno_draw
from tests.factories import make_director, make_pairs, make_tournament, make_turno

from .ko_support import deal, draw, ko_tournament, pairs_at, play, start, win
from .scores_support import scorecard, smazzata

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"manage:{name}", args=[tournament.slug, *args])


def seeding_post(tournament, seeds, **extra):
    data = {f"seed_{n}": "" if s is None else str(s) for n, s in seeds.items()}
    data.update(extra)
    return data


def test_the_seeding_form_lists_every_pair_with_its_seed(english, director):
    tournament = ko_tournament(director, pairs=5)
    tournament.entrants.filter(number=3).update(seed=1)
    html = english.get(url("ko", tournament)).content.decode()
    assert "Seeding of round 1" in html
    assert 'name="seed_3" value="1"' in html
    assert html.count('name="seed_') == 5


def test_draw_preview_then_publish(english, director):
    tournament = ko_tournament(director, pairs=6)
    response = english.post(
        url("ko_draw", tournament), seeding_post(tournament, {n: n for n in range(1, 7)})
    )
    assert response.status_code == 302
    html = english.get(url("ko", tournament)).content.decode()
    assert "Round 1 is a draft" in html
    assert "Goes through without playing (bye)." in html
    assert "Every pair was given its seed: nothing was drawn." in html
    english.post(url("ko_publish", tournament))
    assert Turno.objects.get(tournament=tournament, number=1).published
    html = english.get(url("ko", tournament)).content.decode()
    assert url("score_entry", tournament, 1, 1) in html
    assert "Semifinals" in html and "Final" in html


def test_duplicate_seeds_are_shown_next_to_the_field_and_nothing_is_drawn(english, director):
    tournament = ko_tournament(director, pairs=4)
    response = english.post(
        url("ko_draw", tournament), seeding_post(tournament, {1: 1, 2: 2, 3: 2, 4: 3})
    )
    assert response.status_code == 200
    assert "Pair 2 has seed 2 too." in response.content.decode()
    assert not Turno.objects.filter(tournament=tournament).exists()


def test_the_draft_can_be_drawn_again_and_deleted(english, director):
    tournament = ko_tournament(director, pairs=4)
    english.post(
        url("ko_draw", tournament),
        seeding_post(tournament, dict.fromkeys(range(1, 5)), draw_seed="abc"),
    )
    first = pairs_at(tournament, 1)
    html = english.get(url("ko", tournament)).content.decode()
    assert "the whole seeding was drawn with the code “abc”" in html
    english.post(url("ko_draw", tournament), seeding_post(tournament, {1: 1, 2: 2, 3: 3, 4: 4}))
    assert pairs_at(tournament, 1) == [(1, 1, 4), (2, 2, 3)]
    assert sorted(p for _t, ns, eo in first for p in (ns, eo)) == [1, 2, 3, 4]
    english.post(url("ko_delete", tournament))
    assert not Turno.objects.filter(tournament=tournament).exists()


def test_a_tie_settled_by_the_last_move_is_said_in_words_on_both_pages(english, client, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    play(tournament, director, 1, 1, deal(100, 200, "ns"), deal(400, 300, "eo"))
    html = english.get(url("ko", tournament)).content.decode()
    sentence = (
        "Tie at 500: pair 4 made the last move of the last smazzata, so it loses and pair 1 wins."
    )
    assert sentence in html
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    public = client.get(reverse("manage:bracket", args=[tournament.slug]))
    assert public.status_code == 200 and sentence in public.content.decode()
    # No director link on the public page.
    assert url("score_entry", tournament, 1, 1) not in public.content.decode()


def test_the_score_page_refuses_a_ko_tie_without_last_move_and_creates_the_final(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 2, "ns")
    table = tournament.turni.get(number=1).tables.get(number=1)
    tie = [
        smazzata(1, {"cards": 100}, {"cards": 200}, end="tallone"),
        smazzata(2, {"cards": 400}, {"cards": 300}, end="tallone"),
    ]
    response = english.post(url("score_entry", tournament, 1, 1), scorecard(table, *tie, rows=2))
    assert response.status_code == 200
    assert "record which line made the last move" in response.content.decode()
    assert not Turno.objects.filter(tournament=tournament, number=2).exists()
    tie[1] = smazzata(2, {"cards": 400}, {"cards": 300}, end="tallone", last_move="eo")
    response = english.post(url("score_entry", tournament, 1, 1), scorecard(table, *tie, rows=2))
    assert response.status_code == 302
    assert pairs_at(tournament, 2) == [(1, 1, 2)]


def test_the_public_bracket_hides_a_draft_and_refuses_a_pairs_tournament(client, director):
    tournament = ko_tournament(director, pairs=4)
    draw(tournament, director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(reverse("manage:bracket", args=[tournament.slug])).content.decode()
    assert "The bracket is not published yet." in html
    assert "Table 1" not in html
    pairs = make_tournament()
    assert client.get(reverse("manage:bracket", args=[pairs.slug])).status_code == 404


def test_only_directors_see_the_director_pages(client, director):
    tournament = ko_tournament(director, pairs=4)
    assert client.get(url("ko", tournament)).status_code == 302  # to the login page
    client.force_login(make_director("altro"))
    assert client.get(url("ko", tournament)).status_code == 404
    assert client.post(url("ko_draw", tournament), {}).status_code == 404


def test_a_pairs_tournament_has_no_bracket_page(english, director):
    tournament = make_tournament(owner=director)
    assert english.get(url("ko", tournament)).status_code == 404


def test_pairs_from_a_standings_through_the_page(english, director):
    source = make_tournament(owner=director, name="Qualificazione di primavera")
    make_pairs(source, 4)
    make_turno(source, 1, [(1, 2), (3, 4)], totals=[(900, 100), (300, 700)])
    tournament = ko_tournament(director, pairs=0)
    html = english.get(url("ko", tournament)).content.decode()
    assert url("ko_from_standings", tournament) in html
    page = english.get(url("ko_from_standings", tournament)).content.decode()
    assert "Qualificazione di primavera" in page
    response = english.post(url("ko_from_standings", tournament), {"source": source.pk, "count": 2})
    assert response.status_code == 302
    assert list(tournament.entrants.values_list("number", "seed")) == [(1, 1), (4, 2)]
    response = english.post(url("ko_from_standings", tournament), {"source": source.pk, "count": 2})
    assert "already has pairs" in response.content.decode()


def test_the_ready_matches_button_and_the_third_place_option(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    win(tournament, director, 1, 2, "ns")
    response = english.post(url("ko_third_place", tournament), {"third_place": "on"})
    assert response.status_code == 302
    assert pairs_at(tournament, 2) == [(1, 1, 2), (2, 4, 3)]
    html = english.get(url("ko", tournament)).content.decode()
    assert "Third-place match" in html


def test_the_dashboard_of_a_ko_points_to_the_bracket(english, director):
    tournament = ko_tournament(director, pairs=4)
    html = english.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert "Seed and draw round 1" in html
    assert url("ko", tournament) in html
    assert "Draw turno 1" not in html


def test_a_ko_tournament_is_drawn_from_its_bracket_not_the_turni_page(client):
    director = make_director("arbitro-ko")
    tournament = make_tournament(kind="ko", ko_mode="smazzate", ko_smazzate=2, owner=director)
    make_pairs(tournament, 8)
    client.force_login(director)
    response = client.get(reverse("manage:turni", args=[tournament.slug]))
    assert response.status_code == 302
    assert response.url == reverse("manage:ko", args=[tournament.slug])
    html = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("manage:ko", args=[tournament.slug]) in html
    with pytest.raises(ValidationError):
        turno_draw(tournament=tournament, user=director, request=None)


def test_totals_of_a_match_a_punti_need_a_line_at_the_target(english, director):
    """A match to 2005 entered as its totals: 1800 to 1500 is a match still being played, not a
    win for pair 1 (RULES.md section 8)."""
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    start(tournament, director)
    table = tournament.turni.get(number=1).tables.get(number=1)
    posted = {"mode": "totals", "version": table.version, "ns_mp": "1800", "eo_mp": "1500"}
    response = english.post(url("score_entry", tournament, 1, 1), posted)
    assert response.status_code == 200
    assert "Neither line has reached 2005 points: the match is not over." in (
        response.content.decode()
    )
    table.refresh_from_db()
    assert not table.entry_mode and not table.match.winner
    posted["ns_mp"] = "2010"
    assert english.post(url("score_entry", tournament, 1, 1), posted).status_code == 302
    table.refresh_from_db()
    assert table.match.winner == "ns"


def test_the_results_of_a_ko_round_say_who_goes_on_not_vp(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    play(tournament, director, 1, 1, deal(300, 300), deal(400, 400, last_move="ns"))
    html = english.get(url("turno_results", tournament, 1)).content.decode()
    head = html.split("<thead>")[1].split("</thead>")[0]
    assert "Goes on" in head and ">VP<" not in head
    row = html.split('id="tavolo-1"')[1].split("</tr>")[0]
    # 700 all: NS made the last move of the last smazzata, so EO (pair 4 against seed 1) goes on.
    table = tournament.turni.get(number=1).tables.get(number=1)
    goes_on = f'<span class="pairno">{table.eo.number}</span> <span class="muted">'
    assert goes_on + "(decided by the last move)" in row
    row2 = html.split('id="tavolo-2"')[1].split("</tr>")[0]
    assert "in progress" not in row2  # no result yet: nothing to say
    assert f'href="{url("ko", tournament)}"' in html


def test_the_score_pages_of_a_ko_match_show_no_vp(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    for mode in ("", "?modo=totali"):
        page = english.get(url("score_entry", tournament, 1, 1) + mode).content.decode()
        assert 'data-turno="vp"' not in page and 'data-turno="diff"' in page
    assert "The higher total goes on" in page
    pairs = make_tournament(owner=director)
    make_pairs(pairs, 2)
    turno = make_turno(pairs, 1, [(1, 2)])
    page = english.get(
        reverse("manage:score_entry", args=[pairs.slug, turno.number, 1])
    ).content.decode()
    assert 'data-turno="vp"' in page


def test_the_standings_list_tells_an_imported_copy_from_its_original(client, director):
    """Two qualifications named alike: the one imported later says so, with the import's date."""
    from datetime import UTC, datetime

    from burraco_tourney.tournaments.models import AuditEntry

    client.force_login(director)
    original = make_tournament(owner=director, name="Qualificazione di primavera")
    copy = make_tournament(owner=director, name="Qualificazione di primavera")
    for source in (original, copy):
        make_pairs(source, 4)
        make_turno(source, 1, [(1, 2), (3, 4)], totals=[(900, 100), (300, 700)])
    AuditEntry.objects.create(
        tournament=copy, action="tournament_import", at=datetime(2025, 3, 13, 21, 5, tzinfo=UTC)
    )
    tournament = ko_tournament(director, pairs=0)
    page = client.get(
        url("ko_from_standings", tournament), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    options = {
        int(part.split('"')[0]): part.split(">", 1)[1].split("</option>")[0]
        for part in page.split('<option value="')[1:]
    }
    assert "copia importata il 13/03/2025" in options[copy.pk]
    assert "copia" not in options[original.pk]
    assert options[original.pk].startswith("Qualificazione di primavera (")


def test_the_score_pages_of_a_ko_match_speak_of_the_match_not_a_turno(client, director):
    client.force_login(director)
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    page = unescape(
        client.get(
            url("score_entry", tournament, 1, 1) + "?modo=totali", HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()
    )
    assert "Solo totali dell'incontro" in page and ": punti" in page
    assert "MP del turno" not in page and "Solo totali del turno" not in page
    play(tournament, director, 1, 1, deal(300, 200))
    results = client.get(url("turno_results", tournament, 1), HTTP_ACCEPT_LANGUAGE="it")
    head = results.content.decode().split("<thead>")[1].split("</thead>")[0]
    assert ">Punti<" in head and ">MP<" not in head
    pairs = make_tournament(owner=director)
    make_pairs(pairs, 2)
    turno = make_turno(pairs, 1, [(1, 2)])
    page = client.get(
        reverse("manage:score_entry", args=[pairs.slug, turno.number, 1]) + "?modo=totali",
        HTTP_ACCEPT_LANGUAGE="it",
    ).content.decode()
    assert "Solo totali del turno" in page and "MP del turno" in page
