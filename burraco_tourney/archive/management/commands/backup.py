"""``manage.py backup FILE``: a consistent copy of the whole site (every account, tournament and
change log) while it runs; ``--auto`` writes it into the backup folder instead, keeping the
newest few, and with ``--if-changed`` only when something changed since the newest one.

On PostgreSQL the command says how to use ``pg_dump`` instead, and exits with an error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from burraco_tourney.archive.backup import BackupError, auto_backup, backup_to


class Command(BaseCommand):
    help = "Back up the whole site (accounts, tournaments, change logs) into one file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="the file to write")
        parser.add_argument(
            "--auto", action="store_true", help="write into the backup folder, keep the newest"
        )
        parser.add_argument(
            "--if-changed",
            action="store_true",
            help="with --auto: only when something changed since the newest backup",
        )
        parser.add_argument("--label", default="", help="with --auto: a word added to the name")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["file"]) == options["auto"]:
            raise CommandError(_("Give the file to write, or --auto (not both)."))
        try:
            if options["auto"]:
                target = auto_backup(only_if_changed=options["if_changed"], label=options["label"])
                if target is None:
                    self.stdout.write(_("Nothing changed since the last backup."))
                    return
            else:
                target = Path(options["file"])
                backup_to(target)
        except BackupError as error:
            raise CommandError(str(error)) from None
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": options["file"] or "", "error": error.strerror}
            ) from None
        self.stdout.write(str(target))
