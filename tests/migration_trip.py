"""One trip through the migrations, per database, for every test of the migrations: the
golden archives (``tests/archive/test_migration_golden.py``), the matches
(``tests/tournaments/test_migration_match.py``), the submissions
(``tests/tournaments/test_submission_migration.py``) and the people
(``tests/people/test_migration_people.py``). Migrating is most of their time, so the database
goes down to 0017 and up again twice for all of them, not once or twice for each:

1. the empty database back to 0017; the golden rows stored there (``migration_fixture``);
2. up to the latest schema; the golden tournaments exported (they are all the database holds);
   the match and submission tests' tournaments played through today's services;
3. back to 0017, all of them: the tables' values and the lines' drafts read through 0017's
   models; the golden rows dumped, less the rows of the two other tests' tournaments;
4. up again: the values, the drafts and every archive read once more;
5. the database emptied, the people test's names stored at 0022, alone (the registry that
   0023 makes from the names must hold those names and no others), up, back to 0022 and up.

Every test reads what the trip saw (``migration_trip`` in ``tests/conftest.py``, shared by
their xdist group) and makes its own assertions. The database is emptied at the end, as a
transactional test leaves it, and left at the latest schema whatever happened.
"""

from __future__ import annotations

import contextlib
import datetime
import json
from pathlib import Path
from types import SimpleNamespace

from django.apps import apps as today
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.people.models import Club, Person
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import Entrant, Member, Submission, Table, Tournament
from burraco_tourney.tournaments.services import player_entries as phones
from burraco_tourney.tournaments.services.scores import table_record_forfeit, table_record_totals
from tests.archive.migration_rows import dump_rows, load_rows, rows_json
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import deal as ko_deal
from tests.tournaments.ko_support import ko_tournament, match, play, start, win
from tests.tournaments.player_support import first_save, players_turno, three_smazzate

GOLDEN = Path(__file__).resolve().parent / "archive" / "migration_fixture"
# Where the golden rows were stored, and before the matches (0019) and the submissions (0021).
AT_0017 = [("tournaments", "0017_turno_close")]
BEFORE_PEOPLE = [("tournaments", "0022_member")]
# A line's submission as the submission test compares it.
KEPT = ("source", "state", "data", "ended_early", "entered_at", "session", "holder", "version")
# (tournament slug, turno, table): NS VP, EO VP, winner, decided by the last move.
Values = dict[tuple[str, int, int], tuple]


def _migrate(targets):
    """Migrate to ``targets``; the models of that state (the migrations' own, made on the way)."""
    return MigrationExecutor(connection).migrate(targets).apps


def migration_trip(media_root: Path) -> SimpleNamespace:
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    public = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    quick = override_settings(  # as tests/conftest.py's _plain_static_storage, for a test
        MEDIA_ROOT=media_root,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        CACHES={**settings.CACHES, "public": public, "public_shared": public},
    )
    trip = SimpleNamespace()
    try:
        with quick:
            _golden_matches_and_submissions(trip, latest)
            call_command("flush", interactive=False, verbosity=0)
            trip.people = _people(latest)
    except BaseException:
        # A failure half-way must not leave the next tests an old schema; if the database
        # cannot be put back (a migration broke in its transaction), the failure that says
        # which one goes up, not the putting back's.
        with contextlib.suppress(Exception):
            _latest_and_empty(latest)
        raise
    _latest_and_empty(latest)
    return trip


def _latest_and_empty(latest) -> None:
    _migrate(latest)
    call_command("flush", interactive=False, verbosity=0)


