"""What the director decides in the room about a turno's results before publishing them:
anomalies looked at and dismissed with a note."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .play import Table


class AnomalyDismissal(models.Model):
    """An anomaly of a table (``rules.anomalies`` code) the director looked at and let stand.

    It holds for the table's result as it was (``table_version``): once the result changes, the
    anomaly, if still there, is listed again.
    """

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="dismissals"
    )
    code = models.CharField(_("anomaly"), max_length=40)
    table_version = models.PositiveIntegerField(_("result version"))
    note = models.CharField(_("note"), max_length=300)
    created_at = models.DateTimeField(_("dismissed at"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("dismissed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    # Who dismissed an anomaly that came with an imported archive, by name (the user may not
    # exist on this site); empty for one dismissed here (``created_by``).
    by_name = models.CharField(_("dismissed by (as imported)"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("dismissed anomaly")
        verbose_name_plural = _("dismissed anomalies")
        ordering = ["table", "code", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "code", "table_version"], name="dismissal_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.code}"
