"""django-tables2 tables of the tournament pages; the same classes feed the spreadsheets.

``StandingsTable`` is the one definition of the classifica's columns (headers, accessors, order,
which are sortable), for the page, the PDF and the workbook. It is a ``FastTable``: at 500 pairs
django-tables2's per-cell rendering misses the page's time goal by far, so its body and its
export go through ``table_fast_path`` (the figures are in that module's docstring).
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import Entrant
from .table_fast_path import FastTable


class PairTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num strong"}})
    player1 = tables.Column(verbose_name=_("First player"))
    player2 = tables.Column(verbose_name=_("Second player"))
    club = tables.Column(verbose_name=_("Club"))

    class Meta:
        model = Entrant
        fields = ("number", "player1", "player2", "club")
        orderable = True
        empty_text = _("No pairs registered yet.")


def _cells(th: str, td: str | None = None) -> dict[str, dict[str, str]]:
    """A column's classes: ``th`` on its header cell, ``td`` (the same by default) on the rest."""
    return {"th": {"class": th}, "td": {"class": td or th}}


class StandingsTable(FastTable):
    """The classifica. Rows are Standing objects from the standings selector.

    The classes tell the page's stylesheet how each column behaves on a narrow screen:
    ``col-rank`` and ``col-pair`` stay in place when the table scrolls sideways, ``wide-only``
    columns are left out on a phone (rank, pair, players, VP and scarto fit its width).

    Each turno's column is the VP the pair earned at its table or for its riposo, before
    penalties; the penalties have a column of their own, so the turni and the penalties add up
    to the VP total. A turno the pair has no result in shows "—" (not played yet).

    The last column, "Note", says when a pair withdrew or joined late (and how the turni it
    missed were scored: those turni's columns hold that value); it is there only when some pair
    has a note.
    """

    rank = tables.Column(
        verbose_name=_("Rank"), attrs=_cells("num col-rank", "num strong col-rank")
    )
    pair_number = tables.Column(
        verbose_name=pgettext_lazy("pair number column", "Pair"),
        accessor="pair__number",
        attrs=_cells("num col-pair"),
    )
    players = tables.Column(
        verbose_name=_("Players"),
        accessor="pair__players",
        orderable=False,
        attrs=_cells("col-players"),
    )
    club = tables.Column(verbose_name=_("Club"), accessor="pair__club", attrs=_cells("wide-only"))
    vp = tables.Column(
        verbose_name=pgettext_lazy("victory points", "VP"), attrs=_cells("num", "num strong")
    )
    scarto = tables.Column(verbose_name=_("Scarto"), attrs=_cells("num"))
    mp = tables.Column(
        verbose_name=pgettext_lazy("match points", "MP"), attrs=_cells("num wide-only")
    )
    # One cell on the page ("-1 VP, -100 MP"); the spreadsheet gets the two numbers below instead.
    penalties = tables.Column(
        verbose_name=_("Penalties"),
        accessor="penalty_vp",
        attrs=_cells("num wide-only"),
        exclude_from_export=True,
    )
    # Hidden on the page, exported (as_values) as real numbers.
    penalty_vp = tables.Column(verbose_name=_("Penalties: VP"), visible=False)
    penalty_mp = tables.Column(verbose_name=_("Penalties: MP"), visible=False)

    class Meta:
        orderable = True
        empty_text = _("No results yet.")
        attrs = {"class": "standings"}
        # django-tables2's own template with the body written by FastTable.body_html.
        template_name = "components/standings_table.html"
        # An empty cell: no club, or a turno not played yet (the spreadsheet leaves it empty).
        default = "—"

    # Whether the "Note" column is added when some row has a note.
    notes = True

    def __init__(self, data, *, turni: list[int], **kwargs):
        # The note goes last, after the turni's columns.
        note = tables.Column(
            verbose_name=_("Note"),
            orderable=False,
            default="",
            attrs=_cells("col-note wide-only"),
        )
        extra = [
            (
                f"vp_turno_{n}",
                tables.Column(
                    verbose_name=pgettext_lazy("VP of turno N column", "T%(number)s")
                    % {"number": n},
                    accessor=f"earned_vp_by_turno__{n}",
                    attrs=_cells("num wide-only", "num muted wide-only"),
                ),
            )
            for n in turni
        ]
        data = list(data)
        if any(getattr(row, "girone", "") for row in data):
            # Played in gironi: each entrant's girone, before the turni's columns.
            girone = tables.Column(verbose_name=_("Girone"), orderable=False, attrs=_cells("num"))
            extra.insert(0, ("girone", girone))
        if self.notes and any(getattr(row, "note", "") for row in data):
            extra.append(("note", note))
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_penalties(self, record):
        parts = []
        if record.penalty_vp:
            parts.append(f"{record.penalty_vp} {pgettext_lazy('victory points', 'VP')}")
        if record.penalty_mp:
            parts.append(f"{record.penalty_mp} {pgettext_lazy('match points', 'MP')}")
        return ", ".join(parts) or "—"


