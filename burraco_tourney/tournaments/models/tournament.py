"""A tournament, the rules it is played under, and its pairs."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.vp import DEFAULT_VP_TABLE

from ..formats import TournamentFormat, format_of
from ..formats.pages import TournamentPages


def default_vp_table() -> str:
    return DEFAULT_VP_TABLE


class TournamentKind(models.TextChoices):
    PAIRS = "pairs", _("Pairs (VP standings)")
    KO = "ko", _("Knock-out")
    INDIVIDUAL = "individual", _("Individual (players change partner)")
    TEAMS = "teams", _("Teams (two rooms per match)")


class TeamScoring(models.TextChoices):
    """How a team match's result is made from its two tables (RULES.md section 11)."""

    VP_SUM = "vp_sum", _("Sum of the two tables' VP")
    MP_DIFF = "mp_diff", _("MP difference through the team VP table")


class RulesetName(models.TextChoices):
    CLASSIC = "classic", _("Classic (FIBUR)")
    REALE = "reale", _("Burraco reale")
    INTERNAZIONALE = "internazionale", _("Internazionale")


class KoMode(models.TextChoices):
    SMAZZATE = "smazzate", _("By number of smazzate")
    PUNTI = "punti", _("By target score")


class MissedTurni(models.TextChoices):
    """How the turni a late pair missed are scored (``Entrant.missed``)."""

    BYE = "bye", _("as a riposo")
    VALUE = "value", _("a value the director sets")
    NONE = "none", _("nothing")


class FederationClass(models.TextChoices):
    """The tournament's class in the federation report (RULES.md section 14)."""

    CIRCOLO = "circolo", _("Circolo")
    FEDERALE = "federale", _("Federale")
    REGIONALE = "regionale", _("Regionale")
    NAZIONALE = "nazionale", _("Nazionale")


class GironiStandings(models.TextChoices):
    """What a girone's own standings count (RULES.md section 12, ARCHIVE.md version 3)."""

    SINCE_TURNO_1 = "since_turno_1", _("since turno 1")
    PHASE_ONLY = "phase_only", _("only the gironi turni")


class GironiOverall(models.TextChoices):
    """How the overall standings rank a tournament played in gironi."""

    BY_GIRONE = "by_girone", _("girone A first, then B …")
    BY_VP = "by_vp", _("everyone by VP")


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
    # A team match's result (kind ``teams``): the tables' VP summed, or the MP difference over
    # both tables through ``team_vp_table`` (bands as a custom ``vp_table``).
    team_scoring = models.CharField(
        _("team match result"),
        max_length=10,
        choices=TeamScoring.choices,
        default=TeamScoring.VP_SUM,
    )
    team_vp_table = models.JSONField(_("team VP table"), default=list, blank=True)
    # In a team tournament the riposo and forfeit values below are one team's value for a whole
    # match (ARCHIVE.md, kind ``teams``).
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
    # The turno clock: how long a turno lasts, and how long before its end the players are told
    # to start the last smazzata. No clock while ``turno_minutes`` is empty.
    turno_minutes = models.PositiveSmallIntegerField(_("minutes per turno"), null=True, blank=True)
    last_smazzata_minutes = models.PositiveSmallIntegerField(
        _("“last smazzata” warning, minutes before the end"), default=15
    )
    ko_rounds = models.JSONField(_("KO match length per round"), default=list, blank=True)
    # Players enter their own table from a phone (the table's QR code); when both lines agree the
    # table is accepted at once, or waits for the director (``players_auto_accept`` off).
    players_enter = models.BooleanField(_("players enter their table's results"), default=False)
    players_auto_accept = models.BooleanField(
        _("accept automatically when both lines agree"), default=True
    )
    # The class the federation report gives (a Ridotta card plays only circolo and federale).
    federation_class = models.CharField(
        _("tournament class"),
        max_length=10,
        choices=FederationClass.choices,
        default=FederationClass.CIRCOLO,
    )
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
    # The gironi phase (RULES.md section 12): the first turno played in gironi (empty: none);
    # it runs to the last turno, each entrant's girone is ``Entrant.girone``.
    gironi_from = models.PositiveSmallIntegerField(_("gironi from turno"), null=True, blank=True)
    gironi_standings = models.CharField(
        _("girone standings count"),
        max_length=14,
        choices=GironiStandings.choices,
        default=GironiStandings.SINCE_TURNO_1,
    )
    gironi_overall = models.CharField(
        _("overall standings with gironi"),
        max_length=10,
        choices=GironiOverall.choices,
        default=GironiOverall.BY_GIRONE,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Raised by one in the transaction of every write (``services.audit.audit_record``): the
    # public pages are cached under it, so a page built before a save is never served after it.
    change_counter = models.PositiveBigIntegerField(_("changes"), default=0, editable=False)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})

    @property
    def fmt(self) -> TournamentFormat:
        """What this kind of tournament answers differently (``formats.base``)."""
        return format_of(self)

    @cached_property
    def pages(self) -> TournamentPages:
        """This kind's pages for this tournament: where its menus link (``formats.pages``)."""
        return self.fmt.pages.of(self)


class Entrant(models.Model):
    """What the standings rank: a coppia (two players for the whole tournament) or, in an
    individual tournament, one player (partners change every turno; ``Table.seats``).

    The names as printed: a pair's two players are ``player1`` and ``player2``; an entrant with a
    name of its own (a player, and next a team, whose roster will be its players) has ``name``.
    ``players`` is what every page shows. Riposi and penalties are ``Bye`` and ``Penalty`` rows
    for every kind.
    """

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entrants"
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120, blank=True)
    player1 = models.CharField(_("first player"), max_length=120, blank=True)
    player2 = models.CharField(_("second player"), max_length=120, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # The last turno a withdrawn entrant played (0: before turno 1), and why it left.
    withdrawn_after_turno = models.PositiveSmallIntegerField(
        _("withdrawn after turno"), null=True, blank=True
    )
    withdrawn_reason = models.CharField(_("reason for withdrawing"), max_length=200, blank=True)
    # A pair added after a turno was published plays from ``joined_turno`` on; the turni before
    # it are scored as ``missed`` says (with ``missed_vp``/``missed_mp`` for a set value). None:
    # the pair was there from the start.
    joined_turno = models.PositiveSmallIntegerField(_("joined in turno"), null=True, blank=True)
    missed = models.CharField(
        _("missed turni scored"), max_length=10, choices=MissedTurni.choices, blank=True
    )
    missed_vp = models.IntegerField(_("VP of a missed turno"), null=True, blank=True)
    missed_mp = models.IntegerField(_("MP of a missed turno"), null=True, blank=True)
    # The girone ("A", "B" …) the entrant plays in from ``Tournament.gironi_from`` to the last
    # turno; empty without gironi (or when withdrawn before the phase).
    girone = models.CharField(_("girone"), max_length=20, blank=True)
    # A team's link for its captain is signed with this key too: the director revokes the link
    # by drawing a new key (empty: the first link, never revoked).
    link_key = models.CharField(_("link key"), max_length=32, blank=True, default="")

    class Meta:
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="entrant_number_positive"),
            models.CheckConstraint(
                condition=Q(joined_turno__isnull=True) | ~Q(missed=""),
                name="entrant_late_scored",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.players}"

    @property
    def players(self) -> str:
        """The names as every page shows the entrant: a pair's "Rossi – Bianchi", a player's
        name."""
        return self.name or f"{self.player1} – {self.player2}"
