"""Reading the late pairs of an archive (``tournament.settings.late_pairs``, docs/archive.md).

A pair added after a turno was published plays from ``first_turno`` on; the turni before it
count as ``missed`` says: ``"bye"`` (the riposo's value), ``"none"`` (nothing) or
``{"vp": …, "mp": …}`` (a value the director typed). ``read_late_pairs`` checks the list's own
shape and values; ``check_late_pairs`` checks it against the pairs and the turni once they are
read: a known pair, listed once, seated in no turno before it joined. Never touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .checks import SMALL_MAX, at, json_choice, json_int, json_list, json_object
from .records import ArchiveError, LatePair, VpMp

MISSED_WORDS = ("bye", "none")


def read_late_pairs(value: Any, path: str, vp_total: int) -> tuple[LatePair, ...]:
    late: list[LatePair] = []
    seen: dict[int, int] = {}
    for index, item in enumerate(json_list(value, path)):
        item_path = at(path, index)
        obj = json_object(item, item_path, ("pair", "first_turno", "missed"))
        pair = json_int(obj["pair"], at(item_path, "pair"), minimum=1)
        if pair in seen:
            raise ArchiveError(
                at(item_path, "pair"),
                _("pair %(pair)s is already listed at %(where)s")
                % {"pair": pair, "where": at(path, seen[pair])},
            )
        seen[pair] = index
        first = json_int(
            obj["first_turno"], at(item_path, "first_turno"), minimum=2, maximum=SMALL_MAX
        )
        missed_path = at(item_path, "missed")
        raw = obj["missed"]
        if isinstance(raw, Mapping):
            value_obj = json_object(raw, missed_path, ("vp", "mp"))
            vp = json_int(value_obj["vp"], at(missed_path, "vp"), minimum=0, maximum=vp_total)
            mp = json_int(value_obj["mp"], at(missed_path, "mp"))
            late.append(LatePair(pair, first, "value", vp, mp))
        else:
            late.append(LatePair(pair, first, json_choice(raw, missed_path, MISSED_WORDS)))
    return tuple(late)


def check_late_pairs(
    late: tuple[LatePair, ...],
    *,
    path: str,
    pairs: Mapping[int, int],
    seated: Mapping[int, set[int]],
    bye: VpMp | None,
) -> None:
    """Each late pair exists, sits in no turno before the one it joins, and the turni it missed
    were drawn; a riposo value exists when they count as riposi."""
    for index, item in enumerate(late):
        item_path = at(path, index)
        if item.pair not in pairs:
            raise ArchiveError(
                at(item_path, "pair"), _("there is no pair %(pair)s in pairs") % {"pair": item.pair}
            )
        if item.first_turno - 1 not in seated:
            raise ArchiveError(
                at(item_path, "first_turno"),
                _("pair %(pair)s cannot join in turno %(turno)s: turno %(missed)s is not in turni")
                % {"pair": item.pair, "turno": item.first_turno, "missed": item.first_turno - 1},
            )
        early = sorted(
            n for n, numbers in seated.items() if n < item.first_turno and item.pair in numbers
        )
        if early:
            raise ArchiveError(
                at(item_path, "first_turno"),
                _("pair %(pair)s joins in turno %(turno)s but is seated in turno %(early)s")
                % {"pair": item.pair, "turno": item.first_turno, "early": early[0]},
            )
        if item.missed == "bye" and bye is None:
            raise ArchiveError(
                at(item_path, "missed"),
                _(
                    "the missed turni count as riposi, but this VP table has no riposo value: "
                    "set tournament.bye"
                ),
            )


def late_pairs_json(pairs: Any) -> list[dict[str, Any]]:
    """``settings.late_pairs`` of the export: the pairs with a first turno, by number."""
    late = []
    for pair in sorted(pairs, key=lambda p: p.number):
        if pair.joined_turno is None:
            continue
        missed: Any = pair.missed
        if pair.missed == "value":
            missed = {"vp": pair.missed_vp or 0, "mp": pair.missed_mp or 0}
        late.append({"pair": pair.number, "first_turno": pair.joined_turno, "missed": missed})
    return late
