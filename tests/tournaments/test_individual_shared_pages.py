"""The pages an individual tournament shares with pairs name players, not pairs: the dashboard,
the lists of tournaments, the players' phone page and the room board; the Danese individuale is
refused on turno 1; a published turno goes back to draft; "why is A above B" explains players.
Italian first: the pages are read as the director and the players read them."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Movement, Submission
from burraco_tourney.tournaments.selectors.standings import standings as individual_standings
from burraco_tourney.tournaments.services import player_entries as entry_services
from burraco_tourney.tournaments.services.closing import turno_close
from tests.factories import make_pairs, make_tournament
from tests.tournaments.individual_support import (
    drawn_turno,
    enter_totals,
    individual_tournament,
)
from tests.tournaments.player_support import three_smazzate

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    """The page's words, tags dropped and spaces folded (a sentence may span tags)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_dashboard_counts_players_and_points_to_their_pages(client):
    tournament, director = individual_tournament()
    client.force_login(director)
    response = client.get(reverse("manage:dashboard", args=[tournament.slug]))
    text = _text(response)
    assert "8 giocatori iscritti. Sorteggia il primo turno quando sono tutti presenti." in text
    assert "coppi" not in text.lower()
    html = response.content.decode()
    assert f'href="/t/{tournament.slug}/gestione/turni/"' in html
    assert f'href="{reverse("manage:players", args=[tournament.slug])}"' in html


def test_too_few_players_asks_for_four(client):
    tournament, director = individual_tournament(names=["Anna Rossi", "Bruno Bianchi", "Carla"])
    client.force_login(director)
    text = _text(client.get(reverse("manage:dashboard", args=[tournament.slug])))
    assert "Iscrivi i giocatori: per sorteggiare un turno ne servono almeno quattro." in text


def test_a_pairs_dashboard_still_speaks_of_pairs(director_client, director):
    tournament = make_tournament()
    tournament.directors.add(director)
    make_pairs(tournament, 6)
    text = _text(director_client.get(reverse("manage:dashboard", args=[tournament.slug])))
    assert "6 coppie iscritte. Sorteggia il primo turno quando sono tutti presenti." in text


def test_the_lists_of_tournaments_count_players(client):
    tournament, director = individual_tournament()
    assert "8 giocatori" in _text(client.get(reverse("tournaments:list")))
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    assert re.search(r"8 giocatori", _text(detail))
    client.force_login(director)
    assert "8 giocatori" in _text(client.get(reverse("manage:home")))


def test_the_danese_individuale_is_refused_on_turno_1(client):
    tournament, director = individual_tournament()
    client.force_login(director)
    url = reverse("manage:turni", args=[tournament.slug])
    response = client.post(url, {"movement": Movement.DANESE})
    assert (
        "Il Danese individuale fa sedere i giocatori secondo la classifica, e prima del turno 1 "
        "non c'è ancora" in _text(response)
    )
    assert not tournament.turni.exists()
    # From turno 2 it is drawn from the standings.
    first = drawn_turno(tournament, director)
    enter_totals(first, director, [(1200, 700), (900, 800)])
    response = client.post(url, {"movement": Movement.DANESE})
    assert response.status_code == 302
    assert tournament.turni.get(number=2).movement == Movement.DANESE


def _phone_url(turno, number=1):
    access = entry_services.turno_links_ensure(turno=turno)[turno.tables.get(number=number).pk]
    return access, reverse("table:page", args=[access.token])


def test_the_phone_page_names_the_four_players_and_takes_an_entry(client):
    tournament, director = individual_tournament(players_enter=True, players_auto_accept=False)
    turno = drawn_turno(tournament, director)
    table = turno.tables.get(number=1)
    ns, eo = table.ns_line, table.eo_line
    access, url = _phone_url(turno)
    page = _text(client.get(url))
    assert f"NS · {ns.players}" in page and f"EO · {eo.players}" in page
    assert "coppia" not in page.lower() and "None" not in page
    # The NS phone enters the scorecard; the director's room board names who entered.
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    entry_services.player_entry_save(
        access=access,
        line="ns",
        session=client.session["phone_name"],
        smazzate=three_smazzate(),
        version=0,
    )
    assert Submission.objects.filter(table=table, source="ns").exists()
    client.force_login(director)
    board = _text(client.get(reverse("manage:room_board", args=[tournament.slug, 1])))
    assert f"{ns.players} · {eo.players}" in board
    room = reverse("manage:room_table", args=[tournament.slug, 1, 1])
    assert f"Inserito da NS ({ns.players})" in _text(client.get(room))


