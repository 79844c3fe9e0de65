"""A circuit's ranking (RULES.md §14): tournaments of a season ranked together.

Vocabulary: a *circuit* groups tournaments; each tournament gives every entrant a *place* (its
rank in the tournament's standings, shared on a tie: 1, 1, 3 …) and its total VP. The circuit
ranks *pairs* (the same two people, order aside) or *players* (one person, whoever the partner).
A person's *result* in a tournament is scored by total VP, or by placement points: a table the
director gives (1st 100, 2nd 70 …, 0 past its end) or N − 5 × (place − 1) while positive, N the
tournament's entrants. Entrants sharing a place share the average of the points of the places
they cover (two tied 2nd with 70 and 50 get 60 each). The best N results count (all when N is
not set), the others are *dropped*; fewer attendances than the minimum leaves one unranked.
Ties: the tie order (more counted results, the best single result, in the order the director
chose), then a draw decided by the circuit's recorded seed, so it gives the same order on every
page and file. The qualification for a final takes the first k ranked, or the first
floor(ranked × x / 100).

Worked example (placement table 100, 70, 50, 30; best 2 of 3; minimum 2), pairs A to D:

- tournament 1: A 1st (100); B and C tied 2nd share (70 + 50) / 2 = 60 each; D 4th (30);
- tournament 2: B 1st (100), A 2nd (70), C 3rd (50);
- tournament 3: A 1st (100), D 2nd (70).

A counts 100 + 100 = 200 and drops the 70; B 60 + 100 = 160; C 60 + 50 = 110; D 30 + 70 = 100.
With the formula instead, 30 entrants give 30, 25, 20 … down to the 6th's 5, then 0; two
tied 1st share (30 + 25) / 2 = 27.5.
(tests/rules/test_circuit.py checks these by hand.)

People are plain ids the caller knows (the registry's people); this module does not touch the
database and imports nothing from Django or the apps.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

RANKS = ("pairs", "players")
SCORING = ("vp", "placement")
# The tie order's keys, each a way to tell two equal totals apart (bigger is better).
TIE_KEYS = ("counted", "best")
PLACEMENT_STEP = 5
# A result's points: an int, or a Fraction where a shared place's average is not whole.
Score = int | Fraction


@dataclass(frozen=True)
class Placing:
    """One entrant of a tournament: its people (none when unknown), its place and total VP."""

    people: tuple[int, ...]
    place: int
    vp: int


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's standings as the circuit reads them; ``key`` names the tournament."""

    key: int
    placings: tuple[Placing, ...]


@dataclass(frozen=True)
class CircuitRules:
    ranks: str = "pairs"
    scoring: str = "vp"
    # Placement points by place (1st first); empty: N − 5 × (place − 1) while positive.
    placement_table: tuple[int, ...] = ()
    best: int | None = None
    minimum: int = 1
    tie_order: tuple[str, ...] = TIE_KEYS
    seed: int = 0
    qualify_top: int | None = None
    qualify_percent: int | None = None

    def __post_init__(self) -> None:
        if self.ranks not in RANKS or self.scoring not in SCORING:
            raise ValueError(f"unknown circuit setting {self.ranks!r}/{self.scoring!r}")
        if any(key not in TIE_KEYS for key in self.tie_order):
            raise ValueError(f"unknown tie key in {self.tie_order!r}")
        if self.best is not None and self.best < 1:
            raise ValueError("best must be at least 1")


@dataclass(frozen=True)
class Result:
    """One result of a ranked pair or player: the tournament, the place, the score."""

    tournament: int
    place: int
    score: Score
    counted: bool


class CountedAndDropped:
    """``counted``, ``dropped`` and ``attendances`` of anything holding ``results`` (each with
    ``counted``): the engine's rows and the pages' lines alike."""

    results: tuple

    @property
    def counted(self) -> tuple:
        return tuple(r for r in self.results if r.counted)

    @property
    def dropped(self) -> tuple:
        return tuple(r for r in self.results if not r.counted)

    @property
    def attendances(self) -> int:
        return len(self.results)


@dataclass(frozen=True)
class CircuitRow(CountedAndDropped):
    """A ranked pair or player. ``rank`` is None below the minimum of attendances;
    ``by_draw``: its order against an equal row was decided by the draw."""

    people: tuple[int, ...]
    rank: int | None
    total: Score
    results: tuple[Result, ...] = field(default=())
    by_draw: bool = False
    qualified: bool = False


def place_points(place: int, entrants: int, table: Sequence[int] = ()) -> int:
    """The points of one place: the director's table (0 past its end), else N − 5 × (place − 1)
    while positive."""
    if table:
        return table[place - 1] if place <= len(table) else 0
    return max(entrants - PLACEMENT_STEP * (place - 1), 0)


