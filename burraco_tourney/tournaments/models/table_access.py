"""The players' own table: the table's link (a secret token) and their calls for the arbitro.

A published turno's table has one live ``TableAccess``: a long random token, the only thing the
players' phone page knows the table by (never derived from ids, never in the change log). It is
revoked (``revoked_at``) when the turno closes to the players or the table's seating changes.

What each line enters from its phones is a ``Submission`` (``models/submission.py``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .play import Line, Table


class TableAccess(models.Model):
    """The secret link of one table of one turno, printed as a QR code."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="accesses"
    )
    token = models.CharField(_("token"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("table link")
        verbose_name_plural = _("table links")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="table_access_one_live",
            ),
        ]

    def __str__(self) -> str:
        # Never the token: it is a secret.
        return f"{self.table_id}"


class TableProblem(models.Model):
    """A table's call for the arbitro from a phone ("segnala un problema"): the table turns red
    on the room board, with the message, until a director clears it (both in the change log)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="problems"
    )
    # The line the phone said it is (the page offers the call once it has said).
    line = models.CharField(_("line"), max_length=2, choices=Line.choices, blank=True)
    message = models.CharField(_("message"), max_length=200, blank=True)
    session = models.CharField(_("phone session"), max_length=16, blank=True)
    # The id the phone made for this call (static/js/table_problem.js): sent again when the
    # answer was lost, the call is recognised and kept once.
    client_id = models.CharField(_("phone's call id"), max_length=40, blank=True)
    reported_at = models.DateTimeField(_("reported at"), default=timezone.now)
    cleared_at = models.DateTimeField(_("cleared at"), null=True, blank=True)
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("cleared by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("table problem")
        verbose_name_plural = _("table problems")
        ordering = ["table", "reported_at"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.line}"
