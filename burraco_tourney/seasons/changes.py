"""A circuit's change log as its settings page lists it: each change with who made it and when,
each setting named by its label and worded as the form words it. Reads only."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from .models import Circuit, CircuitChange


@dataclass(frozen=True)
class SettingChanged:
    label: str
    before: str
    after: str


@dataclass(frozen=True)
class ChangeRow:
    at: datetime
    user: str
    action: str
    settings: list[SettingChanged]
    added: list[str]
    removed: list[str]


def circuit_changes(*, circuit: Circuit) -> list[ChangeRow]:
    """The circuit's changes, the latest first."""
    return [
        ChangeRow(
            at=change.at,
            user=change.user.get_username() if change.user else "",
            action=change.get_action_display(),
            settings=[
                SettingChanged(_label(n), _worded(n, b), _worded(n, a))
                for n, b, a in change.settings
            ],
            added=[_tournament(*named) for named in change.added],
            removed=[_tournament(*named) for named in change.removed],
        )
        for change in CircuitChange.objects.filter(circuit=circuit).select_related("user")
    ]


def _tournament(name: str, day: str) -> str:
    """A tournament in the log: its name and date, written as the page's language does."""
    return f"{name} ({date_format(date.fromisoformat(day), 'SHORT_DATE_FORMAT')})"


def _label(name: str) -> str:
    return capfirst(str(Circuit._meta.get_field(name).verbose_name))


def _worded(name: str, value: Any) -> str:
    field = Circuit._meta.get_field(name)
    if name == "placement_table":
        return ", ".join(str(points) for points in value) or _("N − 5 × (place − 1)")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return "—" if value is None else str(value)
