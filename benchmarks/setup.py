"""What the Django benchmarks share: a throwaway database and a large tournament with results.

``setup_django`` points Django at a temporary SQLite file (never the project's own database)
and migrates it; ``build_tournament`` fills it with a Mitchell-like tournament in a few bulk
inserts, every smazzata a random but legal one drawn from a seeded generator, so the figures are
repeatable. Importing this module does not set Django up: a benchmark that starts child
processes sets it up late on purpose.
"""

from __future__ import annotations

import datetime
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

SMAZZATE = 3
ROOT = Path(__file__).resolve().parent.parent


def collect_static() -> None:
    """The static files as the server serves them (collectstatic): every time, since a manifest
    collected before a script or stylesheet was added would make the pages naming it fail."""
    import subprocess
    import sys

    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT, check=True
    )


def setup_django(database: Path, *, migrate: bool = True) -> None:
    """Set Django up on the SQLite file ``database``; ``migrate`` creates its tables."""
    # Before django.setup(): the settings read these once.
    os.environ["SQLITE_PATH"] = str(database)
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tourney.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)


def _line(rng: random.Random, *, closer: bool) -> dict[str, Any]:
    """One line of a legal smazzata; the closing line took its pozzetto and has a pulito."""
    return {
        "cards": rng.randrange(-40, 80) * 5,
        "pulito": rng.randint(1, 2) if closer else rng.choice((0, 0, 0, 1)),
        "semipulito": rng.choice((0, 0, 0, 1)),
        "sporco": rng.choice((0, 0, 1, 1, 2)),
        "nobile": 0,
        "reale": 0,
        "chiusura": closer,
        "pozzetto": True if closer else rng.random() < 0.85,
    }


def smazzata_fields(rng: random.Random) -> dict[str, Any]:
    """The ``Smazzata`` fields of one random but legal smazzata (totals left to the service)."""
    closer = rng.choice(("ns", "eo", "ns", "eo", None))  # one in five ends without a chiusura
    fields: dict[str, Any] = {"end": "chiusura" if closer else rng.choice(("tallone", "tempo"))}
    for prefix in ("ns", "eo"):
        for key, value in _line(rng, closer=closer == prefix).items():
            fields[f"{prefix}_{key}"] = value
    return fields


def build_tournament(
    *,
    slug: str,
    name: str,
    players: Callable[[int], dict[str, str]],
    pairs: int,
    turni: int,
    results: bool,
    seed: int,
    venue: str = "",
):
    """A published tournament of ``pairs`` pairs and ``turni`` Mitchell turni, bulk inserted.

    ``players(n)``: the ``Entrant`` fields of pair ``n`` (names, club). With ``results``, every
    table gets ``SMAZZATE`` smazzate and the scoring service computes MP and VP, as after an
    import; without, the tables wait for their scorecards.
    """
    from burraco_tourney.rules.rulesets import get_ruleset
    from burraco_tourney.tournaments.models import Entrant, Smazzata, Table, Tournament, Turno
    from burraco_tourney.tournaments.services.matches import tables_create
    from burraco_tourney.tournaments.services.results import tournament_recompute_results

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        slug=slug,
        name=name,
        date=datetime.date(2026, 1, 1),
        venue=venue,
        ruleset_name="classic",
        rules=get_ruleset("classic").to_dict(),
        smazzate_per_turno=SMAZZATE,
        vp_table="fibur-3",
        tiebreaks=["scarto", "head_to_head", "mp"],
        planned_turni=turni,
    )
    rows = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, number=n, **players(n)) for n in range(1, pairs + 1)
    )
    by_number = {pair.number: pair for pair in rows}
    turno_rows = Turno.objects.bulk_create(
        Turno(tournament=tournament, number=n, movement="mitchell", published=True)
        for n in range(1, turni + 1)
    )
    # Mitchell: NS pair i stays at table i, the EO pairs move one table a turno.
    tables = pairs // 2
    table_rows = tables_create(
        Table(
            turno=turno,
            number=i,
            ns=by_number[i],
            eo=by_number[tables + (i - 1 + turno.number - 1) % tables + 1],
            entry_mode="smazzate" if results else "",
        )
        for turno in turno_rows
        for i in range(1, tables + 1)
    )
    if results:
        Smazzata.objects.bulk_create(
            (
                Smazzata(table=table, number=n, ns_total=0, eo_total=0, **smazzata_fields(rng))
                for table in table_rows
                for n in range(1, SMAZZATE + 1)
            ),
            batch_size=500,
        )
        tournament_recompute_results(tournament=tournament)
    return tournament
