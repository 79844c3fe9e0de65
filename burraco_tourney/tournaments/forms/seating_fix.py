"""The two forms of the seating correction page: swap a table's lines, exchange two pairs."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Turno

REASON_MAX = 300


def _reason_field() -> forms.CharField:
    return forms.CharField(
        label=_("Reason (recorded in the change log)"),
        max_length=REASON_MAX,
        error_messages={"required": _("Say why the seating is corrected.")},
    )


def _pair_label(pair) -> str:
    """A pair in a list of choices: its number and its players, "3 (Rossi Anna – Verdi Carla)",
    so that the director finds the pair by the names on the scorecard, not only its number."""
    return f"{pair.number} ({pair.players})"


class SwapLinesForm(forms.Form):
    """A table whose NS and EO pairs sat the wrong way round."""

    table = forms.TypedChoiceField(label=_("Table"), coerce=int)

    def __init__(self, *args, turno: Turno, **kwargs) -> None:
        super().__init__(*args, prefix="swap", **kwargs)
        self.fields["table"].choices = [
            (
                t.number,
                _("Table %(table)s: NS %(ns)s, EO %(eo)s")
                % {"table": t.number, "ns": _pair_label(t.ns), "eo": _pair_label(t.eo)},
            )
            for t in turno.tables.select_related("ns", "eo").order_by("number")
        ]
        self.fields["reason"] = _reason_field()


class ExchangePairsForm(forms.Form):
    """Two pairs who sat at each other's place, at two tables."""

    first = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    second = forms.TypedChoiceField(label=_("sat in the place of pair"), coerce=int)

    def __init__(self, *args, turno: Turno, **kwargs) -> None:
        super().__init__(*args, prefix="exchange", **kwargs)
        seated = sorted(
            (p for t in turno.tables.select_related("ns", "eo") for p in (t.ns, t.eo)),
            key=lambda pair: pair.number,
        )
        choices = [(p.number, _pair_label(p)) for p in seated]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices
        self.fields["reason"] = _reason_field()

    def clean(self):
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different pairs."))
        return data
