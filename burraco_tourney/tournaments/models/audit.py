"""The change log: one entry per change a director (or a service on his behalf) makes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .play import Table
from .tournament import Tournament


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
