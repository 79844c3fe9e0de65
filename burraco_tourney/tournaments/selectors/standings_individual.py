"""The classifica of an individual tournament: standings by player, computed by the engine
(``rules.standings_individual.compute_individual_standings``).

As for pairs (``selectors/standings.py``), only published turni count, and a fixed number of
queries reads everything: the players, the tables with a result and their seats, the riposi and
the penalties. Each player is credited with his line's result; the tie-breaks are the
tournament's, or ``["scarto", "mp"]`` when none were set (head-to-head never applies).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.standings_explain import Explanation, explain_player_order
from burraco_tourney.rules.standings_individual import (
    PlayerBye,
    PlayerPenalty,
    PlayerStandingRow,
    PlayerTableResult,
    compute_individual_standings,
)

from ..models import Bye, Entrant, Penalty, Table, TableSeat, Tournament
from ..results_bridge import tournament_rules, tournament_tiebreaks


@dataclass(frozen=True)
class PlayerStanding:
    """One line of the classifica: the engine's row with the player it speaks of."""

    row: PlayerStandingRow
    player: Entrant

    def __getattr__(self, name: str):
        return getattr(self.row, name)

    @property
    def entrant(self) -> SimpleNamespace:
        """The player as the lists shared with pairs read an entrant: ``number``, ``players``."""
        return SimpleNamespace(number=self.player.number, players=self.player.name)


def individual_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's tie-breaks, or its format's default when none were set (the rules
    object's, ``results_bridge.tournament_tiebreaks``)."""
    return tournament_tiebreaks(tournament)


def player_table_results(
    *, tournament: Tournament, after_turno: int | None = None
) -> list[PlayerTableResult]:
    """Every published table with a result, with its four players' numbers and its match's
    MP and VP."""
    rows = Table.objects.filter(turno__tournament=tournament, turno__published=True).exclude(
        entry_mode=""
    )
    if after_turno is not None:
        rows = rows.filter(turno__number__lte=after_turno)
    lines: dict[int, dict[str, list[int]]] = {}
    seats = TableSeat.objects.filter(table__in=rows).order_by("table_id", "line", "seat")
    for table_id, line, player in seats.values_list("table_id", "line", "entrant__number"):
        lines.setdefault(table_id, {"ns": [], "eo": []})[line].append(player)
    return [
        PlayerTableResult(
            turno=turno,
            table=number,
            ns=tuple(lines[pk]["ns"]),
            eo=tuple(lines[pk]["eo"]),
            ns_mp=ns_mp or 0,
            eo_mp=eo_mp or 0,
            ns_vp=ns_vp,
            eo_vp=eo_vp,
            forfeit=forfeit or None,
        )
        for pk, turno, number, ns_mp, eo_mp, ns_vp, eo_vp, forfeit in rows.order_by(
            "turno__number", "number"
        ).values_list(
            "pk",
            "turno__number",
            "number",
            "match__ns_mp",
            "match__eo_mp",
            "match__ns_vp",
            "match__eo_vp",
            "forfeit_winner",
        )
    ]


def _engine_inputs(tournament: Tournament, after_turno: int | None) -> tuple[dict, dict]:
    """The players by number, and the engine's inputs (``compute_individual_standings``'s
    keyword arguments but ``tiebreaks``): the standings and their explanation read the same."""
    players = {p.number: p for p in Entrant.objects.filter(tournament=tournament)}
    published = {"turno__tournament": tournament, "turno__published": True}
    byes = [
        PlayerBye(turno=t, player=p)
        for t, p in Bye.objects.filter(**published).values_list("turno__number", "entrant__number")
    ]
    penalties = [
        PlayerPenalty(turno=t, player=p, vp=vp, mp=mp, reason=reason)
        for t, p, vp, mp, reason in Penalty.objects.filter(**published).values_list(
            "turno__number", "entrant__number", "vp", "mp", "reason"
        )
    ]
    rules = tournament_rules(tournament)
    inputs = {
        "players": players.keys(),
        "tables": player_table_results(tournament=tournament, after_turno=after_turno),
        "byes": byes,
        "penalties": penalties,
        "bye": rules.bye,
        "forfeit": rules.forfeit,
        "after_turno": after_turno,
    }
    return players, inputs


def individual_standings(
    *, tournament: Tournament, after_turno: int | None = None
) -> list[PlayerStanding]:
    """The standings by player after ``after_turno`` (all turni when None), best first."""
    players, inputs = _engine_inputs(tournament, after_turno)
    rows = compute_individual_standings(tiebreaks=individual_tiebreaks(tournament), **inputs)
    return [PlayerStanding(row=row, player=players[row.player]) for row in rows]


def individual_standings_explanation(
    *, tournament: Tournament, first: int, second: int, after_turno: int | None = None
) -> Explanation:
    """Why player number ``first`` is above, below or level with ``second`` in
    ``individual_standings`` for the same turno: the engine's chain on the same inputs and
    tie-breaks (raises the engine's RuleError)."""
    _players, inputs = _engine_inputs(tournament, after_turno)
    return explain_player_order(
        first=first, second=second, tiebreaks=individual_tiebreaks(tournament), **inputs
    )


def individual_standings_or_missing(
    *, tournament: Tournament, after_turno: int | None = None
) -> tuple[list[PlayerStanding], RuleError | None]:
    """The standings, or no rows and the engine's refusal saying what is missing."""
    try:
        return individual_standings(tournament=tournament, after_turno=after_turno), None
    except RuleError as error:
        return [], error
