"""Who an entrant is: the registry's people behind a pair, a player, or a team's roster.

An ``Entrant`` keeps its names as printed in its tournament (``player1``/``player2``, ``name``);
a ``Member`` row points each of its places to a ``people.Person``, in order (``position`` 1 is a
pair's first player, a player's only one). A team's roster is 4 to 8 members in the order it was
registered (the players past the line-ups' four are its reserves), one of them its captain.
The standings never read members: they rank entrants.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .tournament import Entrant


class Member(models.Model):
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("entrant"), on_delete=models.CASCADE, related_name="members"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    person = models.ForeignKey(
        "people.Person",
        verbose_name=_("person"),
        on_delete=models.PROTECT,
        related_name="memberships",
    )
    # The name as printed in this tournament where the entrant itself does not hold it: a team's
    # roster (a pair's names are ``Entrant.player1``/``player2``, a player's ``Entrant.name``).
    printed = models.CharField(_("name as printed"), max_length=120, blank=True)
    # A team's captain (at most one per team; RULES.md section 11): may set the team's line-ups
    # from the team's link. Always False for a pair or a player.
    captain = models.BooleanField(_("captain"), default=False)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["entrant", "position"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "position"], name="member_position_unique"),
            models.UniqueConstraint(fields=["entrant", "person"], name="member_person_once"),
            models.CheckConstraint(condition=Q(position__gte=1), name="member_position_positive"),
            models.UniqueConstraint(
                fields=["entrant"], condition=Q(captain=True), name="member_one_captain"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entrant_id}/{self.position}: {self.person_id}"