def _golden_matches_and_submissions(trip: SimpleNamespace, latest) -> None:
    load_rows(_migrate(AT_0017), GOLDEN / "rows.json")
    _migrate(latest)
    trip.golden = golden = SimpleNamespace()
    golden.exports = {t.slug: archive_json(tournament_export(t)) for t in Tournament.objects.all()}
    trip.match, trip.submission = played, phoned = _match_tournaments(), _phones_drafts()
    played.on_matches = stored(today, through_match=True)  # every table, the golden ones too

    old = _migrate(AT_0017)
    played.on_tables = stored(old, through_match=False)
    drafts = old.get_model("tournaments", "PlayerEntry").objects.select_related("table")
    drafts = drafts.filter(table__turno__tournament_id=phoned.tournament.pk)
    phoned.drafts = list(drafts.order_by("table__number", "line"))
    others = [*played.tournaments, phoned.tournament]
    golden.again = json.loads(
        rows_json(_without(old, dump_rows(old), {t.pk for t in others}, {played.director.pk}))
    )

    _migrate(latest)
    played.again = stored(today, through_match=True)
    played.archives_again = [
        archive_json(tournament_export(Tournament.objects.get(pk=t.pk))) for t in played.tournaments
    ]
    phoned.lines_again = submission_lines(phoned.tournament)
    phoned.exported_again = archive_json(tournament_export(phoned.tournament))


def _without(apps, dumped: list[dict], tournaments: set[int], users: set[int]) -> list[dict]:
    """The dump less the rows of ``tournaments`` and ``users``: each row goes with the tournament
    its foreign keys lead to (a user's row, and a row that leads only to users, with the user)."""
    fields = {
        block["model"]: [
            (field.attname, field.related_model._meta.label_lower)
            for field in apps.get_model(block["model"])._meta.concrete_fields
            if field.is_relation
        ]
        for block in dumped
    }
    rows = {block["model"]: {row["id"]: row for row in block["rows"]} for block in dumped}

    def owner(label: str, row: dict) -> tuple[str, int] | None:
        if label == "tournaments.tournament":
            return "tournament", row["id"]
        if label == "auth.user":
            return "user", row["id"]
        links = [(target, row[name]) for name, target in fields[label] if row[name] is not None]
        for target, pk in sorted(links, key=lambda link: link[0] == "auth.user"):
            if pk in rows.get(target, {}):
                return owner(target, rows[target][pk])
        return None

    others = {("tournament", pk) for pk in tournaments} | {("user", pk) for pk in users}
    kept = [
        {"model": label, "rows": [row for row in block["rows"] if owner(label, row) not in others]}
        for block in dumped
        for label in [block["model"]]
    ]
    return [block for block in kept if block["rows"]]


def stored(apps, through_match: bool) -> Values:
    Table = apps.get_model("tournaments", "Table")
    prefix = "match__" if through_match else ""
    fields = [f"{prefix}{f}" for f in ("ns_vp", "eo_vp", "winner", "by_last_move")]
    rows = Table.objects.values_list("turno__tournament__slug", "turno__number", "number", *fields)
    return {(slug, turno, number): tuple(values) for slug, turno, number, *values in rows}


def _match_tournaments() -> SimpleNamespace:
    """The match test's tournaments, played at the latest schema: what their tables hold."""
    director = make_director()
    pairs = make_tournament(owner=director, name="Serata a coppie", slug="serata-a-coppie")
    make_pairs(pairs, 6)
    make_turno(pairs, 1, [(1, 2), (3, 4), (5, 6)], totals=[(1250, 830), (900, 900), (0, 0)])
    turno = make_turno(pairs, 2, [(1, 3), (2, 5), (4, 6)])
    table = Table.objects.get(turno=turno, number=1)
    table_record_forfeit(table=table, user=director, absent="eo", version=table.version)
    ko = ko_tournament(director, pairs=4, slug="eliminazione-diretta")
    start(ko, director)
    win(ko, director, 1, 1, "eo")
    play(ko, director, 1, 2, ko_deal(100, 200, "eo"), ko_deal(400, 300, "ns"))
    final = match(ko, 2, 1)
    table_record_totals(
        table=final, user=director, ns_mp=700, eo_mp=700, last_move="eo", version=final.version
    )
    played = [pairs, ko]
    return SimpleNamespace(
        director=director,
        tournaments=played,
        archives=[archive_json(tournament_export(t)) for t in played],
    )


