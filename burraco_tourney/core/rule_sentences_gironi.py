"""The sentences of the rules engine's refusals about gironi (``rules.gironi``), by code.

``rule_sentences`` merges them into its ``MESSAGES``, like the teams' sentences.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

GIRONI_MESSAGES: dict[str, Any] = {
    "gironi_too_few": _("Give at least two gironi, top first, as “7, 9, 9”."),
    "girone_size_zero": _("Girone %(girone)s has no table: every girone needs at least one."),
    "gironi_size_mismatch": _(
        "%(tables)s tables do not seat the %(entrants)s playing: the gironi must add up to "
        "%(needed)s tables (the last girone may have a riposo)."
    ),
    "explain_other_girone": _(
        "%(first)s and %(second)s are not in the same girone: a girone's standings rank only "
        "its own entrants. Choose the overall standings to compare them."
    ),
    "explain_no_gironi": _(
        "These standings are from before the gironi: choose the overall standings, or a turno "
        "played in gironi."
    ),
}
