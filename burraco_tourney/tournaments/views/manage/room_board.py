"""Director pages: the room board of a turno and one table's player entries.

The board shows every table as a tile coloured by its state (``selectors.player_entries``:
not started, being entered, waiting for the other line, disputed, confirmed, accepted); the
tiles refresh themselves (htmx polling a fragment). A tile opens the table: both lines'
entries box by box, their differences, their photos, the QR code, and the buttons to accept a
line's entry (``services.player_entries.player_table_accept``) or correct the scorecard on the
director's own page (his entry wins, with a reason). Each tile and table page says which phone
holds which line and lets the director free a line (``player_line_free``), for a lost phone
or a line chosen by mistake. Photos are served only here, to the tournament's directors.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from burraco_tourney.core.rule_messages import LINE_LABELS

from ...access import director_view
from ...live_pages import etag_response
from ...models import Tournament
from ...qr_codes import phones_base, phones_cannot_reach, qr_svg, qr_svg_file, table_link
from ...results_bridge import stored_entry, tournament_ruleset
from ...room_tiles import tiles_html
from ...selectors import player_entries as selectors
from ...selectors import scores as score_selectors
from ...selectors.clock import turno_clock
from ...services import player_entries as services
from .refusals import posted_reason
from .scores import turno_or_refusal

# How often the director's room board asks for its tiles again (htmx, manage/room_board.html).
POLL_SECONDS = 3


def _tiles_context(request: HttpRequest, tournament: Tournament, turno) -> dict:
    tiles = selectors.room_board(turno=turno)
    return {
        "tournament": tournament,
        "turno": turno,
        "tiles": tiles,
        "tile_html": tiles_html(request, tiles, tournament, turno),
        "counts": selectors.state_counts(tiles),
        # The turno clock, in the polled fragment: a time started after the board was opened
        # shows up with the next refresh.
        "clock": turno_clock(turno=turno, tournament=tournament),
    }


@director_view
def room_board(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    """Every table of the turno as a tile coloured by its state, refreshing itself."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    links = services.turno_links_ensure(turno=turno_obj)
    # Read before the tiles: a save in between shows at the next refresh.
    etag = selectors.room_board_etag(tournament=tournament, turno=turno_obj)
    context = _tiles_context(request, tournament, turno_obj)
    context.update(
        section="turni",
        poll_seconds=POLL_SECONDS,
        etag=etag,
        phones_base=phones_base(request),
        phones_cannot_reach=phones_cannot_reach(request),
        # Each table's QR code is an image the browser asks for when the list is opened
        # (``room_qr``): drawing a hundred codes took about 0.7 s of CPU at every first opening
        # of the board in a server process.
        tables=[tile.table for tile in context["tiles"] if tile.table.pk in links],
    )
    return render(request, "manage/room_board.html", context)


