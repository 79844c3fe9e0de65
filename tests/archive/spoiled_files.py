"""The bad files of ``test_errors.py``: each case spoils one thing in the demo file (or a small
variant of it) and names the path the error must point at (0-based indexes into the file's
arrays, as ARCHIVE.md shows) and words of the reason, in English.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

Spoil = Callable[[dict[str, Any]], None]

# Bands of a custom VP table with no default riposo value.
BANDS = [{"max": 100, "vp": [10, 10]}, {"max": 500, "vp": [13, 7]}, {"max": None, "vp": [20, 0]}]


def smazzata(data: dict, turno: int = 0, table: int = 0, index: int = 0) -> dict:
    return data["turni"][turno]["tables"][table]["smazzate"][index]


def t(data: dict) -> dict:
    return data["tournament"]


def _set(target_getter: Callable[[dict], dict], key: str, value: Any) -> Spoil:
    def spoil(data: dict) -> None:
        target_getter(data)[key] = value

    return spoil


def _delete(target_getter: Callable[[dict], dict], key: str) -> Spoil:
    def spoil(data: dict) -> None:
        del target_getter(data)[key]

    return spoil


def _both_close(data: dict) -> None:
    s = smazzata(data)
    s["ns"].update(chiusura=True, pozzetto=True, sporco=1)
    s["eo"].update(chiusura=True, pozzetto=True, sporco=1)


def _fourth_smazzata(data: dict) -> None:
    table = data["turni"][0]["tables"][0]
    table["smazzate"].append(copy.deepcopy(table["smazzate"][0]))


def _custom_vp_without_bye(data: dict) -> None:
    t(data)["vp_table"] = copy.deepcopy(BANDS)


def _custom_vp_forfeit(data: dict) -> None:
    t(data)["vp_table"] = copy.deepcopy(BANDS)
    for turno in data["turni"]:
        turno.pop("byes")
    table = data["turni"][0]["tables"][2]
    table.pop("smazzate")
    table["forfeit"] = "eo"


def _forfeit_nord(data: dict) -> None:
    table = data["turni"][1]["tables"][3]
    del table["totals"]
    table["forfeit"] = "nord"


def _uneven_tie(data: dict) -> None:
    t(data)["vp_table"] = [{"max": 100, "vp": [11, 9]}, {"max": None, "vp": [20, 0]}]
    t(data)["bye"] = {"vp": 12, "mp": 300}
    table = data["turni"][0]["tables"][1]
    table.pop("smazzate")
    table["totals"] = {"ns": 900, "eo": 900}


def _ko(data: dict) -> None:
    t(data)["kind"] = "ko"
    t(data)["ko"] = {"mode": "smazzate", "smazzate": 2}


def _ko_tie_without_last_move(data: dict) -> None:
    t(data)["kind"] = "ko"
    t(data)["ko"] = {"mode": "smazzate", "smazzate": 1}
    data["turni"] = [
        {
            "number": 1,
            "movement": "ko",
            "tables": [
                {
                    "table": 1,
                    "ns": 1,
                    "eo": 2,
                    "smazzate": [
                        {
                            "ns": {"cards": 100, "pozzetto": True},
                            "eo": {"cards": 100, "pozzetto": True},
                            "end": "tallone",
                        }
                    ],
                }
            ],
        }
    ]
    data["penalties"] = []


CASES: list[tuple[str, Spoil, str, str]] = [
    # (name, spoil, path, a piece of the reason)
    ("format", _set(lambda d: d, "format", "burraco"), "format", "burraco-archive"),
    ("version", _set(lambda d: d, "version", 4), "version", "version 4"),
    ("unknown top key", _set(lambda d: d, "turno", []), "turno", "unknown key"),
    ("missing pairs", _delete(lambda d: d, "pairs"), "pairs", "missing"),
    ("missing name", _delete(t, "name"), "tournament.name", "missing"),
    ("blank name", _set(t, "name", "  "), "tournament.name", "empty"),
    ("bad date", _set(t, "date", "18/10/2024"), "tournament.date", "YYYY-MM-DD"),
    ("impossible date", _set(t, "date", "2024-02-30"), "tournament.date", "YYYY-MM-DD"),
    ("kind", _set(t, "kind", "squadre"), "tournament.kind", '"pairs"'),
    ("ruleset", _set(t, "ruleset", "modern"), "tournament.ruleset", '"classic"'),
    ("typo key", _set(t, "smazzate_per_turn", 3), "tournament.smazzate_per_turn", "unknown"),
    (
        "semipulito reale",
        lambda d: t(d).update(ruleset="reale", semipulito=True),
        "tournament.semipulito",
        "semipulito",
    ),
    ("semipulito type", _set(t, "semipulito", "no"), "tournament.semipulito", "true or false"),
    (
        "smazzate required",
        _delete(t, "smazzate_per_turno"),
        "tournament.smazzate_per_turno",
        "required for a tournament of kind “pairs”",
    ),
    ("smazzate range", _set(t, "smazzate_per_turno", 7), "tournament.smazzate_per_turno", "7"),
    (
        "vp required",
        _delete(t, "vp_table"),
        "tournament.vp_table",
        "required for a tournament of kind “pairs”",
    ),
    ("vp preset", _set(t, "vp_table", "fibur-5"), "tournament.vp_table", "fibur-5"),
    ("vp type", _set(t, "vp_table", 3), "tournament.vp_table", "list of bands"),
    (
        "vp band order",
        _set(
            t,
            "vp_table",
            [
                {"max": 100, "vp": [10, 10]},
                {"max": 50, "vp": [12, 8]},
                {"max": None, "vp": [20, 0]},
            ],
        ),
        "tournament.vp_table[1]",
        "50",
    ),
    (
        "vp band key",
        _set(t, "vp_table", [{"max": None, "vp": [10, 10], "min": 0}]),
        "tournament.vp_table[0].min",
        "unknown",
    ),
    (
        "vp last band",
        _set(t, "vp_table", [{"max": 100, "vp": [10, 10]}]),
        "tournament.vp_table[0]",
        "last band",
    ),
    (
        "vp sums",
        _set(t, "vp_table", [{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [20, 1]}]),
        "tournament.vp_table[1]",
        "VP band 2",
    ),
    ("bye shape", _set(t, "bye", {"vp": 14}), "tournament.bye.mp", "missing"),
    ("forfeit range", _set(t, "forfeit", {"vp": 21, "mp": 300}), "tournament.forfeit.vp", "20"),
    ("tiebreak unknown", _set(t, "tiebreaks", ["elo"]), "tournament.tiebreaks[0]", "scarto"),
    ("tiebreak twice", _set(t, "tiebreaks", ["mp", "mp"]), "tournament.tiebreaks[1]", "twice"),
    ("tiebreak empty", _set(t, "tiebreaks", []), "tournament.tiebreaks", "at least one"),
    (
        "ko required",
        _set(t, "kind", "ko"),
        "tournament.ko",
        "required for a tournament of kind “ko”",
    ),
    (
        "ko mode key",
        lambda d: t(d).update(kind="ko", ko={"mode": "punti", "smazzate": 3}),
        "tournament.ko.smazzate",
        "not used",
    ),
    (
        "pair number twice",
        _set(lambda d: d["pairs"][3], "number", 2),
        "pairs[3].number",
        "already listed",
    ),
    ("pair number zero", _set(lambda d: d["pairs"][0], "number", 0), "pairs[0].number", "0"),
    (
        "one player",
        _set(lambda d: d["pairs"][2], "players", ["Carla Ferrando"]),
        "pairs[2].players",
        "two",
    ),
    (
        "blank player",
        _set(lambda d: d["pairs"][1], "players", ["Giovanni Parodi", " "]),
        "pairs[1].players[1]",
        "empty",
    ),
    ("seed", _set(lambda d: d["pairs"][1], "seed", "1"), "pairs[1].seed", "whole number"),
    ("turno numbering", _set(lambda d: d["turni"][1], "number", 3), "turni[1].number", "2"),
    (
        "movement",
        _set(lambda d: d["turni"][0], "movement", "swiss"),
        "turni[0].movement",
        "mitchell",
    ),
    (
        "unknown pair",
        _set(lambda d: d["turni"][0]["tables"][0], "eo", 18),
        "turni[0].tables[0].eo",
        "no pair 18",
    ),
    (
        "same pair both lines",
        _set(lambda d: d["turni"][0]["tables"][0], "eo", 1),
        "turni[0].tables[0].eo",
        "twice",
    ),
    (
        "pair at two tables",
        _set(lambda d: d["turni"][0]["tables"][1], "eo", 10),
        "turni[0].tables[1].eo",
        "table 1",
    ),
    (
        "pair plays and rests",
        _set(lambda d: d["turni"][0], "byes", [10]),
        "turni[0].byes[0]",
        "twice",
    ),
    (
        "table number twice",
        _set(lambda d: d["turni"][0]["tables"][1], "table", 1),
        "turni[0].tables[1].table",
        "already listed",
    ),
    (
        "no result",
        _delete(lambda d: d["turni"][0]["tables"][1], "smazzate"),
        "turni[0].tables[1]",
        "result",
    ),
    (
        "two results",
        _set(lambda d: d["turni"][0]["tables"][1], "totals", {"ns": 5, "eo": 0}),
        "turni[0].tables[1].totals",
        "together",
    ),
    (
        "totals not multiple",
        _set(lambda d: d["turni"][1]["tables"][3], "totals", {"ns": 1472, "eo": 1120}),
        "turni[1].tables[3].totals.ns",
        "multiple of 5",
    ),
    (
        "forfeit line",
        _forfeit_nord,
        "turni[1].tables[3].forfeit",
        '"ns"',
    ),
    (
        "cards",
        _set(lambda d: smazzata(d, 2, 4, 1)["ns"], "cards", 243),
        "turni[2].tables[4].smazzate[1].ns.cards",
        "243",
    ),
    (
        "cards float",
        _set(lambda d: smazzata(d)["eo"], "cards", 245.0),
        "turni[0].tables[0].smazzate[0].eo.cards",
        "whole number",
    ),
    (
        "cards missing",
        _delete(lambda d: smazzata(d)["eo"], "cards"),
        "turni[0].tables[0].smazzate[0].eo.cards",
        "missing",
    ),
    (
        "negative count",
        _set(lambda d: smazzata(d)["eo"], "sporco", -1),
        "turni[0].tables[0].smazzate[0].eo.sporco",
        "-1",
    ),
    (
        "kind outside ruleset",
        _set(lambda d: smazzata(d)["eo"], "nobile", 1),
        "turni[0].tables[0].smazzate[0].eo.nobile",
        "nobile",
    ),
    (
        "semipulito switched off (version 1)",
        lambda d: t(d).update(semipulito=False),
        "turni[0].tables[0].smazzate[1].ns.semipulito",
        "semipulito",
    ),
    (
        "pozzetto type",
        _set(lambda d: smazzata(d)["ns"], "pozzetto", 0),
        "turni[0].tables[0].smazzate[0].ns.pozzetto",
        "true or false",
    ),
    ("both lines closed", _both_close, "turni[0].tables[0].smazzate[0].eo.chiusura", "one line"),
    (
        "closer without pozzetto",
        _set(lambda d: smazzata(d)["eo"], "pozzetto", False),
        "turni[0].tables[0].smazzate[0].eo.pozzetto",
        "pozzetto",
    ),
    (
        "closer without burraco",
        _set(lambda d: smazzata(d)["eo"], "sporco", 0),
        "turni[0].tables[0].smazzate[0].eo.chiusura",
        "burraco",
    ),
    (
        "chiusura end nobody closed",
        _set(lambda d: smazzata(d, 0, 0, 2), "end", "chiusura"),
        "turni[0].tables[0].smazzate[2].end",
        "no line closed",
    ),
    (
        "unknown end",
        _set(lambda d: smazzata(d), "end", "fine"),
        "turni[0].tables[0].smazzate[0].end",
        "tallone",
    ),
    (
        "last move",
        _set(lambda d: smazzata(d), "last_move", "nord"),
        "turni[0].tables[0].smazzate[0].last_move",
        '"ns"',
    ),
    (
        "line key typo",
        _set(lambda d: smazzata(d)["ns"], "pozzeto", True),
        "turni[0].tables[0].smazzate[0].ns.pozzeto",
        "unknown",
    ),
    ("too many smazzate", _fourth_smazzata, "turni[0].tables[0].smazzate[3]", "3"),
    ("riposo without value", _custom_vp_without_bye, "turni[0].byes[0]", "tournament.bye"),
    (
        "forfeit without value",
        _custom_vp_forfeit,
        "turni[0].tables[2].forfeit",
        "tournament.forfeit",
    ),
    ("tie with uneven band", _uneven_tie, "turni[0].tables[1].totals", "tie"),
    ("ko too many smazzate", _ko, "turni[0].tables[0].smazzate[2]", "2"),
    (
        "ko tie without last move",
        _ko_tie_without_last_move,
        "turni[0].tables[0].smazzate[0].last_move",
        "last move",
    ),
    (
        "penalty turno",
        _set(lambda d: d["penalties"][0], "turno", 4),
        "penalties[0].turno",
        "no turno 4",
    ),
    (
        "penalty pair",
        _set(lambda d: d["penalties"][0], "pair", 99),
        "penalties[0].pair",
        "no pair 99",
    ),
    (
        "penalty reason",
        _delete(lambda d: d["penalties"][0], "reason"),
        "penalties[0].reason",
        "missing",
    ),
    (
        "penalty vp type",
        _set(lambda d: d["penalties"][0], "vp", "-1"),
        "penalties[0].vp",
        "whole number",
    ),
]
