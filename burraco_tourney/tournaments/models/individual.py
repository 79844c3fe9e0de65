"""An individual tournament's own data: its players, who sits in each line, riposi, penalties.

Design (RULES.md section 10, ARCHIVE.md "Kind individual"): in an individual tournament players
register singly and change partner every turno. A *table* is still a ``Table`` — one row per
tavolo with its entry mode, MP, VP and version — because the results bridge and the score
services never need to know who sits: a table's entry and outcome are the same for two pairs or
for four players. Only the names differ, so:

- ``Player`` replaces ``Pair`` (number, name, club, withdrawn);
- ``TableSeat`` puts two players in each line of a table (``line`` NS/EO, ``seat`` 1/2); an
  individual table leaves ``Table.ns``/``Table.eo`` empty, which is why those two columns are
  nullable (a pairs or KO table always fills them: the services that create them do);
- ``IndividualBye`` and ``IndividualPenalty`` are the riposi and penalties of a player. They are
  separate models rather than a second nullable column on ``Bye``/``Penalty`` so that every
  existing read of a pair's riposi and penalties stays exactly as it was.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .play import Line, Table, Turno
from .tournament import Tournament


class Player(models.Model):
    """A player of an individual tournament: partners change every turno."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="players"
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    withdrawn_after_turno = models.PositiveSmallIntegerField(
        _("withdrawn after turno"), null=True, blank=True
    )
    withdrawn_reason = models.CharField(_("reason for withdrawing"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="player_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="player_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    @property
    def players(self) -> str:
        """The name, as the pages shared with pairs show an entrant (``pair.players``)."""
        return self.name


class TableSeat(models.Model):
    """One player in one line of an individual tournament's table (two per line)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    line = models.CharField(_("line"), max_length=2, choices=Line.choices)
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "line", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "line", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="table_seat_player_unique"),
            models.CheckConstraint(condition=Q(seat__in=(1, 2)), name="table_seat_one_or_two"),
            models.CheckConstraint(condition=Q(line__in=("ns", "eo")), name="table_seat_line"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.line} {self.player}"


class SeatedLine:
    """An individual table's line as pages show a pair: ``number`` "1-5", ``players`` the two
    names, ``player1``/``player2`` each name (``Table.ns_line``/``eo_line``)."""

    def __init__(self, players: list[Player]) -> None:
        self.members = players
        self.number = "-".join(str(p.number) for p in players)
        self.player1 = players[0].name if players else ""
        self.player2 = players[1].name if len(players) > 1 else ""
        self.players = " – ".join(p.name for p in players)

    @classmethod
    def of(cls, table: Table, line: str) -> SeatedLine:
        seats = sorted((s for s in table.seats.all() if s.line == line), key=lambda s: s.seat)
        return cls([seat.player for seat in seats])

    def __str__(self) -> str:
        return f"{self.number}. {self.players}"


class IndividualBye(models.Model):
    """A riposo of one player of an individual tournament."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="player_byes"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="byes"
    )

    class Meta:
        verbose_name = _("player's riposo")
        verbose_name_plural = _("players' riposi")
        constraints = [
            models.UniqueConstraint(fields=["turno", "player"], name="individual_bye_unique")
        ]

    def __str__(self) -> str:
        return f"{self.turno}: {self.player}"


class IndividualPenalty(models.Model):
    """A penalty given by the arbitro to one player in one turno; it never helps anyone else."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="player_penalties"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="penalties"
    )
    vp = models.IntegerField(_("VP"), default=0)
    mp = models.IntegerField(_("MP"), default=0)
    reason = models.CharField(_("reason"), max_length=200)
    created_at = models.DateTimeField(_("given at"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("given by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    given_by_name = models.CharField(_("given by (as imported)"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("player's penalty")
        verbose_name_plural = _("players' penalties")
        ordering = ["turno", "player", "created_at"]

    def __str__(self) -> str:
        return f"{self.player}: {self.reason}"
