"""A pair's own page: its turni one by one (table, opponents, smazzate, MP, VP, riposo,
penalties) and its rank after each turno.

Nothing is scored here: the MP and VP of a table are the stored ones the scoring service wrote,
a turno's VP and the ranks are the standings selector's (the engine's ``compute_standings``), so
the pair's page and the classifica always agree. Only published turni are shown. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..live_digest import RowDigests
from ..models import Bye, Entrant, Penalty, Table, Tournament
from ..results_bridge import tournament_bye_value
from .standings import standings_choice


@dataclass(frozen=True)
class RankAfter:
    """Where a pair stood after a turno: its rank, VP and scarto."""

    rank: int
    vp: int
    scarto: int


@dataclass(frozen=True)
class StandingsByTurno:
    """The standings after each published turno, by pair number; ``complete`` says which turni's
    standings are not provisional (``standings_choice``: the turno and those before are closed;
    the others' ranks are provisional)."""

    ranks: dict[int, dict[int, RankAfter]]
    earned_vp: dict[int, dict[int, int]]
    complete: dict[int, bool]


def standings_by_turno(*, tournament: Tournament) -> StandingsByTurno:
    """Every pair's rank after every published turno (one standings computation per turno).

    A turno whose standings the engine refuses (a riposo value not set yet) has no ranks."""
    ranks: dict[int, dict[int, RankAfter]] = {}
    earned: dict[int, dict[int, int]] = {}
    complete: dict[int, bool] = {}
    choice = standings_choice(tournament=tournament)
    for number in choice.turni:
        complete[number] = not choice.provisional(number)
        # A kind without standings (a knock-out's bracket) has no rows: no ranks, no VP.
        rows, missing = tournament.fmt.standings.rows_or_missing(
            tournament=tournament, after_turno=number
        )
        if missing is not None:
            continue
        ranks[number] = {s.pair.number: RankAfter(s.rank, s.vp, s.scarto) for s in rows}
        earned = {s.pair.number: dict(s.earned_vp_by_turno) for s in rows}
    return StandingsByTurno(ranks=ranks, earned_vp=earned, complete=complete)


@dataclass(frozen=True)
class PairTurno:
    """One turno of a pair: its table (None for a riposo or a turno it did not play), its line,
    its opponents, its MP and the VP the turno gave it, its penalties and its rank after it."""

    number: int
    table: Table | None
    line: str
    opponent: Entrant | None
    own_mp: int | None
    opponent_mp: int | None
    earned_vp: int | None
    riposo: bool
    penalties: list[Penalty] = field(default_factory=list)
    # A riposo's MP, added to the scarto as the standings do (None: no riposo, or no value set).
    riposo_mp: int | None = None
    rank: RankAfter | None = None
    provisional: bool = False


@dataclass(frozen=True)
class PlayByPair:
    """Every pair's published tables, riposi and penalties, by pair number then turno number:
    read once for every pair's page (a room's phones ask for all of them after each save)."""

    pairs: dict[int, Entrant]
    tables: dict[int, dict[int, Table]]
    byes: dict[int, set[int]]
    penalties: dict[int, dict[int, list[Penalty]]]
    # The MP a riposo is worth (the engine's bye value; None while the tournament has none).
    bye_mp: int | None = None
    # The digest of each of these rows, walked once for all the pages showing it.
    row_digests: RowDigests = field(default_factory=RowDigests, compare=False, repr=False)


def play_by_pair(*, tournament: Tournament) -> PlayByPair:
    pairs = {p.number: p for p in Entrant.objects.filter(tournament=tournament)}
    numbers = {p.pk: p.number for p in pairs.values()}
    tables: dict[int, dict[int, Table]] = {}
    for table in (
        Table.objects.filter(turno__tournament=tournament, turno__published=True)
        .select_related("turno", "ns", "eo")
        .prefetch_related("smazzate")
    ):
        for pair_id in (table.ns_id, table.eo_id):
            tables.setdefault(numbers[pair_id], {})[table.turno.number] = table
    byes: dict[int, set[int]] = {}
    for turno, pair_id in Bye.objects.filter(
        turno__tournament=tournament, turno__published=True
    ).values_list("turno__number", "entrant_id"):
        byes.setdefault(numbers[pair_id], set()).add(turno)
    penalties: dict[int, dict[int, list[Penalty]]] = {}
    for penalty in Penalty.objects.filter(
        turno__tournament=tournament, turno__published=True
    ).select_related("turno"):
        by_turno = penalties.setdefault(numbers[penalty.entrant_id], {})
        by_turno.setdefault(penalty.turno.number, []).append(penalty)
    bye = tournament_bye_value(tournament)
    return PlayByPair(
        pairs=pairs,
        tables=tables,
        byes=byes,
        penalties=penalties,
        bye_mp=bye.mp if bye is not None else None,
    )


def pair_turni(*, pair: Entrant, by_turno: StandingsByTurno, play: PlayByPair) -> list[PairTurno]:
    """The pair's published turni, in order, from ``by_turno`` (``standings_by_turno``) and
    ``play`` (``play_by_pair``)."""
    tournament_turni = sorted(by_turno.complete)
    tables = play.tables.get(pair.number, {})
    byes = play.byes.get(pair.number, set())
    penalties = play.penalties.get(pair.number, {})
    earned = by_turno.earned_vp.get(pair.number, {})
    result = []
    for number in tournament_turni:
        table = tables.get(number)
        line = ""
        opponent = own_mp = opponent_mp = None
        if table is not None:
            line = "ns" if table.ns_id == pair.pk else "eo"
            other = "eo" if line == "ns" else "ns"
            opponent = getattr(table, other)
            if table.has_result:
                own_mp = getattr(table, f"{line}_mp")
                opponent_mp = getattr(table, f"{other}_mp")
        result.append(
            PairTurno(
                number=number,
                table=table,
                line=line,
                opponent=opponent,
                own_mp=own_mp,
                opponent_mp=opponent_mp,
                earned_vp=earned.get(number),
                riposo=number in byes,
                penalties=penalties.get(number, []),
                riposo_mp=play.bye_mp if number in byes else None,
                rank=by_turno.ranks.get(number, {}).get(pair.number),
                provisional=not by_turno.complete[number],
            )
        )
    return result
