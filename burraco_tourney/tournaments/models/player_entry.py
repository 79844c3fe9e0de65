"""What the players enter at their own table: the table's link (a secret token) and one draft
per line.

A published turno's table has one live ``TableAccess``: a long random token, the only thing the
players' phone page knows the table by (never derived from ids, never in the change log). It is
revoked (``revoked_at``) when the turno closes to the players or the table's seating changes.

Each line (NS, EO) keeps its own ``PlayerEntry``: the smazzate as its phone last saved them, in
the engine's terms (``smazzate``: a list of smazzate, each with ``end``, ``last_move`` and the
two lines' boxes), which phone session saved it, which phone holds the line (one phone per line,
until the director frees it), a version (two phones saving at once never lose
an entry) and an optional photo of the paper scorecard. A draft is never a result: only the
scoring service writes results, when the table is accepted.
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


class PlayerEntry(models.Model):
    """One line's draft of its table's scorecard, as entered or confirmed from a phone."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="player_entries"
    )
    line = models.CharField(_("line"), max_length=2, choices=Line.choices)
    # The smazzate as the engine reads them (``services.player_entries.entry_data``); empty
    # while the line has chosen its side but saved nothing yet.
    smazzate = models.JSONField(_("smazzate"), default=list, blank=True)
    ended_early = models.BooleanField(_("the turno ended early"), default=False)
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    # A short random name of the phone's browser session, for the change log (not its key).
    session = models.CharField(_("phone session"), max_length=16, blank=True)
    # The phone session that chose this line and alone may save it; empty once the director
    # frees the line (then the next phone to choose it holds it).
    holder = models.CharField(_("phone holding the line"), max_length=16, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    # The id the phone made for its last save: the same save sent again (the answer was lost
    # with the club's Wi-Fi) is recognised and stored once (``services.player_entries``).
    client_id = models.CharField(_("phone's save id"), max_length=40, blank=True)
    photo = models.FileField(_("photo of the scorecard"), upload_to="player-photos/", blank=True)

    class Meta:
        verbose_name = _("player entry")
        verbose_name_plural = _("player entries")
        ordering = ["table", "line"]
        constraints = [
            models.UniqueConstraint(fields=["table", "line"], name="player_entry_one_per_line"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.line}"

    @property
    def entered(self) -> bool:
        return bool(self.smazzate)


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