@director_view
def room_qr(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """The QR code of a table's live link (SVG), for the board's list of codes."""
    turno_obj = score_selectors.scoring_turno(tournament=tournament, number=turno)
    table_obj = score_selectors.scoring_table(turno=turno_obj, number=table)
    access = selectors.turno_accesses(turno=turno_obj).get(table_obj.pk)
    if access is None:
        raise Http404
    label = _("QR code of table %(table)s") % {"table": table_obj.label}
    svg = qr_svg_file(table_link(request, access.token), label=label)
    # Never kept by the browser, as every director's page (core.middleware): it holds the link.
    return HttpResponse(svg, content_type="image/svg+xml")


@director_view
def room_board_tiles(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    """The tiles alone, polled by the board: ``304`` while they are as the board has them
    (their ETag, ``room_board_etag``), without building them."""
    turno_obj = score_selectors.scoring_turno(tournament=tournament, number=turno)
    if not turno_obj.published:
        raise Http404
    return etag_response(
        request,
        selectors.room_board_etag(tournament=tournament, turno=turno_obj),
        lambda: render(
            request, "manage/room_board_tiles.html", _tiles_context(request, tournament, turno_obj)
        ),
    )


def _line_rows(entry, kinds) -> list[dict]:
    """A line's draft as rows of the read-only scorecard: per smazzata, per line."""
    if entry is None or not entry.entered:
        return []
    rows = []
    for n, s in enumerate(entry.smazzate, start=1):
        for line in ("ns", "eo"):
            values = s[line]
            rows.append(
                {
                    "smazzata": n,
                    "line": LINE_LABELS[line],
                    "counts": [values.get(kind, 0) for kind in kinds],
                    "chiusura": values["chiusura"],
                    "pozzetto": values["pozzetto"],
                    "cards": values["cards"],
                    "end": s["end"] if line == "eo" else "",
                }
            )
    return rows


@director_view
def room_table(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """One table: both lines' entries, their differences, photos, accept or correct."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    table_obj = score_selectors.scoring_table(turno=turno_obj, number=table)
    entries = selectors.table_entries(table=table_obj)
    state = selectors.table_state(table_obj, entries)
    kinds = tournament_ruleset(tournament).entry_kinds
    differences = []
    if state == selectors.TableState.DISPUTED:
        differences = selectors.entry_differences(
            entries["ns"].smazzate, entries["eo"].smazzate, kinds
        )
    links = services.turno_links_ensure(turno=turno_obj)
    link = table_link(request, links[table_obj.pk].token) if table_obj.pk in links else ""
    label = _("QR code of table %(table)s") % {"table": table_obj.label}
    # What the table holds: a line's entry is the table's result when it holds the same.
    result = stored_entry(table_obj)
    lines = [
        {
            "line": line,
            "label": LINE_LABELS[line],
            "is_result": result is not None
            and line in entries
            and entries[line].entered
            and entries[line].entry == result,
            # Who sits in the line: a pair, or an individual table's two players.
            "who": getattr(table_obj, f"{line}_line"),
            "entry": entries.get(line),
            "photo_missing": _photo_missing(entries.get(line)),
            "rows": _line_rows(entries.get(line), kinds),
            "outcome": selectors.entry_outcome(table=table_obj, entry=entries.get(line)),
        }
        for line in ("ns", "eo")
    ]
    return render(
        request,
        "manage/room_table.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno_obj,
            "table": table_obj,
            "state": state,
            "state_label": selectors.STATE_LABELS[state],
            "differences": differences,
            "lines": lines,
            "holders": selectors.line_holders(entries),
            "kinds": kinds,
            "qr": qr_svg(link, label=label) if link else "",
            "link": link,
            "problems": selectors.open_problems(table=table_obj),
        },
    )


def _posted_line(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """The table a room board form was sent for and the line it names ("" when none), or the
    refusal of a turno that cannot be scored."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return None, "", refusal
    table_obj = score_selectors.scoring_table(turno=turno_obj, number=table)
    return table_obj, request.POST.get("line", ""), None


@require_POST
@director_view
def room_accept(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """Accept one line's entry as the table's result (a reason when the lines disagree)."""
    table_obj, line, refusal = _posted_line(request, tournament, turno, table)
    if refusal:
        return refusal
    version, entry_version = (_posted_int(request, name) for name in ("version", "entry_version"))
    reason = posted_reason(request, 200)
    if line not in services.OTHER:
        messages.error(request, _("Choose the line whose entry you accept."))
    elif reason is not None:
        try:
            services.player_table_accept(
                table=table_obj,
                user=request.user,
                line=line,
                version=version,
                entry_version=entry_version,
                reason=reason,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect("manage:room_table", tournament.slug, turno, table)
        except services.ScorecardInvalid as error:
            messages.error(request, str(error))
            return redirect("manage:room_table", tournament.slug, turno, table)
        messages.success(request, _("Table %(table)s accepted.") % {"table": table_obj.label})
    return redirect("manage:room_board", tournament.slug, turno)


def _posted_int(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return -1


@require_POST
@director_view
def room_free(request: HttpRequest, tournament: Tournament, turno: int, table: int):
    """Free a line of a table: the phone holding it no longer may enter; the next one may."""
    table_obj, line, refusal = _posted_line(request, tournament, turno, table)
    if refusal:
        return refusal
    if line not in services.OTHER:
        messages.error(request, _("Choose the line to free."))
    elif services.player_line_free(table=table_obj, user=request.user, line=line) is None:
        messages.info(request, _("No phone holds this line."))
    else:
        messages.success(
            request,
            _("Table %(table)s: line %(line)s is free, another phone can choose it.")
            % {"table": table_obj.label, "line": LINE_LABELS[line]},
        )
    if request.POST.get("back") == "table":
        return redirect("manage:room_table", tournament.slug, turno, table)
    return redirect("manage:room_board", tournament.slug, turno)


@require_POST
@director_view
def room_close(request: HttpRequest, tournament: Tournament, turno: int):
    """Close the turno to the players' phones, or open it again."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    closed = request.POST.get("closed") == "1"
    services.turno_players_close(turno=turno_obj, user=request.user, closed=closed)
    if closed:
        messages.success(request, _("The players' links of this turno now say “turno closed”."))
    else:
        messages.success(request, _("The players can enter this turno's tables again."))
    return redirect("manage:room_board", tournament.slug, turno)


@director_view
def room_photo(request: HttpRequest, tournament: Tournament, turno: int, table: int, line: str):
    """A line's photo of its scorecard, for the directors only."""
    turno_obj = score_selectors.scoring_turno(tournament=tournament, number=turno)
    table_obj = score_selectors.scoring_table(turno=turno_obj, number=table)
    entry = selectors.table_entries(table=table_obj).get(line)
    if entry is None or not entry.photo:
        messages.info(request, _("No photo of this scorecard."))
        return redirect("manage:room_table", tournament.slug, turno, table)
    try:
        handle = entry.photo.open("rb")
    except FileNotFoundError:
        # The file is gone (a backup restored without its photos): a picture that says so.
        response = HttpResponse(_missing_photo_svg(), content_type="image/svg+xml", status=404)
    else:
        response = FileResponse(handle, content_type="image/jpeg")
    response["Cache-Control"] = "private, no-store"
    return response


def _missing_photo_svg() -> str:
    text = escape(_("Photo missing: the file is no longer on this computer."))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">'
        '<rect width="480" height="120" fill="#f3f3f3" stroke="#999"/>'
        '<text x="240" y="65" font-family="sans-serif" font-size="15" text-anchor="middle" '
        f'fill="#333">{text}</text></svg>'
    )


def _photo_missing(entry) -> bool:
    return bool(
        entry is not None and entry.photo and not entry.photo.storage.exists(entry.photo.name)
    )


_TURNO = "t/<slug:slug>/gestione/turni/<int:turno>/sala/"

urlpatterns = [
    path(_TURNO, room_board, name="room_board"),
    path(_TURNO + "tessere/", room_board_tiles, name="room_board_tiles"),
    path(_TURNO + "chiudi/", room_close, name="room_close"),
    path(_TURNO + "tavoli/<int:table>/", room_table, name="room_table"),
    path(_TURNO + "tavoli/<int:table>/accetta/", room_accept, name="room_accept"),
    path(_TURNO + "tavoli/<int:table>/libera/", room_free, name="room_free"),
    path(_TURNO + "tavoli/<int:table>/foto/<str:line>/", room_photo, name="room_photo"),
    path(_TURNO + "tavoli/<int:table>/qr/", room_qr, name="room_qr"),
]
