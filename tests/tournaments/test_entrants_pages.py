"""One set of entrants pages for every kind: an individual tournament's players are listed,
edited, withdrawn, pasted and drawn on the pages the pairs use, in the players' own words."""

from __future__ import annotations

import re

import pytest

from burraco_tourney.tournaments.models import AuditEntry
from tests.tournaments.individual_support import individual_tournament


@pytest.fixture
def tournament(director):
    tournament, _director = individual_tournament(director=director)
    return tournament


def _text(response) -> str:
    main = response.content.decode().split("<main", 1)[1].split("</main>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


def test_every_entrants_page_speaks_of_players_in_italian(director_client, tournament):
    slug = tournament.slug
    pages = {
        f"/t/{slug}/gestione/giocatori/": "Aggiungi un giocatore",
        f"/t/{slug}/gestione/coppie/3/": "Giocatore 3",
        f"/t/{slug}/gestione/coppie/3/ritiro/": "Ritira il giocatore",
        f"/t/{slug}/gestione/coppie/3/eliminazione/": "Elimina il giocatore",
        f"/t/{slug}/gestione/coppie/incolla/": "Incolla un elenco di giocatori",
        f"/t/{slug}/gestione/coppie/importa/": "Importa i giocatori da un file",
        f"/t/{slug}/gestione/coppie/sorteggio-numeri/": "Sorteggio dei numeri dei giocatori",
    }
    for url, words in pages.items():
        text = _text(director_client.get(url, HTTP_ACCEPT_LANGUAGE="it"))
        assert words in text, url
        assert "coppi" not in text.lower(), url  # no pair's sentence on a players' page


def test_a_player_is_edited_like_a_pair(english, tournament):
    page = english.post(
        f"/t/{tournament.slug}/gestione/coppie/3/",
        {"number": "3", "name": "Carla  Verdi Neri", "club": ""},
        follow=True,
    )
    assert "3. Carla Verdi Neri saved." in page.content.decode()
    assert tournament.entrants.get(number=3).name == "Carla Verdi Neri"
    entry = AuditEntry.objects.get(action="player_edit")
    assert entry.before["name"] == "Carla Verdi" and entry.after["name"] == "Carla Verdi Neri"


def test_a_pasted_list_of_players_is_previewed_before_it_is_saved(english, tournament):
    url = f"/t/{tournament.slug}/gestione/coppie/incolla/"
    text = "Zeno Neri; Circolo Aurora\n12. Ugo Sala"
    preview = english.post(url, {"text": text, "action": "preview"})
    assert "2 players will be added." in preview.content.decode()
    assert "Save 2 players" in preview.content.decode()
    assert tournament.entrants.count() == 8
    page = english.post(url, {"text": text, "action": "save"}, follow=True)
    assert "2 players added." in page.content.decode()
    # A players' list numbers a line without a number after every number taken, its own too.
    added = tournament.entrants.filter(number__gt=8).order_by("number")
    assert list(added.values_list("number", "name")) == [(12, "Ugo Sala"), (13, "Zeno Neri")]
