"""Importing a burraco-archive file as a new tournament.

``tournament_import`` reads and checks the whole file first (``reader.read_archive``), then
writes the tournament in one transaction: an error anywhere leaves the database as it was. The
results in the file are not read: the scoring service computes them from the entered scores.

A version 2 file holds everything the site keeps (ARCHIVE.md "Version 2"): the import writes it
all, the change log included (its entries marked as imported, in order), then its own entry.
What a version 1 file does not hold is filled in plainly, as it always was: the turni planned
(those of the file when every one of them is finished), a third-place match when the bracket
holds one, no author or time for the penalties (the pages show them as imported); the change
log starts again with the import's own entry, which says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.submission_data import entry_data
from burraco_tourney.tournaments.audit_text import (
    IMPORT_LOG_REASON,
    IMPORT_REASON,
    tournament_subject,
)
from burraco_tourney.tournaments.formats import format_of
from burraco_tourney.tournaments.models import (
    AuditEntry,
    Bye,
    Entrant,
    Match,
    Member,
    Penalty,
    Smazzata,
    Submission,
    SubmissionSource,
    SubmissionState,
    Table,
    TableSeat,
    Tournament,
    Turno,
)
from burraco_tourney.tournaments.selectors.ko import bracket_of, ko_data
from burraco_tourney.tournaments.services.audit import audit_record
from burraco_tourney.tournaments.services.matches import tables_create
from burraco_tourney.tournaments.services.members import members_link
from burraco_tourney.tournaments.services.prizes import prize_list_save
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.tournaments import tournament_slug

from .checks import rule_message
from .closing import closing_apply
from .gironi import gironi_apply
from .import_teams import lineups_create, match_tables
from .log import log_rows
from .persons import archive_places
from .reader import read_archive
from .records import (
    Archive,
    ArchiveError,
    ArchiveLine,
    ArchiveTable,
    ArchiveTurno,
    LatePair,
    bands_json,
)
from .room_state import write_room
from .tables import table_entry


def tournament_import(
    *, data: bytes | str | Mapping[str, Any] | Archive, owner: AbstractBaseUser | None = None
) -> Tournament:
    """Create the tournament an archive file describes and compute its results.

    ``data`` is the file (bytes or text), its decoded JSON, or an ``Archive`` already read.
    Raises ``ArchiveError`` (path and reason) for an invalid file; nothing is written then.
    ``owner`` becomes the tournament's owner and one of its directors.
    """
    archive = data if isinstance(data, Archive) else read_archive(data)
    with transaction.atomic():
        tournament = _create_tournament(archive, owner)
        _create_contents(tournament, archive)
        closing_apply(
            tournament,
            archive.tournament.closed_turni,
            archive.tournament.corrected_results,
            version=archive.version,
        )
        try:
            tournament_recompute_results(tournament=tournament)
        except RuleError as error:
            # The reader checks what the scoring needs; this is a safety net that still keeps
            # the promise that a refused file writes nothing.
            raise ArchiveError("", rule_message(error)) from None
        write_room(tournament, archive.tournament.room)
        tournament.fmt.archive.after_import(tournament, archive)
        entry = audit_record(
            tournament=tournament,
            user=owner,
            action="tournament_import",
            subject=tournament_subject(tournament),
            reason=IMPORT_REASON if archive.version == 1 else IMPORT_LOG_REASON,
            after=_import_counts(tournament, archive),
        )
        if archive.log and entry.at < archive.log[-1].at:
            # A laptop whose clock is behind the file's: the import still reads after the file.
            entry.at = archive.log[-1].at
            entry.save(update_fields=["at"])
    return tournament


def _import_counts(tournament: Tournament, archive: Archive) -> dict[str, int]:
    """What the change log's import entry counts: the entrants, under the kind's archive key
    ("pairs", "players", "teams"), and the turni."""
    key = tournament.fmt.archive.entrants_key
    return {key: len(archive.entrants), "turni": len(archive.turni)}


def _planned_turni(turni: tuple[ArchiveTurno, ...]) -> int | None:
    """Turni previsti, which the format does not hold: a file whose every turno has all its
    results is a finished tournament, planned with exactly those turni (its dashboard offers
    the final standings, not another draw). Otherwise there is no plan, as in a new tournament:
    the director sets it."""
    finished = bool(turni) and all(
        turno.tables and all(table.entry_mode for table in turno.tables) for turno in turni
    )
    return len(turni) if finished else None


def keep_third_place(tournament: Tournament) -> None:
    """A file with a third-place match: the bracket goes on playing one (the option itself is
    not in the archive format, the match is)."""
    try:
        bracket = bracket_of(ko_data(tournament=tournament), third_place=False)
    except RuleError:
        return
    if bracket.third_place is not None:
        tournament.ko_third_place = True
        tournament.save(update_fields=["ko_third_place"])


def _create_tournament(archive: Archive, owner: AbstractBaseUser | None) -> Tournament:
    info = archive.tournament
    fields: dict[str, Any] = {
        "slug": tournament_slug(name=info.name, date=info.date),
        "name": info.name,
        "date": info.date,
        "venue": info.venue,
        "kind": info.kind,
        "ruleset_name": info.ruleset,
        "rules": get_ruleset(info.ruleset, **info.ruleset_overrides()).to_dict(),
        "tiebreaks": list(info.tiebreaks or []),
        "owner": owner,
    }
    if archive.version >= 2:
        fields["planned_turni"] = info.planned_turni
        fields["forfeit_loser_vp"] = info.forfeit_loser_vp
        fields["ko_third_place"] = bool(info.ko_third_place)
        fields["ko_rounds"] = [dict(item) for item in info.ko_rounds]
        fields["turno_minutes"] = info.turno_minutes
        if info.last_smazzata_minutes is not None:
            fields["last_smazzata_minutes"] = info.last_smazzata_minutes
        if info.players is not None:
            fields["players_enter"], fields["players_auto_accept"] = info.players
        if info.number_draw is not None:
            fields["number_draw_seed"] = info.number_draw.seed
            fields["number_draw_at"] = info.number_draw.at
    else:
        fields["planned_turni"] = format_of(info.kind).archive.planned_turni(
            _planned_turni(archive.turni)
        )
    if info.smazzate_per_turno is not None:
        fields["smazzate_per_turno"] = info.smazzate_per_turno
    if info.vp_table is not None:
        fields["vp_table"] = info.vp_table_json()
    if info.team_scoring is not None:
        fields["team_scoring"] = info.team_scoring
    if info.team_vp_table is not None:
        fields["team_vp_table"] = bands_json(info.team_vp_table)
    if info.bye is not None:
        fields["bye_vp"], fields["bye_mp"] = info.bye.vp, info.bye.mp
    if info.forfeit is not None:
        fields["forfeit_vp"], fields["forfeit_mp"] = info.forfeit.vp, info.forfeit.mp
    if info.ko is not None:
        fields["ko_mode"] = info.ko.mode
        fields["ko_smazzate"] = info.ko.smazzate
        fields["ko_target"] = info.ko.target
    tournament = Tournament.objects.create(**fields)
    if owner is not None:
        tournament.directors.add(owner)
    return tournament


def _line_fields(prefix: str, line: ArchiveLine) -> dict[str, Any]:
    return {
        f"{prefix}_cards": line.cards,
        f"{prefix}_pulito": line.pulito,
        f"{prefix}_semipulito": line.semipulito,
        f"{prefix}_sporco": line.sporco,
        f"{prefix}_nobile": line.nobile,
        f"{prefix}_reale": line.reale,
        f"{prefix}_chiusura": line.chiusura,
        f"{prefix}_pozzetto": line.pozzetto,
    }


def _table_row(turno: Turno, table: ArchiveTable, entrants: dict[int, Entrant]) -> Table:
    row = Table(turno=turno, number=table.number, entry_mode=table.entry_mode)
    row.match = Match(turno=turno, number=table.number)
    # A line is a pair's number, or the numbers of the players sitting there (their seats).
    if isinstance(table.ns, int):
        row.ns, row.eo = entrants[table.ns], entrants[table.eo]
    if table.totals is not None:
        row.ns_mp, row.eo_mp = table.totals
    if table.forfeit is not None:
        row.forfeit_winner = table.forfeit
    if table.totals_last_move is not None:
        # A tie entered as totals keeps its last move as the tie's decision on its match (the
        # results service reads it back from there): the other line wins.
        row.match.by_last_move = True
        row.match.winner = "eo" if table.totals_last_move == "ns" else "ns"
    return row


def _late_fields(late: LatePair | None) -> dict[str, Any]:
    if late is None:
        return {}
    return {
        "joined_turno": late.first_turno,
        "missed": late.missed,
        "missed_vp": late.vp,
        "missed_mp": late.mp,
    }


def _create_tables(
    archive: Archive, turni: dict[int, Turno], entrants: dict[int, Entrant], members: list[Member]
) -> list[tuple[Table, ArchiveTable]]:
    """The tables of every turno with their seats (an individual table's players, a team
    match's line-ups) and their smazzate."""
    table_rows: list[tuple[Table, ArchiveTable]] = []
    team_rows = []
    for turno in archive.turni:
        for table in turno.tables:
            row = _table_row(turni[turno.number], table, entrants)
            row.girone = table.girone
            row.girone_number = table.table if table.girone else None
            table_rows.append((row, table))
        # A team turno's matches: two tables each (``import_teams``).
        rooms = match_tables(turno, turni[turno.number], lambda t, a: _table_row(t, a, entrants))
        team_rows.extend(rooms)
        table_rows.extend((row, table) for row, table, _match in rooms)
    tables_create(row for row, _table in table_rows)
    lineups_create(team_rows, entrants, members)
    TableSeat.objects.bulk_create(
        TableSeat(table=row, line=line, seat=seat, entrant=entrants[number])
        for row, table in table_rows
        for line, numbers in (("ns", table.ns), ("eo", table.eo))
        if not isinstance(numbers, int)
        for seat, number in enumerate(numbers, start=1)
    )
    Smazzata.objects.bulk_create(
        (
            Smazzata(
                table=row,
                number=number,
                end=smazzata.end,
                last_move=smazzata.last_move or "",
                ns_total=0,
                eo_total=0,
                **_line_fields("ns", smazzata.ns),
                **_line_fields("eo", smazzata.eo),
            )
            for row, table in table_rows
            for number, smazzata in enumerate(table.smazzate or (), start=1)
        ),
        batch_size=500,
    )
    # Each result the file gives arrived from the archive: the table's accepted submission.
    Submission.objects.bulk_create(
        (
            Submission(
                table=row,
                source=SubmissionSource.ARCHIVE,
                state=SubmissionState.ACCEPTED,
                data=entry_data(table_entry(table)),
            )
            for row, table in table_rows
            if row.entry_mode
        ),
        batch_size=500,
    )
    return table_rows


def _create_contents(tournament: Tournament, archive: Archive) -> None:
    """Entrants (pairs or players), turni, tables with their seats, smazzate, riposi and
    penalties, a few bulk inserts in all."""
    late = {item.pair: item for item in archive.tournament.late_pairs}
    created = Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            **entrant.entrant_fields(),
            **_late_fields(late.get(entrant.number)),
        )
        for entrant in archive.entrants
    )
    members = members_link(
        (row, archive_places(entrant.printed_names(), entrant.people, entrant.club))
        for row, entrant in zip(created, archive.entrants, strict=True)
    )
    entrants = {entrant.number: entrant for entrant in created}
    gironi_apply(tournament, archive, entrants)
    turni = {
        turno.number: turno
        for turno in Turno.objects.bulk_create(
            Turno(
                tournament=tournament, number=t.number, movement=t.movement, published=t.published
            )
            for t in archive.turni
        )
    }
    table_rows = [row for row, _table in _create_tables(archive, turni, entrants, members)]
    Bye.objects.bulk_create(
        Bye(turno=turni[turno.number], entrant=entrants[number])
        for turno in archive.turni
        for number in turno.byes
    )
    Penalty.objects.bulk_create(
        Penalty(
            turno=turni[penalty.turno],
            entrant=entrants[penalty.pair],
            vp=penalty.vp,
            mp=penalty.mp,
            reason=penalty.reason,
            given_by_name=penalty.given_by,
            created_at=penalty.at or timezone.now(),
        )
        for penalty in archive.penalties
    )
    places = {(row.turno.number, row.number): row for row in table_rows}
    AuditEntry.objects.bulk_create(log_rows(tournament, archive.log, places), batch_size=500)
    if archive.tournament.prizes is not None:
        prize_list_save(tournament=tournament, prizes=archive.tournament.prizes, record=False)
