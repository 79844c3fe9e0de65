"""A kind's draw manager, handed out by its format (``tournament.fmt.draw_manager``), the way
Tabbycat picks a ``DrawManager`` class by the draw type: the pairs' movements (Mitchell, Danese,
all'italiana, by hand: ``draw_manager.py``), the individual's (the rotation, the Danese
individuale, by hand: ``individual/draw_manager.py``), and the knock-out's bracket, drawn round by
round from the bracket page (``services/ko.py``), never from the turni page.

The pairs' manager is here; each other kind's is in its package (``ko/``, ``individual/``).
A manager reads, never writes: the turni services (``services/turni.py``) store the draft turno
it plans, for every kind. What differs between kinds is asked of it: a refusal before the engine
(``check_request``), the words of a riposo without a value, and for the director's turni pages
(``views/manage/turni.py``, one set of pages for every kind) the draw form, its boxes and script
(``pages``) and the turno's seating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


@dataclass(frozen=True)
class TurniPages:
    """What a kind's draw form shows on the director's turni pages (``views/manage/turni.py``,
    the same addresses for every kind): the template of the draw form's boxes and the script
    that shows the boxes of the chosen movement."""

    draw_fields: str
    script: str


PAIRS_PAGES = TurniPages(draw_fields="manage/turno_draw_fields.html", script="js/turni.js")


class WithoutGironi:
    """A draw manager's answer for a kind played without gironi (a knock-out, teams)."""

    gironi_url: str | None = None

    def check_gironi(self) -> None:
        raise ValidationError(
            _("This kind of tournament is not played in gironi."), code="no_gironi"
        )


class PairsDrawManager:
    """The pairs' movements, drawn by ``services.turni.turno_draw`` from the turni page."""

    # The page starting the gironi phase (RULES.md section 12), for its link on the turni page;
    # None for a kind without gironi (``check_gironi`` refuses them).
    gironi_url: str | None = "manage:gironi"
    pages: ClassVar[TurniPages] = PAIRS_PAGES

    def check_turno_draw(self) -> None:
        """Refuse, with a ValidationError, to draw this kind's turni from the turni page
        (``services.turni.turno_draw``); the pairs' are drawn there."""

    def check_gironi(self) -> None:
        """Refuse, with a ValidationError, a gironi phase (RULES.md section 12) for a kind
        played without one; the pairs may play one."""

    def check_bracket(self) -> None:
        """Refuse, with a ValidationError, a bracket (seeding, rounds, its pages) for a kind
        whose turni are not a knock-out's rounds: every kind but the knock-out's."""
        raise ValidationError(_("This tournament is not a knock-out."), code="not_ko")

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
        table_of = {p.number: t.label for t in seating.tables for p in (t.ns, t.eo)}
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
            # A turno in gironi ranks each girone on its own: its rows name the girone too.
            for p, rank, vp, scarto, *_girone in turno.draw_options.get("standings", [])
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
