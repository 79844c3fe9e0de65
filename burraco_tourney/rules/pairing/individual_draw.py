"""Shared types of the individual movements: a table of two lines of two players, a draw, and
the history of the turni already played.

Vocabulary (RULES.md section 10): a *player* is identified by his number (an int >= 1); his
*partner* is the other player of his line (linea) in a turno; his *opponents* are the two players
of the other line at his table. A player who sits at no table rests (riposo). With n players,
n mod 4 rest each turno (one to three).

A draw lists the tables (each an NS line and an EO line of two players), the resting players and
notes explaining every choice, as ``DrawNote`` codes with plain parameters, like the pairs
movements (``pairing.draw``). Note codes of the individual movements (``INDIVIDUAL_NOTE_CODES``):

- "individual_schedule": players (the published schedule's positions 1..8, in order), turno,
  turni: the 8-player schedule of RULES.md section 10 is used.
- "individual_rotation": turno, seed, method ("factorization": a round of a fixed partner
  rotation of the present players that no turno has used yet; "matching": the fewest repeated
  partners possible, found by a maximum matching).
- "individual_ranking": ranking (tuple of player numbers, best first): Danese individuale.
- "partner_swap": player, partner, instead_of, rank, reason (one of PARTNER_SWAP_REASONS): in
  the Danese individuale, ``player`` sits with ``partner`` instead of the plain 1st-with-4th.
- "repeated_partners": count, minimum, couples (tuple of (a, b), a < b): partners who partnered
  before; ``minimum`` is the fewest any seating of the same players could have.
- "repeated_opponents": count, couples: opponents who met before as opponents.
- "players_resting": players (tuple), byes_before (tuple, the same order), reason (one of
  INDIVIDUAL_BYE_REASONS).
- "individual_manual": tables.

This module, like all of ``rules``, never imports Django or any app and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from burraco_tourney.rules.pairing.draw import DrawNote, SeatedDraw, validate_numbers

INDIVIDUAL_NOTE_CODES: tuple[str, ...] = (
    "individual_schedule",
    "individual_rotation",
    "individual_ranking",
    "partner_swap",
    "repeated_partners",
    "repeated_opponents",
    "players_resting",
    "individual_manual",
)

# Why a Danese individuale player does not sit with his plain partner (1st with 4th, 2nd with 3rd).
PARTNER_SWAP_REASONS: tuple[str, ...] = (
    "partnered_before",  # he and the plain partner have already played together
    "keeps_draw_possible",  # the plain seating would force a repeated partner further down
)

# Why these players rest.
INDIVIDUAL_BYE_REASONS: tuple[str, ...] = (
    "fewest_byes_highest_number",  # rotation: fewest byes so far, then the highest numbers
    "fewest_byes_lowest_ranked",  # Danese: fewest byes so far, then the lowest ranked
    "schedule",  # never with 8 players; kept for a published schedule with rests
    "director",  # manual seating
)

# Error codes raised by the individual movements (manual seating has its own, see there).
PLAYERS_CODES: tuple[str, ...] = (
    "too_few_players",
    "duplicate_player",
    "invalid_player_number",
)

Couple = frozenset[int]


@dataclass(frozen=True)
class IndividualSeat:
    """One table of one turno: the NS line and the EO line, two players each."""

    table: int
    ns: tuple[int, int]
    eo: tuple[int, int]

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (*self.ns, *self.eo)


@dataclass(frozen=True)
class IndividualDraw(SeatedDraw):
    """Who sits where in one turno of an individual tournament, who rests, and why."""

    players_per_line = 2
    noun = "player"
    seats: tuple[IndividualSeat, ...]
    byes: tuple[int, ...] = ()
    notes: tuple[DrawNote, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        """Every player of the draw, seated (table order, NS first) then resting."""
        return tuple(p for seat in self.seats for p in seat.players) + self.byes

    def partnerships(self) -> tuple[Couple, ...]:
        """The couples of partners (one per line), table order, NS first."""
        return tuple(frozenset(line) for seat in self.seats for line in (seat.ns, seat.eo))

    def oppositions(self) -> tuple[Couple, ...]:
        """The couples of opponents: four per table."""
        return tuple(frozenset((a, b)) for seat in self.seats for a in seat.ns for b in seat.eo)


@dataclass(frozen=True)
class IndividualHistory:
    """What the turni already played say: how often each couple partnered and met as
    opponents, and how often each player rested. Missing keys are 0."""

    partners: Mapping[Couple, int] = field(default_factory=dict)
    opponents: Mapping[Couple, int] = field(default_factory=dict)
    byes: Mapping[int, int] = field(default_factory=dict)
    turni: int = 0


def individual_history(played: Iterable[IndividualDraw]) -> IndividualHistory:
    """Sum up the turni already played (any players, withdrawn ones included)."""
    partners: dict[Couple, int] = {}
    opponents: dict[Couple, int] = {}
    byes: dict[int, int] = {}
    turni = 0
    for draw in played:
        turni += 1
        for couple in draw.partnerships():
            partners[couple] = partners.get(couple, 0) + 1
        for couple in draw.oppositions():
            opponents[couple] = opponents.get(couple, 0) + 1
        for player in draw.byes:
            byes[player] = byes.get(player, 0) + 1
    return IndividualHistory(partners, opponents, byes, turni)


def validate_players(players: Iterable[int]) -> tuple[int, ...]:
    """Check the players of a generated movement and return them as a tuple.

    Raises RuleViolation "invalid_player_number" (not an int >= 1), "duplicate_player", or
    "too_few_players" (fewer than four: no table can be formed).
    """
    return validate_numbers(
        players,
        noun="player",
        least=4,
        too_few="At least four players are needed to draw a turno",
    )


def resting_note(
    players: Iterable[int], reason: str, bye_counts: Mapping[int, int] | None
) -> DrawNote:
    """The "players_resting" note: who rests, why, and their past byes (when known)."""
    resting = tuple(sorted(players))
    params: dict[str, object] = {"players": resting, "reason": reason}
    if bye_counts is not None:
        params["byes_before"] = tuple(bye_counts.get(p, 0) for p in resting)
    return DrawNote("players_resting", params)


def repeats_notes(
    seats: Iterable[IndividualSeat], history: IndividualHistory, minimum: int | None
) -> tuple[DrawNote, DrawNote]:
    """The "repeated_partners" and "repeated_opponents" notes of a seating."""
    seats = tuple(seats)
    partners = sorted(
        tuple(sorted(line))
        for seat in seats
        for line in (seat.ns, seat.eo)
        if history.partners.get(frozenset(line), 0)
    )
    opponents = sorted(
        (min(a, b), max(a, b))
        for seat in seats
        for a in seat.ns
        for b in seat.eo
        if history.opponents.get(frozenset((a, b)), 0)
    )
    partner_params: dict[str, object] = {"count": len(partners), "couples": tuple(partners)}
    if minimum is not None:
        partner_params["minimum"] = minimum
    return (
        DrawNote("repeated_partners", partner_params),
        DrawNote("repeated_opponents", {"count": len(opponents), "couples": tuple(opponents)}),
    )


def repeated_partners(draw: IndividualDraw, history: IndividualHistory) -> int:
    """How many lines of ``draw`` hold two players who partnered before."""
    return sum(1 for couple in draw.partnerships() if history.partners.get(couple, 0))
