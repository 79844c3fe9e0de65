"""VP tables: turning a turno's MP difference into victory points (VP).

A VP table is a list of bands. Each band says "an absolute MP difference up to ``max`` gives the
line with more MP ``winner`` VP and the other line ``loser`` VP"; the last band has no upper bound.
Every band shares one total (20 in the published tables), so the two lines' VP always sum to it.
The published FIBUR tables for 3 and 4 smazzate are presets; a director may define any other
table as a band list (RULES.md section 5, ARCHIVE.md ``vp_table``).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from burraco_tourney.rules.errors import RuleViolation

CODES: tuple[str, ...] = (
    "unknown_vp_preset",
    "vp_table_invalid",
    "vp_table_empty",
    "vp_band_shape",
    "vp_bound_invalid",
    "vp_bounds_not_ascending",
    "vp_open_band_not_last",
    "vp_last_band_not_open",
    "vp_negative",
    "vp_winner_below_loser",
    "vp_total_mismatch",
    "vp_winner_decreasing",
    "vp_tie_uneven_band",
)


@dataclass(frozen=True)
class VpBand:
    """One band: an absolute MP difference up to ``max`` (inclusive) gives winner/loser VP.

    ``max`` is None for the last, open-ended band ("more").
    """

    max: int | None
    winner: int
    loser: int


@dataclass(frozen=True)
class VpTable:
    """A validated VP table. ``name`` is the preset name when the table is a preset.

    Building one checks the bands (see ``vp_table`` for the list of refusals), so every
    ``VpTable`` in the program is usable.
    """

    bands: tuple[VpBand, ...]
    name: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.bands, list):
            # Accept a list for convenience; the stored value stays an immutable tuple.
            object.__setattr__(self, "bands", tuple(self.bands))
        _check_bands(self.bands)

    @property
    def total(self) -> int:
        """The VP both lines of a table share, whatever the difference."""
        first = self.bands[0]
        return first.winner + first.loser

    def holds(self, vp: int) -> bool:
        """Whether one line can get ``vp`` at a table: 0 to the VP the table shares (a riposo,
        a forfeit win, a late pair's missed turno are worth one line's share)."""
        return 0 <= vp <= self.total

    def band_for(self, difference: int) -> VpBand:
        """The band an absolute MP difference falls in (difference <= band upper bound)."""
        difference = abs(difference)
        for band in self.bands:
            if band.max is None or difference <= band.max:
                return band
        raise AssertionError("a validated VP table always ends with an open band")

    def split(self, mp_a: int, mp_b: int) -> tuple[int, int]:
        """VP for two lines with these MP; see ``vp_split``."""
        band = self.band_for(mp_a - mp_b)
        if mp_a == mp_b:
            if band.winner != band.loser:
                # With equal MP neither line is "the winner": the table must say 10-10 (or the
                # like) for a difference of 0, otherwise no fair answer exists.
                raise RuleViolation(
                    "vp_tie_uneven_band",
                    "The VP table gives no even split for a tie "
                    f"(band {self.bands.index(band) + 1} gives {band.winner}-{band.loser}).",
                    band=self.bands.index(band),
                    winner=band.winner,
                    loser=band.loser,
                )
            return band.winner, band.loser
        if mp_a > mp_b:
            return band.winner, band.loser
        return band.loser, band.winner

    def to_json(self) -> str | list[dict[str, Any]]:
        """The archive form: the preset name for a preset, else the band list."""
        preset = VP_PRESETS.get(self.name) if self.name is not None else None
        if preset is not None and preset.bands == self.bands:
            return self.name  # type: ignore[return-value]
        return [{"max": band.max, "vp": [band.winner, band.loser]} for band in self.bands]


def _is_int(value: object) -> bool:
    # bool is an int subclass in Python, but `true` is never a score or a bound.
    return isinstance(value, int) and not isinstance(value, bool)


def _band_label(index: int) -> str:
    return f"VP band {index + 1}"


def _check_bands(bands: tuple[VpBand, ...]) -> None:
    """Refuse a band list that is not a usable VP table; errors name the first bad band.

    The ``band`` parameter of every error is the 0-based position in the list (as in an archive
    path such as ``vp_table[2]``); the English message counts from 1.
    """
    if not isinstance(bands, tuple) or not bands:
        raise RuleViolation("vp_table_empty", "A VP table needs at least one band.")
    last = len(bands) - 1
    total: int | None = None
    previous: VpBand | None = None
    for index, band in enumerate(bands):
        label = _band_label(index)
        if not isinstance(band, VpBand) or not (_is_int(band.winner) and _is_int(band.loser)):
            raise RuleViolation(
                "vp_band_shape",
                f"{label}: a band needs an upper bound and two whole VP numbers.",
                band=index,
            )
        if band.max is None:
            if index != last:
                raise RuleViolation(
                    "vp_open_band_not_last",
                    f"{label}: only the last band may have no upper bound.",
                    band=index,
                )
        elif not _is_int(band.max) or band.max < 0:
            raise RuleViolation(
                "vp_bound_invalid",
                f"{label}: the upper bound must be a whole number of points, 0 or more.",
                band=index,
                value=band.max,
            )
        elif index == last:
            raise RuleViolation(
                "vp_last_band_not_open",
                f"{label}: the last band must have no upper bound (it covers every larger "
                "difference).",
                band=index,
            )
        if previous is not None and band.max is not None:
            assert previous.max is not None  # an open band before this one was refused above
            if band.max <= previous.max:
                raise RuleViolation(
                    "vp_bounds_not_ascending",
                    f"{label}: the upper bound {band.max} must be greater than the previous "
                    f"band's {previous.max}.",
                    band=index,
                    value=band.max,
                )
        if band.winner < 0 or band.loser < 0:
            raise RuleViolation(
                "vp_negative",
                f"{label}: VP cannot be negative.",
                band=index,
                value=min(band.winner, band.loser),
            )
        if band.winner < band.loser:
            raise RuleViolation(
                "vp_winner_below_loser",
                f"{label}: the line with more MP cannot get fewer VP ({band.winner}-{band.loser}).",
                band=index,
                winner=band.winner,
                loser=band.loser,
            )
        if total is None:
            total = band.winner + band.loser
        elif band.winner + band.loser != total:
            raise RuleViolation(
                "vp_total_mismatch",
                f"{label}: {band.winner}+{band.loser} does not make {total} like the first band.",
                band=index,
                total=band.winner + band.loser,
                expected=total,
            )
        if previous is not None and band.winner < previous.winner:
            raise RuleViolation(
                "vp_winner_decreasing",
                f"{label}: a larger difference cannot give the winner fewer VP "
                f"({band.winner} after {previous.winner}).",
                band=index,
                winner=band.winner,
                previous=previous.winner,
            )
        previous = band


def _preset(name: str, rows: Sequence[tuple[int | None, int, int]]) -> VpTable:
    return VpTable(bands=tuple(VpBand(*row) for row in rows), name=name)


# RULES.md section 5: 3 smazzate (two sources agree) and 4 smazzate (one source).
VP_PRESETS: dict[str, VpTable] = {
    "fibur-3": _preset(
        "fibur-3",
        [
            (50, 10, 10),
            (150, 11, 9),
            (250, 12, 8),
            (350, 13, 7),
            (500, 14, 6),
            (650, 15, 5),
            (800, 16, 4),
            (1000, 17, 3),
            (1250, 18, 2),
            (1500, 19, 1),
            (None, 20, 0),
        ],
    ),
    "fibur-4": _preset(
        "fibur-4",
        [
            (100, 10, 10),
            (300, 11, 9),
            (500, 12, 8),
            (700, 13, 7),
            (900, 14, 6),
            (1100, 15, 5),
            (1300, 16, 4),
            (1500, 17, 3),
            (1700, 18, 2),
            (2000, 19, 1),
            (None, 20, 0),
        ],
    ),
}

# A new tournament's table, and the number of smazzate each preset is published for (the usual
# table of a turno of that length).
DEFAULT_VP_TABLE = "fibur-3"
PRESET_SMAZZATE: dict[str, int] = {"fibur-3": 3, "fibur-4": 4}

# House default from a club regulation (RULES.md section 5): (VP, MP) of a bye, by preset.
_DEFAULT_BYES: dict[str, tuple[int, int]] = {"fibur-3": (14, 355), "fibur-4": (12, 305)}


def _parse_band(raw: object, index: int) -> VpBand:
    """Read one band given as a VpBand, an archive dict or a tuple."""
    if isinstance(raw, VpBand):
        return raw
    if isinstance(raw, Mapping):
        vp = raw.get("vp")
        if set(raw) == {"max", "vp"} and isinstance(vp, (list, tuple)) and len(vp) == 2:
            return VpBand(raw["max"], vp[0], vp[1])
    elif isinstance(raw, (list, tuple)):
        if len(raw) == 3:
            return VpBand(raw[0], raw[1], raw[2])
        if len(raw) == 2 and isinstance(raw[1], (list, tuple)) and len(raw[1]) == 2:
            return VpBand(raw[0], raw[1][0], raw[1][1])
    raise RuleViolation(
        "vp_band_shape",
        f'{_band_label(index)}: write a band as {{"max": 150, "vp": [11, 9]}}.',
        band=index,
    )


def vp_table(spec: str | VpTable | Sequence[Any]) -> VpTable:
    """Return the VP table ``spec`` names or describes.

    ``spec`` is a preset name (``"fibur-3"``, ``"fibur-4"``), a ``VpTable``, or a band list: dicts
    ``{"max": 150, "vp": [11, 9]}``, tuples ``(150, 11, 9)`` or ``(150, (11, 9))``, or ``VpBand``.

    Refused (``RuleViolation``, with ``band`` = 0-based position where one band is at fault):
    an unknown preset, an empty list, a band of the wrong shape, a bound that is not a whole
    number >= 0, bounds not strictly ascending, an open band (``max`` None) that is not last, a
    last band that is not open, negative VP, winner VP below loser VP, bands not all summing to
    the same total, winner VP decreasing as the difference grows. The first band need not be an
    even split; but then a tie cannot be converted (see ``vp_split``).
    """
    if isinstance(spec, VpTable):
        return spec
    if isinstance(spec, str):
        try:
            return VP_PRESETS[spec]
        except KeyError:
            raise RuleViolation(
                "unknown_vp_preset",
                f"Unknown VP table {spec!r}: use one of {', '.join(sorted(VP_PRESETS))} "
                "or a list of bands.",
                name=spec,
            ) from None
    if not isinstance(spec, (list, tuple)):
        raise RuleViolation(
            "vp_table_invalid",
            "A VP table is a preset name or a list of bands.",
            value=repr(spec),
        )
    if not spec:
        raise RuleViolation("vp_table_empty", "A VP table needs at least one band.")
    return VpTable(bands=tuple(_parse_band(raw, index) for index, raw in enumerate(spec)))


def vp_split(mp_a: int, mp_b: int, table: str | VpTable | Sequence[Any]) -> tuple[int, int]:
    """VP of two lines from their MP: the line with more MP gets the band's winner VP.

    ``vp_split(1250, 830, "fibur-3") == (14, 6)``; swapping the MP swaps the VP. Equal MP fall in
    the first band, which must then be an even split (``vp_tie_uneven_band`` otherwise).
    """
    return vp_table(table).split(mp_a, mp_b)


def default_bye(table: str | VpTable | Sequence[Any]) -> tuple[int, int] | None:
    """House default (VP, MP) of a bye: 14/355 with fibur-3, 12/305 with fibur-4.

    None for any other table: the director must then set the value. Only the presets by name
    have a default, as ARCHIVE.md says ("with fibur-3"); a custom list equal to a preset has none.
    """
    resolved = vp_table(table)
    if resolved.name is None or resolved.to_json() != resolved.name:
        return None
    return _DEFAULT_BYES.get(resolved.name)


def mp_per_vp(table: str | VpTable | Sequence[Any]) -> int | None:
    """The MP worth 1 VP in ``table`` (RULES.md section 5: two warnings cost 1 VP "and the
    equivalent MP"): the width of the band that gives the line ahead one VP more than a tie.

    ``mp_per_vp("fibur-3") == 100`` (up to 50 MP: 10–10, up to 150: 11–9), ``mp_per_vp("fibur-4")
    == 200``. None when the first band is not an even split or the second band does not give
    exactly one VP more: the table then says nothing about it.
    """
    bands = vp_table(table).bands
    if len(bands) < 2 or bands[0].max is None or bands[1].max is None:
        return None
    tie, next_band = bands[0], bands[1]
    if tie.winner != tie.loser or next_band.winner != tie.winner + 1:
        return None
    return next_band.max - tie.max


def default_forfeit(table: str | VpTable | Sequence[Any]) -> tuple[int, int] | None:
    """Default (VP, MP) of a forfeit win: the bye value (ARCHIVE.md ``forfeit``)."""
    return default_bye(table)
