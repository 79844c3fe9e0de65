"""The draw of a turno of the gironi phase (RULES.md section 12), for pairs and individuals: a
Danese inside each girone, by the kind's own Danese (``rules.pairing.danese_draw``,
``individual_danese_draw``), on the girone's ranking after the turno before — the overall
standings for the phase's first turno (the order the gironi were cut in), the girone's standings
after it. The tables are numbered on through the turno and each keeps its girone and its number
inside it (``draw_options["gironi"]``, ``rules.gironi.girone_tables``). Reads only, like the
draw managers that call it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from burraco_tourney.rules.gironi import Gironi, gironi_combine

from .models import Movement, Tournament
from .selectors.gironi_phase import tournament_gironi


def phase_of(tournament: Tournament, number: int) -> Gironi | None:
    """The gironi phase turno ``number`` is played in, None when it is not."""
    gironi = tournament_gironi(tournament, drawn=True)
    if gironi is None or number < gironi.from_turno:
        return None
    return gironi


def girone_rankings(tournament: Tournament, gironi: Gironi, number: int) -> list[tuple[str, list]]:
    """Each girone's ``Standing`` rows, best first, after turno ``number - 1``."""
    from .selectors.gironi import girone_standings
    from .selectors.standings import standings

    if number > gironi.from_turno:
        found = girone_standings(tournament=tournament, after_turno=number - 1)
        return [(g.name, g.rows) for g in found]
    rows = standings(tournament=tournament, after_turno=number - 1)
    girone_of = gironi.girone_of()
    return [
        (name, [r for r in rows if girone_of.get(r.entrant.number) == name])
        for name, _numbers in gironi.members
    ]


def gironi_plan(
    *,
    tournament: Tournament,
    gironi: Gironi,
    number: int,
    request: Any,
    active: Sequence[int],
    draw_one: Callable[[list[int]], Any],
) -> tuple[Any, dict[str, Any]]:
    """The turno's draw and options: ``draw_one(ranking)`` draws one girone's active entrants
    (best first). Refuses another movement than the Danese."""
    if request.movement != Movement.DANESE:
        raise ValidationError(
            _(
                "From turno %(turno)s the turni are played in gironi: draw them as a Danese, "
                "which is drawn inside each girone."
            )
            % {"turno": gironi.from_turno},
            code="gironi_danese",
        )
    playing = set(active)
    draws, standings = [], []
    for name, rows in girone_rankings(tournament, gironi, number):
        ranked = [r for r in rows if r.entrant.number in playing]
        draws.append((name, draw_one([r.entrant.number for r in ranked])))
        standings += [[r.entrant.number, r.rank, r.vp, r.scarto, name] for r in ranked]
    draw, counts = gironi_combine(draws)
    options = {"after_turno": number - 1, "standings": standings, "gironi": counts}
    return draw, options
