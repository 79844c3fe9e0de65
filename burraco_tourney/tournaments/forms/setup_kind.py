"""Which boxes of the tournament settings form mean something for which kind of tournament.

A pairs tournament ranks its pairs by VP over a planned number of turni: it needs the smazzate
of a turno, the VP table, the riposo and forfeit values and the tie-breaks. A knock-out has none
of these (RULES.md section 8): a match has its own length (the KO boxes), a bye in the bracket
simply goes through, a forfeit only names the winner, and there are no standings to break ties
in. The form ignores what a director posts in the boxes of the other kind, and keeps instead what
the tournament already has (a new one: the model's defaults). This module only reads.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from burraco_tourney.rules.vp import VP_PRESETS

from ..formats import FORMATS, TournamentFormat, format_for_choice
from ..models import TeamScoring, Tournament, TournamentKind
from ..results_bridge import VP_RULE_FIELDS
from .setup_rules import bye_hint

# The forfeit box's usual answer: the absent side gets the rest of what its table (or match) is
# worth (``setup_initial`` keeps the box's other values).
COMPLEMENT = "complement"

# The stored settings behind the pairs-only boxes: the planned turni and the rules of a
# tournament ranked by VP.
PAIRS_ONLY_SETTINGS: tuple[str, ...] = ("planned_turni", *VP_RULE_FIELDS)


def ignored_fields(kind: Any) -> tuple[str, ...]:
    """The boxes whose posted values do not count for a tournament of ``kind``."""
    return format_for_choice(kind).ignored_setup_fields


def kept_pairs_settings(tournament: Tournament | None) -> dict[str, Any]:
    """The pairs-only settings a knock-out keeps: its stored ones, else the model's defaults."""
    if tournament is not None:
        return {name: getattr(tournament, name) for name in PAIRS_ONLY_SETTINGS}
    return {name: Tournament._meta.get_field(name).get_default() for name in PAIRS_ONLY_SETTINGS}


TIEBREAK_FIELDS: tuple[str, ...] = ("tiebreak_1", "tiebreak_2", "tiebreak_3")


def tiebreak_boxes(keys: Any) -> dict[str, str]:
    """The three tie-break boxes showing ``keys`` in order (a box left over: "none")."""
    shown = [*keys, *[""] * len(TIEBREAK_FIELDS)]
    return dict(zip(TIEBREAK_FIELDS, shown, strict=False))


def _a_kind_default(keys: tuple[str, ...]) -> bool:
    def boxes(shown: Any) -> tuple[str, ...]:
        return tuple(tiebreak_boxes(shown).values())

    return any(boxes(keys) == boxes(fmt.standings.default_tiebreaks) for fmt in FORMATS.values())


def untouched_default_swapped(
    fmt: TournamentFormat, posted: list[Any], offered: list[Any]
) -> list[str] | None:
    """The kind's own tie-breaks when the boxes post a kind's default exactly as the form
    offered it, and this kind refuses part of it (an individual: no head-to-head); else None.

    A director who changed the kind and left the tie-breaks alone meant "the usual ones", not
    head-to-head; one who picks head-to-head on purpose is still refused by the form.
    """
    posted_keys = tuple(value or "" for value in posted)
    offered_keys = tuple(value or "" for value in offered)
    if posted_keys != offered_keys or not _a_kind_default(offered_keys):
        return None
    if not set(offered_keys) & set(fmt.standings.refused_tiebreaks):
        return None
    return list(fmt.standings.default_tiebreaks)


class TiebreakSelect(forms.Select):
    """A tie-break box whose ``refused`` keys are neither offered nor chosen on the page (an
    individual's head-to-head); posted anyway, the form refuses them with the kind's reason."""

    refused: tuple[str, ...] = ()

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.refused:
            option["attrs"].update(disabled=True, hidden=True)
        return option


def fit_to_kind(fields: dict[str, forms.Field], fmt: TournamentFormat) -> None:
    """The boxes' words and choices for the kind the page shows (the script follows a change
    of kind with ``kind_client_data``)."""
    for name in TIEBREAK_FIELDS:
        shown = fields[name].widget
        widget = TiebreakSelect(attrs=shown.attrs, choices=shown.choices)
        widget.is_required, widget.refused = shown.is_required, fmt.standings.refused_tiebreaks
        fields[name].widget = widget
    fields["forfeit_loser"].label = fmt.words.forfeit_loser_label
    fields["forfeit_loser"].choices = [
        (key, fmt.words.forfeit_complement_label if key == COMPLEMENT else label)
        for key, label in fields["forfeit_loser"].choices
    ]
    for name in TIEBREAK_FIELDS:
        fields[name].widget.choices = [
            (key, fmt.words.head_to_head_label if key == "head_to_head" else label)
            for key, label in fields[name].widget.choices
        ]
    fields["bye_vp"].help_text = bye_hint(fmt)


