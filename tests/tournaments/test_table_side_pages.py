"""The players' phone pages of a table, through the test client: the link is the key, the page
shows the director's scorecard boxes and refusals, and a closed turno refuses a late entry."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from PIL import Image

from burraco_tourney.tournaments.models import Submission, Table
from burraco_tourney.tournaments.services import player_entries as services
from tests.factories import make_director
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    cache.clear()


def _link(turno, number=1):
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=number).pk]
    return access, reverse("table:page", args=[access.token])


def _boxes(eo_cards_2=185, version=0):
    data = {"mode": "smazzate", "version": str(version)}
    rows = [(120, 45, "ns"), (60, eo_cards_2, "eo"), (95, 30, "ns")]
    for n, (ns, eo, closer) in enumerate(rows, start=1):
        data[f"s{n}_ns_cards"] = str(ns)
        data[f"s{n}_eo_cards"] = str(eo)
        data[f"s{n}_{closer}_pulito"] = "1"
        data[f"s{n}_{closer}_chiusura"] = "on"
        data[f"s{n}_ns_pozzetto"] = "on"
        data[f"s{n}_eo_pozzetto"] = "on"
    return data


def test_the_page_names_the_table_and_asks_for_the_line(client):
    tournament, turno = players_turno()
    _, url = _link(turno)
    page = client.get(url).content.decode()
    table = turno.tables.get(number=1)
    assert tournament.name in page
    assert table.ns.players in page and table.eo.players in page
    assert 'name="line" value="ns"' in page and 'name="line" value="eo"' in page


def test_an_unknown_token_is_not_found_and_guessing_is_limited(client):
    players_turno()
    unknown = client.get(reverse("table:page", args=["x" * 43]))
    assert unknown.status_code == 404
    # Said to the player who scanned it, not the site's "page not found".
    assert "Link del tavolo sconosciuto" in unknown.content.decode()
    assert "chiedi all'arbitro il codice del tuo tavolo" in unknown.content.decode()
    for _ in range(10):
        assert client.get(reverse("table:page", args=["x" * 43])).status_code == 404
    assert client.get(reverse("table:page", args=["y" * 43])).status_code == 429


def test_ns_enters_and_eo_confirms_from_two_phones(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    response = client.post(url, _boxes())
    assert response.status_code == 302
    eo_phone = type(client)()
    eo_phone.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    page = eo_phone.get(url).content.decode()
    assert "Conferma lo score" in page
    assert 'value="185"' in page
    eo_phone.post(url, _boxes())
    table = Table.objects.get(pk=access.table_id)
    assert table.entry_mode == "smazzate"
    assert "accettato" in eo_phone.get(url).content.decode()


def test_a_refused_box_gets_the_directors_refusal_and_nothing_is_saved(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    # As opened, no box takes the cursor: a phone would bring its keyboard up over the page.
    assert "autofocus" not in client.get(url).content.decode()
    data = _boxes()
    data["s1_ns_cards"] = "123"
    page = client.post(url, data).content.decode()
    assert "multiplo di 5" in page
    assert "autofocus" in page  # the line goes back to its boxes, as it just typed in them
    assert not Submission.objects.lines().filter(table=access.table, source="ns").exclude(data={})


def test_a_closed_turno_shows_turno_chiuso_and_refuses_a_late_entry(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    services.turno_players_close(turno=turno, user=make_director())
    page = client.get(url).content.decode()
    assert "Turno chiuso" in page
    client.post(url, _boxes())
    assert not Submission.objects.lines().filter(table=access.table).exclude(data={}).exists()


def test_a_phone_left_open_on_the_scorecard_is_opened_again_once_the_turno_closes(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    status = reverse("table:status", args=[access.token])
    # The open page polls with ?aperto=1; nothing to reload while the turno is open.
    assert f"{status}?aperto=1" in client.get(url).content.decode()
    assert "HX-Redirect" not in client.get(status, {"aperto": "1"})
    services.turno_players_close(turno=turno, user=make_director())
    # Opened again with a plain GET: a page that answered a refused save is not posted again.
    assert client.get(status, {"aperto": "1"})["HX-Redirect"] == url
    # The page as reloaded says why and polls without it: no reload after reload.
    page = client.get(url).content.decode()
    assert "Turno chiuso" in page and "?aperto=1" not in page
    assert "HX-Redirect" not in client.get(status)


def test_a_photo_is_resized_and_kept_with_the_line(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    buffer = io.BytesIO()
    Image.new("RGB", (4000, 3000), "white").save(buffer, format="PNG")
    buffer.seek(0)
    buffer.name = "score.png"
    client.post(reverse("table:photo", args=[access.token]), {"photo": buffer})
    entry = Submission.objects.get(table=access.table, source="eo")
    with entry.photo.open() as stored:
        image = Image.open(stored)
        assert image.format == "JPEG" and max(image.size) == 1600


def test_a_file_that_is_not_a_photo_is_refused(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    fake = io.BytesIO(b"<script>alert(1)</script>")
    fake.name = "score.jpg"
    response = client.post(
        reverse("table:photo", args=[access.token]), {"photo": fake}, follow=True
    )
    assert "non è una foto" in response.content.decode()
    assert not Submission.objects.get(table=access.table, source="eo").photo


def test_an_empty_scorecard_asks_for_smazzata_1_only(client):
    _, turno = players_turno()
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    empty = {"mode": "smazzate", "version": "0"}
    empty |= {f"s{n}_{line}_pozzetto": "on" for n in range(1, 4) for line in ("ns", "eo")}
    page = client.post(url, empty).content.decode()
    assert "Inserisci la smazzata 1." in page
    assert "forfait" not in page.split("<main")[1].split("</main>")[0].lower()


def test_a_replaced_link_says_so_while_the_turno_is_open(client):
    # The seating changed: the old link is revoked, the turno is still open to the players.
    from burraco_tourney.tournaments.services.seating_fix import table_swap_lines

    _, turno = players_turno()
    access, url = _link(turno)
    table_swap_lines(table=access.table, user=make_director(), reason="Linee invertite")
    html = client.get(url).content.decode()
    assert "Collegamento sostituito" in html
    assert (
        "Questo collegamento non è più valido: chiedi il nuovo QR del tavolo al direttore." in html
    )
    assert "Turno chiuso" not in html


def test_a_save_that_differs_from_the_other_lines_entry_says_so(client):
    _, turno = players_turno(auto_accept=False)
    access, url = _link(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    saved = client.post(url, _boxes(), follow=True).content.decode()
    assert "Salvato: ora l&#x27;altra linea lo controlla" in saved
    eo = type(client)()
    eo.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    # EO read NS's entry, but its own scorecard says 155 in smazzata 2, not 185.
    differs = eo.post(url, _boxes(eo_cards_2=155), follow=True).content.decode()
    assert "Salvato, ma l&#x27;altra linea ha inserito altro" in differs
    assert "lo controlla sul suo telefono" not in differs
