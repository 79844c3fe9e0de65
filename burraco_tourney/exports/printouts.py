"""The PDF printouts: scorecards, seating lists and table cards of a turno; the standings.

Each printout is an ``Exporter`` registered under the key its download URL uses. They read through
``exports.selectors`` and the tournament selectors, render a template of ``templates/pdf/`` in the
active language and return the PDF; they never write to the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from weasyprint.text.fonts import FontConfiguration

from burraco_tourney.tournaments.models import Table, Tournament, Turno
from burraco_tourney.tournaments.qr_codes import qr_data_uri
from burraco_tourney.tournaments.selectors.standings import standings_choice

from .pdf import Frame, html_to_pdf, render_frame, render_pdf, static_stylesheet
from .registry import Exporter, ExportFile, download_name, register
from .selectors import Scorecards, scorecards, standings_sheet

PDF = "application/pdf"

# Standings with more VP-per-turno columns than this are printed in landscape.
PORTRAIT_MAX_TURNI = 6


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string (for ``content:``), whatever quotes it holds."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{escaped}"'


def page_numbers_css() -> str:
    """The ``content:`` value of "page 1 of 3" in the active language, with live counters."""
    # Translators: the page number at the foot of printed lists.
    label = gettext("page %(page)s of %(pages)s")
    parts = []
    # re.split keeps the captured names at the odd positions: "page ", "page", " of ", "pages".
    for index, piece in enumerate(re.split(r"%\((pages?)\)s", label)):
        if index % 2:
            parts.append(f"counter({piece})")
        elif piece:
            parts.append(css_string(piece))
    return " ".join(parts)


class PdfPrintout(Exporter):
    """A printout rendered from one template of ``templates/pdf/``."""

    template_name: ClassVar[str]
    # The start of the file name: "score" gives "score-turno-2.pdf".
    file_stem: ClassVar[str]
    # Whether the downloads page offers "after turno N" for this printout.
    after_turno_choice: ClassVar[bool] = False

    def context(self, *, tournament: Tournament, turno: Turno | None, after_turno: int | None):
        raise NotImplementedError

    def filename(self, *, tournament: Tournament, turno: Turno | None, after_turno: int | None):
        if turno is not None:
            return download_name(tournament, self.file_stem, "turno", turno.number, ext="pdf")
        return download_name(tournament, self.file_stem, ext="pdf")

    def render(
        self, *, tournament: Tournament, turno: Turno | None = None, after_turno: int | None = None
    ) -> ExportFile:
        if self.scope == "turno" and turno is None:
            raise ValueError(f"the {self.key} printout is made for one turno")
        context: dict[str, Any] = {
            "tournament": tournament,
            "turno": turno,
            "draft": turno is not None and not turno.published,
            "printed_at": timezone.localtime(),
            "page_numbers": page_numbers_css(),
        }
        context.update(self.context(tournament=tournament, turno=turno, after_turno=after_turno))
        return ExportFile(
            filename=self.filename(tournament=tournament, turno=turno, after_turno=after_turno),
            content_type=PDF,
            content=self.pdf(context),
        )

    def template(self, tournament: Tournament) -> str:
        """The template the printout renders for ``tournament``."""
        return self.template_name

    def pdf(self, context: dict[str, Any]) -> bytes:
        return render_pdf(self.template(context["tournament"]), context)


@register
class StandingsPdf(PdfPrintout):
    key = "classifica"
    label = _("Standings (PDF)")
    description = _(
        "Everyone's rank, VP, scarto, MP, penalties and VP per turno after the turno you "
        "choose, with the rules in use and lines for the signatures."
    )
    scope = "tournament"
    public = True
    template_name = "pdf/standings.html"
    file_stem = "classifica"
    after_turno_choice = True

    def context(self, *, tournament, turno, after_turno):
        sheet = standings_sheet(tournament=tournament, after_turno=after_turno)
        # The kind's columns: pairs, or players (``fmt.standings.table``).
        table = tournament.fmt.standings.table(sheet.rows, sheet.turni, orderable=False)
        gironi = [
            (g.name, tournament.fmt.standings.table(g.rows, sheet.turni, orderable=False))
            for g in sheet.gironi
        ]
        return {
            "sheet": sheet,
            "table": table,
            "gironi": gironi,
            "landscape": len(sheet.turni) > PORTRAIT_MAX_TURNI,
        }

    def filename(self, *, tournament, turno, after_turno):
        choice = standings_choice(tournament=tournament)
        sheet_turno = choice.shown_turno(choice.default if after_turno is None else after_turno)
        if sheet_turno is None:
            return download_name(tournament, "classifica", ext="pdf")
        marks = choice.marks(sheet_turno)
        mark = "provvisoria" if marks["provisional"] else "finale" if marks["final"] else ""
        return download_name(tournament, "classifica-dopo-turno", sheet_turno, mark, ext="pdf")


@register
class PlayerStandingsPdf(StandingsPdf):
    """The same standings PDF, offered by the individual format under a key of its own."""

    key = "classifica-giocatori"
    label = _("Standings by player (PDF)")
    description = _(
        "Rank, players, VP, scarto, MP, penalties and VP per turno after the turno you choose, "
        "with the rules in use and lines for the signatures."
    )


# The size of a scorecard in mm (width, height): half an A4 sheet, all of it when the rows need
# it, or all of it turned sideways for a KO match to a target score (its running totals need the
# width). A millimetre short of the sheet, so that rounding and the dashed line to cut along
# never push a card onto the next page.
HALF_SHEET_MM = (210, 148)
WHOLE_SHEET_MM = (210, 296)
SIDEWAYS_SHEET_MM = (297, 209)
# Names longer than these (in characters) are printed smaller, so that both players of a pair
# still fit in the box for their names (pdf_scorecards.css): the longest name of the two picks
# the size.
NAMES_SIZES = ((44, "longest"), (38, "longer"), (28, "long"))


# A line's number longer than these (in characters) is printed smaller, so that it stays in its
# 21 mm box and never runs into the names beside it: an individual line is named by its two
# players' numbers ("10-12"), wider than a pair's number (pdf_scorecards.css).
NUMBER_SIZES = ((5, "longest"), (4, "longer"), (3, "long"))
# The same on a table card, whose 34 mm box holds two of its 54 pt digits (pdf.css).
CARD_NUMBER_SIZES = ((5, "longest"), (4, "longer"), (2, "long"))


def card_size(cards: Scorecards) -> tuple[int, int]:
    """The width and height of one card of ``cards`` in mm."""
    if cards.running_total:
        return SIDEWAYS_SHEET_MM
    return HALF_SHEET_MM if cards.per_page == 2 else WHOLE_SHEET_MM


def names_size(pair: Any) -> str:
    """The class that sizes a pair's names on a scorecard: "", "long", "longer" or "longest"."""
    longest = max(len(pair.player1), len(pair.player2))
    return next((size for limit, size in NAMES_SIZES if longest > limit), "")