def submission_lines(tournament) -> list[tuple]:
    rows = Submission.objects.lines().filter(table__turno__tournament=tournament)
    return [
        (s.table.number, *(getattr(s, name) for name in KEPT), s.client_id, s.photo.name)
        for s in rows.order_by("table__number", "source")
    ]


def _phones_drafts() -> SimpleNamespace:
    """The submission test's tournament: its lines' drafts as the phones saved them."""
    tournament, turno = players_turno(auto_accept=False, tables=3, slug="telefoni")
    links = phones.turno_links_ensure(turno=turno)
    one, two, three = (links[turno.tables.get(number=n).pk] for n in (1, 2, 3))
    # Table 1: the lines differ; table 2: they agree; table 3: EO chose its line, saved nothing.
    for access, line, cards in ((one, "ns", 185), (one, "eo", 155), (two, "ns", 185)):
        first_save(access, line, cards, client_id=f"save-{line}-{access.table.number}")
    phones.player_entry_save(
        access=two,
        line="eo",
        session="eo-phone",
        smazzate=three_smazzate(185),
        version=0,
        ended_early=True,
    )
    phones.player_line_choose(access=three, line="eo", session="late-phone")
    phones.player_photo_attach(
        access=one, line="eo", session="eo-phone", photo=ContentFile(b"jpeg bytes")
    )
    return SimpleNamespace(
        tournament=tournament,
        lines=submission_lines(tournament),
        exported=archive_json(tournament_export(tournament)),
    )


def _people_stored(apps) -> None:
    """Three tournaments as the site held them before the registry, written at 0022."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Entrant = apps.get_model("tournaments", "Entrant")

    def tournament(slug, kind="pairs"):
        return Tournament.objects.create(
            slug=slug, name=slug, date=datetime.date(2026, 9, 1), kind=kind,
            ruleset_name="classic", rules=get_ruleset("classic").to_dict(),
            smazzate_per_turno=3, vp_table="fibur-3", tiebreaks=["scarto"],
        )  # fmt: skip

    september, october = tournament("settembre"), tournament("ottobre")
    evening = tournament("individuale", kind="individual")
    for t, number, first, second, club in [
        (september, 1, "Rossi Anna", "Verdi Carla", "Circolo Aurora"),
        (september, 2, "Nicolò Bianchi", "Neri Dora", ""),
        (october, 1, "Anna Rossi", "nicolo  BIANCHI", "  Circolo   Aurora "),
        (october, 2, "Gialli Ugo", "Gialli  Ugo", "Burraco Tigullio"),
    ]:
        Entrant.objects.create(
            tournament=t, number=number, player1=first, player2=second, club=club
        )
    Entrant.objects.create(tournament=evening, number=1, name="ROSSI ANNA", club="")
    Entrant.objects.create(tournament=evening, number=2, name="D’Angelo Piera", club="Tigullio")


def _people(latest) -> SimpleNamespace:
    """The names stored at 0022 (in an empty database), then the latest schema: the registry as
    the people test reads it; back to 0022 (the members go) and up again."""
    _people_stored(_migrate(BEFORE_PEOPLE))
    _migrate(latest)
    people = SimpleNamespace(
        people={p.search_key: p for p in Person.objects.select_related("club")},
        clubs=sorted(Club.objects.values_list("name", flat=True)),
        members={
            (entrant.tournament.slug, entrant.number): [
                (m.position, m.person.full_name) for m in entrant.members.order_by("position")
            ]
            for entrant in Entrant.objects.select_related("tournament")
        },
        october=Entrant.objects.get(tournament__slug="ottobre", number=1),
        first=dict(Person.objects.values_list("search_key", "pk")),
    )
    _migrate(BEFORE_PEOPLE)
    people.members_back = Member.objects.count()
    _migrate(latest)
    people.again = dict(Person.objects.values_list("search_key", "pk"))
    people.members_again = Member.objects.count()
    return people
