"""Reading the keys version 2 of the archive adds (ARCHIVE.md "Version 2: nothing is lost").

The tournament's further settings (``settings``, keys in ``docs/archive.md``), the recorded draw
of pair numbers, the KO options (third place, per-round match length), the forfeiting pair's VP,
a pair's withdrawal, a penalty's author and time, and the change log. Each function takes the
JSON value and its path and returns checked values, or raises ``ArchiveError`` naming the place.

This module never touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.ko_length import ko_round_lengths
from burraco_tourney.rules.rulesets import BURRACO_KINDS, get_ruleset

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_datetime,
    json_int,
    json_list,
    json_object,
    json_text,
    rule_message,
)
from .records import ArchiveError, ArchiveLogEntry, ArchivePair, ArchivePlayer, NumberDraw
from .room_state import ROOM_KEYS

# ``tournament.settings``: the rule options a director can change besides semipulito, by the
# names of the engine's ruleset (documented in docs/archive.md).
RULE_SETTINGS_KEYS = (
    "chiusura_bonus",
    "pozzetto_penalty",
    "closing_needs_pulito",
    "pozzetto_penalty_always",
    "bonuses",
)
# ``late_pairs`` is read by ``reader_late`` (it needs the VP table, then the pairs and turni);
# the closed turni and the corrected results by ``closing``.
SETTINGS_KEYS = (*RULE_SETTINGS_KEYS, "late_pairs", "closed_turni", "corrected_results")
SETTINGS_FLAGS = ("closing_needs_pulito", "pozzetto_penalty_always")
# The turno clock's settings, in ``tournament.settings`` too but not rule options; so is the
# state of the room (``room_state.ROOM_KEYS``), read by ``room_state``.
CLOCK_KEYS = ("turno_minutes", "last_smazzata_minutes")
CLOCK_MAX = 600
BY_MAX, ACTION_MAX, LOG_REASON_MAX, SEED_MAX, REASON_MAX = 150, 40, 300, 64, 200


def read_settings(value: Any, path: str, ruleset: str) -> tuple[tuple[str, Any], ...]:
    """The rule options of ``tournament.settings``, checked against the preset ``ruleset``."""
    obj = json_object(value, path, (), SETTINGS_KEYS + CLOCK_KEYS + ROOM_KEYS)
    settings: dict[str, Any] = {}
    for key in RULE_SETTINGS_KEYS:
        if key not in obj:
            continue
        if key in SETTINGS_FLAGS:
            settings[key] = json_bool(obj[key], at(path, key))
        elif key == "bonuses":
            bonuses = json_object(obj[key], at(path, key), (), BURRACO_KINDS)
            settings[key] = {
                kind: json_int(points, at(at(path, key), kind), minimum=0, maximum=SMALL_MAX)
                for kind, points in bonuses.items()
            }
        else:
            settings[key] = json_int(obj[key], at(path, key), minimum=0, maximum=SMALL_MAX)
    try:
        get_ruleset(ruleset, **settings)
    except RuleError as error:
        option = str(error.params.get("option") or "")
        kind = error.params.get("kind")
        where = at(path, option.split(".")[0]) if option else path
        if kind and "bonuses" in settings:
            where = at(at(path, "bonuses"), str(kind))
        raise ArchiveError(where, rule_message(error)) from None
    return tuple(settings.items())


def read_clock_settings(value: Any, path: str) -> tuple[int | None, int | None]:
    """The turno clock of ``tournament.settings``: minutes per turno and the "last smazzata"
    warning (None when not given)."""
    obj = json_object(value, path, (), SETTINGS_KEYS + CLOCK_KEYS + ROOM_KEYS)
    minutes = warning = None
    if "turno_minutes" in obj:
        minutes = json_int(
            obj["turno_minutes"], at(path, "turno_minutes"), minimum=1, maximum=CLOCK_MAX
        )
    if "last_smazzata_minutes" in obj:
        warning = json_int(
            obj["last_smazzata_minutes"],
            at(path, "last_smazzata_minutes"),
            minimum=0,
            maximum=CLOCK_MAX,
        )
    if minutes is not None and warning is not None and warning >= minutes:
        raise ArchiveError(
            at(path, "last_smazzata_minutes"),
            _("must be less than turno_minutes (%(minutes)s)") % {"minutes": minutes},
        )
    return minutes, warning


# ``tournament.players``: whether the players enter their tables from their phones, and whether
# a table both lines agree on is accepted without the director (docs/archive.md).
PLAYERS_KEYS = ("enter", "auto_accept")


def read_players(value: Any, path: str) -> tuple[bool, bool]:
    """``tournament.players`` as (enter, auto_accept); a key left out takes its default."""
    obj = json_object(value, path, (), PLAYERS_KEYS)
    enter = json_bool(obj.get("enter", False), at(path, "enter"))
    auto_accept = json_bool(obj.get("auto_accept", True), at(path, "auto_accept"))
    return enter, auto_accept


def read_number_draw(value: Any, path: str) -> NumberDraw:
    obj = json_object(value, path, ("seed", "at"))
    return NumberDraw(
        seed=json_text(obj["seed"], at(path, "seed"), max_length=SEED_MAX),
        at=json_datetime(obj["at"], at(path, "at")),
    )


def read_ko_extras(obj: Mapping[str, Any], path: str) -> tuple[bool | None, tuple[dict, ...]]:
    """``ko.third_place`` (None when absent) and ``ko.rounds`` of a version 2 file."""
    third_place = None
    if "third_place" in obj:
        third_place = json_bool(obj["third_place"], at(path, "third_place"))
    rounds: list[dict[str, Any]] = []
    rounds_path = at(path, "rounds")
    for index, item in enumerate(json_list(obj.get("rounds", []), rounds_path)):
        item_path = at(rounds_path, index)
        round_obj = json_object(item, item_path, ("round", "mode"), ("smazzate", "target"))
        try:
            ko_round_lengths([*rounds, dict(round_obj)])
        except RuleError as error:
            raise ArchiveError(item_path, rule_message(error)) from None
        rounds.append(dict(round_obj))
    return third_place, tuple(rounds)


def read_loser_vp(obj: Mapping[str, Any], path: str, total: int) -> int | None:
    """``forfeit.loser_vp``: the VP of the pair that forfeits, at most the band total."""
    if "loser_vp" not in obj:
        return None
    return json_int(obj["loser_vp"], at(path, "loser_vp"), minimum=0, maximum=total)


def read_withdrawn(value: Any, path: str) -> tuple[int, str]:
    obj = json_object(value, path, ("after_turno",), ("reason",))
    after = json_int(obj["after_turno"], at(path, "after_turno"), minimum=0, maximum=SMALL_MAX)
    reason = json_text(obj.get("reason", ""), at(path, "reason"), max_length=REASON_MAX, blank=True)
    return after, reason


def check_withdrawals(
    entrants: Sequence[ArchivePair | ArchivePlayer], seated: Mapping[int, set[int]], section: Any
) -> None:
    """A withdrawn entrant plays no turno after the one it withdrew after; ``section``: the
    kind's archive section (its list's key and its words)."""
    for index, entrant in enumerate(entrants):
        after = entrant.withdrawn_after_turno
        if after is None:
            continue
        later = sorted(
            n for n, numbers in seated.items() if n > after and entrant.number in numbers
        )
        if later:
            raise ArchiveError(
                at(at(at(section.entrants_key, index), "withdrawn"), "after_turno"),
                section.faults.withdrawn_then_seated
                % {
                    "pair": entrant.number,
                    "player": entrant.number,
                    "team": entrant.number,
                    "after": after,
                    "turno": later[0],
                },
            )


def read_penalty_extras(obj: Mapping[str, Any], path: str) -> dict[str, Any]:
    """``given_by`` and ``at`` of a version 2 penalty, as keyword arguments of the record."""
    extras: dict[str, Any] = {}
    if "given_by" in obj:
        extras["given_by"] = json_text(
            obj["given_by"], at(path, "given_by"), max_length=BY_MAX, blank=True
        )
    if "at" in obj:
        extras["at"] = json_datetime(obj["at"], at(path, "at"))
    return extras


def read_log(raw: Any) -> tuple[ArchiveLogEntry, ...]:
    """The change log, oldest first, each entry kept as the file gives it."""
    entries: list[ArchiveLogEntry] = []
    for index, item in enumerate(json_list(raw, "log")):
        path = at("log", index)
        obj = json_object(item, path, ("at", "by", "action"), ("reason", "detail"))
        moment = json_datetime(obj["at"], at(path, "at"))
        if entries and moment < entries[-1].at:
            # The change log is read by time: a file in another order would not read as written.
            raise ArchiveError(
                at(path, "at"),
                _("is earlier than the entry before it: the log is written oldest first"),
            )
        entries.append(
            ArchiveLogEntry(
                at=moment,
                by=json_text(obj["by"], at(path, "by"), max_length=BY_MAX, blank=True),
                action=json_text(obj["action"], at(path, "action"), max_length=ACTION_MAX),
                reason=json_text(
                    obj.get("reason", ""), at(path, "reason"), max_length=LOG_REASON_MAX, blank=True
                ),
                detail=obj.get("detail"),
            )
        )
    return tuple(entries)
