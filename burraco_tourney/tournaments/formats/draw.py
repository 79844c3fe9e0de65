"""A kind's draw manager, handed out by its format (``tournament.fmt.draw_manager``), the way
Tabbycat picks a ``DrawManager`` class by the draw type: the pairs' movements (Mitchell, Danese,
all'italiana, by hand: ``draw_manager.py``), the individual's (the rotation, the Danese
individuale, by hand: ``individual/draw_manager.py``), and the knock-out's bracket, drawn round by
round from the bracket page (``services/ko.py``), never from the turni page.

The pairs' manager is here; each other kind's is in its package (``ko/``, ``individual/``).
A manager reads, never writes: the turni services store the draft turno it plans.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max


class PairsDrawManager:
    """The pairs' movements, drawn by ``services.turni.turno_draw`` from the turni page."""

    # Why ``turno_draw`` does not draw this kind's turni (None: it does).
    turno_draw_refusal: Any = None

    def draw(self, *, tournament: Any, number: int, request: Any) -> Any:
        """The ``DrawPlan`` of turno ``number``. Raises the engine's RuleError."""
        from ..draw_manager import draw_turno

        return draw_turno(tournament=tournament, number=number, request=request)

    def late_join_turno(self, tournament: Any) -> int | None:
        """The turno an entrant added now plays first: the one after the last published turno;
        None before any turno is published (a draft turno can still be drawn again with it)."""
        last = tournament.turni.filter(published=True).aggregate(last=Max("number"))["last"]
        return None if last is None else last + 1


PAIRS_DRAW = PairsDrawManager()
