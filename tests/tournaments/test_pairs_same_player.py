"""The same player in two pairs: a warning on a pasted or imported list, which the director may
accept (namesakes exist), comparing names without accents or capitals."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.pair_import import check_rows, parse_text
from burraco_tourney.tournaments.player_names import name_key
from burraco_tourney.tournaments.services.pairs import PairImportRejected, pairs_import
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Nicolò D'Amico", "nicolo d’amico"),
        ("ROSSI  Anna", "rossi anna"),
        ("Gérard Müller", "Gerard Muller"),
    ],
)
def test_names_match_without_accents_capitals_or_spacing(one, other):
    assert name_key(one) == name_key(other)


def test_rossi_anna_and_rossi_anny_are_different_people():
    assert name_key("Rossi Anna") != name_key("Rossi Anny")


def _warnings(text, registered=None):
    rows = check_rows(parse_text(text), registered=registered or {})
    return [(row.line, row.warnings) for row in rows if row.warnings]


@pytest.mark.usefixtures("english_messages")
def test_a_player_in_two_lines_of_the_list_is_flagged_on_the_later_line():
    flagged = _warnings("Rossi Anna - Bianchi Bruno\nVerdi Carla - rossi ànna\n")
    assert len(flagged) == 1
    line, warnings = flagged[0]
    assert line == 2 and "rossi ànna" in warnings[0] and "line 1" in warnings[0]


def test_a_player_already_registered_is_flagged_with_the_pairs_number():
    flagged = _warnings(
        "Verdi Carla - Bianchi BRUNO", registered={5: ("Neri Ada", "Bianchi Bruno")}
    )
    assert flagged and "5" in flagged[0][1][0]
    assert (
        _warnings("Verdi Carla - Russo Dario", registered={5: ("Neri Ada", "Bianchi Bruno")}) == []
    )


def test_both_players_with_one_name_are_flagged():
    assert _warnings("Rossi Anna - Rossi Anna")


def test_the_service_saves_a_flagged_list_only_when_the_warning_is_accepted(director):
    tournament = make_tournament(owner=director)
    rows = parse_text("Rossi Anna - Bianchi Bruno\nVerdi Carla - Rossi Anna\n")
    with pytest.raises(PairImportRejected):
        pairs_import(tournament=tournament, user=director, rows=rows, source="")
    assert not tournament.entrants.exists()
    pairs_import(tournament=tournament, user=director, rows=rows, source="", accept_warnings=True)
    assert tournament.entrants.count() == 2
    entry = AuditEntry.objects.get(action="pairs_import")
    assert "Rossi Anna" in entry.reason


def test_paste_page_asks_to_accept_then_saves(client, director):
    tournament = make_tournament(owner=director)
    tournament.entrants.create(number=1, player1="Bianchi Bruno", player2="Neri Ada")
    client.force_login(director)
    url = reverse("manage:pairs_paste", args=[tournament.slug])
    text = "Verdì Carla - bianchi bruno"
    preview = client.post(url, {"text": text, "action": "preview"}).content.decode()
    assert 'id="pair-warnings"' in preview and 'name="accept_warnings"' in preview
    refused = client.post(url, {"text": text, "action": "save"})
    assert refused.status_code == 200 and tournament.entrants.count() == 1
    assert 'name="accept_warnings"' in refused.content.decode()
    saved = client.post(url, {"text": text, "action": "save", "accept_warnings": "on"})
    assert saved.status_code == 302 and tournament.entrants.count() == 2


def test_import_page_keeps_the_file_and_asks_to_accept(client, director):
    tournament = make_tournament(owner=director)
    client.force_login(director)
    url = reverse("manage:pairs_import", args=[tournament.slug])
    data = "Giocatore 1;Giocatore 2\nRossi Anna;Bianchi Bruno\nVerdi Carla;ROSSI ANNA\n"
    upload = SimpleUploadedFile("iscritti.csv", data.encode(), content_type="text/csv")
    preview = client.post(url, {"file": upload}).content.decode()
    assert 'id="pair-warnings"' in preview
    payload = re.search(r'name="payload" value="([^"]+)"', preview).group(1)
    refused = client.post(url, {"payload": payload})
    assert refused.status_code == 200 and not tournament.entrants.exists()
    assert 'name="payload"' in refused.content.decode()
    saved = client.post(url, {"payload": payload, "accept_warnings": "on"})
    assert saved.status_code == 302 and tournament.entrants.count() == 2
