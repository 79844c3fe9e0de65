"""The ruleset part of the tournament settings form: the preset's switches and bonuses as boxes.

A switch left on "as the ruleset" and a bonus left blank follow the chosen preset, so a director
who changes the preset needs to change nothing else, with or without JavaScript. This module
turns the boxes into overrides for the engine's ``get_ruleset``, reads a stored ruleset back into
boxes, writes the hints shown under them, and places each engine refusal next to its box.
It never writes anything.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.cards import JOLLY_COUNT, pack_size
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import BURRACO_KINDS, PRESETS
from burraco_tourney.rules.vp import VP_PRESETS

from ..models import RulesetName
from ..results_bridge import VP_PRESET_LABELS
from .setup_vp import VP_FOR_SMAZZATE, format_bands

SWITCHES: tuple[str, ...] = ("semipulito", "closing_needs_pulito", "pozzetto_penalty_always")
POINT_OPTIONS: tuple[str, ...] = ("chiusura_bonus", "pozzetto_penalty")
BONUS_FIELDS: dict[str, str] = {kind: f"bonus_{kind}" for kind in BURRACO_KINDS}
# The boxes that make up the ruleset: when none of them changed, the stored rules stay as they are.
RULESET_FIELDS: tuple[str, ...] = (
    "ruleset_name",
    *SWITCHES,
    *BONUS_FIELDS.values(),
    *POINT_OPTIONS,
)
YES, NO = "yes", "no"

SWITCH_LABELS = {
    "semipulito": _("Burraco semipulito counts"),
    "closing_needs_pulito": _("Closing needs a clean burraco"),
    "pozzetto_penalty_always": _("Pozzetto penalty also when time runs out"),
}


def yes_no(value: bool) -> str:
    return str(_("yes") if value else _("no"))


def presets_hint(option: str) -> str:
    """“Classic: no · Reale: yes · …”: what each preset says, shown under a switch."""
    names = dict(RulesetName.choices)
    parts = []
    for name, preset in PRESETS.items():
        if option == "semipulito" and not preset.semipulito_switchable:
            shown = _("not allowed")
        else:
            shown = yes_no(getattr(preset, option))
        parts.append(f"{names[name]}: {shown}")
    return " · ".join(parts)


def bonus_hint(kind: str) -> str:
    """The value of this kind of burraco in the presets that have it."""
    names = dict(RulesetName.choices)
    values = {name: dict(p.bonuses)[kind] for name, p in PRESETS.items() if kind in dict(p.bonuses)}
    if len(set(values.values())) == 1:
        return str(_("Blank: %(value)s.") % {"value": next(iter(values.values()))})
    parts = ", ".join(f"{names[name]} {value}" for name, value in values.items())
    return str(_("Blank: the ruleset's value (%(values)s).") % {"values": parts})


def bye_hint(fmt: Any) -> str:
    """The riposo's house default of a tournament of the kind ``fmt``, under its VP box."""
    parts = []
    for name in VP_PRESETS:
        bye = fmt.default_riposo(name)
        if bye is not None:
            parts.append(f"{bye[0]} / +{bye[1]} ({VP_PRESET_LABELS.get(name, name)})")
    # Translators: %(defaults)s lists VP / MP values by table, e.g. “14 / +355 (FIBUR, 3 smazzate)”.
    hint = str(
        _("Blank: the house default, VP / MP %(defaults)s. A custom VP table has none.")
        % {"defaults": ", ".join(parts)}
    )
    return f"{hint} {fmt.words.riposo_note}" if fmt.words.riposo_note else hint


def ruleset_summary() -> str:
    """What each preset plays with, under the ruleset box: “Reale: 104 cards, no jolly, …”."""
    names = dict(RulesetName.choices)
    parts = []
    for name, preset in PRESETS.items():
        # The pack's size and its jolly are the engine's (``cards.pack_size``), never typed here.
        if preset.has_jolly:
            text = _(
                "%(cards)s cards with %(jolly_count)s jolly (%(jolly)s points), pinella "
                "%(pinella)s points"
            )
        else:
            text = _("%(cards)s cards, no jolly, pinella %(pinella)s points")
        text = text % {
            "cards": pack_size(preset),
            "jolly_count": JOLLY_COUNT,
            "jolly": preset.jolly_value,
            "pinella": preset.pinella_value,
        }
        if not preset.combinations_allowed:
            text = _("%(cards)s, sequences only") % {"cards": text}
        parts.append(f"{names[name]}: {text}")
    return " · ".join(parts)


