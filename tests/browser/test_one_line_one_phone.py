"""One line, one phone (issue 19): two phones open the same table's link in their own browsers;
the second cannot take the line the first holds; the director sees on the room board which
phone holds it and frees it; then the second phone takes it and the first is told."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import AuditEntry, Submission
from tests.browser.test_players_at_the_table import (  # noqa: F401 (fixtures)
    director_page,
    join,
    open_board,
    phones,
    room,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("quick_room_polling"),
]


def test_a_second_phone_takes_a_line_only_once_the_director_frees_it(request, live_server):
    # Two phones (each its own browser context) and the director's page, as in the players' test.
    first, second = request.getfixturevalue("phones")
    board = request.getfixturevalue("director_page")
    tournament, turno, table, token = room()
    tile = open_board(board, tournament)

    join(first, token, "ns")
    expect(first.locator(".you-are")).to_contain_text("linea NS")
    holder = Submission.objects.get(table=table, source="ns").holder

    # The second phone finds NS taken: its button is off, EO is still free.
    second.goto(f"{second.base_url}/tavolo/{token}/")
    expect(second.locator('button[name=line][value="ns"]')).to_be_disabled()
    expect(second.locator("#held-ns")).to_have_text("La linea NS è tenuta da un altro telefono.")
    expect(second.locator('button[name=line][value="eo"]')).to_be_enabled()

    # The board says which phone holds NS; the director frees it.
    expect(tile.locator('.holder[data-line="ns"]')).to_contain_text(f"NS: telefono {holder}")
    tile.get_by_role("button", name="Libera la linea NS del tavolo 1").click()
    expect(board.locator(".messages")).to_contain_text("la linea NS è libera")
    expect(board.locator('.tile[data-table="1"] .holder[data-line="ns"]')).to_have_count(0)
    assert AuditEntry.objects.filter(action="player_line_free", after__phone=holder).exists()

    # Now the second phone takes NS; the first is told it no longer holds it.
    join(second, token, "ns")
    expect(second.locator(".you-are")).to_contain_text("linea NS")
    first.reload()
    expect(first.locator(".lost-line")).to_contain_text("non tiene più la linea NS")
    expect(first.locator('button[name=line][value="ns"]')).to_be_disabled()
    assert Submission.objects.get(table=table, source="ns").holder not in ("", holder)
