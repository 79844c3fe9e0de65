"""django-tables2 tables of the tournament pages; the same classes feed the spreadsheets."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import Pair


class PairTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num strong"}})
    player1 = tables.Column(verbose_name=_("First player"))
    player2 = tables.Column(verbose_name=_("Second player"))
    club = tables.Column(verbose_name=_("Club"))

    class Meta:
        model = Pair
        fields = ("number", "player1", "player2", "club")
        orderable = True
        empty_text = _("No pairs registered yet.")


class StandingsTable(tables.Table):
    """The classifica. Rows are Standing objects from the standings selector."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num strong"}})
    pair_number = tables.Column(
        verbose_name=pgettext_lazy("pair number column", "Pair"),
        accessor="pair__number",
        attrs={"td": {"class": "num"}},
    )
    players = tables.Column(verbose_name=_("Players"), accessor="pair__players", orderable=False)
    club = tables.Column(verbose_name=_("Club"), accessor="pair__club")
    vp = tables.Column(
        verbose_name=pgettext_lazy("victory points", "VP"), attrs={"td": {"class": "num strong"}}
    )
    scarto = tables.Column(verbose_name=_("Scarto"), attrs={"td": {"class": "num"}})
    mp = tables.Column(
        verbose_name=pgettext_lazy("match points", "MP"), attrs={"td": {"class": "num"}}
    )
    # One cell on the page ("-1 VP, -100 MP"); the spreadsheet gets the two numbers below instead.
    penalties = tables.Column(
        verbose_name=_("Penalties"),
        accessor="penalty_vp",
        attrs={"td": {"class": "num"}},
        exclude_from_export=True,
    )
    # Hidden on the page, exported (as_values) as real numbers.
    penalty_vp = tables.Column(verbose_name=_("Penalties: VP"), visible=False)
    penalty_mp = tables.Column(verbose_name=_("Penalties: MP"), visible=False)

    class Meta:
        orderable = True
        empty_text = _("No results yet.")
        attrs = {"class": "standings"}

    def __init__(self, data, *, turni: list[int], **kwargs):
        extra = [
            (
                f"vp_turno_{n}",
                tables.Column(
                    verbose_name=pgettext_lazy("VP of turno N column", "T%(number)s")
                    % {"number": n},
                    accessor=f"vp_by_turno__{n}",
                    default=0,
                    attrs={"td": {"class": "num muted"}},
                ),
            )
            for n in turni
        ]
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_penalties(self, record):
        parts = []
        if record.penalty_vp:
            parts.append(f"{record.penalty_vp} {pgettext_lazy('victory points', 'VP')}")
        if record.penalty_mp:
            parts.append(f"{record.penalty_mp} {pgettext_lazy('match points', 'MP')}")
        return ", ".join(parts) or "—"
