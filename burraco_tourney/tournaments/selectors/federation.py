"""The federation report of one tournament (RULES.md section 14), read: per entrant its rank,
players with their card numbers, club, VP, MP, girone and prize; and the tournament's class,
tables, turni × smazzate and VP table. Reads only; the files are written by
``exports.federation`` and the checks before export are ``federation_checks``.

Every kind reads the same way: the entrants' printed names are the fields its format names
(``fmt.entrants.names``), their people are the ``Member`` rows in position order, and rank, VP and
MP come from the kind's standings (``fmt.standings``; a kind without VP standings leaves them
empty). A kind whose entrant holds more people than names (a team's roster) lists every member.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Count
from django.utils import timezone

from burraco_tourney.people.models import Person
from burraco_tourney.rules.errors import RuleError

from ..models import Entrant, FederationReport, Member, Table, Tournament
from ..results_bridge import tournament_vp_table, vp_table_label
from .gironi import girone_standings_or_missing
from .prizes import prize_allocation

# Days the club has to send a tournament's report, and tournaments a year it must send.
DEADLINE_DAYS = 10
REQUIRED_PER_YEAR = 20


@dataclass(frozen=True)
class ReportPlayer:
    """One player of an entrant as the report gives it: the name printed in the tournament and
    the registry person behind it (None: not linked)."""

    position: int
    printed: str
    person: Person | None

    @property
    def card(self) -> str:
        return self.person.card if self.person is not None else ""


@dataclass(frozen=True)
class ReportRow:
    entrant: Entrant
    players: list[ReportPlayer]
    club: str
    rank: int | None = None
    vp: int | None = None
    mp: int | None = None
    girone: str = ""
    prize: str = ""


@dataclass(frozen=True)
class ReportHeader:
    tournament: Tournament
    class_label: str
    tables: int
    turni: int
    smazzate: int
    vp_table: str


@dataclass(frozen=True)
class Report:
    header: ReportHeader
    rows: list[ReportRow] = field(default_factory=list)


def report_girone(*, tournament: Tournament) -> dict[int, str]:
    """Each entrant's girone ("A") by entrant number, read from the gironi's own standings
    (empty: no gironi, or standings the engine refuses)."""
    return {
        row.entrant.number: girone.name
        for girone in girone_standings_or_missing(tournament=tournament)
        for row in girone.rows
    }


def report_prize(*, tournament: Tournament) -> dict[int, str]:
    """Each entrant's prizes by entrant number, as the prize list gives them ("Assoluta 1:
    120.00"; an object prize by its name), read from the prizes' allocation (empty: no list)."""
    allocated = prize_allocation(tournament=tournament)
    if allocated is None:
        return {}
    prizes: dict[int, list[str]] = {}
    for award in allocated.allocation.awards:
        value = award.object or ("" if award.amount is None else f"{award.amount / 100:.2f}")
        name = f"{allocated.category_name(award.category)} {award.place}"
        prizes.setdefault(award.entrant, []).append(f"{name}: {value}" if value else name)
    return {number: "; ".join(texts) for number, texts in prizes.items()}


def report_players(entrants: list[Entrant], names: tuple[str, ...]) -> dict[int, list]:
    """Each entrant's players by entrant id: the printed names of the kind's ``names`` fields,
    each with the person its ``Member`` row points to, then any further member."""
    members: dict[int, dict[int, Person]] = {}
    rows = Member.objects.filter(entrant__in=entrants).select_related("person__club")
    for member in rows:
        members.setdefault(member.entrant_id, {})[member.position] = member.person
    players = {}
    for entrant in entrants:
        people = members.get(entrant.pk, {})
        printed = [getattr(entrant, name) for name in names]
        positions = sorted({*range(1, len(printed) + 1), *people})
        players[entrant.pk] = [
            ReportPlayer(
                position,
                printed[position - 1] if position <= len(printed) else people[position].full_name,
                people.get(position),
            )
            for position in positions
            if position <= len(printed) and printed[position - 1] or position in people
        ]
    return players


