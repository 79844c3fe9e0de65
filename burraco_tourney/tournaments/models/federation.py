"""The federation report of one tournament (RULES.md section 14): who signs it, and when it was
sent. The report itself is read from the standings and the registry
(``selectors.federation``); this row keeps only what the director adds to it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class FederationReport(models.Model):
    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="federation_report",
    )
    arbitro = models.CharField(_("arbitro"), max_length=120, blank=True)
    direttore = models.CharField(_("director"), max_length=120, blank=True)
    sala_conti = models.CharField(_("responsabile sala conti"), max_length=120, blank=True)
    # Marked by the director once the report has gone to the federation.
    sent_on = models.DateField(_("sent on"), null=True, blank=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("sent by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("federation report")
        verbose_name_plural = _("federation reports")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.sent_on or '-'}"
