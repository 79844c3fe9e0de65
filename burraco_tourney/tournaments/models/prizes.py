"""A tournament's prize list (RULES.md §13): the fund, the ordered categories, their places.

A category's ``eligible`` holds the archive's own keys (ARCHIVE.md "Prizes": ``sex``, ``club``,
``category``, ``over``, ``girone``, ``last``), checked by ``rules.prize_list`` before every save;
a place is worth an amount (euro, two decimals), a percent of the fund or an object. The
allocation is computed, never stored (``selectors.prizes``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class FundRound(models.TextChoices):
    EURO = "euro", _("to the euro")
    CENT = "cent", _("to the cent")


class PrizeList(models.Model):
    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="prize_list",
    )
    cumulative = models.BooleanField(_("cumulative prizes"), default=False)
    # The fund: fee x entrants x percent / 100, at least the minimum; no fee, no fund.
    fund_fee = models.DecimalField(
        _("entry fee"), max_digits=9, decimal_places=2, null=True, blank=True
    )
    fund_percent = models.PositiveSmallIntegerField(_("fund percent"), null=True, blank=True)
    fund_minimum = models.DecimalField(
        _("guaranteed minimum"), max_digits=9, decimal_places=2, null=True, blank=True
    )
    fund_round = models.CharField(
        _("rounding"), max_length=4, choices=FundRound.choices, default=FundRound.EURO
    )

    class Meta:
        verbose_name = _("prize list")
        verbose_name_plural = _("prize lists")

    def __str__(self) -> str:
        return f"{self.tournament_id}"


class PrizeCategory(models.Model):
    prize_list = models.ForeignKey(
        PrizeList, verbose_name=_("prize list"), on_delete=models.CASCADE, related_name="categories"
    )
    order = models.PositiveSmallIntegerField(_("order"))
    name = models.CharField(_("name"), max_length=120)
    eligible = models.JSONField(_("eligibility"), default=dict, blank=True)

    class Meta:
        verbose_name = _("prize category")
        verbose_name_plural = _("prize categories")
        ordering = ["prize_list", "order"]
        constraints = [
            models.UniqueConstraint(fields=["prize_list", "order"], name="prize_category_order"),
        ]

    def __str__(self) -> str:
        return self.name


class PrizePlace(models.Model):
    category = models.ForeignKey(
        PrizeCategory, verbose_name=_("category"), on_delete=models.CASCADE, related_name="places"
    )
    place = models.PositiveSmallIntegerField(_("place"))
    amount = models.DecimalField(_("amount"), max_digits=9, decimal_places=2, null=True, blank=True)
    percent = models.PositiveSmallIntegerField(_("percent of the fund"), null=True, blank=True)
    object = models.CharField(_("object"), max_length=120, blank=True)

    class Meta:
        verbose_name = _("prize place")
        verbose_name_plural = _("prize places")
        ordering = ["category", "place"]
        constraints = [
            models.UniqueConstraint(fields=["category", "place"], name="prize_place_once"),
            models.CheckConstraint(condition=Q(place__gte=1), name="prize_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.category_id}/{self.place}"