def riposo_placeholders(
    fields: dict[str, forms.Field], fmt: TournamentFormat, vp_choice: Any, team_scoring: Any
) -> None:
    """The riposo boxes show the kind's house default with the VP table ``vp_choice`` (a custom
    table: none) and the team match's ``team_scoring``; the script follows a change of any of
    them with ``kind_client_data``."""
    bye = fmt.default_riposo(vp_choice, team_scoring or "") if vp_choice in VP_PRESETS else None
    for name, value in zip(("bye_vp", "bye_mp"), bye or ("", ""), strict=True):
        fields[name].widget.attrs["placeholder"] = value


# The settings page's sections that only some kinds read (``tournament_form.html``, by id), each
# by a box it holds: a kind shows a section whose boxes it does not ignore.
SECTION_BOXES = {
    "teams-settings": "team_scoring",
    "pairs-settings": "vp_preset",
    "ko-settings": "ko_mode",
}


def _plays_gironi(fmt: TournamentFormat) -> bool:
    try:
        fmt.draw_manager.check_gironi()
    except ValidationError:
        return False
    return True


def section_kinds() -> dict[str, list[str]]:
    """Each section of one kind or some, with the kinds that show it: the page's script hides
    the others (without it every section shows, and the form reads only the kind's boxes)."""
    sections = {
        section: [key for key, fmt in FORMATS.items() if box not in fmt.ignored_setup_fields]
        for section, box in SECTION_BOXES.items()
    }
    sections["gironi-settings"] = [key for key, fmt in FORMATS.items() if _plays_gironi(fmt)]
    return sections


def section_notes() -> dict[str, str]:
    """Each section's note for the page without its script (which hides the sections the kind
    chosen does not show), by the section's id without "-settings": "Only for: Teams …" or
    "Not for: Knock-out", the shorter of the two."""
    labels = dict(TournamentKind.choices)
    notes = {}
    for section, kinds in section_kinds().items():
        others = [key for key in FORMATS if key not in kinds]
        if len(kinds) <= len(others):
            note = _("Only for: %(kinds)s.") % {"kinds": ", ".join(str(labels[k]) for k in kinds)}
        else:
            note = _("Not for: %(kinds)s.") % {"kinds": ", ".join(str(labels[k]) for k in others)}
        notes[section.removesuffix("-settings")] = note
    return notes


def kind_client_data() -> dict[str, Any]:
    """What the page's script needs to follow a change of kind: the sections each kind shows,
    each kind's default and refused tie-breaks, and its question on the forfeit's absent side
    (and the kind a blank choice means). The script writes none of these itself."""
    return {
        "sections": section_kinds(),
        # Each kind's riposo left blank, by the team match's scoring box (what a kind without
        # team matches ignores), then by VP table.
        "byes": {
            key: {
                scoring: {name: fmt.default_riposo(name, scoring) for name in VP_PRESETS}
                for scoring in TeamScoring.values
            }
            for key, fmt in FORMATS.items()
        },
        "bye_hints": {key: bye_hint(fmt) for key, fmt in FORMATS.items()},
        "default_team_scoring": TeamScoring.VP_SUM,
        "default_kind": format_for_choice("").key,
        "tiebreaks": {key: list(fmt.standings.default_tiebreaks) for key, fmt in FORMATS.items()},
        "refused_tiebreaks": {
            key: list(fmt.standings.refused_tiebreaks) for key, fmt in FORMATS.items()
        },
        "forfeit_loser_labels": {
            key: str(fmt.words.forfeit_loser_label) for key, fmt in FORMATS.items()
        },
        # The choices that name what the kind's entrants share, by their value.
        "choice_labels": {
            key: {
                "forfeit_loser": {COMPLEMENT: str(fmt.words.forfeit_complement_label)},
                "tiebreak": {"head_to_head": str(fmt.words.head_to_head_label)},
            }
            for key, fmt in FORMATS.items()
        },
    }
