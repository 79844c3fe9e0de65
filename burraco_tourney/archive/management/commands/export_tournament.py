"""``manage.py export_tournament SLUG FILE``: write a tournament as a burraco-archive file.

``FILE`` ``-`` writes to standard output. The JSON is indented UTF-8 text, non-ASCII characters
written as they are.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament as a burraco-archive JSON file ('-' writes to standard output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("file", help="the file to write, or - for standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("There is no tournament %(slug)s.") % {"slug": options["slug"]}
            ) from None
        text = archive_json(tournament_export(tournament))
        if options["file"] == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(options["file"], "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": options["file"], "error": error.strerror}
            ) from None
