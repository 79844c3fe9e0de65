"""A bad version 2 file is refused with the place and the reason, and nothing is written.

Each case spoils one thing of the demo upgraded to version 2; the version 2 keys in a version 1
file are refused as unknown, as they always were.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation

from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import

from .conftest import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

ENTRY = {"at": "2024-10-18T20:30:00+02:00", "by": "direttore", "action": "pair_create"}


@pytest.fixture
def v2(demo) -> dict[str, Any]:
    demo["version"] = 2
    demo["log"] = [dict(ENTRY)]
    return demo


def t(data: dict) -> dict:
    return data["tournament"]


def _withdrawn_too_early(d: dict) -> None:
    d["pairs"][13]["withdrawn"] = {"after_turno": 1, "reason": "Malore"}


def _draft_with_results(d: dict) -> None:
    d["turni"][2]["published"] = False


def _published_after_draft(d: dict) -> None:
    d["turni"][1]["published"] = False
    for table in d["turni"][1]["tables"]:
        table.pop("totals", None)
        table["smazzate"] = []


def _ko_round(d: dict) -> None:
    t(d).update(kind="ko", ko={"mode": "smazzate", "smazzate": 3})
    t(d)["ko"]["rounds"] = [{"round": 1, "mode": "punti", "target": 2003}]


def _set(getter: Callable[[dict], Any], key: str, value: Any) -> Callable[[dict], None]:
    def spoil(d: dict) -> None:
        getter(d)[key] = value

    return spoil


CASES: list[tuple[str, Callable[[dict], None], str, str]] = [
    ("withdrawn then seated", _withdrawn_too_early, "pairs[13].withdrawn.after_turno", "turno 2"),
    (
        "withdrawn shape",
        _set(lambda d: d["pairs"][2], "withdrawn", {"reason": "x"}),
        "pairs[2].withdrawn.after_turno",
        "missing",
    ),
    (
        "totals last move not a line",
        _set(lambda d: d["turni"][1]["tables"][3]["totals"], "last_move", "nord"),
        "turni[1].tables[3].totals.last_move",
        '"ns"',
    ),
    (
        "totals last move of no tie",
        _set(lambda d: d["turni"][1]["tables"][3]["totals"], "last_move", "ns"),
        "turni[1].tables[3].totals.last_move",
        "tied KO match",
    ),
    ("log entry without at", lambda d: d["log"][0].pop("at"), "log[0].at", "missing"),
    (
        "log time without offset",
        _set(lambda d: d["log"][0], "at", "2024-10-18T20:30:00"),
        "log[0].at",
        "offset",
    ),
    (
        "log out of order",
        lambda d: d["log"].append({**ENTRY, "at": "2024-10-18T20:29:59+02:00"}),
        "log[1].at",
        "oldest first",
    ),
    ("log not a list", _set(lambda d: d, "log", {}), "log", "list"),
    (
        "loser VP above the band total",
        _set(t, "forfeit", {"vp": 14, "mp": 355, "loser_vp": 21}),
        "tournament.forfeit.loser_vp",
        "20",
    ),
    (
        "unknown setting",
        _set(t, "settings", {"chiusura": 150}),
        "tournament.settings.chiusura",
        "unknown",
    ),
    (
        "last smazzata warning after the end of the turno",
        _set(t, "settings", {"turno_minutes": 60, "last_smazzata_minutes": 60}),
        "tournament.settings.last_smazzata_minutes",
        "turno_minutes",
    ),
    (
        "setting of another ruleset",
        _set(t, "settings", {"bonuses": {"nobile": 500}}),
        "tournament.settings.bonuses.nobile",
        "nobile",
    ),
    (
        "setting not a multiple of 5",
        _set(t, "settings", {"chiusura_bonus": 101}),
        "tournament.settings.chiusura_bonus",
        "multiple of 5",
    ),
    (
        "late pair seated before it joined",
        _set(t, "settings", {"late_pairs": [{"pair": 14, "first_turno": 2, "missed": "bye"}]}),
        "tournament.settings.late_pairs[0].first_turno",
        "seated in turno 1",
    ),
    (
        "late pair unknown",
        _set(t, "settings", {"late_pairs": [{"pair": 99, "first_turno": 2, "missed": "none"}]}),
        "tournament.settings.late_pairs[0].pair",
        "no pair 99",
    ),
    (
        "late pair joining after turni never drawn",
        _set(t, "settings", {"late_pairs": [{"pair": 3, "first_turno": 9, "missed": "none"}]}),
        "tournament.settings.late_pairs[0].first_turno",
        "turno 8",
    ),
    (
        "late pair value above the band total",
        _set(
            t,
            "settings",
            {"late_pairs": [{"pair": 3, "first_turno": 2, "missed": {"vp": 30, "mp": 0}}]},
        ),
        "tournament.settings.late_pairs[0].missed.vp",
        "20",
    ),
    ("draft with results", _draft_with_results, "turni[2].tables[0]", "draft"),
    ("published after a draft", _published_after_draft, "turni[2].published", "draft"),
    (
        "number draw time",
        _set(t, "number_draw", {"seed": "ab12", "at": "ieri"}),
        "tournament.number_draw.at",
        "offset",
    ),
    ("ko round", _ko_round, "tournament.ko.rounds[0]", "multiple of 5"),
    (
        "penalty time",
        _set(lambda d: d["penalties"][0], "at", "2024-10-18"),
        "penalties[0].at",
        "offset",
    ),
]


@pytest.mark.parametrize(
    ("spoil", "path", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_version_2_file_is_refused_and_nothing_written(v2, spoil, path, reason):
    spoil(v2)
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=json.dumps(v2).encode())
    assert (caught.value.path, reason in caught.value.message) == (path, True), caught.value
    assert row_counts() == before


@pytest.mark.parametrize(
    ("spoil", "path"),
    [
        (_set(lambda d: d, "log", []), "log"),
        (_set(lambda d: d["pairs"][0], "withdrawn", {"after_turno": 3}), "pairs[0].withdrawn"),
        (_set(lambda d: d["turni"][0], "published", True), "turni[0].published"),
        (_set(t, "planned_turni", 3), "tournament.planned_turni"),
    ],
)
def test_version_2_keys_are_unknown_in_a_version_1_file(demo, spoil, path):
    spoil(demo)
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == path
    assert "unknown key" in caught.value.message


def test_the_example_of_the_issue_in_italian(v2):
    _withdrawn_too_early(v2)
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        read_archive(v2)
    assert str(caught.value).startswith("pairs[13].withdrawn.after_turno: la coppia 14 ")


def test_a_valid_version_2_file_imports(v2):
    v2["pairs"][13]["withdrawn"] = {"after_turno": 3}
    tournament = tournament_import(data=v2)
    assert tournament.entrants.get(number=14).withdrawn


def test_semipulito_counts_with_the_switch_off_count_as_sporco(v2):
    """Version 2: entered while the switch was on, they score as sporco (version 1 refuses)."""
    t(v2)["semipulito"] = False
    line = v2["turni"][0]["tables"][0]["smazzate"][1]["ns"]
    assert line["semipulito"] == 1
    archive = read_archive(v2)
    assert archive.turni[0].tables[0].smazzate[1].ns.semipulito == 1
    v2["version"] = 1
    del v2["log"]
    with pytest.raises(ArchiveError) as caught:
        read_archive(v2)
    assert caught.value.path == "turni[0].tables[0].smazzate[1].ns.semipulito"
