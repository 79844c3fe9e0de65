"""What is played: turni, their tables and smazzate, riposi and penalties."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .tournament import Entrant, Tournament


class Movement(models.TextChoices):
    MITCHELL = "mitchell", _("Mitchell")
    DANESE = "danese", _("Danese")
    ITALIANA = "italiana", _("All'italiana")
    MANUAL = "manual", _("By hand")
    KO = "ko", _("Knock-out")
    # Individual tournaments: the 8-player schedule, otherwise a partner rotation (RULES.md §10).
    ROTATION = "rotation", _("Partner rotation")


class Turno(models.Model):
    """One round: every table plays the same number of smazzate."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="turni"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    movement = models.CharField(
        _("movement"), max_length=10, choices=Movement.choices, default=Movement.MANUAL
    )
    # A drawn turno is a draft (shown to the director only, may be drawn again) until published;
    # once published its seating is locked.
    published = models.BooleanField(_("published"), default=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    # The options the draw was made with (Mitchell step, Danese mode, ...) and the engine's
    # explanation of it (DrawNote codes and parameters), shown with the draw.
    draw_options = models.JSONField(_("draw options"), default=dict, blank=True)
    draw_notes = models.JSONField(_("draw explanation"), default=list, blank=True)
    # When the director started the turno's time (the clock counts down from it by the
    # tournament's ``turno_minutes``); empty while the time is not running.
    clock_started_at = models.DateTimeField(_("time started at"), null=True, blank=True)
    # How long this turno lasts when the director changed it on its results page; empty: the
    # tournament's ``turno_minutes`` (``selectors.clock.turno_minutes``).
    clock_minutes = models.PositiveSmallIntegerField(
        _("minutes of this turno"), null=True, blank=True
    )
    # Closed to the players: their table links show "turno chiuso" and refuse entries (the
    # director still corrects results).
    players_closed = models.BooleanField(_("closed to the players"), default=False)
    # When the director closed the turno (``services.turno_close``): its standings are no longer
    # provisional; a result changed afterwards is marked as corrected. Empty while open.
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("turno")
        verbose_name_plural = _("turni")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="turno_number_unique"),
        ]

    def __str__(self) -> str:
        return pgettext_lazy("turno label", "Turno %(number)s") % {"number": self.number}


class Line(models.TextChoices):
    NS = "ns", _("North-South")
    EO = "eo", _("East-West")


class Room(models.TextChoices):
    """The two rooms of a team match (RULES.md section 11); a pairs, individual or KO table has
    no room (blank)."""

    APERTA = "aperta", _("Open room")
    CHIUSA = "chiusa", _("Closed room")


class EntryMode(models.TextChoices):
    NONE = "", _("No result yet")
    SMAZZATE = "smazzate", _("By smazzata")
    TOTALS = "totals", _("Turno totals only")
    FORFEIT = "forfeit", _("Forfeit")


class Match(models.Model):
    """A turno's meeting of two sides, and what it is worth: VP and the winner.

    A pairs, individual or KO match is played at one table, whose NS and EO lines are the
    match's two sides (``ns``/``eo`` here). A team match has two tables, one per ``Room``: in the
    sala aperta the home team sits NS (the match's ``ns`` side is the home team), in the sala
    chiusa the away team sits NS (``home``/``away`` read them). Who plays is read through the
    match's tables. The values are written with the tables' results by the scoring
    services from the engine's ``match_outcome``, so reads (standings, bracket, exports) never
    recompute a match.
    """

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="matches"
    )
    number = models.PositiveSmallIntegerField(_("match"))
    # Each side's MP over the match's tables (the scarto is their difference).
    ns_mp = models.IntegerField(_("NS MP"), null=True, blank=True)
    eo_mp = models.IntegerField(_("EO MP"), null=True, blank=True)
    ns_vp = models.IntegerField(_("NS VP"), null=True, blank=True)
    eo_vp = models.IntegerField(_("EO VP"), null=True, blank=True)
    # KO only: the side that won the match (blank while it is not decided, and in a pairs
    # tournament) and whether a tie was settled by the last move; written with MP and VP.
    winner = models.CharField(_("match won by"), max_length=2, choices=Line.choices, blank=True)
    by_last_move = models.BooleanField(_("decided by the last move"), default=False)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["turno", "number"]
        constraints = [
            models.UniqueConstraint(fields=["turno", "number"], name="match_number_unique"),
        ]

    def __str__(self) -> str:
        return _("Match %(number)s") % {"number": self.number}

    def room_table(self, room: str) -> Table | None:
        """The match's table in ``room`` (a team match), from prefetched tables or not."""
        return next((t for t in self.tables.all() if t.room == room), None)

    @property
    def home(self) -> Entrant | None:
        """A team match's home team: NS in the sala aperta."""
        table = self.room_table(Room.APERTA)
        return table.ns if table is not None else None

    @property
    def away(self) -> Entrant | None:
        """A team match's away team: EO in the sala aperta (NS in the sala chiusa)."""
        table = self.room_table(Room.APERTA)
        return table.eo if table is not None else None


