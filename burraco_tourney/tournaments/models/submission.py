"""A submission: one table's result as it arrived, whoever sent it.

Every way a result reaches a table is a ``Submission`` in the same shape: the director's
scorecard (by smazzata, totals, forfeit, or clearing it), a line's phone, the archive. Its
``data`` is the engine's entry as JSON (``rules/submission_data.py``: ``{"smazzate": [...]}``,
``{"totals": ...}``, ``{"forfeit": ...}``, or ``{}`` for no result), with its ``source`` (the
director, line NS, line EO, the archive), its author (the director's user, or a phone's short
session name) and its ``state``:

- ``draft``: a line's phone saved it; ``confirmed``: both lines saved the same;
- ``accepted``: it is the table's result (``services.submissions.submission_accept`` wrote the
  outcome the engine gave it); ``superseded``: a later accepted submission replaced it.

A line keeps one submission (its draft, updated in place: ``version`` counts its saves, so two
phones saving at once never lose an entry; ``client_id`` recognises a save sent twice;
``holder`` is the phone holding the line until the director frees it; an optional ``photo`` of
the paper scorecard). The director's saves are one row each, accepted at once, with the
table's version they made. The table keeps the accepted outcome; nothing here is scored.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.outcome import TableEntry
from burraco_tourney.rules.submission_data import data_entry

from .play import Table

PHONE_LINES = ("ns", "eo")


class SubmissionSource(models.TextChoices):
    DIRECTOR = "director", _("director")
    LINE_NS = "ns", _("line NS")
    LINE_EO = "eo", _("line EO")
    ARCHIVE = "archive", _("archive")


class SubmissionState(models.TextChoices):
    DRAFT = "draft", _("draft")
    CONFIRMED = "confirmed", _("confirmed by both lines")
    ACCEPTED = "accepted", _("accepted")
    SUPERSEDED = "superseded", _("superseded")


class SubmissionQuerySet(models.QuerySet):
    def lines(self) -> SubmissionQuerySet:
        """The lines' own submissions (one per line: its phones' draft)."""
        return self.filter(source__in=PHONE_LINES)


class Submission(models.Model):
    """One table's result as it arrived: the data, from where, by whom, and where it stands."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="submissions"
    )
    source = models.CharField(_("source"), max_length=8, choices=SubmissionSource.choices)
    state = models.CharField(
        _("state"),
        max_length=10,
        choices=SubmissionState.choices,
        default=SubmissionState.DRAFT,
    )
    # The engine's entry as data (``rules.submission_data``); {} while a line has chosen its
    # side but saved nothing yet, and for a result cleared by the director.
    data = models.JSONField(_("entry"), default=dict, blank=True)
    ended_early = models.BooleanField(_("the turno ended early"), default=False)
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
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

    objects = SubmissionQuerySet.as_manager()

    class Meta:
        verbose_name = _("submission")
        verbose_name_plural = _("submissions")
        ordering = ["table", "source", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "source"],
                condition=Q(source__in=PHONE_LINES),
                name="submission_one_per_line",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.source} {self.state}"

    @property
    def line(self) -> str:
        """The line whose phones sent it; "" for the director's and the archive's."""
        return self.source if self.source in PHONE_LINES else ""

    @property
    def smazzate(self) -> list[dict[str, Any]]:
        """The smazzate entered, as data ([] for totals, a forfeit or nothing)."""
        return self.data.get("smazzate", [])

    @property
    def entry(self) -> TableEntry | None:
        """The engine's entry it holds, read from ``data`` (None: no result)."""
        return data_entry(self.data)

    @property
    def entered(self) -> bool:
        return bool(self.data)
