"""``manage.py import_tournament FILE``: create a tournament from a burraco-archive file.

Prints the new tournament's slug as the last line, after a warning when another tournament
already has its name (the new one is a separate copy). An invalid file writes nothing: the
command prints ``path: reason`` on stderr and exits with a non-zero status.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from burraco_tourney.archive.checks import MAX_ARCHIVE_BYTES
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.selectors.imports import import_copy_notice


class Command(BaseCommand):
    help = "Create a tournament from a burraco-archive JSON file ('-' reads standard input)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            # One byte more than an archive may have is enough to refuse a larger file.
            if path == "-":
                data = sys.stdin.buffer.read(MAX_ARCHIVE_BYTES + 1)
            else:
                with open(path, "rb") as handle:
                    data = handle.read(MAX_ARCHIVE_BYTES + 1)
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": path, "error": error.strerror}
            ) from None
        try:
            tournament = tournament_import(data=data)
        except ArchiveError as error:
            self.stderr.write(str(error))
            raise CommandError(_("Nothing was imported."), returncode=1) from None
        notice = import_copy_notice(tournament=tournament)
        if notice:
            self.stdout.write(self.style.WARNING(notice))
        self.stdout.write(tournament.slug)