class PublicStandingsTable(StandingsTable):
    """The classifica on the public page: each pair's players link to the pair's own page."""

    class Meta(StandingsTable.Meta):
        pass

    def __init__(self, data, *, slug: str, **kwargs):
        super().__init__(data, **kwargs)
        # One reverse for the whole table ("/t/slug/coppia/0/" less its number): a 500-pair page
        # would otherwise do 500.
        self._pair_prefix = reverse("tournaments:pair", args=[slug, 0])[:-2]

    def render_players(self, value, record):
        return format_html('<a href="{}{}/">{}</a>', self._pair_prefix, record.pair.number, value)


class PlayerStandingsTable(StandingsTable):
    """The classifica by player (an individual tournament's kind gives these columns): each
    player's number and name in one cell ("7. Anna Rossi"), the penalties as "VP / MP", no
    notes; the spreadsheet gets the number and the name in columns of their own."""

    pair_number = None
    number = tables.Column(verbose_name=_("Number"), accessor="entrant__number", visible=False)
    players = tables.Column(
        verbose_name=_("Player"), accessor="entrant__name", attrs=_cells("col-players")
    )
    # No club: an empty cell, as the players' lists leave it.
    club = tables.Column(
        verbose_name=_("Club"), accessor="entrant__club", default="", attrs=_cells("wide-only")
    )
    penalty_vp = tables.Column(verbose_name=_("Penalty VP"), visible=False)
    penalty_mp = tables.Column(verbose_name=_("Penalty MP"), visible=False)
    notes = False

    class Meta(StandingsTable.Meta):
        orderable = False
        attrs = {"class": "standings individual-standings"}
        sequence = ("rank", "number", "players", "club", "vp", "scarto", "mp", "penalties", "...")

    def render_players(self, value, record):
        return f"{record.entrant.number}. {value}"

    def value_players(self, value, record):
        return value

    def render_penalties(self, record):
        if record.penalty_vp or record.penalty_mp:
            return f"{record.penalty_vp} / {record.penalty_mp}"
        return ""


class PublicPlayerStandingsTable(PlayerStandingsTable):
    """The classifica by player on the public page: the number marked as the pairs' is."""

    class Meta(PlayerStandingsTable.Meta):
        pass

    def __init__(self, data, *, slug: str, **kwargs):
        super().__init__(data, **kwargs)

    def render_players(self, value, record):
        return format_html('<span class="pairno">{}</span> {}', record.entrant.number, value)


def _team_number() -> tables.Column:
    return tables.Column(
        verbose_name=_("No."), accessor="pair__number", attrs=_cells("num col-pair")
    )


def _team_name() -> tables.Column:
    return tables.Column(
        verbose_name=_("Team"),
        accessor="pair__players",
        orderable=False,
        attrs=_cells("col-players"),
    )


class TeamStandingsTable(StandingsTable):
    """A team tournament's classifica: the team's number and its name head their columns."""

    pair_number = _team_number()
    players = _team_name()

    class Meta(StandingsTable.Meta):
        pass


class PublicTeamStandingsTable(PublicStandingsTable):
    """The same on the public page, each team linking to its own page."""

    pair_number = _team_number()
    players = _team_name()

    class Meta(PublicStandingsTable.Meta):
        pass
