"""``manage.py restore FILE``: put back a whole-site backup made by ``manage.py backup``.

Every account, tournament and change log of the site is replaced by the backup's, after a
confirmation (``--yes`` skips it); the current database is first saved into the backup folder,
so a restore can itself be undone. A file that is not a backup of this site, or one made by a
newer version of the software, is refused and nothing changes. The tables are then brought up
to date (``migrate``). Stop the site while restoring.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from burraco_tourney.archive.backup import (
    BackupError,
    auto_backup,
    check_restorable,
    restore_from,
    site_has_tables,
)


class Command(BaseCommand):
    help = "Replace the whole site with a backup made by 'manage.py backup'."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--yes", action="store_true", help="do not ask for a confirmation")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            info = check_restorable(path)
        except BackupError as error:
            raise CommandError(str(error)) from None
        if not options["yes"]:
            question = _(
                "Every account, tournament and change log of this site will be replaced by "
                "those of the backup made on %(when)s. Type “yes” to go on: "
            ) % {"when": info.made_at}
            if input(question).strip().lower() not in ("yes", "si", "sì", "y", "s"):
                raise CommandError(_("Nothing was restored."), returncode=1)
        try:
            # A new laptop's empty database has nothing to save first.
            saved = auto_backup(label="before-restore") if site_has_tables() else None
            restore_from(path)
        except BackupError as error:
            raise CommandError(str(error)) from None
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": error.filename or "", "error": error.strerror}
            ) from None
        call_command("migrate", verbosity=0, interactive=False)
        self.stdout.write(_("Restored the backup made on %(when)s.") % {"when": info.made_at})
        if saved is not None:
            self.stdout.write(_("The site as it was is saved in %(saved)s.") % {"saved": saved})