def show_preset(fields: dict[str, forms.Field], ruleset: str) -> None:
    """Label the "as the ruleset" choices and the blank boxes with ``ruleset``'s values."""
    preset = PRESETS[ruleset]
    for option in SWITCHES:
        field = fields[option]
        shown = yes_no(getattr(preset, option))
        field.choices = [
            ("", _("As the ruleset (%(value)s)") % {"value": shown}),
            (YES, _("Yes")),
            (NO, _("No")),
        ]
        field.help_text = presets_hint(option)
    bonuses = dict(preset.bonuses)
    for kind, name in BONUS_FIELDS.items():
        fields[name].help_text = bonus_hint(kind)
        fields[name].widget.attrs["placeholder"] = bonuses.get(kind, "")
    for option in POINT_OPTIONS:
        value = getattr(preset, option)
        fields[option].widget.attrs["placeholder"] = value
        fields[option].help_text = _("Blank: %(value)s.") % {"value": value}


def ruleset_overrides(data: dict[str, Any]) -> dict[str, Any]:
    """The ``get_ruleset`` overrides the boxes ask for: only the ones not left to the preset.
    The semipulito bonus is read whatever the switch says: it is kept while semipulito is off."""
    overrides: dict[str, Any] = {
        option: data[option] == YES for option in SWITCHES if data.get(option)
    }
    bonuses = {kind: data[f] for kind, f in BONUS_FIELDS.items() if data.get(f) is not None}
    if bonuses:
        overrides["bonuses"] = bonuses
    for option in POINT_OPTIONS:
        if data.get(option) is not None:
            overrides[option] = data[option]
    return overrides


def ruleset_initial(ruleset_name: str, rules: dict[str, Any]) -> dict[str, Any]:
    """The boxes for stored rules: a value equal to the preset's shows as "as the ruleset"."""
    preset = PRESETS[ruleset_name if ruleset_name in PRESETS else RulesetName.CLASSIC]
    initial: dict[str, Any] = {}
    for option in SWITCHES:
        value = rules.get(option, getattr(preset, option))
        initial[option] = "" if value == getattr(preset, option) else (YES if value else NO)
    preset_bonuses = dict(preset.bonuses)
    for kind, value in (rules.get("bonuses") or {}).items():
        if kind in BONUS_FIELDS and value != preset_bonuses.get(kind):
            initial[BONUS_FIELDS[kind]] = value
    for option in POINT_OPTIONS:
        value = rules.get(option, getattr(preset, option))
        initial[option] = None if value == getattr(preset, option) else value
    return initial


def ruleset_error_field(err: RuleError) -> str:
    """The box an engine refusal of the ruleset belongs next to."""
    params = err.params
    if err.code == "semipulito_not_in_ruleset":
        return "semipulito"
    if isinstance(params.get("kind"), str) and params["kind"] in BONUS_FIELDS:
        return BONUS_FIELDS[params["kind"]]
    option = params.get("option")
    if isinstance(option, str):
        if option.startswith("bonuses."):
            kind = option.split(".", 1)[1]
            if kind in BONUS_FIELDS:
                return BONUS_FIELDS[kind]
        if option in POINT_OPTIONS or option in SWITCHES:
            return option
    return "ruleset_name"


def ruleset_error_message(err: RuleError) -> str:
    # The engine names an option by its technical key; next to its box a plain sentence reads
    # better.
    if err.code == "rule_value_not_multiple_of_5":
        return str(_("Every score is a multiple of 5: %(value)s is not.") % err.params)
    if err.code == "burraco_kind_not_in_ruleset":
        return str(_("This ruleset has no burraco %(kind)s: leave the box blank.") % err.params)
    return rule_error_message(err)


def client_data() -> dict[str, Any]:
    """What the settings page's small script needs to follow the chosen presets (JSON-safe)."""
    return {
        "presets": {
            name: {
                **{option: getattr(preset, option) for option in (*SWITCHES, *POINT_OPTIONS)},
                "bonuses": dict(preset.bonuses),
                "semipulito_switchable": preset.semipulito_switchable,
            }
            for name, preset in PRESETS.items()
        },
        "switches": list(SWITCHES),
        "bonus_fields": BONUS_FIELDS,
        "bands": {name: format_bands(table) for name, table in VP_PRESETS.items()},
        "vp_for_smazzate": {str(n): table for n, table in VP_FOR_SMAZZATE.items()},
        "as_ruleset": str(_("As the ruleset (%(value)s)")),
        "yes": yes_no(True),
        "no": yes_no(False),
        "suggested": str(
            _("With %(smazzate)s smazzate per turno the usual VP table has been chosen for you.")
        ),
        "no_table": str(
            _(
                "No official VP table is known for %(smazzate)s smazzate per turno: choose "
                "“Custom bands” and type your regulation's bands."
            )
        ),
    }
