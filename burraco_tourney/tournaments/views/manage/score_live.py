"""The live parts of the score entry page, as the page and the preview's answer both draw them.

The page (``scores.py``) and the live preview (``score_preview.py``) render the same includes
from the same context built here: the turno's figures (``selectors/score_preview.py``), the
refusals of the boxes outside the scorecard grid, the form's own refusals and the first refusal
said in words beside the totals. Nothing here reads or writes data.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from ...forms.scores import ResultForm
from ...selectors.score_preview import TablePreview

# How long the page waits after the last key before it asks the server for the live figures:
# typing a number sends one preview, not one per digit.
PREVIEW_DELAY_MS = 300
# The boxes outside the scorecard grid whose refusals the preview puts in place by name.
OUTSIDE_BOXES = ("ended_early", "ns_mp", "eo_mp", "last_move")
SMAZZATA_BOX = re.compile(r"s(\d+)_")


def _messages(form: ResultForm, name: str) -> str:
    return " ".join(str(message) for message in form.errors.get(name, []))


def box_errors(form: ResultForm) -> dict[str, list[tuple[str, str]]]:
    """The refusals of the boxes outside the grid, as (box name, message) pairs, by box."""
    return {
        name: [(name, _messages(form, name))] if name in form.errors else []
        for name in OUTSIDE_BOXES
        if name in form.fields
    }


def form_errors(form: ResultForm, figures: TablePreview) -> list[tuple[str, str]]:
    """The refusals of the whole table: the form's own and the preview's match rules."""
    errors = [(f"form-{i}", str(m)) for i, m in enumerate(form.non_field_errors(), start=1)]
    if figures.refusal and figures.refusal not in (m for _, m in errors):
        errors.append(("form-preview", figures.refusal))
    return errors


def first_refusal(form: ResultForm, figures: TablePreview) -> str:
    """The first reason a save would be refused, in words, in the order of the boxes."""
    if not form.is_bound:
        return ""
    for name in form.fields:
        if name in form.errors:
            message = _messages(form, name)
            box = SMAZZATA_BOX.match(name)
            if box:
                # Translators: beside the live totals, e.g. “Smazzata 2: Only one line can
                # close a smazzata.”
                return _("Smazzata %(number)s: %(problem)s") % {
                    "number": box.group(1),
                    "problem": message,
                }
            return message
    errors = form_errors(form, figures)
    return errors[0][1] if errors else ""


def live_context(form: ResultForm, figures: TablePreview) -> dict[str, Any]:
    """What the live includes need beside the form and the table."""
    return {
        "figures": figures,
        "box_errors": box_errors(form),
        "form_errors": form_errors(form, figures),
        "note": first_refusal(form, figures),
        "preview_delay_ms": PREVIEW_DELAY_MS,
    }
