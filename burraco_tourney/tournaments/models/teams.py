"""A team tournament's own data: each team's line-up for each match (RULES.md section 11).

A team is an ``Entrant`` (``name``, ``club``) whose roster is its ``Member`` rows, in order; a
team match is a ``Match`` with two ``Table`` rows, one per ``Room``, whose lines hold the two
teams (in the sala aperta the home team sits NS, in the sala chiusa the away team). Which of a
team's players sit at those tables is its ``Lineup`` for the match: two pairs of its roster, one
per room, four different players. The director sets it, or the team's captain from the team's
link; it may change from match to match, and a match is not played before both teams' line-ups
are set. Scores, submissions, riposi and penalties are those of every kind: per table, per team.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .members import Member
from .play import Match
from .tournament import Entrant


class Lineup(models.Model):
    """One team's two pairs for one match: ``aperta1``/``aperta2`` in the sala aperta,
    ``chiusa1``/``chiusa2`` in the sala chiusa (members of the team's roster, all four
    different)."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="lineups"
    )
    team = models.ForeignKey(
        Entrant, verbose_name=_("team"), on_delete=models.CASCADE, related_name="lineups"
    )
    aperta1 = models.ForeignKey(
        Member,
        verbose_name=_("open room, first player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    aperta2 = models.ForeignKey(
        Member,
        verbose_name=_("open room, second player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    chiusa1 = models.ForeignKey(
        Member,
        verbose_name=_("closed room, first player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    chiusa2 = models.ForeignKey(
        Member,
        verbose_name=_("closed room, second player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    set_at = models.DateTimeField(_("set at"), default=timezone.now)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("set by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Set from the team's link by its captain (``set_by`` is then empty).
    by_captain = models.BooleanField(_("set by the captain"), default=False)

    class Meta:
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        ordering = ["match", "team"]
        constraints = [
            models.UniqueConstraint(fields=["match", "team"], name="lineup_one_per_team"),
            models.CheckConstraint(
                condition=~Q(aperta1=F("aperta2"))
                & ~Q(aperta1=F("chiusa1"))
                & ~Q(aperta1=F("chiusa2"))
                & ~Q(aperta2=F("chiusa1"))
                & ~Q(aperta2=F("chiusa2"))
                & ~Q(chiusa1=F("chiusa2")),
                name="lineup_four_players",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.team_id}"

    def room_pair(self, room: str) -> tuple[Member, Member]:
        """The two members the team plays in ``room`` (``Room`` value)."""
        if room == "aperta":
            return self.aperta1, self.aperta2
        return self.chiusa1, self.chiusa2
