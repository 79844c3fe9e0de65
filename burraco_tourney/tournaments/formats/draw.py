"""A kind's draw manager, handed out by its format (``tournament.fmt.draw_manager``), the way
Tabbycat picks a ``DrawManager`` class by the draw type: the pairs' movements (Mitchell, Danese,
all'italiana, by hand: ``draw_manager.py``), the individual's (the rotation, the Danese
individuale, by hand: ``individual/draw_manager.py``), and the knock-out's bracket, drawn round by
round from the bracket page (``services/ko.py``), never from the turni page.

The pairs' manager is here; each other kind's is in its package (``ko/``, ``individual/``).
A manager reads, never writes: the turni services (``services/turni.py``) store the draft turno
it plans, for every kind. What differs between kinds is asked of it: a refusal before the engine
(``check_request``), the words of a riposo without a value, and for the director's turni pages
(``views/manage/turni.py``, one set of views for every kind) the addresses (``pages``), the draw
form and the turno's seating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.db.models import Max
from django.utils.translation import ngettext


@dataclass(frozen=True)
class TurniPages:
    """The director's turni pages of a kind, served by ``views/manage/turni.py``: the address
    under the tournament's management pages, the URL names (each with the namespace, taking the
    slug, and the turno's number but for ``list``), the template of the draw form's boxes and
    the script that shows the boxes of the chosen movement."""

    path: str
    list: str
    turno: str
    redraw: str
    publish: str
    unpublish: str
    delete: str
    draw_fields: str
    script: str


PAIRS_PAGES = TurniPages(
    path="turni",
    list="manage:turni",
    turno="manage:turno_preview",
    redraw="manage:turno_redraw",
    publish="manage:turno_publish",
    unpublish="manage:turno_unpublish",
    delete="manage:turno_delete",
    draw_fields="manage/turno_draw_fields.html",
    script="js/turni.js",
)


class PairsDrawManager:
    """The pairs' movements, drawn by ``services.turni.turno_draw`` from the turni page."""

    # Why ``turno_draw`` does not draw this kind's turni (None: it does).
    turno_draw_refusal: Any = None
    # The page starting the gironi phase (RULES.md section 12), None for a kind without gironi.
    gironi_url: str | None = "manage:gironi"
    pages: ClassVar[TurniPages] = PAIRS_PAGES

    def draw(self, *, tournament: Any, number: int, request: Any) -> Any:
        """The ``DrawPlan`` of turno ``number``. Raises the engine's RuleError."""
        from ..draw_manager import draw_turno

        return draw_turno(tournament=tournament, number=number, request=request)

    def check_request(self, *, number: int, request: Any) -> None:
        """Refuse, with a ValidationError, a request this kind cannot draw for turno ``number``
        before the engine is asked (the pairs: every movement may be asked)."""

    def bye_value_missing(self, byes: Any) -> str:
        """Why a draw leaving ``byes`` out cannot be stored while the riposo has no value (a
        custom VP table whose riposo was left blank): their standings could not be counted."""
        return ngettext(
            "In this turno pair %(pairs)s rests, but the custom VP table has no riposo "
            "value: set the riposo VP and MP in the tournament settings, then draw.",
            "In this turno pairs %(pairs)s rest, but the custom VP table has no riposo "
            "value: set the riposo VP and MP in the tournament settings, then draw.",
            len(byes),
        ) % {"pairs": ", ".join(str(p) for p in byes)}

    def active_count(self, tournament: Any, number: int) -> str:
        """The entrants playing turno ``number``, counted in words for the turni page."""
        from ..draw_manager import active_pairs

        count = len(active_pairs(tournament, number))
        return ngettext("%(counter)s active pair", "%(counter)s active pairs", count) % {
            "counter": count
        }

    def draw_form(
        self, tournament: Any, number: int, data: Any = None, *, like: Any = None, redraw=False
    ) -> Any:
        """The draw form of turno ``number`` (its ``draw_request()`` is what the services take):
        bound to ``data`` when posted, else starting from the turno ``like`` (the last one drawn,
        or the draft drawn again when ``redraw``). The Mitchell steps are weighed against the
        turni played before it; a form not starting from a step starts from the best one."""
        from ..draw_manager import is_last_turno, mitchell_step_options
        from ..draw_notes import step_choices
        from ..forms.turni import DrawForm, draw_initial

        options = mitchell_step_options(tournament, number)
        initial = {} if data is not None else draw_initial(like, with_seating=redraw)
        best = next((o.step for o in options if o.best), None)
        if "step" not in initial and best is not None:
            initial["step"] = best
        return DrawForm(
            data,
            initial=initial,
            steps=step_choices(options),
            last_auto=is_last_turno(tournament, number),
        )

    def turno_part(self, tournament: Any, turno: Any) -> tuple[str, dict[str, Any]]:
        """The director's page of one turno and its seating: the tables, and for a turno drawn
        from the standings the ranking it used."""
        from ..selectors.seating import turno_seating

        seating = turno_seating(turno=turno)
        table_of = {p.number: t.number for t in seating.tables for p in (t.ns, t.eo)}
        pairs = {p.number: p for p in tournament.entrants.all()}
        ranking = [
            {
                "pair": pairs.get(p),
                "number": p,
                "rank": rank,
                "vp": vp,
                "scarto": scarto,
                "table": table_of.get(p),
            }
            for p, rank, vp, scarto in turno.draw_options.get("standings", [])
        ]
        context = {
            "seating": seating,
            "ranking": ranking,
            "has_results": any(t.has_result for t in seating.tables),
        }
        return "manage/turno_preview.html", context

    def late_join_turno(self, tournament: Any) -> int | None:
        """The turno an entrant added now plays first: the one after the last published turno;
        None before any turno is published (a draft turno can still be drawn again with it)."""
        last = tournament.turni.filter(published=True).aggregate(last=Max("number"))["last"]
        return None if last is None else last + 1


PAIRS_DRAW = PairsDrawManager()
