"""Starting the gironi phase (RULES.md section 12): the standings after the turno before are cut
into gironi, each entrant keeps its girone to the last turno, and the phase's first turno is
drawn as a Danese inside each girone (``services.turni.turno_draw``, through the kind's draw
manager and ``gironi_draw``). One transaction: a refused draw leaves no girone behind. Deleting
the draft of the phase's first turno ends the phase (``gironi_clear``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..audit_text import Subject
from ..draw_manager import DrawRequest
from ..models import Movement, Tournament, Turno
from ..selectors.gironi import gironi_preview
from .audit import audit_record
from .locks import tournament_lock
from .turni import turno_draw


@transaction.atomic
def gironi_start(
    *,
    tournament: Tournament,
    user,
    sizes: Sequence[int],
    mode: str = "modificato",
    standings_setting: str,
    overall_setting: str,
    close_previous: bool = False,
) -> Turno:
    """Cut the standings into gironi of ``sizes`` tables (top first) and draw the next turno
    inside them. Raises ValidationError (the tournament's state) or the engine's RuleError (the
    sizes: ``rules.gironi.gironi_cut``; the draw)."""
    tournament = tournament_lock(tournament)
    tournament.fmt.draw_manager.check_gironi()
    if tournament.gironi_from is not None:
        raise ValidationError(
            _("The gironi already started with turno %(turno)s.")
            % {"turno": tournament.gironi_from},
            code="gironi_started",
        )
    preview = gironi_preview(tournament=tournament, sizes=sizes)
    for name, rows in preview.gironi:
        tournament.entrants.filter(number__in=[r.entrant.number for r in rows]).update(girone=name)
    tournament.gironi_from = preview.number
    tournament.gironi_standings = standings_setting
    tournament.gironi_overall = overall_setting
    tournament.save(update_fields=["gironi_from", "gironi_standings", "gironi_overall"])
    audit_record(
        tournament=tournament,
        user=user,
        action="gironi_start",
        subject=Subject("turno", {"number": preview.number}),
        after={
            "from_turno": preview.number,
            "sizes": list(sizes),
            "gironi": [[name, [r.entrant.number for r in rows]] for name, rows in preview.gironi],
            "gironi_standings": standings_setting,
            "gironi_overall": overall_setting,
        },
    )
    return turno_draw(
        tournament=tournament,
        user=user,
        request=DrawRequest(movement=Movement.DANESE, mode=mode),
        close_previous=close_previous,
    )
