"""What a trial of the room found around the players' phones: a line freed with nothing saved
goes back to "not started"; clearing a table's result sets the lines' drafts aside with it, so
both lines enter again; the change log shows what those drafts held, folded per smazzata with
their boxes, as it shows a phone's entry whatever the ruleset's switches."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import AuditEntry, Submission, Table
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.scores import table_clear_result
from tests.security.test_races import _at_once
from tests.tournaments.player_support import players_turno, three_smazzate
from tests.tournaments.scores_support import clear_url
from tests.tournaments.test_player_lines import _access, _phone, _save
from tests.tournaments.test_table_side_pages import _boxes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clear_limits():
    cache.clear()


def _tile_state(director_client, tournament, number: int) -> str:
    page = director_client.get(reverse("manage:room_board_tiles", args=[tournament.slug, 1]))
    text = page.content.decode()
    start = text.index(f'data-table="{number}"')
    return text[start : text.index("</li>", start)]


def _free(director_client, tournament, line: str) -> None:
    free = reverse("manage:room_free", args=[tournament.slug, 1, 1])
    assert director_client.post(free, {"line": line}).status_code == 302


def test_a_line_freed_with_nothing_saved_is_not_started_again(director_client, director):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    access = _access(turno)
    _phone(access, "ns")
    tile = _tile_state(director_client, tournament, 1)
    assert 'data-state="entering"' in tile and "in inserimento" in tile
    _free(director_client, tournament, "ns")
    # The room board, the table's room page and the phones' page say "not started".
    tile = _tile_state(director_client, tournament, 1)
    assert 'data-state="not_started"' in tile and "non iniziato" in tile
    room = reverse("manage:room_table", args=[tournament.slug, 1, 1])
    page = director_client.get(room).content.decode()
    assert 'data-state="not_started">non iniziato' in page
    status = Client().get(reverse("table:status", args=[access.token])).content.decode()
    assert 'data-state="not_started">non iniziato' in status


def test_a_freed_line_that_entered_keeps_its_entry(director_client, director):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    access = _access(turno)
    _phone(access, "eo")  # EO chose its side and holds it, nothing saved
    phone = _phone(access, "ns")
    assert phone.post(reverse("table:page", args=[access.token]), _boxes()).status_code == 302
    _free(director_client, tournament, "ns")
    _free(director_client, tournament, "eo")
    assert Submission.objects.get(table=access.table, source="ns").entered
    tile = _tile_state(director_client, tournament, 1)
    assert 'data-state="waiting"' in tile


def _clear(director_client, turno, reason="Score di un altro tavolo"):
    table = Table.objects.get(turno=turno, number=1)
    data = {"clear-version": table.version, "clear-reason": reason}
    return director_client.post(clear_url(turno), data)


def test_clearing_a_result_sets_the_lines_drafts_aside(director_client, director):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    access = _access(turno)
    url = reverse("table:page", args=[access.token])
    ns, eo = _phone(access, "ns"), _phone(access, "eo")
    assert ns.post(url, _boxes(185)).status_code == 302
    assert eo.post(url, _boxes(185)).status_code == 302
    table = Table.objects.get(pk=access.table_id)
    assert table.entry_mode == "smazzate"  # both agreed: accepted at once

    assert _clear(director_client, turno).status_code == 302
    table.refresh_from_db()
    assert not table.entry_mode
    # Each phone keeps its line and finds an empty scorecard: nothing of the old entry.
    page = ns.get(url).content.decode()
    assert 'name="s2_eo_cards"' in page and 'value="185"' not in page
    assert "non iniziato" not in page
    # NS enters anew: it waits for EO, it does not "disagree" with EO's old draft.
    ns_version = Submission.objects.get(table=table, source="ns").version
    assert ns.post(url, _boxes(175, version=ns_version)).status_code == 302
    status = ns.get(reverse("table:status", args=[access.token])).content.decode()
    assert 'data-state="waiting"' in status
    assert 'data-state="disputed"' not in status
    # EO is shown NS's new entry to confirm, and confirming it makes the result.
    page = eo.get(url).content.decode()
    assert 'value="175"' in page
    eo_version = Submission.objects.get(table=table, source="eo").version
    assert eo.post(url, _boxes(175, version=eo_version)).status_code == 302
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    assert table.smazzate.get(number=2).eo_cards == 175

    # The change log says each line's entry was set aside, with what it held, boxes folded.
    assert AuditEntry.objects.filter(action="player_draft_clear").count() == 2
    log = director_client.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Inserimento dal telefono messo da parte" in log
    assert "messo da parte con il risultato cancellato: la linea inserisce di nuovo." in log
    assert "Cosa aveva inserito:" in log
    assert '<details class="smazzata removed">' in log


def _accepted_from_phones():
    """Table 1 accepted at once from the two lines' agreeing phones; its link, the table and
    NS's draft version."""
    _, turno = players_turno()
    access = _access(turno)
    _save(access, "ns", "ns-phone")
    _save(access, "eo", "eo-phone")
    table = Table.objects.get(pk=access.table_id)
    assert table.entry_mode == "smazzate"
    return access, table, Submission.objects.get(table=table, source="ns").version


