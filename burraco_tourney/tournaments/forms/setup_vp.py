"""Custom VP bands typed in a text box, one band per line, as a director copies a printed table.

Each line is the upper bound of the MP difference, then the VP of the line with more MP and of
the other line: ``150 11 9``. The last band has ``-`` instead of a bound (every larger
difference): ``- 20 0``. A line may also give the band's lower bound, as many printed tables do:
``55-150 11 9`` or ``0-50 10-10``; those bounds are checked for gaps and overlaps between bands,
which a list of upper bounds alone cannot have. Everything else (ascending bounds, equal sums,
the open band last) is checked by the rules engine (``rules.vp.vp_table``).

This module only reads text and raises form errors; it never writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules import score_step
from burraco_tourney.rules.vp import PRESET_SMAZZATE, VpTable

from ..results_bridge import VP_PRESET_LABELS

# The published table that goes with a number of smazzate (RULES.md section 5).
VP_FOR_SMAZZATE: dict[int, str] = {smazzate: table for table, smazzate in PRESET_SMAZZATE.items()}
SMAZZATE_OF_VP: dict[str, int] = {table: smazzate for smazzate, table in VP_FOR_SMAZZATE.items()}

# Every score is a multiple of 5 (``score_step.SCORE_STEP``), so after a band ending at 50 the next
# difference is 55: a band written "51-150" or "55-150" follows it without a gap.

_BAND = re.compile(
    r"""^
    (?:
        (?P<open>[-+>*])                                  # "- 20 0": the last, open band
      | (?P<open_from>\d+)\s*(?:[+>]|-(?=\s))              # "1505+ 20 0" or "1505- 20 0"
      | (?:(?P<start>\d+)\s*-\s*)?(?P<max>\d+)              # "150 11 9" or "55-150 11 9"
    )
    \s*[\s,;:]\s*
    (?P<winner>\d+)\s*(?:[\s,;:/]|-)\s*(?P<loser>\d+)     # "11 9", "11-9", "11/9"
    $""",
    re.VERBOSE,
)


def parse_bands(text: str) -> list[tuple[int | None, int, int]]:
    """The bands typed in ``text`` as (upper bound or None, winner VP, loser VP).

    Raises ``ValidationError`` listing every line that is not a band, and every gap or overlap
    between bands written with their lower bound.
    """
    errors: list[ValidationError] = []
    bands: list[tuple[int | None, int, int]] = []
    previous_max: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().replace("\u2013", "-").replace("\u2014", "-")
        if not line:
            continue
        match = _BAND.match(line)
        if match is None:
            errors.append(
                ValidationError(
                    _(
                        "Line %(line)s: “%(text)s” is not a band. Write the upper bound of the "
                        "difference and the two VP, e.g. 150 11 9 (the last band: - 20 0)."
                    ),
                    params={"line": number, "text": line},
                    code="vp_band_syntax",
                )
            )
            continue
        start_text = match["start"] or match["open_from"]
        if start_text is not None:
            error = _gap_error(number, int(start_text), previous_max, first=not bands)
            if error is not None:
                errors.append(error)
        upper = int(match["max"]) if match["max"] is not None else None
        bands.append((upper, int(match["winner"]), int(match["loser"])))
        previous_max = upper
    if errors:
        raise ValidationError(errors)
    if not bands:
        raise ValidationError(
            _("Write the bands of the custom table, one per line."), code="vp_bands_empty"
        )
    return bands


def _gap_error(
    number: int, start: int, previous_max: int | None, *, first: bool
) -> ValidationError | None:
    """A gap or an overlap between a band written with its lower bound and the one before."""
    if first:
        if start == 0:
            return None
        return ValidationError(
            _(
                "Line %(line)s: the first band must start at 0; differences below %(start)s "
                "are in no band."
            ),
            params={"line": number, "start": start},
            code="vp_band_gap",
        )
    if previous_max is None:
        return None  # after an open band: the engine says the open band must be last
    if start <= previous_max:
        return ValidationError(
            _(
                "Line %(line)s: the band starts at %(start)s, inside the band before it "
                "(up to %(end)s)."
            ),
            params={"line": number, "start": start, "end": previous_max},
            code="vp_band_overlap",
        )
    if start > previous_max + score_step.SCORE_STEP:
        return ValidationError(
            _(
                "Line %(line)s: gap in the table. The band before ends at %(end)s and this one "
                "starts at %(start)s: a difference between them is in no band."
            ),
            params={"line": number, "start": start, "end": previous_max},
            code="vp_band_gap",
        )
    return None


def format_bands(table: VpTable | Sequence[Any]) -> str:
    """The text-box form of a VP table: ``50 10 10`` … ``- 20 0``."""
    bands = table.bands if isinstance(table, VpTable) else table
    return "\n".join(
        f"{'-' if band.max is None else band.max} {band.winner} {band.loser}" for band in bands
    )


def preset_mismatch(
    choice: str, smazzate: int | None, *, kept: bool = False
) -> tuple[str, bool] | None:
    """What to say when the VP preset ``choice`` is not the published table for ``smazzate``
    per turno: (the sentence, True when no published table exists for that number). None when
    the preset fits. The FIBUR tables are for 3 and 4 smazzate; none is known for 2 or any other
    number (RULES.md section 5), so the director must choose knowingly or define one. ``kept``:
    the sentence for a table the director has already confirmed."""
    made_for = SMAZZATE_OF_VP.get(choice)
    if smazzate is None or made_for is None or made_for == smazzate:
        return None
    usual = VP_FOR_SMAZZATE.get(smazzate)
    params = {
        "table": VP_PRESET_LABELS.get(choice, choice),
        "table_smazzate": made_for,
        "smazzate": smazzate,
    }
    if usual is None:
        return str((NO_TABLE_KEPT if kept else NO_TABLE_KNOWN) % params), True
    usual_text = _(
        "The VP table is the one for %(table_smazzate)s smazzate, but a turno has "
        "%(smazzate)s: the usual table is “%(usual)s”."
    )
    return str(usual_text % {**params, "usual": VP_PRESET_LABELS.get(usual, usual)}), False


NO_TABLE_KNOWN = _(
    "No official VP table is known for %(smazzate)s smazzate per turno: “%(table)s” is made "
    "for %(table_smazzate)s. Type your regulation's bands under “Custom bands”, or tick "
    "“Use this table anyway” to keep it."
)
NO_TABLE_KEPT = _(
    "No official VP table is known for %(smazzate)s smazzate per turno: this tournament uses "
    "“%(table)s”, made for %(table_smazzate)s, as you chose."
)
