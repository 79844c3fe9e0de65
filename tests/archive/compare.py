"""Comparing two exports of the same tournament: the round trip of ARCHIVE.md version 2.

A file exported, imported and exported again is the same file except the one log entry the
import adds at its end.
"""

from __future__ import annotations

from typing import Any

from burraco_tourney.archive.export import archive_json


def without_import_entry(archive: dict[str, Any]) -> dict[str, Any]:
    """``archive`` without the last entry of its log, which must be an import's."""
    assert archive["log"][-1]["action"] == "tournament_import"
    return {**archive, "log": archive["log"][:-1]}


def assert_same_but_the_import_entry(first: dict[str, Any], second: dict[str, Any]) -> None:
    assert archive_json(without_import_entry(second)) == archive_json(first)
