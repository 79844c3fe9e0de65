"""The sentences of the rules engine's refusals about teams (``rules.team_draw``), by code.

``rule_sentences`` merges them into its ``MESSAGES``; kept apart so that each kind's sentences
can be read, and grow, on their own.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

TEAM_MESSAGES: dict[str, Any] = {
    "too_few_teams": ngettext_lazy(
        "At least two teams are needed to draw a turno; there is only %(count)s.",
        "At least two teams are needed to draw a turno; there are %(count)s.",
        "count",
    ),
    "duplicate_team": _("Team %(team)s is listed twice."),
    "invalid_team_number": _("Team number %(team)s is not a whole number of 1 or more."),
}