def shared_points(places: Sequence[int], table: Sequence[int] = ()) -> dict[int, Score]:
    """Each place's points, entrants sharing a place getting the average of the places they
    cover: ``places`` are the tournament's entrants' places (1, 1, 3 …). An exact average stays
    an int (a Fraction only when it must: sums of ints are many times faster)."""
    entrants = len(places)
    points: dict[int, Score] = {}
    for place, sharing in Counter(places).items():
        total = sum(place_points(p, entrants, table) for p in range(place, place + sharing))
        points[place] = total // sharing if total % sharing == 0 else Fraction(total, sharing)
    return points


def _tournament_scores(
    tournament: TournamentResult, rules: CircuitRules
) -> dict[tuple[int, ...], Result]:
    """Each pair's or player's result in one tournament (the best, should one appear twice)."""
    places = [placing.place for placing in tournament.placings]
    points = shared_points(places, rules.placement_table) if rules.scoring == "placement" else {}
    found: dict[tuple[int, ...], Result] = {}
    # An entrant without people ranks nobody (it still holds its place); in a pairs circuit
    # neither does one person alone (an individual tournament's player): a pair is two people.
    fewest = 2 if rules.ranks == "pairs" else 1
    for placing in tournament.placings:
        if len(placing.people) < fewest:
            continue
        placed = rules.scoring == "placement"
        score = points[placing.place] if placed else placing.vp
        if rules.ranks == "pairs":
            keys = [tuple(sorted(placing.people))]
        else:
            keys = [(person,) for person in placing.people]
        for key in keys:
            result = Result(tournament.key, placing.place, score, counted=False)
            if key not in found or found[key].score < score:
                found[key] = result
    return found


def _counted(results: list[Result], best: int | None) -> tuple[Result, ...]:
    """The results with the best ``best`` marked counted (on equal scores the earlier
    tournament counts), in tournament order."""
    order = sorted(range(len(results)), key=lambda i: (-results[i].score, i))
    keep = set(order if best is None else order[:best])
    return tuple(
        Result(r.tournament, r.place, r.score, counted=i in keep) for i, r in enumerate(results)
    )


def _tie_values(row: CircuitRow, tie_order: Sequence[str]) -> tuple:
    values = {
        "counted": len(row.counted),
        "best": max((r.score for r in row.counted), default=0),
    }
    return tuple(-values[key] for key in tie_order)


def _draw_value(people: tuple[int, ...], seed: int) -> str:
    """The draw's order: the same for a seed whatever else the circuit holds."""
    text = f"{seed}:{','.join(map(str, people))}"
    return hashlib.sha256(text.encode()).hexdigest()


def _qualified_count(ranked: int, rules: CircuitRules) -> int:
    if rules.qualify_top is not None:
        return min(rules.qualify_top, ranked)
    if rules.qualify_percent is not None:
        return ranked * rules.qualify_percent // 100
    return 0


def circuit_ranking(
    tournaments: Sequence[TournamentResult], rules: CircuitRules
) -> list[CircuitRow]:
    """The circuit's ranking: the ranked rows first (best first), then those below the minimum
    of attendances, in the same order, without a rank."""
    by_key: dict[tuple[int, ...], list[Result]] = {}
    for tournament in tournaments:
        for key, result in _tournament_scores(tournament, rules).items():
            by_key.setdefault(key, []).append(result)
    rows = []
    for key, results in by_key.items():
        marked = _counted(results, rules.best)
        total = sum(r.score for r in marked if r.counted)
        rows.append(CircuitRow(people=key, rank=None, total=total, results=marked))

    # Each row's merit once: the sort and the draw check compare them many times.
    merits = {row.people: (-row.total, *_tie_values(row, rules.tie_order)) for row in rows}
    rows.sort(key=lambda row: (merits[row.people], _draw_value(row.people, rules.seed)))
    ranked = [row for row in rows if row.attendances >= rules.minimum]
    unranked = [row for row in rows if row.attendances < rules.minimum]
    qualified = _qualified_count(len(ranked), rules)
    out = []
    for index, row in enumerate(ranked):
        merit = merits[row.people]
        neighbours = ranked[max(index - 1, 0) : index + 2]
        by_draw = any(o is not row and merits[o.people] == merit for o in neighbours)
        out.append(
            CircuitRow(
                people=row.people,
                rank=index + 1,
                total=row.total,
                results=row.results,
                by_draw=by_draw,
                qualified=index < qualified,
            )
        )
    return out + unranked