def number_size(line: Any, sizes: tuple[tuple[int, str], ...] = NUMBER_SIZES) -> str:
    """The class that sizes a line's number on a scorecard (or, with ``CARD_NUMBER_SIZES``, a
    table card): "", "long", "longer" or "longest"."""
    length = len(str(line.number))
    return next((size for limit, size in sizes if length > limit), "")


@dataclass(frozen=True)
class CardView:
    """What one scorecard prints over the frame that every card of the turno shares."""

    table: Table
    ns_size: str
    eo_size: str
    # KO: the match's name ("Final", "Third-place match"), which may differ from card to card.
    match_name: str = ""
    # The players' link of the table as an SVG data URI (empty: none printed).
    qr: str = ""
    # The size classes of the two lines' numbers (``number_size``).
    ns_number_size: str = ""
    eo_number_size: str = ""


# The slots of the scorecard frame, in the order pdf/scorecards.html prints them; a KO card also
# prints its match's name after the table number.
CARD_SLOTS = ("table", "ns-number", "ns-names", "eo-number", "eo-names")
KO_CARD_SLOTS = ("table", "match", "ns-number", "ns-names", "eo-number", "eo-names")


def slots_css(frame: Frame, slots: tuple[str, ...] = CARD_SLOTS) -> str:
    """CSS rules placing the cards' own text over the frame's slots: ``.s-table``, ...

    The frame comes first on a card, then each slot's text as a block in the normal flow, moved
    to its place with margins (negative when it goes back up): no positioned box to lay out.
    """
    rules = [f".frame {{ width: {frame.width:.3f}px; height: {frame.height:.3f}px; }}"]
    bottom = frame.height
    for name in slots:
        slot = frame.slots[f"slot-{name}"]
        rules.append(
            f".s-{name} {{ margin: {slot.top - bottom:.3f}px 0 0 {slot.left:.3f}px; "
            f"width: {slot.width:.3f}px; height: {slot.height:.3f}px; }}"
        )
        bottom = slot.top + slot.height
    # The next card's frame starts where this card ends.
    rules.append(f".cut {{ margin-top: {frame.height - bottom:.3f}px; }}")
    return "\n".join(rules)


