"""Reading the values of an archive's ``tournament`` object: date, ruleset, VP table, riposo
and forfeit values, tie-breaks and KO settings (ARCHIVE.md ``tournament``).

Each function takes the JSON value and its path and returns the checked value, or raises
``ArchiveError`` naming the place. This module never touches the database.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import Ruleset, get_ruleset
from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS
from burraco_tourney.rules.vp import VpTable, vp_table

from .checks import (
    SMALL_MAX,
    at,
    json_choice,
    json_int,
    json_list,
    json_object,
    rule_message,
    shown,
)
from .records import ArchiveError, KoSettings, VpMp

KO_MODES = ("smazzate", "punti")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def read_date(value: Any, path: str) -> datetime.date:
    if isinstance(value, str) and _DATE.match(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise ArchiveError(
        path, _("must be a date written YYYY-MM-DD, not %(value)s") % {"value": shown(value)}
    )


def read_ruleset(
    name: str, semipulito: bool | None, path: str, settings: dict[str, Any] | None = None
) -> Ruleset:
    options = dict(settings or {})
    if semipulito is not None:
        options["semipulito"] = semipulito
    try:
        return get_ruleset(name, **options)
    except RuleError as error:
        raise ArchiveError(path, rule_message(error)) from None


def read_vp_table(
    value: Any, path: str
) -> tuple[str | tuple[tuple[int | None, int, int], ...], VpTable]:
    if isinstance(value, str):
        try:
            return value, vp_table(value)
        except RuleError as error:
            raise ArchiveError(path, rule_message(error)) from None
    if not isinstance(value, list | tuple):
        raise ArchiveError(
            path,
            _('must be "fibur-3", "fibur-4" or a list of bands, not %(value)s')
            % {"value": shown(value)},
        )
    bands: list[tuple[int | None, int, int]] = []
    for index, raw in enumerate(value):
        band_path = at(path, index)
        band = json_object(raw, band_path, ("max", "vp"))
        top = band["max"]
        if top is not None:
            top = json_int(top, at(band_path, "max"), minimum=0)
        pair = json_list(band["vp"], at(band_path, "vp"))
        if len(pair) != 2:
            raise ArchiveError(at(band_path, "vp"), _("must be two numbers: [winner VP, loser VP]"))
        winner = json_int(pair[0], at(at(band_path, "vp"), 0), minimum=0, maximum=SMALL_MAX)
        loser = json_int(pair[1], at(at(band_path, "vp"), 1), minimum=0, maximum=SMALL_MAX)
        bands.append((top, winner, loser))
    try:
        table = vp_table(bands)
    except RuleError as error:
        band_index = error.params.get("band")
        where = at(path, band_index) if isinstance(band_index, int) else path
        raise ArchiveError(where, rule_message(error)) from None
    return tuple(bands), table


def read_value(value: Any, path: str, optional: tuple[str, ...] = ()) -> VpMp:
    obj = json_object(value, path, ("vp", "mp"), optional)
    return VpMp(
        vp=json_int(obj["vp"], at(path, "vp"), minimum=-SMALL_MAX, maximum=SMALL_MAX),
        mp=json_int(obj["mp"], at(path, "mp")),
    )


def read_tiebreaks(value: Any, path: str) -> tuple[str, ...]:
    keys = json_list(value, path)
    if not keys:
        # The tournament stores "no list" as "the default list", so an empty list cannot be
        # kept; leave the key out for the default.
        raise ArchiveError(path, _("must name at least one tie-break (or leave the key out)"))
    known = tuple(DEFAULT_TIEBREAKS) + tuple(k for k in TIEBREAKS if k not in DEFAULT_TIEBREAKS)
    seen: list[str] = []
    for index, key in enumerate(keys):
        key = json_choice(key, at(path, index), known)
        if key in seen:
            raise ArchiveError(at(path, index), _("%(key)s is listed twice") % {"key": key})
        seen.append(key)
    return tuple(seen)


def read_ko(value: Any, path: str, optional: tuple[str, ...] = ()) -> KoSettings:
    obj = json_object(value, path, ("mode",), ("smazzate", "target", *optional))
    mode = json_choice(obj["mode"], at(path, "mode"), KO_MODES)
    needed, unused = ("smazzate", "target") if mode == "smazzate" else ("target", "smazzate")
    if unused in obj:
        raise ArchiveError(at(path, unused), _('is not used with mode "%(mode)s"') % {"mode": mode})
    if needed not in obj:
        raise ArchiveError(at(path, needed), _('is required with mode "%(mode)s"') % {"mode": mode})
    if mode == "smazzate":
        count = json_int(obj["smazzate"], at(path, "smazzate"), minimum=1, maximum=SMALL_MAX)
        return KoSettings(mode=mode, smazzate=count)
    return KoSettings(mode=mode, target=json_int(obj["target"], at(path, "target"), minimum=1))
