"""A circuit's standings and attendance, read from its tournaments' published standings
(``tournaments.selectors.published``) and ranked by the engine (``rules.circuit``). Reads only.

People are named as the registry names them (surname first), never by the names printed in one
tournament, and nothing else of a person is shown (RULES.md §14: public pages never show a card,
a sex or a birth year).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from burraco_tourney.people.models import Person
from burraco_tourney.rules.circuit import (
    CircuitRow,
    CircuitRules,
    CountedAndDropped,
    Placing,
    Score,
    TournamentResult,
    circuit_ranking,
)
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.published import published_standings

from .models import Circuit, CircuitQualification


def circuit_rules(circuit: Circuit) -> CircuitRules:
    """The engine's settings from the circuit's."""
    top = circuit.qualification == CircuitQualification.TOP
    percent = circuit.qualification == CircuitQualification.PERCENT
    return CircuitRules(
        ranks=circuit.ranks,
        scoring=circuit.scoring,
        placement_table=tuple(circuit.placement_table or ()),
        best=circuit.best,
        minimum=circuit.minimum,
        tie_order=tuple(circuit.tie_order.split(",")),
        seed=circuit.draw_seed,
        qualify_top=circuit.qualify_value if top else None,
        qualify_percent=circuit.qualify_value if percent else None,
    )


@dataclass(frozen=True)
class CircuitTournament:
    """A tournament of the circuit with its short code (T1, T2 … by date)."""

    code: str
    tournament: Tournament
    entrants: int
    final: bool
    missing: RuleError | None
    ranked: bool


@dataclass(frozen=True)
class ResultView:
    tournament: CircuitTournament
    place: int
    score: Score
    counted: bool


@dataclass(frozen=True)
class CircuitLine(CountedAndDropped):
    """One ranked pair or player: the engine's row, the people's names and the results."""

    row: CircuitRow
    names: tuple[str, ...]
    results: tuple[ResultView, ...]

    @property
    def rank(self) -> int | None:
        return self.row.rank

    @property
    def total(self) -> Score:
        return self.row.total

    @property
    def name(self) -> str:
        return " – ".join(self.names)


@dataclass(frozen=True)
class AttendanceLine:
    line: CircuitLine
    present: tuple[bool, ...]


@dataclass(frozen=True)
class CircuitStandings:
    circuit: Circuit
    rules: CircuitRules
    tournaments: tuple[CircuitTournament, ...]
    lines: tuple[CircuitLine, ...]
    # Why a tournament of the circuit is not counted (a team tournament in a circuit of pairs,
    # added before the circuit refused it): one sentence each, shown with the standings.
    left_out: tuple[str, ...] = ()

    @property
    def ranked(self) -> tuple[CircuitLine, ...]:
        return tuple(line for line in self.lines if line.rank is not None)

    @property
    def unranked(self) -> tuple[CircuitLine, ...]:
        return tuple(line for line in self.lines if line.rank is None)

    @property
    def provisional(self) -> bool:
        return any(not t.final for t in self.tournaments)

    def attendance(self) -> list[AttendanceLine]:
        """The "fedeltà": everyone by attendances (most first), then as ranked."""
        lines = sorted(self.lines, key=lambda line: -line.attendances)
        return [
            AttendanceLine(
                line,
                tuple(
                    t.code in {r.tournament.code for r in line.results} for t in self.tournaments
                ),
            )
            for line in lines
        ]


def circuit_tournaments(circuit: Circuit):
    """The circuit's tournaments, oldest first (their codes T1, T2 … follow this order)."""
    return circuit.tournaments.order_by("date", "name", "pk")


def _names(ids: set[int]) -> dict[int, str]:
    rows = Person.objects.filter(pk__in=ids).values_list("pk", "surname", "name")
    return {pk: f"{surname} {name}".strip() for pk, surname, name in rows}


def circuit_standings(*, circuit: Circuit) -> CircuitStandings:
    """The circuit's ranking, with each line's counted and dropped results."""
    rules = circuit_rules(circuit)
    counted, left_out = [], []
    for tournament in circuit_tournaments(circuit):
        refusal = tournament.fmt.entrants.circuit_refusal(tournament, circuit.ranks)
        if refusal is None:
            counted.append(tournament)
        else:
            left_out.append(refusal)
    published = published_standings(tournaments=counted)
    tournaments = tuple(
        CircuitTournament(f"T{i}", p.tournament, len(p.places), p.final, p.missing, p.ranked)
        for i, p in enumerate(published, start=1)
    )
    inputs = [
        TournamentResult(
            p.tournament.pk,
            tuple(Placing(place.people, place.place, place.vp) for place in p.places),
        )
        for p in published
    ]
    rows = circuit_ranking(inputs, rules)
    names = _names({person for row in rows for person in row.people})
    by_key = {t.tournament.pk: t for t in tournaments}
    lines = tuple(
        CircuitLine(
            row,
            tuple(sorted(names.get(person, "?") for person in row.people)),
            tuple(
                ResultView(by_key[r.tournament], r.place, r.score, r.counted) for r in row.results
            ),
        )
        for row in rows
    )
    return CircuitStandings(circuit, rules, tournaments, lines, tuple(left_out))


def circuit_get(*, slug: str) -> Circuit:
    return get_object_or_404(Circuit, slug=slug)


def circuits_public() -> list[Circuit]:
    return list(Circuit.objects.order_by("-created_at", "name"))
