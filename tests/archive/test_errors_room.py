"""A bad room key of ``tournament.settings`` (the turni's state, the lines' phone entries, the
dismissed anomalies) is refused with its place and the reason, and nothing is written."""

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

AT = "2024-10-18T20:30:00+02:00"
BOXES = {"pulito": 0, "semipulito": 0, "sporco": 0, "nobile": 0, "reale": 0}
DRAFT = {
    "end": "chiusura",
    "last_move": "",
    "ns": {"cards": 120, **BOXES, "pulito": 1, "chiusura": True, "pozzetto": True},
    "eo": {"cards": 45, **BOXES, "chiusura": False, "pozzetto": True},
}
ENTRY = {"turno": 1, "table": 1, "line": "ns", "smazzate": [DRAFT], "entered_at": AT}
DISMISSAL = {"turno": 1, "table": 1, "code": "smazzate_count", "note": "Tempo", "at": AT}
SETTINGS = "tournament.settings"


@pytest.fixture
def v2(demo) -> dict[str, Any]:
    demo["version"] = 2
    return demo


def room(key: str, *items: dict[str, Any]) -> Callable[[dict], None]:
    def spoil(d: dict) -> None:
        d["tournament"]["settings"] = {key: [dict(item) for item in items]}

    return spoil


def _last_turno_a_draft(d: dict) -> None:
    d["turni"][2]["published"] = False
    for table in d["turni"][2]["tables"]:
        table.pop("totals", None)
        table["smazzate"] = []


def then(*spoils: Callable[[dict], None]) -> Callable[[dict], None]:
    def spoil(d: dict) -> None:
        for one in spoils:
            one(d)

    return spoil


CASES = [
    (
        "turno state of no turno",
        room("turni", {"number": 9, "players_closed": True}),
        "turni[0].number",
        "no turno 9",
    ),
    (
        "turno states out of order",
        room("turni", {"number": 2, "players_closed": True}, {"number": 1}),
        "turni[1].number",
        "after turno 2",
    ),
    (
        "a draft with a publish time",
        then(_last_turno_a_draft, room("turni", {"number": 3, "published_at": AT})),
        "turni[0].published_at",
        "draft",
    ),
    (
        "publish time without its offset",
        room("turni", {"number": 1, "published_at": "2024-10-18T20:30:00"}),
        "turni[0].published_at",
        "offset",
    ),
    (
        "a draw note's params not an object",
        room("turni", {"number": 1, "draw_notes": [{"code": "rematch", "params": [1]}]}),
        "turni[0].draw_notes[0].params",
        "object",
    ),
    (
        "entry of no turno",
        room("player_entries", {**ENTRY, "turno": 9}),
        "player_entries[0].turno",
        "no turno 9",
    ),
    (
        "entry of no table",
        room("player_entries", {**ENTRY, "table": 99}),
        "player_entries[0].table",
        "no table 99",
    ),
    (
        "a line entered twice",
        room("player_entries", ENTRY, ENTRY),
        "player_entries[1].line",
        "listed twice",
    ),
    (
        "entry in a draft",
        then(_last_turno_a_draft, room("player_entries", {**ENTRY, "turno": 3})),
        "player_entries[0].turno",
        "draft",
    ),
    (
        "entry of a line that is no line",
        room("player_entries", {**ENTRY, "line": "nord"}),
        "player_entries[0].line",
        '"ns"',
    ),
    (
        "entry with a photo",
        room("player_entries", {**ENTRY, "photo": "scorecard.jpg"}),
        "player_entries[0].photo",
        "unknown key",
    ),
    (
        "a draft smazzata missing a box",
        room("player_entries", {**ENTRY, "smazzate": [{**DRAFT, "eo": {"cards": 45}}]}),
        "player_entries[0].smazzate[0].eo.pulito",
        "missing",
    ),
    (
        "a draft smazzata ended by nothing known",
        room("player_entries", {**ENTRY, "smazzate": [{**DRAFT, "end": "pioggia"}]}),
        "player_entries[0].smazzate[0].end",
        '"tallone"',
    ),
    (
        "dismissal of an unknown anomaly",
        room("anomaly_dismissals", {**DISMISSAL, "code": "too_lucky"}),
        "anomaly_dismissals[0].code",
        '"smazzate_count"',
    ),
    (
        "dismissal of no table",
        room("anomaly_dismissals", {**DISMISSAL, "table": 99}),
        "anomaly_dismissals[0].table",
        "no table 99",
    ),
    (
        "an anomaly dismissed twice",
        room("anomaly_dismissals", DISMISSAL, DISMISSAL),
        "anomaly_dismissals[1].code",
        "listed twice",
    ),
    (
        "a dismissal without its note",
        room("anomaly_dismissals", {**DISMISSAL, "note": ""}),
        "anomaly_dismissals[0].note",
        "empty",
    ),
]


@pytest.mark.parametrize(
    ("spoil", "path", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_room_key_is_refused_and_nothing_written(v2, spoil, path, reason):
    spoil(v2)
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=json.dumps(v2).encode())
    assert caught.value.path == f"{SETTINGS}.{path}", caught.value
    assert reason in caught.value.message, caught.value
    assert row_counts() == before


def test_the_room_keys_are_unknown_in_a_version_1_file(demo):
    room("player_entries", ENTRY)(demo)
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == SETTINGS and "unknown key" in caught.value.message


def test_the_reason_in_italian(v2):
    room("player_entries", {**ENTRY, "table": 99})(v2)
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        read_archive(v2)
    assert caught.value.message == "il turno 1 non ha il tavolo 99"


def test_a_valid_room_imports(v2):
    v2["tournament"]["settings"] = {
        "turni": [{"number": 1, "published_at": AT, "players_closed": True}],
        "player_entries": [ENTRY, {**ENTRY, "line": "eo"}],
        "anomaly_dismissals": [DISMISSAL],
    }
    tournament = tournament_import(data=v2)
    first = tournament.turni.get(number=1)
    assert first.players_closed and first.published_at.isoformat() == "2024-10-18T18:30:00+00:00"
    table = first.tables.get(number=1)
    assert [e.line for e in table.submissions.lines().order_by("source")] == ["eo", "ns"]
    assert table.dismissals.get().table_version == table.version
