"""``manage.py load_demo``: load the demo tournament so a new user has something to open.

Imports ``fixtures/demo.json`` unless a tournament of the same name and date is already there
(running it twice gives one tournament). Prints the tournament's slug as the last line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Tournament


def demo_path() -> Path:
    return Path(settings.BASE_DIR) / "fixtures" / "demo.json"


class Command(BaseCommand):
    help = "Load the demo tournament (fixtures/demo.json) unless it is already there."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            archive = read_archive(demo_path().read_bytes())
        except (OSError, ArchiveError) as error:
            raise CommandError(f"{demo_path().name}: {error}") from None
        info = archive.tournament
        existing = Tournament.objects.filter(name=info.name, date=info.date).first()
        tournament = existing or tournament_import(data=archive)
        self.stdout.write(tournament.slug)