def test_a_published_turno_goes_back_to_draft_until_a_result_is_in(client):
    tournament, director = individual_tournament()
    turno = drawn_turno(tournament, director)
    client.force_login(director)
    page = reverse("manage:turno_preview", args=[tournament.slug, 1])
    back = reverse("manage:turno_unpublish", args=[tournament.slug, 1])
    assert "Riporta in bozza" in _text(client.get(page))
    # The confirmation box is required.
    refused = client.post(back, {"reason": ""})
    assert "Spunta la casella per confermare." in _text(refused)
    turno.refresh_from_db()
    assert turno.published
    response = client.post(back, {"confirm": "on", "reason": "Giocatore in ritardo"}, follow=True)
    assert "Il turno 1 è di nuovo una bozza." in _text(response)
    turno.refresh_from_db()
    assert not turno.published
    assert AuditEntry.objects.filter(action="turno_unpublish", reason="Giocatore in ritardo")
    # Published again with a result in: the seating is locked and the page says why.
    client.post(reverse("manage:turno_publish", args=[tournament.slug, 1]))
    turno.refresh_from_db()
    enter_totals(turno, director, [(1200, 700)])
    text = _text(client.get(page))
    assert "Riporta in bozza" not in text
    client.post(back, {"confirm": "on"})
    turno.refresh_from_db()
    assert turno.published


def test_why_is_a_player_above_another_follows_the_standings(client):
    tournament, director = individual_tournament()
    turno = drawn_turno(tournament, director)
    # Both NS lines win by about 400 MP: the same VP, a different scarto.
    enter_totals(turno, director, [(1250, 830), (1240, 830)])
    turno_close(turno=turno, user=director)  # the link is offered for standings not provisional
    rows = individual_standings(tournament=tournament)
    url = reverse("tournaments:standings_explain", args=[tournament.slug])
    # The standings page links the page and names two players sharing a rank (partners do).
    standings = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    text = _text(standings)
    assert "Perché un giocatore è sopra un altro?" in text
    first, second = rows[0].player.number, rows[1].player.number
    assert rows[0].rank == rows[1].rank
    assert f"Guarda perché i giocatori {first} e {second} condividono il posto" in text
    shared = _text(client.get(url, {"a": first, "b": second}))
    assert f"I giocatori {first} e {second} sono pari nei PV e in ogni criterio" in shared
    assert "Scarto" in shared and "Scontro diretto" not in shared
    # Across lines the VP decide, and the verdict agrees with the standings' order.
    top, bottom = rows[0].player.number, rows[-1].player.number
    text = _text(client.get(url, {"a": bottom, "b": top}))
    assert f"Il giocatore {top} è sopra il giocatore {bottom}: ha più punti vittoria." in text
    # Two players of the same VP in different lines: the scarto decides.
    by_vp: dict[int, list] = {}
    for row in rows:
        by_vp.setdefault(row.vp, []).append(row)
    tied = next(group for group in by_vp.values() if len({r.scarto for r in group}) > 1)
    high = max(tied, key=lambda r: r.scarto).player.number
    low = min(tied, key=lambda r: r.scarto).player.number
    text = _text(client.get(url, {"a": low, "b": high}))
    assert f"Il giocatore {high} è sopra il giocatore {low}: decide lo scarto." in text
    refused = _text(client.get(url, {"a": top, "b": top}))
    assert "Scegli due giocatori diversi." in refused


def test_the_forfeit_form_of_an_individual_table_speaks_of_lines_of_players(client):
    tournament, director = individual_tournament(forfeit_vp=14, forfeit_mp=355)
    turno = drawn_turno(tournament, director)
    client.force_login(director)
    url = reverse("manage:score_entry", args=[tournament.slug, 1, 1])
    text = _text(client.get(url + "?modo=forfait"))
    assert "Quale linea era assente?" in text
    assert "ogni giocatore della linea presente vince il turno con 14 PV e +355 MP" in text
    assert "coppia" not in text.lower()
    ns = turno.tables.get(number=1).ns_line
    assert ns.players in text


@pytest.mark.parametrize(
    "name, args, query",
    [
        ("manage:dashboard", (), ""),
        ("manage:turno_results", (1,), ""),
        ("manage:score_entry", (1, 1), ""),
        ("manage:score_entry", (1, 1), "?modo=totali"),
        ("manage:turno_preview", (1,), ""),
        ("manage:room_board", (1,), ""),
        ("tournaments:detail", (), ""),
        ("tournaments:turno", (1,), ""),
        ("tournaments:seating", (1,), ""),
        ("tournaments:standings", (), ""),
        ("tournaments:standings_explain", (), ""),
        ("exports:downloads", (), ""),
    ],
)
def test_no_shared_page_of_an_individual_tournament_speaks_of_pairs(client, name, args, query):
    tournament, director = individual_tournament(players_enter=True)
    turno = drawn_turno(tournament, director)
    enter_totals(turno, director, [(1250, 830)])
    client.force_login(director)
    response = client.get(reverse(name, args=[tournament.slug, *args]) + query, follow=True)
    assert response.status_code == 200
    # "In coppia con" (partnered with) is right for players; "la coppia 3" is not.
    words = _text(response).lower().replace("in coppia con", "")
    assert not re.search(r"\bcoppi[ae]\b", words), re.findall(r".{60}\bcoppi[ae]\b.{60}", words)
