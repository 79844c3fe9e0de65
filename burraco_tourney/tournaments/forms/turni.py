"""Forms of the turni pages: the draw of a turno (any movement) and taking one back to draft."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.rules.errors import RuleError

from ..draw_manager import DRAWN_MOVEMENTS, DrawRequest
from ..draw_notes import StepChoice
from ..models import Movement, Turno

# "1 5", "1-5", "1 v 5", "1,5": the NS pair then the EO pair.
SEAT_LINE = re.compile(r"^\s*(\d+)\s*(?:[-–,;:/]|v|vs|x)?\s*(\d+)\s*$", re.IGNORECASE)
NUMBER_LIST = re.compile(r"[\s,;]+")

# Which field an engine refusal belongs next to.
ERROR_FIELDS = {
    "invalid_step": "step",
    "unknown_mode": "mode",
    "too_few_pairs": "movement",
    "turno_out_of_range": "movement",
    "duplicate_pair": "movement",
    "invalid_pair_number": "movement",
    "same_pair_both_lines": "seating",
    "pair_seated_twice": "seating",
    "pair_missing": "seating",
    "pair_rests_twice": "byes",
    "pair_seated_and_resting": "byes",
    "bye_with_even_pairs": "byes",
    "too_many_byes": "byes",
}


def rule_message(error: RuleError) -> str:
    """The translated sentence of an engine refusal (the engine's English while none exists)."""
    try:
        from burraco_tourney.core.rule_messages import rule_error_message
    except ImportError:
        return error.message
    return str(rule_error_message(error))


def rule_error_field(error: RuleError) -> str | None:
    if error.code == "unknown_pair":
        return "seating" if error.params.get("table") else "byes"
    return ERROR_FIELDS.get(error.code)


class DrawForm(forms.Form):
    """The movement of the next turno (or of a draft drawn again) with its options."""

    movement = forms.ChoiceField(
        label=_("Movement"),
        choices=[(m, Movement(m).label) for m in DRAWN_MOVEMENTS],
        widget=forms.RadioSelect,
        initial=Movement.MITCHELL,
    )
    step = forms.TypedChoiceField(
        label=_("Mitchell step"),
        coerce=int,
        required=False,
        initial=1,
        help_text=_("How many tables the EO pairs move each turno."),
    )
    mode = forms.ChoiceField(
        label=_("Danese mode"),
        choices=[
            ("puro", pgettext_lazy("danese mode", "Puro")),
            ("modificato", pgettext_lazy("danese mode", "Modificato")),
            ("no_rematch", _("No rematch at all")),
        ],
        initial="modificato",
        required=False,
        help_text=_(
            "Puro: 1 v 2, 3 v 4, … always. Modificato: never the previous turno's opponent, "
            "except in the last turno. No rematch at all: nobody meets an opponent again while it "
            "can be avoided."
        ),
    )
    last_turno = forms.ChoiceField(
        label=_("Last turno"),
        choices=[("auto", ""), ("yes", _("Yes")), ("no", _("No"))],
        initial="auto",
        required=False,
    )
    seating = forms.CharField(
        label=_("Tables"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "1 5\n2 6\n3 7\n4 8"}),
        help_text=_(
            "One table a line, table 1 first: the NS pair number, then the EO pair number."
        ),
    )
    byes = forms.CharField(
        label=_("Riposo"),
        required=False,
        help_text=_("With an odd number of pairs: the number of the pair that rests."),
    )

    def __init__(
        self, *args: Any, steps: Sequence[StepChoice], last_auto: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        # Step -> the sentence about it shown under the choice (the page's script follows it).
        self.step_outlooks = {choice.step: choice.outlook for choice in steps}
        self.fields["step"].choices = [(c.step, c.label) for c in steps] or [(1, "1")]
        auto = _("Automatic: yes") if last_auto else _("Automatic: no")
        self.fields["last_turno"].choices = [("auto", auto), ("yes", _("Yes")), ("no", _("No"))]

    @property
    def current_step_outlook(self) -> str:
        """The sentence about the step shown (submitted, else initial)."""
        value = self["step"].value()
        try:
            return self.step_outlooks.get(int(value), "")
        except (TypeError, ValueError):
            return ""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        movement = data.get("movement")
        if movement == Movement.MITCHELL and not data.get("step"):
            self.add_error("step", _("Choose the step."))
        if movement == Movement.DANESE and not data.get("mode"):
            self.add_error("mode", _("Choose the mode."))
        if movement == Movement.MANUAL:
            data["seats"] = self._seats(data.get("seating", ""))
            data["bye_list"] = self._byes(data.get("byes", ""))
        return data

    def _seats(self, text: str) -> tuple[tuple[int, int], ...]:
        seats = []
        errors = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            match = SEAT_LINE.match(line)
            if match is None:
                errors.append(
                    _('Line %(line)s ("%(text)s"): write two pair numbers, NS then EO, e.g. "1 5".')
                    % {"line": number, "text": line.strip()[:40]}
                )
                continue
            seats.append((int(match[1]), int(match[2])))
        if not errors and not seats:
            errors.append(_("Type at least one table."))
        for error in errors:
            self.add_error("seating", error)
        return tuple(seats)

    def _byes(self, text: str) -> tuple[int, ...]:
        numbers = []
        for token in NUMBER_LIST.split(text.strip()):
            if not token:
                continue
            if not token.isdecimal():
                self.add_error("byes", _('"%(text)s" is not a pair number.') % {"text": token[:20]})
                continue
            numbers.append(int(token))
        return tuple(numbers)

    def draw_request(self) -> DrawRequest:
        data = self.cleaned_data
        last = {"yes": True, "no": False}.get(data.get("last_turno") or "auto")
        return DrawRequest(
            movement=data["movement"],
            step=data.get("step") or 1,
            mode=data.get("mode") or "modificato",
            last_turno=last,
            seats=data.get("seats", ()),
            byes=data.get("bye_list", ()),
        )

    def add_rule_error(self, error: RuleError) -> None:
        """Show an engine refusal next to the field it concerns."""
        self.add_error(rule_error_field(error), rule_message(error))


def draw_initial(turno: Turno | None, *, with_seating: bool) -> dict[str, Any]:
    """The form's initial values: those of ``turno`` (the draft, or the last turno drawn).

    ``with_seating``: also the typed tables of a manual draw (to correct a draft, not to draw
    the next turno, where the same tables would only repeat the meetings).
    """
    if turno is None or turno.movement not in DRAWN_MOVEMENTS:
        return {}
    options = turno.draw_options or {}
    initial: dict[str, Any] = {"movement": turno.movement}
    if "step" in options:
        initial["step"] = options["step"]
    if "mode" in options:
        initial["mode"] = options["mode"]
        if not options.get("last_turno_auto", True):
            initial["last_turno"] = "yes" if options.get("last_turno") else "no"
    if with_seating and "seats" in options:
        initial["seating"] = "\n".join(f"{ns} {eo}" for ns, eo in options["seats"])
        initial["byes"] = " ".join(str(p) for p in options.get("byes", []))
    return initial


class UnpublishForm(forms.Form):
    """Taking a published turno back to draft needs an explicit confirmation."""

    confirm = forms.BooleanField(
        label=_("I confirm: the players may already have seen this seating."),
        error_messages={"required": _("Tick the box to confirm.")},
    )
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)
