"""Whole-site backup and restore: every account, tournament, change log and photo in one file.

On SQLite (the laptop default) a backup is a copy of the database made with SQLite's online
backup API, consistent while the site runs, with a small ``burraco_backup`` table added to the
copy that says what it is (the software, when it was made, the migrations it holds), and the
uploaded photos in a table of their own (``backup_media``). A half-written copy is named
``….part`` until it is whole, removed when the copy fails, and by the next automatic backup
when a switched-off machine left one behind. A restore
accepts only such a file, whose migrations this software knows, replaces the whole database with
it and brings its tables up to date (``migrate``). On PostgreSQL the database's own tools do the
job: ``pg_dump`` and ``pg_restore`` (``postgres_instructions``), and these functions refuse.

Automatic backups (``auto_backup``) go into ``settings.BACKUP_DIR``, the newest
``settings.BACKUP_KEEP`` kept; with ``only_if_changed`` one is made only when the change log
has grown since the newest one, so an idle site makes no copies.

This module writes files and, for a restore, the whole database; the management commands
``backup`` and ``restore`` and the superuser's download call it.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection, connections
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.tournaments.models import AuditEntry

from .backup_media import MEDIA_TABLE, media_from, media_into

MARK_TABLE = "burraco_backup"
MARK_FORMAT = "burraco-site-backup"
SQLITE_HEADER = b"SQLite format 3\x00"
AUTO_PREFIX = "burraco-"
AUTO_SUFFIX = ".sqlite3"
STALE_PART_SECONDS = 3600


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, for the director."""


@dataclass(frozen=True)
class BackupInfo:
    """What a backup file says about itself."""

    made_at: str
    last_change: int
    migrations: frozenset[tuple[str, str]]


def postgres_instructions() -> str:
    name = connection.settings_dict.get("NAME") or "DATABASE"
    return _(
        "This site keeps its data in PostgreSQL: back it up with its own tool, "
        "pg_dump --format=custom --file=FILE %(name)s, and put it back with "
        "pg_restore --clean --if-exists --dbname=%(name)s FILE (README, “Back up and restore”)."
    ) % {"name": name}


def _sqlite_only() -> None:
    if connection.vendor != "sqlite":
        raise BackupError(postgres_instructions())


def site_has_tables() -> bool:
    """Whether the database holds the site's tables (a new laptop's is still empty)."""
    return AuditEntry._meta.db_table in connection.introspection.table_names()


def _last_change() -> int:
    """The newest change-log entry's id: it grows with every change a director makes."""
    if not site_has_tables():
        return 0
    return AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0


def backup_to(target: Path) -> BackupInfo:
    """Write a consistent copy of the whole database to ``target`` (replaced if it exists)."""
    _sqlite_only()
    target = Path(target)
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    connection.ensure_connection()
    info = BackupInfo(
        made_at=timezone.localtime().isoformat(timespec="seconds"),
        last_change=_last_change(),
        migrations=frozenset(),
    )
    try:
        copy = sqlite3.connect(partial)
        try:
            connection.connection.backup(copy)
            # One self-contained file: no write-ahead log beside it.
            copy.execute("PRAGMA journal_mode=DELETE")
            with copy:
                copy.execute(f"CREATE TABLE {MARK_TABLE} (key TEXT PRIMARY KEY, value TEXT)")
                copy.executemany(
                    f"INSERT INTO {MARK_TABLE} VALUES (?, ?)",
                    [
                        ("format", MARK_FORMAT),
                        ("made_at", info.made_at),
                        ("last_change", str(info.last_change)),
                    ],
                )
                media_into(copy)
        finally:
            copy.close()
        partial.replace(target)  # a half-written file never has the final name
    except BaseException:
        # A failed backup (a full disk, an interrupted copy) leaves no half-written file.
        partial.unlink(missing_ok=True)
        raise
    return read_backup_info(target)


def read_backup_info(path: Path) -> BackupInfo:
    """What the backup file at ``path`` says about itself; ``BackupError`` when it is none."""
    path = Path(path)
    refused = _("%(file)s is not a backup of this site.") % {"file": path.name}
    try:
        with path.open("rb") as handle:
            if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                raise BackupError(refused)
    except OSError as error:
        raise BackupError(
            _("Cannot read %(file)s: %(error)s") % {"file": path, "error": error.strerror}
        ) from None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            marks = dict(db.execute(f"SELECT key, value FROM {MARK_TABLE}").fetchall())
            applied = frozenset(db.execute("SELECT app, name FROM django_migrations").fetchall())
        finally:
            db.close()
    except sqlite3.Error:
        raise BackupError(refused) from None
    if marks.get("format") != MARK_FORMAT:
        raise BackupError(refused)
    return BackupInfo(
        made_at=marks.get("made_at", ""),
        last_change=int(marks.get("last_change") or 0),
        migrations=applied,
    )


def check_restorable(path: Path) -> BackupInfo:
    """The backup's information, when this software can restore it."""
    _sqlite_only()
    info = read_backup_info(path)
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    apps = {app for app, _name in known}
    unknown = sorted(m for m in info.migrations if m[0] in apps and m not in known)
    if unknown:
        raise BackupError(
            _(
                "%(file)s was made by a newer version of this software (it holds the "
                "migration %(migration)s): update the software first."
            )
            % {"file": Path(path).name, "migration": ".".join(unknown[0])}
        )
    return info


def restore_from(path: Path) -> BackupInfo:
    """Replace the whole database with the backup at ``path``; the caller runs ``migrate``."""
    info = check_restorable(path)
    connection.ensure_connection()
    live = connection.connection
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        source.backup(live)
    finally:
        source.close()
    live.execute(f"DROP TABLE IF EXISTS {MARK_TABLE}")
    live.execute(f"DROP TABLE IF EXISTS {MEDIA_TABLE}")
    live.commit()
    media_from(Path(path))
    # Every connection of this process reads the restored database from now on.
    connections.close_all()
    return info


# -- automatic backups ------------------------------------------------------------------------


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


def auto_backups() -> list[Path]:
    """The automatic backups in the backup folder, oldest first (their names sort by time)."""
    folder = backup_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"{AUTO_PREFIX}*{AUTO_SUFFIX}"))


def _remove_stale_parts(folder: Path) -> None:
    """Half-written backups left by a machine switched off mid-copy (an hour old: a backup being
    written now by another process is never touched)."""
    limit = time.time() - STALE_PART_SECONDS
    for part in folder.glob("*.part"):
        try:
            if part.stat().st_mtime < limit:
                part.unlink()
        except OSError:
            pass


def auto_backup(*, only_if_changed: bool = False, label: str = "") -> Path | None:
    """A new automatic backup (None when nothing changed and ``only_if_changed``); the oldest
    ones beyond ``settings.BACKUP_KEEP`` are deleted."""
    _sqlite_only()
    existing = auto_backups()
    if only_if_changed and existing:
        try:
            newest = read_backup_info(existing[-1])
        except BackupError:
            newest = None
        if newest is not None and newest.last_change == _last_change():
            return None
    folder = backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale_parts(folder)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{AUTO_PREFIX}{stamp}{'-' + label if label else ''}{AUTO_SUFFIX}"
    backup_to(target)
    for old in auto_backups()[: -settings.BACKUP_KEEP]:
        old.unlink(missing_ok=True)
    return target
