"""The tournament's data: rules in use, pairs, turni, tables, smazzate, riposi and penalties.

Models hold data and database invariants only. Scores are computed by the rules engine through
the services (``services.py``); no business logic lives in ``save()`` or in signals.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.rules.vp import DEFAULT_VP_TABLE


def default_vp_table() -> str:
    return DEFAULT_VP_TABLE


class TournamentKind(models.TextChoices):
    PAIRS = "pairs", _("Pairs (VP standings)")
    KO = "ko", _("Knock-out")


class RulesetName(models.TextChoices):
    CLASSIC = "classic", _("Classic (FIBUR)")
    REALE = "reale", _("Burraco reale")
    INTERNAZIONALE = "internazionale", _("Internazionale")


class KoMode(models.TextChoices):
    SMAZZATE = "smazzate", _("By number of smazzate")
    PUNTI = "punti", _("By target score")


class Tournament(models.Model):
    """One tournament with the rules it is played under, copied from a preset at creation."""

    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    kind = models.CharField(
        _("kind"), max_length=10, choices=TournamentKind.choices, default=TournamentKind.PAIRS
    )
    ruleset_name = models.CharField(
        _("ruleset"), max_length=20, choices=RulesetName.choices, default=RulesetName.CLASSIC
    )
    # The whole ruleset as the engine's Ruleset.to_dict(): the values this tournament is run with.
    rules = models.JSONField(_("rules in use"), default=dict)
    smazzate_per_turno = models.PositiveSmallIntegerField(_("smazzate per turno"), default=3)
    # A preset name ("fibur-3") or a band list, as in the archive format.
    vp_table = models.JSONField(_("VP table"), default=default_vp_table)
    bye_vp = models.IntegerField(_("riposo VP"), null=True, blank=True)
    bye_mp = models.IntegerField(_("riposo MP"), null=True, blank=True)
    forfeit_vp = models.IntegerField(_("forfeit VP"), null=True, blank=True)
    forfeit_mp = models.IntegerField(_("forfeit MP"), null=True, blank=True)
    # VP of the pair that forfeits: None gives the complement of the winner's VP to the band
    # total (RULES.md section 5, the club rule), 0 gives nothing.
    forfeit_loser_vp = models.IntegerField(_("forfeiting pair's VP"), null=True, blank=True)
    tiebreaks = models.JSONField(_("tie-breaks"), default=list)
    planned_turni = models.PositiveSmallIntegerField(_("planned turni"), null=True, blank=True)
    ko_mode = models.CharField(_("KO match"), max_length=10, choices=KoMode.choices, blank=True)
    ko_smazzate = models.PositiveSmallIntegerField(_("KO smazzate"), null=True, blank=True)
    ko_target = models.PositiveIntegerField(_("KO target score"), null=True, blank=True)
    # Whether the semifinal losers play for third place; otherwise they share it.
    ko_third_place = models.BooleanField(_("third-place match"), default=False)
    # Rounds whose match length differs from the tournament's KO match (ARCHIVE.md version 2,
    # ``ko.rounds``): [{"round": 3, "mode": "punti", "target": 2005}, ...].
    ko_rounds = models.JSONField(_("KO match length per round"), default=list, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_tournaments",
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("directors"),
        blank=True,
        related_name="directed_tournaments",
    )
    # The seed of the random draw of pair numbers, kept so the draw can be shown to be fair.
    number_draw_seed = models.CharField(_("pair number draw seed"), max_length=64, blank=True)
    number_draw_at = models.DateTimeField(_("pair numbers drawn at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})


class Pair(models.Model):
    """A coppia: two players who play together the whole tournament."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="pairs"
    )
    number = models.PositiveIntegerField(_("number"))
    player1 = models.CharField(_("first player"), max_length=120)
    player2 = models.CharField(_("second player"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # The last turno a withdrawn pair played (0: before turno 1), and why it left.
    withdrawn_after_turno = models.PositiveSmallIntegerField(
        _("withdrawn after turno"), null=True, blank=True
    )
    withdrawn_reason = models.CharField(_("reason for withdrawing"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pair_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.players}"

    @property
    def players(self) -> str:
        return f"{self.player1} – {self.player2}"


class Movement(models.TextChoices):
    MITCHELL = "mitchell", _("Mitchell")
    DANESE = "danese", _("Danese")
    ITALIANA = "italiana", _("All'italiana")
    MANUAL = "manual", _("By hand")
    KO = "ko", _("Knock-out")


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


class EntryMode(models.TextChoices):
    NONE = "", _("No result yet")
    SMAZZATE = "smazzate", _("By smazzata")
    TOTALS = "totals", _("Turno totals only")
    FORFEIT = "forfeit", _("Forfeit")


class Table(models.Model):
    """A tavolo in one turno: the NS pair against the EO pair, and its result.

    The MP and VP columns are written by the scoring service from the entered scores, so reads
    (standings, exports) never recompute every smazzata.
    """

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    ns = models.ForeignKey(
        Pair, verbose_name=_("NS pair"), on_delete=models.PROTECT, related_name="tables_ns"
    )
    eo = models.ForeignKey(
        Pair, verbose_name=_("EO pair"), on_delete=models.PROTECT, related_name="tables_eo"
    )
    entry_mode = models.CharField(
        _("result entered as"), max_length=10, choices=EntryMode.choices, blank=True
    )
    forfeit_winner = models.CharField(
        _("forfeit won by"), max_length=2, choices=Line.choices, blank=True
    )
    ns_mp = models.IntegerField(_("NS MP"), null=True, blank=True)
    eo_mp = models.IntegerField(_("EO MP"), null=True, blank=True)
    ns_vp = models.IntegerField(_("NS VP"), null=True, blank=True)
    eo_vp = models.IntegerField(_("EO VP"), null=True, blank=True)
    # KO only: the line that won the match (blank while it is not decided, and in a pairs
    # tournament) and whether a tie was settled by the last move; written with MP and VP.
    winner = models.CharField(_("match won by"), max_length=2, choices=Line.choices, blank=True)
    by_last_move = models.BooleanField(_("decided by the last move"), default=False)
    # Optimistic concurrency: a save names the version it read; a stale one is refused.
    version = models.PositiveIntegerField(_("version"), default=0)

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
    def has_result(self) -> bool:
        return bool(self.entry_mode)


class SmazzataEnd(models.TextChoices):
    CHIUSURA = "chiusura", _("Chiusura")
    TALLONE = "tallone", _("Tallone run out")
    TEMPO = "tempo", _("Time out")
    ARBITRALE = "arbitrale", _("Stopped by the arbitro")


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
    """A riposo: the pair has no opponent in this turno."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="byes"
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.PROTECT, related_name="byes"
    )

    class Meta:
        verbose_name = _("riposo")
        verbose_name_plural = _("riposi")
        constraints = [models.UniqueConstraint(fields=["turno", "pair"], name="bye_unique")]

    def __str__(self) -> str:
        return f"{self.turno}: {self.pair}"


class Penalty(models.Model):
    """A penalty given by the arbitro to one pair in one turno; it never helps the opponent."""

    turno = models.ForeignKey(
        Turno, verbose_name=_("turno"), on_delete=models.CASCADE, related_name="penalties"
    )
    pair = models.ForeignKey(
        Pair, verbose_name=_("pair"), on_delete=models.PROTECT, related_name="penalties"
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
        ordering = ["turno", "pair", "created_at"]

    def __str__(self) -> str:
        return f"{self.pair}: {self.reason}"


class AuditEntry(models.Model):
    """One change made by a director: who, when, what, why, the values before and after.

    Written only by the services, in the same transaction as the change it records.
    """

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="audit"
    )
    at = models.DateTimeField(_("when"), default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    action = models.CharField(_("action"), max_length=40)
    # The table a result change concerns, so a turno's progress can show corrected tables.
    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit",
    )
    # What the change is about, as a code and its values (``audit_text``): the log reads it in
    # the reader's language. ``subject`` keeps the words made when the change was recorded, for
    # the admin and for the entries written before the codes existed (their code is empty).
    subject_code = models.CharField(_("subject code"), max_length=40, blank=True, default="")
    subject_params = models.JSONField(_("subject values"), default=dict, blank=True)
    subject = models.CharField(_("subject"), max_length=200)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    # Entries that came with an imported archive: who made them there, by name (the user may not
    # exist on this site), and the entry's own detail as the archive gave it.
    imported = models.BooleanField(_("imported"), default=False)
    by_name = models.CharField(_("by (as imported)"), max_length=150, blank=True)
    detail = models.JSONField(_("detail"), null=True, blank=True)

    class Meta:
        verbose_name = _("change record")
        verbose_name_plural = _("change records")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"