def test_a_phone_page_from_before_the_clear_saves_nothing(director):
    access, table, old = _accepted_from_phones()
    table_clear_result(table=table, user=director, version=table.version, reason="Errore")
    with pytest.raises(ValidationError) as refused:
        services.player_entry_save(
            access=access, line="ns", session="ns-phone", smazzate=three_smazzate(), version=old
        )
    assert refused.value.code == "stale"
    assert not any(
        e.entered for e in Submission.objects.filter(table=table, source__in=["ns", "eo"])
    )


def _one_smazzata(access, line: str, burraco: str = "semipulito", version: int = 0):
    """``line``'s phone saves one smazzata (the turno ended early): NS closes with 100 card
    points and two burraco of ``burraco``, EO has 50 and a pulito."""
    closer = LineEntry(cards=100, chiusura=True, **{burraco: 2})
    return services.player_entry_save(
        access=access,
        line=line,
        session=f"{line}-phone",
        smazzate=[SmazzataEntry(ns=closer, eo=LineEntry(cards=50, pulito=1), end="chiusura")],
        version=version,
        ended_early=True,
    )


def test_a_phone_entry_in_the_log_shows_every_box_it_entered(director_client, director):
    """A semipulito entered while the switch is off is kept as entered (and counted as
    sporco): the log of the phone's entry shows it, as it shows a director's result."""
    tournament, turno = players_turno(auto_accept=False)
    tournament.directors.add(director)
    tournament.rules = {**tournament.rules, "semipulito": False}
    tournament.save()
    access = _access(turno)
    _one_smazzata(access, "ns")
    log = director_client.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    start = log.index("Cosa ha inserito:")
    entry = log[start : log.index("</ul></td>", start)]
    # Folded per smazzata, the totals first; the boxes inside, the semipulito among them.
    assert '<details class="smazzata added"><summary>' in entry
    assert "burraco semipulito:</span> <ins>2</ins>" in entry
    # EO enters a sporco for that semipulito: the same score, but not what NS entered.
    _one_smazzata(access, "eo", "sporco")
    log = director_client.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Smazzata 1 · NS · burraco semipulito:</span> NS ha inserito 2, EO ha inserito 0" in log


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_a_phone_saving_while_the_director_clears_never_leaves_an_old_draft(director):
    access, table, ns_version = _accepted_from_phones()

    def work(i):
        if i == 0:
            return table_clear_result(
                table=table, user=director, version=table.version, reason="Errore"
            )
        return _one_smazzata(access, "ns", version=ns_version)

    cleared, saved = _at_once(2, work)
    assert not isinstance(cleared, Exception), cleared
    # The phone's save, from a page of before the clear, is refused whichever came first:
    # the table was accepted, or the line's entry was set aside meanwhile.
    assert isinstance(saved, ValidationError) and saved.code in ("accepted", "stale")
    table.refresh_from_db()
    assert not table.entry_mode
    lines = Submission.objects.filter(table=table, source__in=["ns", "eo"])
    assert not any(e.entered for e in lines)
