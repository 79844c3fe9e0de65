"""The scorecard page's live preview: the server's own totals, VP and refusals for the form as
typed, for the director of the tournament only, by POST with its CSRF token, never saved."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Smazzata
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from tests.factories import make_director
from tests.tournaments.ko_support import ko_tournament, start
from tests.tournaments.player_support import players_turno
from tests.tournaments.scores_support import (
    FULL,
    entry_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)

pytestmark = pytest.mark.django_db


def preview_url(turno, table: int = 1) -> str:
    return reverse("manage:score_preview", args=[turno.tournament.slug, turno.number, table])


class _TextOf(HTMLParser):
    """The text inside the first element of one id (nested elements included)."""

    VOID = {"input", "br", "meta", "link", "img", "hr"}

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id, self.depth, self.found, self.parts = element_id, 0, False, []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if self.depth:
            self.depth += 1
        elif not self.found and dict(attrs).get("id") == self.element_id:
            self.depth, self.found = 1, True

    def handle_endtag(self, tag):
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)


def text_of(html: str, element_id: str) -> str:
    """The text inside the element of that id, as a reader sees it (spaces joined)."""
    parser = _TextOf(element_id)
    parser.feed(html)
    assert parser.found, element_id
    return " ".join("".join(parser.parts).split())


def note_of(html: str) -> str:
    """The first refusal, as the note beside the totals says it ("" when hidden)."""
    return re.search(r'data-turno="note"[^>]*>([^<]*)</p>', html).group(1).strip()


def test_the_preview_gives_the_saved_figures_without_saving(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    with CaptureQueriesContext(connection) as queries:
        response = english.post(preview_url(turno), scorecard(table, *FULL))
    assert response.status_code == 200
    html = response.content.decode()
    # The figures a save stores (scores_support: 585 - 1365, 16-4 to EO), and each smazzata's.
    assert re.search(r'data-turno="ns">585<', html) and re.search(r'data-turno="eo">1365<', html)
    assert re.search(r'data-turno="vp">4 – 16<', html)
    assert re.search(r'data-turno="diff">EO \+780<', html)
    assert text_of(html, "total-1-ns") == "545" and text_of(html, "total-3-eo") == "395"
    assert 'id="total-2-eo" hx-swap-oob="true"' in html
    # Nothing written: no row inserted, changed or deleted, no audit entry, same version.
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert writes == []
    table.refresh_from_db()
    assert not table.has_result and table.version == 0
    assert not Smazzata.objects.exists() and not AuditEntry.objects.exists()


def test_a_refusal_is_the_saves_own_next_to_its_box(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    wrong = smazzata(
        1, {"cards": 243, "pulito": 1, "chiusura": True}, {"cards": 120, "chiusura": True}
    )
    data = scorecard(table, wrong, *FULL[1:])
    saved = english.post(entry_url(turno), data)
    assert saved.status_code == 200 and not table_of(turno).has_result
    refused = saved.context["form"].errors
    html = english.post(preview_url(turno), data).content.decode()
    for name in ("s1_ns_cards", "s1_eo_chiusura"):
        assert text_of(html, f"err-{name}") == " ".join(refused[name])
    assert "non" not in text_of(html, "err-s1_ns_cards")  # English asked, English given
    # The line's refusals are in the place the page keeps for them, out of band.
    assert 'id="errors-1-ns" class="live-errors" hx-swap-oob="true"' in html
    # No VP while the save would be refused; the first reason instead, a status.
    assert re.search(r'data-turno="vp"></output>', html)
    assert note_of(html) == "Smazzata 1: NS: card points 243 are not a multiple of 5."
    # The smazzate that do score still show their totals.
    assert text_of(html, "total-2-ns") == "180"


def test_fewer_smazzate_are_refused_in_the_preview_as_in_the_save(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    html = english.post(preview_url(turno), scorecard(table, FULL[0])).content.decode()
    assert text_of(html, "err-ended_early").startswith("Only 1 of the 3 smazzate is filled in")
    assert 'id="not-played-2" hidden hx-swap-oob="true"' not in html  # smazzata 2 not played
    assert re.search(r'id="not-played-2" hx-swap-oob="true"', html)
    ticked = english.post(preview_url(turno), scorecard(table, FULL[0], ended_early=True))
    html = ticked.content.decode()
    assert "err-ended_early" not in html
    assert re.search(r'data-turno="vp">13 – 7<', html)  # 545 - 220: 325, band <= 350


def test_turno_totals_get_their_vp_and_their_refusals(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = {"mode": "totals", "version": table.version, "ns_mp": "1200", "eo_mp": "900"}
    html = english.post(preview_url(turno), data).content.decode()
    assert re.search(r'data-turno="vp">13 – 7<', html)  # 300, band <= 350
    data["ns_mp"] = "1203"
    html = english.post(preview_url(turno), data).content.decode()
    assert text_of(html, "err-ns_mp") == "1203 is not a multiple of 5"
    assert re.search(r'data-turno="vp"></output>', html)


def test_a_ko_tie_says_it_needs_the_last_move_then_who_goes_through(english, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    turno = tournament.turni.get(number=1)
    table = table_of(turno)
    data = {"mode": "totals", "version": table.version, "ns_mp": "1000", "eo_mp": "1000"}
    html = english.post(preview_url(turno), data).content.decode()
    assert "last move" in text_of(html, "err-last_move")
    data["last_move"] = "eo"
    html = english.post(preview_url(turno), data).content.decode()
    assert re.search(r'data-turno="winner">pair 1 goes through<', html)
    assert re.search(r'data-turno="diff">0<', html) and note_of(html) == ""


def test_only_a_director_of_the_tournament_gets_a_preview(client, director):
    _, turno = scored_tournament(director)
    data = scorecard(table_of(turno), *FULL)
    # Logged out: to the login form, as for the save.
    response = client.post(preview_url(turno), data)
    assert response.status_code == 302 and "/accesso/" in response.url
    # Another director: the tournament is not found, as for the save.
    client.force_login(make_director("altro"))
    assert client.post(preview_url(turno), data).status_code == 404
    assert client.post(entry_url(turno), data).status_code == 404
    # Its director, but by GET: not a way to ask.
    client.force_login(director)
    assert client.get(preview_url(turno)).status_code == 405
    # A draft turno takes no scores, so it has nothing to preview either.
    turno.published = False
    turno.save(update_fields=["published"])
    assert client.post(preview_url(turno), data).status_code == 404
    assert not table_of(turno).has_result


def test_the_preview_needs_the_pages_csrf_token(director):
    _, turno = scored_tournament(director)
    data = scorecard(table_of(turno), *FULL)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(director)
    assert browser.post(preview_url(turno), data).status_code == 403
    page = browser.get(entry_url(turno)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    with_token = {**data, "csrfmiddlewaretoken": token}
    assert browser.post(preview_url(turno), with_token).status_code == 200


def test_a_ko_match_a_punti_gets_the_saves_match_refusals(english, director):
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=1005)
    start(tournament, director)
    turno = tournament.turni.get(number=1)
    table = table_of(turno)
    # Totals below the target: the match is not over, as the save says (test_ko_views.py).
    data = {"mode": "totals", "version": table.version, "ns_mp": "800", "eo_mp": "500"}
    html = english.post(preview_url(turno), data).content.decode()
    saved = english.post(entry_url(turno), data)
    refusal = " ".join(str(m) for m in saved.context["form"].non_field_errors())
    assert refusal.startswith("Neither line has reached 1005 points: the match is not over.")
    assert note_of(html) == refusal
    assert re.search(r'data-turno="winner"></output>', html) and 'data-turno="vp"' not in html
    # Smazzate: a first one past the target ends the match, a second one is refused (a
    # smazzata's card points stay within the pack's 1080).
    over = smazzata(1, {"cards": 1010}, {"cards": 0}, "tallone", "ns")
    more = smazzata(2, {"cards": 100}, {"cards": 100}, "tallone", "ns")
    card = scorecard(table, over, more, rows=6)
    saved = english.post(entry_url(turno), card)
    assert saved.status_code == 200 and not table_of(turno).has_result
    refusal = " ".join(str(m) for m in saved.context["form"].non_field_errors())
    html = english.post(preview_url(turno), card).content.decode()
    assert refusal and note_of(html) == refusal
    assert text_of(html, "form-errors") == refusal
    assert 'data-turno="vp"' not in html  # a KO has no VP, refused or not
    assert text_of(html, "total-2-ns") == "100"
    html = english.post(preview_url(turno), scorecard(table, over, rows=6)).content.decode()
    assert re.search(r'data-turno="winner">pair 1 goes through<', html)


def test_a_match_to_a_target_offers_the_next_smazzata_once_the_last_is_filled(english, director):
    """A match to 2005 shows 6 rows; with the 6th filled and nobody at 2005 the preview appends
    the 7th (out of band), and a 7th posted row is read, not dropped."""
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    start(tournament, director)
    turno = tournament.turni.get(number=1)
    table = table_of(turno)
    deal = {"cards": 100}
    five = [smazzata(n, deal, deal) for n in range(1, 6)]
    html = english.post(preview_url(turno), scorecard(table, *five, rows=6)).content.decode()
    assert 'data-smazzata="7"' not in html
    six = [*five, smazzata(6, deal, deal)]
    html = english.post(preview_url(turno), scorecard(table, *six, rows=6)).content.decode()
    assert 'hx-swap-oob="beforeend:#scorecard-grid"' in html and 'data-smazzata="7"' in html
    seven = [*six, smazzata(7, deal, deal)]
    html = english.post(preview_url(turno), scorecard(table, *seven, rows=7)).content.decode()
    assert 'data-smazzata="8"' in html


def test_the_preview_is_asked_for_a_moment_after_the_last_key_not_at_each(
    english, director, client
):
    """The director's scorecard, its totals and a phone's scorecard send their preview 0.3 s
    after the last key (one request for a number typed, not one per digit)."""
    _, turno = scored_tournament(director)
    pages = [english.get(entry_url(turno)), english.get(entry_url(turno, mode="totali"))]
    _, phone_turno = players_turno()
    access = turno_links_ensure(turno=phone_turno)[phone_turno.tables.get(number=1).pk]
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    pages.append(client.get(reverse("table:page", args=[access.token])))
    for page in pages:
        html = page.content.decode()
        assert 'id="scorecard"' in html
        assert 'hx-trigger="input delay:300ms"' in html
