"""Time the two measures of team tournaments (issue 23): drawing turno 6 of a 60-team Danese,
and the team standings page of 60 teams x 8 turni against just fetching its score rows.

The tournament: 60 teams of 4 players, turni of 30 matches of two tables (the sala aperta and
the sala chiusa), 3 smazzate a table (random but seeded, legal), every match scored through the
one results path as after an import (``tournament_recompute_results``: each table, then the
match from both rooms). It lives in a temporary SQLite database, migrated from scratch and
deleted at the end.

Printed, each the best of ``--runs``:

- the draw of turno 6 (Danese for teams, modificato) after five all'italiana turni: the plan
  alone (history, standings, the engine) and the whole draw as the director's button makes it
  (plan, tables, matches and riposi stored, in a transaction rolled back). The goal: under 1 s.
- the public team standings page after 8 turni, as the room gets it and built anew for a
  director, against the score rows fetched as model instances (the pairs' benchmark's
  yardstick, ``standings_page.py``). The goal: 3x or less.

Usage, from the repository root::

    python -m benchmarks.teams [--teams 60] [--runs 5] [--seed 2024]
"""

from __future__ import annotations

import argparse
import datetime
import random
import tempfile
import time
from pathlib import Path

from benchmarks import setup
from benchmarks.setup import SMAZZATE, smazzata_fields
from benchmarks.standings_page import best_of_each

DRAW_GOAL_SECONDS = 1.0
PAGE_GOAL = 3.0
ROSTER = 4


def build(*, teams: int, turni: int, seed: int):
    """A team tournament of ``teams`` teams and ``turni`` all'italiana turni, bulk inserted,
    its matches scored through the one results path."""
    from burraco_tourney.rules.rulesets import get_ruleset
    from burraco_tourney.rules.team_draw import team_italiana_draw
    from burraco_tourney.tournaments.formats.teams.draw_manager import team_seats
    from burraco_tourney.tournaments.models import (
        Entrant,
        Match,
        Smazzata,
        Table,
        Tournament,
        Turno,
    )
    from burraco_tourney.tournaments.services.matches import tables_create
    from burraco_tourney.tournaments.services.results import tournament_recompute_results

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        slug=f"squadre-{turni}",
        name="Squadre",
        date=datetime.date(2026, 1, 1),
        kind="teams",
        ruleset_name="classic",
        rules=get_ruleset("classic").to_dict(),
        smazzate_per_turno=SMAZZATE,
        vp_table="fibur-3",
        tiebreaks=["scarto", "head_to_head", "mp"],
        planned_turni=8,
    )
    rows = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, number=n, name=f"Squadra {n}") for n in range(1, teams + 1)
    )
    by_number = {team.number: team for team in rows}
    order = list(by_number)
    for number in range(1, turni + 1):
        turno = Turno.objects.create(
            tournament=tournament,
            number=number,
            movement="italiana",
            published=True,
            draw_options={"index": number, "order": order},
        )
        seats = team_seats(team_italiana_draw(order, number).matches)
        matches: dict[int, Match] = {}
        tables = tables_create(
            Table(
                turno=turno,
                number=s.table,
                room=s.room,
                match=matches.setdefault(s.match, Match(turno=turno, number=s.match)),
                ns=by_number[s.ns],
                eo=by_number[s.eo],
                entry_mode="smazzate",
            )
            for s in seats
        )
        Smazzata.objects.bulk_create(
            (
                Smazzata(table=table, number=n, ns_total=0, eo_total=0, **smazzata_fields(rng))
                for table in tables
                for n in range(1, SMAZZATE + 1)
            ),
            batch_size=500,
        )
    tournament_recompute_results(tournament=tournament)
    return tournament


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.contrib.auth import get_user_model
        from django.db import connection, transaction
        from django.test import Client, override_settings
        from django.urls import reverse

        from burraco_tourney.tournaments.draw_manager import DrawRequest
        from burraco_tourney.tournaments.formats.teams.draw_manager import draw_team_turno
        from burraco_tourney.tournaments.models import Smazzata
        from burraco_tourney.tournaments.services.turni import turno_draw

        start = time.perf_counter()
        five = build(teams=args.teams, turni=5, seed=args.seed)
        eight = build(teams=args.teams, turni=8, seed=args.seed + 1)
        built = time.perf_counter() - start
        user = get_user_model().objects.create_superuser("benchmark", password="benchmark")
        danese = DrawRequest(movement="danese", mode="modificato")

        def plan() -> None:
            draw_team_turno(tournament=five, number=6, request=danese)

        def whole_draw() -> None:
            with transaction.atomic():
                turno = turno_draw(tournament=five, user=user, request=danese)
                assert turno.tables.count() == args.teams
                transaction.set_rollback(True)

        url = reverse("tournaments:standings", args=[eight.slug])
        room = Client(HTTP_HOST="localhost")
        director = Client(HTTP_HOST="localhost")
        director.force_login(user)
        score_rows = Smazzata.objects.filter(table__turno__tournament=eight)

        def page() -> None:
            assert room.get(url).status_code == 200

        def page_built() -> None:
            assert director.get(url).status_code == 200

        def rows_as_models() -> None:
            list(score_rows.all())

        plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        with override_settings(STORAGES={"default": plain, "staticfiles": plain}):
            for warm in (plan, whole_draw, page, page_built, rows_as_models):
                warm()
            plan_time, draw_time, page_time, built_time, rows_time = best_of_each(
                args.runs, plan, whole_draw, page, page_built, rows_as_models
            )
        print(f"teams benchmark ({args.teams} teams, built in {built:.1f} s), best of {args.runs}:")
        verdict = "within" if draw_time < DRAW_GOAL_SECONDS else "ABOVE"
        print(f"  draw turno 6, Danese for teams: plan {plan_time * 1000:7.1f} ms")
        print(
            f"  draw turno 6, the whole draw stored {draw_time * 1000:7.1f} ms  "
            f"goal: {verdict} {DRAW_GOAL_SECONDS:.0f} s"
        )
        rows = score_rows.count()
        judged = page_time / rows_time
        verdict = "within" if judged <= PAGE_GOAL else "ABOVE"
        print(f"  standings page, 8 turni ({rows} score rows):")
        print(
            f"    page request              {page_time * 1000:7.1f} ms  page / rows {judged:5.2f} x"
        )
        print(
            f"    page built anew (director) {built_time * 1000:6.1f} ms  "
            f"page / rows {built_time / rows_time:5.2f} x"
        )
        print(f"    score rows as models      {rows_time * 1000:7.1f} ms")
        print(f"    goal: {verdict} {PAGE_GOAL:.0f}x against fetching the rows as model instances")
        connection.close()


if __name__ == "__main__":
    main()
