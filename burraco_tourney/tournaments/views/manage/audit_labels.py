"""The words of the change log for what changed: each key in words, coded values by their label.

The services keep the values before and after a change as JSON; ``selectors.audit`` lists the
keys that changed as dotted paths (``smazzate.2.ns.cards``). Here a key becomes
"Smazzata 2 · NS · card points", a tournament setting its box's label on the settings page, and
a coded value (an entry mode, a movement, a ruleset) the words the forms show for it. A key this
module does not know is shown as it is stored.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ...forms.setup import TIEBREAK_CHOICES, VP_CHOICES, TournamentForm
from ...forms.setup_rules import BONUS_FIELDS, POINT_OPTIONS, SWITCHES
from ...forms.turni import DrawForm
from ...models import (
    Entrant,
    EntryMode,
    FederationClass,
    FederationReport,
    GironiOverall,
    GironiStandings,
    KoMode,
    MissedTurni,
    Movement,
    RulesetName,
    SmazzataEnd,
    Tournament,
    TournamentKind,
    Turno,
)

SEPARATOR = " · "


def _setting(name: str) -> Any:
    """The label of a box of the tournament settings page."""
    return TournamentForm.base_fields[name].label


def _verbose(model, name: str) -> Any:
    return model._meta.get_field(name).verbose_name


# A part of a key, wherever it comes (a pair, a turno, a result, a penalty, a knock-out match).
PART_LABELS: dict[str, Any] = {
    "vp": pgettext_lazy("victory points", "VP"),
    "mp": pgettext_lazy("match points", "MP"),
    "ns_mp": gettext_lazy("NS MP"),
    "eo_mp": gettext_lazy("EO MP"),
    "ns_vp": gettext_lazy("NS VP"),
    "eo_vp": gettext_lazy("EO VP"),
    "reason": gettext_lazy("reason"),
    "turno_minutes": gettext_lazy("minutes per turno"),
    "last_smazzata_minutes": gettext_lazy("“last smazzata” warning, minutes before the end"),
    "clock_started_at": gettext_lazy("time started at"),
    "clock_minutes": gettext_lazy("minutes of this turno"),
    "anomaly": gettext_lazy("anomaly"),
    "pair": gettext_lazy("pair"),
    "pairs": gettext_lazy("pairs"),
    "turno": gettext_lazy("turno"),
    "turni": gettext_lazy("turni"),
    "table": gettext_lazy("table"),
    # A turno closed with anomalies left open (``services.closing``): each one's table and kind.
    "open_anomalies": gettext_lazy("anomaly left open"),
    "number": gettext_lazy("number"),
    "player1": gettext_lazy("first player"),
    "player2": gettext_lazy("second player"),
    "club": gettext_lazy("club"),
    "withdrawn": gettext_lazy("withdrawn"),
    # A pair added after a turno was drawn (a late pair) and how its missed turni count.
    "joined_turno": _verbose(Entrant, "joined_turno"),
    "missed": _verbose(Entrant, "missed"),
    "missed_vp": _verbose(Entrant, "missed_vp"),
    "missed_mp": _verbose(Entrant, "missed_mp"),
    "published": gettext_lazy("published"),
    "movement": gettext_lazy("movement"),
    "tables": gettext_lazy("tables"),
    "byes": gettext_lazy("riposi"),
    "entry_mode": gettext_lazy("result entered as"),
    "forfeit_winner": gettext_lazy("forfeit won by"),
    "winner": gettext_lazy("goes on"),
    "ns": pgettext_lazy("line", "NS"),
    "eo": pgettext_lazy("line", "EO"),
    "cards": gettext_lazy("card points"),
    "chiusura": gettext_lazy("closed"),
    "pozzetto": gettext_lazy("took the pozzetto"),
    "total": gettext_lazy("total"),
    "end": gettext_lazy("ended by"),
    "last_move": gettext_lazy("last move"),
    "line": gettext_lazy("line"),
    "phone": gettext_lazy("phone session"),
    "message": gettext_lazy("message"),
    **{kind: f"burraco {kind}" for kind in BONUS_FIELDS},
    # How a turno was drawn.
    "options": _verbose(Turno, "draw_options"),
    "step": DrawForm.base_fields["step"].label,
    "mode": DrawForm.base_fields["mode"].label,
    "last_turno": DrawForm.base_fields["last_turno"].label,
    "last_turno_auto": gettext_lazy("last turno decided automatically"),
    "after_turno": gettext_lazy("standings after turno"),
    "gironi": gettext_lazy("gironi"),
    "seats": DrawForm.base_fields["seating"].label,
    "seeding": gettext_lazy("Seeding"),
    "seed": gettext_lazy("draw code"),
    "draw_seed": gettext_lazy("draw code"),
    "rematch_free_turni": gettext_lazy("turni without a rematch"),
    # The draw of the pair numbers: the numbers before, then each new number with the old one.
    "numbers": gettext_lazy("pair numbers"),
    "order": gettext_lazy("new number, old number, players"),
    "third_place": _verbose(Tournament, "ko_third_place"),
    # The pairs a knock-out took from a pairs tournament's standings.
    "source": gettext_lazy("Pairs tournament"),
    "count": gettext_lazy("How many pairs go to the knock-out"),
    "tied_out": gettext_lazy("left out on a tie"),
    # A band of a custom VP table (``vp_table.2.max``; its ``vp`` is the VP label above).
    "max": gettext_lazy("largest MP difference"),
    # The tournament's settings, by the label of their box.
    **{
        name: _setting(name)
        for name in (
            "name",
            "date",
            "venue",
            "kind",
            "ruleset_name",
            "smazzate_per_turno",
            "bye_vp",
            "bye_mp",
            "forfeit_vp",
            "forfeit_mp",
            "planned_turni",
            "ko_mode",
            "ko_smazzate",
            "ko_target",
            "players_enter",
            "federation_class",
            "gironi_standings",
            "gironi_overall",
        )
    },
    "players_auto_accept": _verbose(Tournament, "players_auto_accept"),
    "vp_table": _setting("vp_preset"),
    "forfeit_loser_vp": _setting("forfeit_loser"),
    "tiebreaks": _verbose(Tournament, "tiebreaks"),
    # A KO round with a match length of its own (``ko_rounds.0.target``).
    "ko_rounds": _verbose(Tournament, "ko_rounds"),
    "round": gettext_lazy("round"),
    "target": _verbose(Tournament, "ko_target"),
    # The federation report's signatories and the day it was sent.
    "arbitro": _verbose(FederationReport, "arbitro"),
    "direttore": _verbose(FederationReport, "direttore"),
    "sala_conti": _verbose(FederationReport, "sala_conti"),
    "sent_on": _verbose(FederationReport, "sent_on"),
}

# Parts whose meaning depends on the key they are in: a KO round's "mode" is how its matches
# are decided, not a Danese draw's mode.
PART_LABELS_WITHIN: dict[str, dict[str, Any]] = {
    "ko_rounds": {"mode": _setting("ko_mode")},
    "open_anomalies": {"code": gettext_lazy("kind")},
}

# Whole keys whose meaning depends on where they are: the ruleset in use (``rules.*``).
KEY_LABELS: dict[str, Any] = {
    "rules.name": _setting("ruleset_name"),
    **{f"rules.{name}": _setting(name) for name in (*SWITCHES, *POINT_OPTIONS)},
    # Set by the ruleset chosen, with no box of their own.
    "rules.pinella_value": gettext_lazy("pinella value"),
    "rules.jolly_value": gettext_lazy("jolly value"),
    "rules.has_jolly": gettext_lazy("jolly in the deck"),
    "rules.combinations_allowed": gettext_lazy("combinations allowed"),
    **{
        f"rules.bonuses.{kind}": format_lazy(
            "{}{}{}", gettext_lazy("Bonuses"), SEPARATOR, _setting(field)
        )
        for kind, field in BONUS_FIELDS.items()
    },
}

# A part followed by a number: the label holding the number (and the part's own label, if any).
NUMBERED: dict[str, tuple[Any, Any]] = {
    "smazzate": (None, gettext_lazy("Smazzata %(number)s")),
    "requested": (None, gettext_lazy("Seed of pair %(number)s")),
    "vp_table": (_setting("vp_preset"), gettext_lazy("band %(number)s")),
}

# Coded values by the last part of their key: the words the forms show for them.
VALUE_LABELS: dict[str, dict[str, Any]] = {
    "entry_mode": dict(EntryMode.choices),
    "end": dict(SmazzataEnd.choices),
    "last_move": {"ns": pgettext_lazy("line", "NS"), "eo": pgettext_lazy("line", "EO")},
    # The line a phone entered for: "Line: NS", never the stored "ns".
    "line": {"ns": pgettext_lazy("line", "NS"), "eo": pgettext_lazy("line", "EO")},
    "forfeit_winner": {"ns": pgettext_lazy("line", "NS"), "eo": pgettext_lazy("line", "EO")},
    "winner": {"ns": pgettext_lazy("line", "NS"), "eo": pgettext_lazy("line", "EO")},
    "movement": dict(Movement.choices),
    "missed": dict(MissedTurni.choices),
    # A Danese draw's mode, or how a KO round's matches are decided: their codes differ.
    "mode": {**dict(DrawForm.base_fields["mode"].choices), **dict(KoMode.choices)},
    "kind": dict(TournamentKind.choices),
    "federation_class": dict(FederationClass.choices),
    "gironi_standings": dict(GironiStandings.choices),
    "gironi_overall": dict(GironiOverall.choices),
    "ruleset_name": dict(RulesetName.choices),
    "ko_mode": dict(KoMode.choices),
    "vp_table": dict(VP_CHOICES),
    "tiebreaks": dict(TIEBREAK_CHOICES),
}
KEY_VALUE_LABELS: dict[str, dict[str, Any]] = {"rules.name": dict(RulesetName.choices)}


def _parts(key: str) -> list[tuple[str, bool]]:
    """The words of each part of a dotted key, each with whether it was known."""
    parts = key.split(".")
    labels = {**PART_LABELS, **PART_LABELS_WITHIN.get(parts[0], {})}
    words: list[tuple[str, bool]] = []
    position = 0
    while position < len(parts):
        part = parts[position]
        following = parts[position + 1] if position + 1 < len(parts) else ""
        if part in NUMBERED and following.isdigit():
            label, numbered = NUMBERED[part]
            if label is not None:
                words.append((str(label), True))
            words.append((str(numbered) % {"number": int(following)}, True))
            position += 2
            continue
        label = labels.get(part)
        words.append((str(label), True) if label is not None else (part, False))
        position += 1
    return words


def key_label(key: str) -> str:
    """A dotted key in words: ``smazzate.2.ns.cards`` → "Smazzata 2 · NS · card points".

    A key with no known part is shown as stored; unknown parts of a known key stay as stored.
    """
    if not key:
        return ""
    if key in KEY_LABELS:
        return capfirst(str(KEY_LABELS[key]))
    words = _parts(key)
    if not any(known for _word, known in words):
        return key
    text = SEPARATOR.join(word for word, _known in words)
    return capfirst(text) if words[0][1] else text


def value_label(key: str, value: Any) -> Any:
    """A value as the forms name it: a coded value by its label, yes/no for true/false. Other
    values are given back as they are."""
    if value is True:
        return _("Yes")
    if value is False:
        return _("No")
    labels = KEY_VALUE_LABELS.get(key) or VALUE_LABELS.get(key.rsplit(".", 1)[-1], {})
    if isinstance(value, str) and value in labels:
        return str(labels[value])
    if (
        isinstance(value, list)
        and value
        and all(isinstance(item, str) and item in labels for item in value)
    ):
        return [str(labels[item]) for item in value]
    return value
