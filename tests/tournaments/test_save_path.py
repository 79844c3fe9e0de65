"""The path of one director's save and of one phone acceptance, followed function by function
through the real views (``path_trace.save_path``, whose docstring says what a stop is): at
most 15 stops in at most 8 files, never entering again a file the path has left, the engine
run once; and docs/submissions.md shows these very stops."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.views.manage import room_board
from burraco_tourney.tournaments.views.manage import scores as score_views
from tests.tournaments.path_trace import Stop, Trace, save_path
from tests.tournaments.player_support import drafts_to_accept
from tests.tournaments.scores_support import FULL, entry_url, scorecard, scored_tournament, table_of

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "submissions.md"
MAX_STOPS, MAX_FILES = 15, 8


def _documented(heading: str) -> list[Stop]:
    """The stops of the table under ``heading`` in docs/submissions.md (file, function)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| \d+ \| `([^`]+)` \| `([^`]+)` \|", section, flags=re.MULTILINE)
    return [Stop(file, function) for file, function in rows]


def _check(trace: Trace, heading: str) -> None:
    listed = "\n".join(str(stop) for stop in trace.stops)
    assert trace.engine_runs == 1, listed
    assert trace.returns == [], f"entered again after leaving:\n{listed}"
    assert len(trace.stops) <= MAX_STOPS, listed
    assert len(trace.files) <= MAX_FILES, listed
    assert _documented(heading) == trace.stops, listed


def test_a_directors_save_goes_one_way_and_runs_the_engine_once(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, *FULL)
    answers = []
    trace = save_path(
        lambda: answers.append(english.post(entry_url(turno), data)), score_views.score_entry
    )
    assert answers[0].status_code == 302
    table.refresh_from_db()
    assert table.entry_mode == "smazzate" and table.ns_mp is not None
    assert table.submissions.get().state == "accepted"
    assert [e.action for e in AuditEntry.objects.filter(table=table)] == ["result_enter"]
    _check(trace, "### A director's save")


def test_a_phone_acceptance_goes_one_way_and_runs_the_engine_once(english, director):
    _, table, url, seen = drafts_to_accept(director)
    post = {**seen, "reason": "Paper says 185"}
    trace = save_path(lambda: english.post(url, post), room_board.room_accept)
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    logged = AuditEntry.objects.filter(table=table).order_by("pk")
    assert [e.action for e in logged][-2:] == ["player_accept", "result_enter"]
    _check(trace, "### A phone acceptance")
