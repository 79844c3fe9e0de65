"""The tables of ``benchmarks.room_load``: each line's phone enters or confirms its scorecard
through the real table-side pages (``/tavolo/<token>/``), as the players do at the end of a
turno, and the director watches the room board.

At each table in turn: NS's phone opens the table's link, says it is NS, opens the form and
saves the three smazzate (with the id the page's script makes for a save, ``client_id``); it
follows the table's state (``stato/``, every 4 seconds as the page does) until EO's phone, a
little later, opens the link, says it is EO and confirms: the table is accepted at once (the
tournament's ``players_auto_accept``). ``--save-every`` seconds between two saves in all (2:
every table of a 100-table room saving and confirming within 7 minutes). The director opens the
room board and its tiles refresh themselves (``If-None-Match``: ``304`` while they are unchanged).
"""

from __future__ import annotations

import asyncio
import html
import re
import time
import uuid

from benchmarks.room_clients import CSRF, SLUG, VERSION, Record, session
from benchmarks.scorecard_save import scorecard

STATUS_SECONDS = 4


async def _line(record: Record, base: str, token: str, line: str, *, until: float) -> bool:
    """One line's phone at its table: open, choose the line, save; True when saved."""
    url = f"/tavolo/{token}/"
    async with session(base, 2) as phone:
        page = await record.get(phone, "table: page", url)
        if page is None:
            return False
        data = {"line": line, "csrfmiddlewaretoken": CSRF.search(page.text).group(1)}
        if not await record.request(
            phone, "table: line", "POST", url + "linea/", (302,), data=data
        ):
            return False
        page = await record.get(phone, "table: page", url)
        if page is None or not VERSION.search(page.text):
            record.errors["table: save"].append(f"no form at {url}")
            return False
        card = scorecard(0)
        card.update(
            csrfmiddlewaretoken=CSRF.search(page.text).group(1),
            version=VERSION.search(page.text).group(1),
            client_id=uuid.uuid4().hex,
        )
        saved = await record.request(phone, "table: save", "POST", url, (302,), data=card)
        if saved is None:
            return False
        await record.get(phone, "table: page", url)  # where the save leads
        if line == "ns":  # NS follows the table's state while EO confirms
            for _ in range(2):
                await asyncio.sleep(STATUS_SECONDS)
                if time.monotonic() >= until:
                    break
                await record.get(phone, "table: state", url + "stato/")
    return True


async def tables(
    record: Record, base: str, tokens: list[str], *, every: float, until: float
) -> int:
    """Every table's two lines, one save every ``every`` seconds in all; how many saved."""
    steps = [(token, line) for token in tokens for line in ("ns", "eo")]
    running = []
    for token, line in steps:
        if time.monotonic() >= until:
            break
        running.append(asyncio.ensure_future(_line(record, base, token, line, until=until)))
        await asyncio.sleep(max(0.0, min(every, until - time.monotonic())))
    return sum(done is True for done in await asyncio.gather(*running))


async def director(record: Record, base: str, name: str, password: str, turno: int, *, until):
    """The director, logged in, with the room board open: the whole board once, then its tiles
    every 3 seconds, as the board's page asks for them (``hx-trigger="every 3s"``)."""
    async with session(base, 2) as client:
        page = await record.get(client, "director: login", "/accesso/")
        if page is None:
            return 0
        login = {
            "username": name,
            "password": password,
            "csrfmiddlewaretoken": CSRF.search(page.text).group(1),
        }
        if not await record.request(
            client, "director: login", "POST", "/accesso/", (302,), data=login
        ):
            return 0
        board = f"/t/{SLUG}/gestione/turni/{turno}/sala/"
        page = await record.get(client, "director: room board", board)
        # The tiles the board holds: its script asks whether they changed (js/live.js).
        found = ETAG.search(page.text) if page is not None else None
        etag = html.unescape(found.group(1)) if found else ""
        while time.monotonic() < until:
            await asyncio.sleep(BOARD_SECONDS)
            headers = {"If-None-Match": etag} if etag else {}
            tiles = await record.get(
                client, "director: board tiles", board + "tessere/", (200, 304), headers=headers
            )
            if tiles is not None and tiles.status == 200:
                etag = tiles.headers.get("ETag", "")
    return 0


ETAG = re.compile(r'id="room-board"[^>]* data-etag="([^"]*)"')


BOARD_SECONDS = 3
