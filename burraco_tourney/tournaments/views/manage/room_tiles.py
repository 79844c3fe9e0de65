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

from ...fragments import kept_piece
from ...live_pages import TOKEN_STAND_IN
from ...models import Tournament, Turno
from ...selectors.player_entries import Tile

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


def tiles_html(request: HttpRequest, tiles: list[Tile], tournament: Tournament, turno: Turno):
    """Each tile's markup, in the tiles' order."""
    token = None
    shown = []
    for tile in tiles:
        context = {"tile": tile, "tournament": tournament, "turno": turno}
        html = kept_piece(
            "room-tile",
            tile_shown(tile, tournament, turno),
            lambda c=context: render_to_string(TILE_TEMPLATE, {**c, "csrf_token": TOKEN_STAND_IN}),
        )
        if TOKEN_STAND_IN in html:
            token = token or get_token(request)
            html = SafeString(html.replace(TOKEN_STAND_IN, token))
        shown.append(html)
    return shown