@register
class ScorecardsPdf(PdfPrintout):
    key = "score"
    label = _("Scorecards (PDF)")
    description = _(
        "One scorecard per table, filled in with the pairs, with the VP table in use; "
        "two to an A4 sheet. For the directors only."
    )
    scope = "turno"
    public = False
    template_name = "pdf/scorecards.html"
    frame_template_name = "pdf/scorecard_frame.html"
    # The stylesheet of both documents, parsed once (the templates do not link it).
    stylesheet = "css/pdf_scorecards.css"
    file_stem = "score"

    def context(self, *, tournament, turno, after_turno):
        cards = scorecards(tournament=tournament, turno=turno)
        width, height = card_size(cards)
        # Without a name (a KO drawn by other rules) a match is named by its turno, as before.
        fallback = gettext("Turno %(number)s") % {"number": turno.number}
        codes = {t.pk: qr_data_uri(url) for t, url in self._links(cards.tables)}
        return {
            "with_qr": bool(codes),
            "cards": cards,
            "card_width": width,
            "card_height": height,
            "sheets": [
                [
                    CardView(
                        t,
                        names_size(t.ns_line),
                        names_size(t.eo_line),
                        cards.match_names.get(t.number, fallback) if cards.ko else "",
                        codes.get(t.pk, ""),
                        number_size(t.ns_line),
                        number_size(t.eo_line),
                    )
                    for t in sheet
                ]
                for sheet in cards.pages
            ],
        }

    def _links(self, tables) -> list[tuple[Table, str]]:
        return [(t, self.table_links[t.pk]) for t in tables if t.pk in self.table_links]

    def pdf(self, context: dict[str, Any]) -> bytes:
        # What every card shares (grid, labels, tournament, VP table) is laid out once as a
        # frame; the cards print only their table, pair numbers and names over it. A hundred
        # tables then cost little more than a hundred lines of names.
        font_config = FontConfiguration()
        css = [static_stylesheet(self.stylesheet, font_config=font_config)]
        frame = render_frame(
            "scorecard", self.frame_template_name, context, font_config=font_config, stylesheets=css
        )
        slots = KO_CARD_SLOTS if context["cards"].ko else CARD_SLOTS
        if context["with_qr"]:
            slots = (*slots, "qr")
        context["slots_css"] = slots_css(frame, slots)
        context["frame"] = frame
        html = render_to_string(self.template_name, context)
        content = html_to_pdf(html, font_config=font_config, stylesheets=css, frames=[frame])
        cards = len(context["cards"].tables)
        if frame.draws != cards:
            # A card without its grid would be worse than no card: fail loudly.
            raise RuntimeError(f"the scorecard frame was drawn {frame.draws} times, not {cards}")
        return content


class SeatingPrintout(PdfPrintout):
    """A printout of a turno's seating in one ``layout`` ("tables", "players"): the kind hands
    out what it reads and the template of each layout (``fmt.entrants.seating_print``)."""

    scope = "turno"
    layout: ClassVar[str]

    def context(self, *, tournament, turno, after_turno):
        return tournament.fmt.entrants.seating_print(turno)

    def template(self, tournament: Tournament) -> str:
        return tournament.fmt.entrants.seating_templates[self.layout]


@register
class SeatingByTablePdf(SeatingPrintout):
    key = "posti-per-tavolo"
    label = _("Seating by table (PDF)")
    description = _("Every table with its NS and EO pairs, and the pairs resting.")
    layout = "tables"
    file_stem = "posti-per-tavolo"


@register
class SeatingByPlayerPdf(SeatingPrintout):
    key = "posti-alfabetico"
    label = _("Where do I sit, by player (PDF)")
    description = _("Every player in alphabetical order with their table, line and pair.")
    layout = "players"
    file_stem = "posti-alfabetico"


@register
class TableCardsPdf(PdfPrintout):
    key = "cartelli-tavoli"
    label = _("Table cards (PDF)")
    description = _("One A4 sheet per table with a big table number and who sits there.")
    scope = "turno"
    template_name = "pdf/table_cards.html"
    file_stem = "cartelli-tavoli"

    def context(self, *, tournament, turno, after_turno):
        codes = {table: qr_data_uri(url) for table, url in self.table_links.items()}
        # Each card: the table, its QR code, its two lines' number sizes (``number_size``), the
        # two lines and the match a team table belongs to (the kind's ``table_cards``).
        cards = []
        for t, ns, eo, match in tournament.fmt.entrants.table_cards(turno):
            sizes = [number_size(line, CARD_NUMBER_SIZES) for line in (ns, eo)]
            cards.append((t, codes.get(t.pk, ""), *sizes, ns, eo, match))
        return {"cards": cards}


# The same two printouts of an individual tournament, under the keys and words they have always
# had (its format offers these keys and hands out its players' seating and templates).
@register
class PlayerSeatingByTablePdf(SeatingByTablePdf):
    key = "posti-tavoli-giocatori"
    description = _("Every table with the two players of each line, and the players resting.")


@register
class PlayerSeatingByNamePdf(SeatingByPlayerPdf):
    key = "posti-giocatori"
    description = _("Every player in alphabetical order with the table, the line and the partner.")
