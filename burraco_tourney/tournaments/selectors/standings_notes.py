"""What the standings say beside a pair besides its figures: withdrawn, or joined late.

The page, the standings PDF and the workbook read the same note (``StandingsTable``'s "Note"
column), written here in the reader's language: "Withdrawn after turno 3", "Joined late: turni
1–2 scored as a riposo (14 VP, +355 MP of scarto)". The missed turni themselves are scored by the
rules engine (``rules.standings.Absence``); this module only puts them into words. It never
writes.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from burraco_tourney.rules.standings import Absence, StandingRow, Value

from ..models import Entrant, MissedTurni


def missed_value(pair: Entrant) -> Value | None:
    """The value of each turno a late pair missed, as the engine takes it: None for a riposo."""
    if pair.missed == MissedTurni.VALUE:
        return Value(vp=pair.missed_vp or 0, mp=pair.missed_mp or 0)
    if pair.missed == MissedTurni.NONE:
        return Value(vp=0, mp=0)
    return None


def pair_absences(pair: Entrant, published: Sequence[int]) -> list[Absence]:
    """The published turni ``pair`` missed because it joined late."""
    if pair.joined_turno is None:
        return []
    value = missed_value(pair)
    return [
        Absence(turno=n, pair=pair.number, value=value) for n in published if n < pair.joined_turno
    ]


def turni_span(numbers: Sequence[int]) -> str:
    """``1–3`` for consecutive turni, ``1, 3`` otherwise."""
    numbers = sorted(numbers)
    if len(numbers) > 2 and numbers[-1] - numbers[0] == len(numbers) - 1:
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def _vp_mp(value: Value) -> str:
    """ "14 VP, +355 MP of scarto": a riposo's (or a typed) MP count as scarto, not as MP."""
    return _("%(vp)s %(vp_label)s, %(mp)s %(mp_label)s of scarto") % {
        "vp": value.vp,
        "mp": f"{value.mp:+d}",
        "vp_label": pgettext("victory points", "VP"),
        "mp_label": pgettext("match points", "MP"),
    }


def late_note(pair: Entrant, absent: Sequence[int], bye: Value | None) -> str:
    """ "Joined late: turni 1–2 scored as a riposo (14 VP, +355 MP of scarto)", for the turni
    counted."""
    if not absent:
        return ""
    count, span = len(absent), turni_span(absent)
    if pair.missed == MissedTurni.NONE:
        return ngettext(
            "Joined late: turno %(turni)s not scored",
            "Joined late: turni %(turni)s not scored",
            count,
        ) % {"turni": span}
    if pair.missed == MissedTurni.VALUE:
        text = ngettext(
            "Joined late: turno %(turni)s scored %(value)s",
            "Joined late: turni %(turni)s scored %(value)s",
            count,
        )
        return text % {"turni": span, "value": _vp_mp(missed_value(pair) or Value(0, 0))}
    text = ngettext(
        "Joined late: turno %(turni)s scored as a riposo (%(value)s)",
        "Joined late: turni %(turni)s scored as a riposo (%(value)s)",
        count,
    )
    return text % {"turni": span, "value": _vp_mp(bye) if bye is not None else "—"}


def withdrawn_note(pair: Entrant) -> str:
    """ "Withdrawn after turno 3" (or before turno 1) for a withdrawn pair."""
    if not pair.withdrawn:
        return ""
    after = pair.withdrawn_after_turno
    if after is None:
        return _("Withdrawn")
    if after == 0:
        return _("Withdrawn before turno 1")
    return _("Withdrawn after turno %(turno)s") % {"turno": after}


def standing_note(pair: Entrant, row: StandingRow, bye: Value | None) -> str:
    """Every note of one line of the standings, joined."""
    parts = [late_note(pair, row.absent, bye), withdrawn_note(pair)]
    return "; ".join(p for p in parts if p)
