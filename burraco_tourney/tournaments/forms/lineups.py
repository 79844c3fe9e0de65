"""The line-up form of one team for one match: which players of its roster sit in the sala
aperta and which in the sala chiusa (two each, four different players)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

SLOTS = (
    ("aperta1", _("Open room, first player")),
    ("aperta2", _("Open room, second player")),
    ("chiusa1", _("Closed room, first player")),
    ("chiusa2", _("Closed room, second player")),
)


class LineupForm(forms.Form):
    def __init__(self, *args: Any, roster: list, prefix_id: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(m.position, m.printed) for m in roster]
        for name, label in SLOTS:
            self.fields[name] = forms.TypedChoiceField(label=label, choices=choices, coerce=int)
            self.fields[name].widget.attrs["id"] = f"{prefix_id}{name}"

    def positions(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The roster positions chosen: the sala aperta's two, the sala chiusa's two."""
        d = self.cleaned_data
        return (d["aperta1"], d["aperta2"]), (d["chiusa1"], d["chiusa2"])


def lineup_initial(lineup: Any) -> dict[str, int]:
    if lineup is None:
        return {}
    return {name: getattr(lineup, name).position for name, _label in SLOTS}
