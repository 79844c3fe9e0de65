"""The room board's tiles, each drawn once for what it shows (``fragments.kept_piece``).

The board asks for its tiles every 3 seconds; at the end of a turno a table saves every two
seconds or so, and each save changes one tile of a hundred. Drawing the hundred from the
template took most of the answer's time (about 40 ms of CPU): a tile is drawn again only when
something it shows changed (``tile_shown``). The forms of a tile (freeing a line) carry the
request's CSRF token, put in for each answer.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from .fragments import kept_piece
from .live_pages import TOKEN_STAND_IN
from .models import Tournament, Turno
from .selectors.player_entries import Tile, room_board

TILE_TEMPLATE = "manage/_room_tile.html"


def tile_shown(tile: Tile, tournament: Tournament, turno: Turno) -> tuple:
    """Every value ``manage/_room_tile.html`` shows."""
    table = tile.table
    ns, eo = table.ns_line, table.eo_line
    return (
        tournament.slug,
        turno.number,
        table.number,
        str(table.label),
        table.room,
        table.room_number if table.room else None,
        str(ns.number),
        str(ns.players),
        str(eo.number),
        str(eo.players),
        tile.state,
        tile.state_label,
        [(p.line, p.message) for p in tile.problems],
        tile.photos,
        tile.holders,
    )


def tile_piece(tile: Tile, tournament: Tournament, turno: Turno) -> SafeString:
    """One tile's markup, its forms carrying ``TOKEN_STAND_IN`` for the request's CSRF token."""
    context = {"tile": tile, "tournament": tournament, "turno": turno}
    return kept_piece(
        "room-tile",
        tile_shown(tile, tournament, turno),
        lambda: render_to_string(TILE_TEMPLATE, {**context, "csrf_token": TOKEN_STAND_IN}),
    )


def tiles_html(request: HttpRequest, tiles: list[Tile], tournament: Tournament, turno: Turno):
    """Each tile's markup, in the tiles' order."""
    token = None
    shown = []
    for tile in tiles:
        html = tile_piece(tile, tournament, turno)
        if TOKEN_STAND_IN in html:
            token = token or get_token(request)
            html = SafeString(html.replace(TOKEN_STAND_IN, token))
        shown.append(html)
    return shown


def tiles_ready(turno: Turno) -> int:
    """Draw the tiles of ``turno``'s room board as they are now, for the director's first board
    in a server process (``room_warm_up``); return how many."""
    tiles = room_board(turno=turno)
    for tile in tiles:
        tile_piece(tile, turno.tournament, turno)
    return len(tiles)