def _club(entrant: Entrant, players: list[ReportPlayer]) -> str:
    """The club printed for the entrant, or its people's clubs in the registry."""
    if entrant.club:
        return entrant.club
    clubs = []
    for player in players:
        club = player.person.club if player.person is not None else None
        if club is not None and club.name not in clubs:
            clubs.append(club.name)
    return " / ".join(clubs)


def _standing(tournament: Tournament) -> dict[int, tuple[int, int, int]]:
    """(rank, VP, MP) by entrant number; empty for a kind without standings or while they
    cannot be computed (the report's checks say why)."""
    kind_standings = tournament.fmt.standings
    rows, _missing = kind_standings.rows_or_missing(tournament=tournament, after_turno=None)
    return {kind_standings.number(row): (row.rank, row.vp, row.mp) for row in rows}


def report_header(*, tournament: Tournament) -> ReportHeader:
    turni = tournament.turni.filter(published=True)
    largest = (
        Table.objects.filter(turno__in=turni)
        .values("turno")
        .annotate(n=Count("pk"))
        .order_by("-n")
        .values_list("n", flat=True)
        .first()
    )
    try:
        vp = vp_table_label(tournament_vp_table(tournament))
    except RuleError:
        vp = ""
    return ReportHeader(
        tournament=tournament,
        class_label=str(tournament.get_federation_class_display()),
        tables=largest or 0,
        turni=turni.count(),
        smazzate=tournament.smazzate_per_turno,
        vp_table=vp,
    )


def federation_report(*, tournament: Tournament) -> Report:
    """The report: its rows ranked as the standings rank them (entrants without a rank after,
    in number order)."""
    entrants = list(tournament.fmt.entrants.of(tournament).order_by("number"))
    players = report_players(entrants, tournament.fmt.entrants.names)
    standing = _standing(tournament)
    girone = report_girone(tournament=tournament)
    prize = report_prize(tournament=tournament)
    rows = []
    for entrant in entrants:
        rank, vp, mp = standing.get(entrant.number, (None, None, None))
        people = players[entrant.pk]
        rows.append(
            ReportRow(
                entrant=entrant,
                players=people,
                club=_club(entrant, people),
                rank=rank,
                vp=vp,
                mp=mp,
                girone=girone.get(entrant.number, ""),
                prize=prize.get(entrant.number, ""),
            )
        )
    rows.sort(key=lambda row: (row.rank is None, row.rank or 0, row.entrant.number))
    return Report(header=report_header(tournament=tournament), rows=rows)


# -- the dashboard: the deadline, the sending, the club's counter ------------------------------


def report_deadline(tournament: Tournament) -> datetime.date:
    return tournament.date + datetime.timedelta(days=DEADLINE_DAYS)


def report_of(tournament: Tournament) -> FederationReport | None:
    """The tournament's report row, or None before anything was set or marked."""
    return FederationReport.objects.filter(tournament=tournament).first()


@dataclass(frozen=True)
class ReportState:
    """What the dashboard shows of the report: its deadline, when it was sent, and the count of
    tournaments of the same club (the same owner) sent in the tournament's year."""

    deadline: datetime.date
    sent_on: datetime.date | None
    sent_by: str
    club_sent: int
    required: int = REQUIRED_PER_YEAR

    @property
    def late(self) -> bool:
        return self.sent_on is None and timezone.localdate() > self.deadline


def club_sent_count(*, tournament: Tournament) -> int:
    """The tournaments sent of the club that owns ``tournament``, in its year. A site may host
    several clubs: a tournament belongs to its owner's club (no owner: the site's)."""
    return Tournament.objects.filter(
        owner=tournament.owner_id,
        date__year=tournament.date.year,
        federation_report__sent_on__isnull=False,
    ).count()


def report_state(*, tournament: Tournament) -> ReportState:
    report = report_of(tournament)
    sent_by = ""
    if report is not None and report.sent_by is not None:
        sent_by = report.sent_by.get_full_name() or report.sent_by.get_username()
    return ReportState(
        deadline=report_deadline(tournament),
        sent_on=report.sent_on if report is not None else None,
        sent_by=sent_by,
        club_sent=club_sent_count(tournament=tournament),
    )
