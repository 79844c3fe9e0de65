"""The uploaded files (the players' photos of their scorecards) inside a whole-site backup.

A backup stays one SQLite file: every file under ``settings.MEDIA_ROOT`` goes into a table of
its own, ``burraco_backup_media`` (path and bytes), next to the database it belongs to. A
restore writes them back under ``MEDIA_ROOT`` (only plain relative paths inside it; nothing
outside is ever written) and drops the table from the restored database. A backup made before
the photos were kept has no such table: its photos are missing, and the director's pages say
so instead of failing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path, PurePosixPath

from django.conf import settings

MEDIA_TABLE = "burraco_backup_media"


def _media_root() -> Path:
    return Path(settings.MEDIA_ROOT)


def media_into(copy: sqlite3.Connection) -> int:
    """Store every file under ``MEDIA_ROOT`` in the backup ``copy``; how many."""
    root = _media_root()
    copy.execute(f"CREATE TABLE {MEDIA_TABLE} (path TEXT PRIMARY KEY, data BLOB NOT NULL)")
    count = 0
    if not root.is_dir():
        return 0
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            relative = path.relative_to(root).as_posix()
            copy.execute(f"INSERT INTO {MEDIA_TABLE} VALUES (?, ?)", (relative, path.read_bytes()))
            count += 1
    return count


def _safe_target(root: Path, relative: str) -> Path | None:
    """Where ``relative`` goes under ``root``; None for a path that would leave it."""
    parts = PurePosixPath(relative).parts
    if not parts or PurePosixPath(relative).is_absolute() or any(p in ("..", "") for p in parts):
        return None
    target = root.joinpath(*parts)
    if not target.resolve().is_relative_to(root.resolve()):
        return None
    return target


def media_from(backup: Path) -> int:
    """Write the files stored in the backup file ``backup`` under ``MEDIA_ROOT``; how many."""
    root = _media_root()
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master")}
        if MEDIA_TABLE not in tables:
            return 0
        count = 0
        for relative, data in source.execute(f"SELECT path, data FROM {MEDIA_TABLE}"):
            target = _safe_target(root, str(relative))
            if target is None:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(data)
            partial.replace(target)
            count += 1
        return count
    finally:
        source.close()
