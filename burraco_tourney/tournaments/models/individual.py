"""An individual tournament's own data: who sits in each line of a table.

Design (RULES.md section 10, ARCHIVE.md "Kind individual"): in an individual tournament players
register singly and change partner every turno. A *table* is still a ``Table`` — one row per
tavolo with its entry mode, MP, VP and version — because the results bridge and the score
services never need to know who sits: a table's entry and outcome are the same for two pairs or
for four players. Only the names differ, so:

- each player is an ``Entrant`` with a ``name``, as a pair is one with two players; riposi and
  penalties are ``Bye`` and ``Penalty`` rows, as for pairs;
- ``TableSeat`` puts two players in each line of a table (``line`` NS/EO, ``seat`` 1/2); an
  individual table leaves ``Table.ns``/``Table.eo`` empty, which is why those two columns are
  nullable (a pairs or KO table always fills them: the services that create them do).
  ``Table.line_entrants`` names the entrants of a line for every kind.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .play import Line, Table
from .tournament import Entrant


class TableSeat(models.Model):
    """One player in one line of an individual tournament's table (two per line)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    line = models.CharField(_("line"), max_length=2, choices=Line.choices)
    seat = models.PositiveSmallIntegerField(_("seat"))
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "line", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "line", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(fields=["table", "entrant"], name="table_seat_entrant_unique"),
            models.CheckConstraint(condition=Q(seat__in=(1, 2)), name="table_seat_one_or_two"),
            models.CheckConstraint(condition=Q(line__in=("ns", "eo")), name="table_seat_line"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.line} {self.entrant}"


class SeatedLine:
    """An individual table's line as pages show a pair: ``number`` "1-5", ``players`` the two
    names, ``player1``/``player2`` each name (``Table.ns_line``/``eo_line``)."""

    def __init__(self, players: list[Entrant]) -> None:
        self.members = players
        self.number = "-".join(str(p.number) for p in players)
        self.player1 = players[0].name if players else ""
        self.player2 = players[1].name if len(players) > 1 else ""
        self.players = " – ".join(p.name for p in players)

    def __str__(self) -> str:
        return f"{self.number}. {self.players}"