class Table(models.Model):
    """A tavolo in one turno: the NS pair against the EO pair, and its result.

    The MP columns are written by the scoring service from the entered scores, the VP and the
    winner on the table's ``match``, so reads (standings, exports) never recompute every
    smazzata.
    """

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="tables"
    )
    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    # A team match's room; blank for every other kind. A table's ``number`` is unique in its
    # turno for every kind (the pages and links address a table by it): a team turno of n
    # matches numbers the sala aperta's tables 1..n and the sala chiusa's n+1..2n, match k
    # playing at table k and n+k. Within its room the table is the match's number
    # (``room_number``), as the archive writes it (ARCHIVE.md, kind ``teams``).
    room = models.CharField(_("room"), max_length=6, choices=Room.choices, blank=True)
    # A turno played in gironi: the table's girone ("A") and its number inside it (A1, A2 …,
    # B1 …); ``number`` still counts every table of the turno (A's first, then B's …) and is
    # what addresses use. ``label`` is what every page shows.
    girone = models.CharField(_("girone"), max_length=20, blank=True)
    girone_number = models.PositiveSmallIntegerField(
        _("table in the girone"), null=True, blank=True
    )
    # The entrant sitting in each line (a pair, or a team: in a team match the team whose line-up
    # pair sits there, ``Lineup``); empty only in an individual tournament, whose lines are
    # ``TableSeat`` rows (see ``models/individual.py``).
    ns = models.ForeignKey(
        Entrant,
        verbose_name=_("NS pair"),
        on_delete=models.PROTECT,
        related_name="tables_ns",
        null=True,
        blank=True,
    )
    eo = models.ForeignKey(
        Entrant,
        verbose_name=_("EO pair"),
        on_delete=models.PROTECT,
        related_name="tables_eo",
        null=True,
        blank=True,
    )
    entry_mode = models.CharField(
        _("result entered as"), max_length=10, choices=EntryMode.choices, blank=True
    )
    forfeit_winner = models.CharField(
        _("forfeit won by"), max_length=2, choices=Line.choices, blank=True
    )
    ns_mp = models.IntegerField(_("NS MP"), null=True, blank=True)
    eo_mp = models.IntegerField(_("EO MP"), null=True, blank=True)
    # Optimistic concurrency: a save names the version it read; a stale one is refused.
    version = models.PositiveIntegerField(_("version"), default=0)
    # When the result was last changed after its turno had been closed (the public pages say
    # "corrected at 22:41"); empty for a result that never changed after the close.
    corrected_at = models.DateTimeField(_("corrected after the close at"), null=True, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["turno", "number"]
        constraints = [
            models.UniqueConstraint(fields=["turno", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=~Q(ns=F("eo")), name="table_lines_differ"),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @property
    def room_number(self) -> int:
        """The table's number in its room: a team table's is its match's (the match row is
        read unless selected with the table), every other table's its own number."""
        return self.match.number if self.room else self.number

    @property
    def has_result(self) -> bool:
        return bool(self.entry_mode)

    @property
    def label(self) -> str | int:
        """The table as every page names it: 7, "A1" in a turno played in gironi, "3 (sala
        chiusa)" in a team match (as a sentence names it too: "il tavolo 3 (sala chiusa)")."""
        if self.room:
            return f"{self.room_number} ({str(self.get_room_display()).lower()})"
        return table_label(self.number, self.girone, self.girone_number)

    @property
    def match_vp(self) -> tuple[int | None, int | None]:
        """The VP of this table's match, its NS line's side first: a team match's sala chiusa
        seats the away team NS, whose VP the match keeps as its EO side's (None: the match has
        no result yet, a team match's other room not played)."""
        match = self.match
        if self.room == Room.CHIUSA:
            return match.eo_vp, match.ns_vp
        return match.ns_vp, match.eo_vp

    def line_entrants(self, line: str) -> list[Entrant]:
        """The entrants credited with ``line``'s result: the pair sitting there, or an
        individual table's two players (its seats, prefetched or not)."""
        entrant = self.ns if line == "ns" else self.eo
        return credited(entrant, () if entrant is not None else self.seats.all(), line)

    @property
    def ns_line(self):
        """Who sits NS, for pages and printouts: the pair, or an individual table's two players
        (``individual.SeatedLine``, with the same ``number`` and ``players`` to show)."""
        return self.ns if self.ns_id is not None else _seated_line(self, "ns")

    @property
    def eo_line(self):
        return self.eo if self.eo_id is not None else _seated_line(self, "eo")


def table_label(number: int, girone: str = "", girone_number: int | None = None) -> str | int:
    """The table as pages name it: "A1" for table 1 of girone A, else its number itself (a
    workbook's cell stays a number). Readers of plain values ask it; ``Table.label`` too."""
    return f"{girone}{girone_number}" if girone else number


def credited(entrant: Any, seats: Iterable[Any], line: str) -> list[Any]:
    """Who a line's result is credited to: the line's entrant (a pair) when it has one, else the
    ``seats`` of that line in seat order (an individual table's players). ``Table.line_entrants``
    asks it with model rows; a reader of plain values (the standings) asks it with its own rows
    of the same shape (``line``, ``seat``, ``entrant``)."""
    if entrant is not None:
        return [entrant]
    return [s.entrant for s in sorted((s for s in seats if s.line == line), key=lambda s: s.seat)]


def _seated_line(table: Table, line: str):
    from .individual import SeatedLine

    return SeatedLine(table.line_entrants(line))


class SmazzataEnd(models.TextChoices):
    CHIUSURA = "chiusura", _("Chiusura")
    TALLONE = "tallone", _("Stock run out")
    TEMPO = "tempo", _("Time out")
    ARBITRALE = "arbitrale", _("Stopped by the director")


class Smazzata(models.Model):
    """One deal at one table, as written on the scorecard: both lines' parts and totals."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="smazzate"
    )
    number = models.PositiveSmallIntegerField(_("smazzata"))
    end = models.CharField(_("ended by"), max_length=10, choices=SmazzataEnd.choices)
    last_move = models.CharField(_("last move"), max_length=2, choices=Line.choices, blank=True)

    ns_cards = models.IntegerField(_("NS card points"))
    ns_pulito = models.PositiveSmallIntegerField(_("NS burraco pulito"), default=0)
    ns_semipulito = models.PositiveSmallIntegerField(_("NS burraco semipulito"), default=0)
    ns_sporco = models.PositiveSmallIntegerField(_("NS burraco sporco"), default=0)
    ns_nobile = models.PositiveSmallIntegerField(_("NS burraco nobile"), default=0)
    ns_reale = models.PositiveSmallIntegerField(_("NS burraco reale"), default=0)
    ns_chiusura = models.BooleanField(_("NS closed"), default=False)
    ns_pozzetto = models.BooleanField(_("NS took the pozzetto"), default=True)
    ns_total = models.IntegerField(_("NS total"))

    eo_cards = models.IntegerField(_("EO card points"))
    eo_pulito = models.PositiveSmallIntegerField(_("EO burraco pulito"), default=0)
    eo_semipulito = models.PositiveSmallIntegerField(_("EO burraco semipulito"), default=0)
    eo_sporco = models.PositiveSmallIntegerField(_("EO burraco sporco"), default=0)
    eo_nobile = models.PositiveSmallIntegerField(_("EO burraco nobile"), default=0)
    eo_reale = models.PositiveSmallIntegerField(_("EO burraco reale"), default=0)
    eo_chiusura = models.BooleanField(_("EO closed"), default=False)
    eo_pozzetto = models.BooleanField(_("EO took the pozzetto"), default=True)
    eo_total = models.IntegerField(_("EO total"))

    class Meta:
        verbose_name = _("smazzata")
        verbose_name_plural = _("smazzate")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="smazzata_number_unique"),
        ]

    def __str__(self) -> str:
        return _("Smazzata %(number)s") % {"number": self.number}


class Bye(models.Model):
    """A riposo: the entrant (a pair, a player) has no table in this turno."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="byes"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("entrant"), on_delete=models.PROTECT, related_name="byes"
    )

    class Meta:
        verbose_name = _("riposo")
        verbose_name_plural = _("riposi")
        constraints = [models.UniqueConstraint(fields=["turno", "entrant"], name="bye_unique")]

    def __str__(self) -> str:
        return f"{self.turno}: {self.entrant}"


class Penalty(models.Model):
    """A penalty given by the arbitro to one entrant in one turno; it never helps the
    opponent (nor, in an individual tournament, the partner)."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="penalties"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("entrant"), on_delete=models.PROTECT, related_name="penalties"
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
    # Who gave a penalty that came with an imported archive, by name (the user may not exist on
    # this site); empty for one given here (``created_by``) or when the archive did not say.
    given_by_name = models.CharField(_("given by (as imported)"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["turno", "entrant", "created_at"]

    def __str__(self) -> str:
        return f"{self.entrant}: {self.reason}"
