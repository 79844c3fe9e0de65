"""A circuit: a named set of the site's tournaments ranked together (RULES.md §14).

The settings are the engine's ``rules.circuit.CircuitRules``; ``draw_seed`` is recorded when the
circuit is made, so a tie the draw decides comes out the same on every page and file. A circuit
belongs to whoever made it and the directors it is granted to, as a tournament does
(``seasons.access``); the tournaments it groups point back to it as ``tournament.circuits``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def new_draw_seed() -> int:
    return secrets.randbelow(1_000_000)


class CircuitRanks(models.TextChoices):
    PAIRS = "pairs", _("Pairs (the same two people)")
    PLAYERS = "players", _("Players (whoever the partner)")


class CircuitScoring(models.TextChoices):
    VP = "vp", _("Total VP")
    PLACEMENT = "placement", _("Placement points")


class CircuitTieOrder(models.TextChoices):
    COUNTED_BEST = "counted,best", _("More counted results, then the best single result")
    BEST_COUNTED = "best,counted", _("The best single result, then more counted results")


class CircuitQualification(models.TextChoices):
    NONE = "", _("No final")
    TOP = "top", _("The first k ranked")
    PERCENT = "percent", _("The top x per cent of the ranked")


class Circuit(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    tournaments = models.ManyToManyField(
        "tournaments.Tournament",
        verbose_name=_("tournaments"),
        blank=True,
        related_name="circuits",
    )
    ranks = models.CharField(
        _("ranks"), max_length=10, choices=CircuitRanks.choices, default=CircuitRanks.PAIRS
    )
    scoring = models.CharField(
        _("score per tournament"),
        max_length=10,
        choices=CircuitScoring.choices,
        default=CircuitScoring.PLACEMENT,
    )
    # Points by place, 1st first; empty: N − 5 × (place − 1) while positive.
    placement_table = models.JSONField(_("placement points"), default=list, blank=True)
    best = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    minimum = models.PositiveSmallIntegerField(_("minimum attendances"), default=1)
    tie_order = models.CharField(
        _("tie order"),
        max_length=20,
        choices=CircuitTieOrder.choices,
        default=CircuitTieOrder.COUNTED_BEST,
    )
    qualification = models.CharField(
        _("qualification for a final"),
        max_length=10,
        choices=CircuitQualification.choices,
        default=CircuitQualification.NONE,
        blank=True,
    )
    qualify_value = models.PositiveSmallIntegerField(
        _("qualified (k or x %)"), null=True, blank=True
    )
    draw_seed = models.PositiveIntegerField(_("draw seed"), default=new_draw_seed)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_circuits",
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("directors"),
        blank=True,
        related_name="directed_circuits",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("circuit")
        verbose_name_plural = _("circuits")
        ordering = ["-created_at", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best__isnull=True) | Q(best__gte=1), name="circuit_best_positive"
            ),
            models.CheckConstraint(
                condition=Q(qualification="") | Q(qualify_value__gte=1),
                name="circuit_qualification_has_value",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:standings", kwargs={"slug": self.slug})


class CircuitChange(models.Model):
    """One change of a circuit: its creation, a setting changed, a tournament added or taken
    out. The circuit's standings follow from these, so each is kept with who made it and when,
    as a tournament's changes are (``tournaments.AuditEntry``)."""

    class Action(models.TextChoices):
        CREATE = "create", _("Circuit created")
        EDIT = "edit", _("Circuit changed")

    circuit = models.ForeignKey(
        Circuit, verbose_name=_("circuit"), on_delete=models.CASCADE, related_name="changes"
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("change"), max_length=10, choices=Action.choices)
    # The settings changed, as stored: [name, before, after] (the page words them).
    settings = models.JSONField(_("settings changed"), default=list, blank=True)
    # The tournaments added and taken out: [name, ISO date] each, as they were then.
    added = models.JSONField(_("tournaments added"), default=list, blank=True)
    removed = models.JSONField(_("tournaments taken out"), default=list, blank=True)

    class Meta:
        verbose_name = _("circuit change")
        verbose_name_plural = _("circuit changes")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.circuit} · {self.get_action_display()} · {self.at:%Y-%m-%d %H:%M}"
