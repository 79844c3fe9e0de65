"""Team movements (RULES.md section 11): which teams meet in each turno, who is home, who rests.

A team tournament plays one **match** per team per turno, at two tables: in the sala aperta the
home team sits NS against the away team, in the sala chiusa the away team sits NS. A match's
number is its table number in both rooms (match 1 is table 1 of the aperta and of the chiusa).

The rules are the pairs' rules with teams in place of pairs, so this module does not write them
again: it checks the team numbers, calls the pairs' movement (``pairing.italiana`` or
``pairing.danese``) on them, and reads each of its tables as a match, NS as home and EO as away.

Interface (what the teams kind's draw manager calls; every function is deterministic)::

    team_italiana_turni(n_teams) -> int
    team_italiana_schedule(teams) -> list[TeamDraw]     # the whole calendar
    team_italiana_draw(teams, turno) -> TeamDraw        # one turno (1-based) of it
    team_danese_draw(ranking, *, met=(), previous={}, bye_counts={}, home_counts={},
                     mode="modificato", last_turno=False) -> TeamDraw

- ``teams`` / ``ranking``: team numbers (ints >= 1); for the Danese the current standings, best
  first. ``met``: every couple of teams that met so far (``frozenset``s); ``previous``: team ->
  its opponent in the previous turno; ``bye_counts``: team -> past riposi; ``home_counts``:
  team -> matches played at home so far.
- A ``TeamDraw`` has ``matches`` (``TeamMatch(match, home, away)``, match 1 first), ``byes``
  (the team resting, or nothing) and ``notes`` (``DrawNote``s with a ``TEAM_NOTE_CODES`` code).
- Refusals are ``RuleViolation``s: "too_few_teams", "duplicate_team", "invalid_team_number"
  (param ``team``; ``count`` for too few), "turno_out_of_range" (``turno``, ``turni``) and
  "unknown_mode" (``mode``, ``modes``).

**All'italiana**: the pairs' circle calendar; every team meets every other exactly once in
n - 1 turni (n even) or n turni (n odd, each team resting exactly once). Six teams 1..6::

    turno 1:  1 v 6   2 v 5   3 v 4        (home team first)
    turno 2:  5 v 1   6 v 4   2 v 3

Every team plays at home as often as away, give or take one (exactly with an odd number of
teams).

**Danese for teams**, modificato by default (the pairs' modes ``puro``, ``modificato``,
``no_rematch`` all apply): the standings paired 1 v 2, 3 v 4, …; two teams that met in the
previous turno do not meet again except in the last turno, and a rematch is never drawn while it
can be avoided. With an odd number of teams the lowest-ranked team among those that have rested
least rests (another one only when that avoids a rematch). Of the two teams of a match, the one
that has played at home fewer times is home; the higher-ranked team on equal counts.

The notes are the pairs' notes read for teams: each pairs code gets the prefix ``team_`` and its
``pair`` param is called ``team`` (``team_ranking``, ``team_swap_avoid_rematch``,
``team_rematch_unavoidable``, ``team_rematch_allowed``, ``team_bye``, ``team_italiana``; the
params are otherwise those of ``pairing.draw.NOTE_CODES``), plus ``team_home_away`` (params
``match``, ``home``, ``away``, ``home_before``, ``away_before``): the lower-ranked team is home
because it has played at home fewer times.

Cost: the pairs' Danese, linear in the teams for a fixed history (60 teams: milliseconds).

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from burraco_tourney.rules.pairing.danese import MODES, danese_draw
from burraco_tourney.rules.pairing.draw import Draw, DrawNote, check_turno, validate_numbers
from burraco_tourney.rules.pairing.italiana import italiana_schedule, italiana_turni

CODES: tuple[str, ...] = ("too_few_teams", "duplicate_team", "invalid_team_number")

TEAM_NOTE_CODES: tuple[str, ...] = (
    "team_ranking",
    "team_swap_avoid_rematch",
    "team_rematch_unavoidable",
    "team_rematch_allowed",
    "team_bye",
    "team_italiana",
    "team_home_away",
)

__all__ = [
    "CODES",
    "MODES",
    "TEAM_NOTE_CODES",
    "TeamDraw",
    "TeamMatch",
    "team_danese_draw",
    "team_italiana_draw",
    "team_italiana_schedule",
    "team_italiana_turni",
]

_NOTHING: Mapping[int, int] = MappingProxyType({})


@dataclass(frozen=True)
class TeamMatch:
    """One match of a turno: its number (the table number in both rooms), home and away team."""

    match: int
    home: int
    away: int


@dataclass(frozen=True)
class TeamDraw:
    """Which teams meet in one turno, who rests, and why."""

    matches: tuple[TeamMatch, ...]
    byes: tuple[int, ...] = ()
    notes: tuple[DrawNote, ...] = ()

    @property
    def teams(self) -> tuple[int, ...]:
        """Every team of the draw, in match order (home first), then resting."""
        return tuple(t for m in self.matches for t in (m.home, m.away)) + self.byes

    def opponent(self, team: int) -> int | None:
        """The team's opponent in this draw; None when it rests or is not in the draw."""
        for m in self.matches:
            if team in (m.home, m.away):
                return m.away if team == m.home else m.home
        return None

    def meetings(self) -> frozenset[frozenset[int]]:
        """The couples of teams that meet in this draw."""
        return frozenset(frozenset((m.home, m.away)) for m in self.matches)

    def notes_with(self, code: str) -> tuple[DrawNote, ...]:
        return tuple(note for note in self.notes if note.code == code)


def validate_teams(teams: Iterable[int]) -> tuple[int, ...]:
    """Check the team numbers of a generated movement and return them as a tuple."""
    return validate_numbers(
        teams, noun="team", least=2, too_few="At least two teams are needed to draw a turno"
    )


def _team_note(note: DrawNote) -> DrawNote:
    """A pairs note read for teams: the code prefixed ``team_``, the ``pair`` param ``team``."""
    params = {("team" if key == "pair" else key): value for key, value in note.params.items()}
    return DrawNote(f"team_{note.code}", params)


def _as_matches(draw: Draw, home_first: Mapping[int, int] | None = None) -> TeamDraw:
    """Read a pairs draw as a team draw: each table a match, NS home. With ``home_first``
    (team -> home matches so far) the team with fewer home matches is home instead."""
    matches = []
    notes = [_team_note(note) for note in draw.notes]
    for seat in draw.seats:
        home, away = seat.ns, seat.eo
        if home_first is not None:
            home_before, away_before = home_first.get(home, 0), home_first.get(away, 0)
            if away_before < home_before:
                home, away = away, home
                params = {
                    "match": seat.table,
                    "home": home,
                    "away": away,
                    "home_before": away_before,
                    "away_before": home_before,
                }
                notes.append(DrawNote("team_home_away", params))
        matches.append(TeamMatch(seat.table, home, away))
    return TeamDraw(tuple(matches), draw.byes, tuple(notes))


def team_italiana_turni(n_teams: int) -> int:
    """The number of turni of the team calendar: n - 1 for n even, n for n odd."""
    return italiana_turni(n_teams)


def team_italiana_schedule(teams: Sequence[int]) -> list[TeamDraw]:
    """The whole all'italiana calendar for ``teams`` (in registration or drawn order)."""
    return [_as_matches(draw) for draw in italiana_schedule(validate_teams(teams))]


def team_italiana_draw(teams: Sequence[int], turno: int) -> TeamDraw:
    """One turno (1-based) of the all'italiana calendar; a turno beyond it is refused."""
    order = validate_teams(teams)
    check_turno(turno, italiana_turni(len(order)))
    return team_italiana_schedule(order)[turno - 1]


def team_danese_draw(
    ranking: Sequence[int],
    *,
    met: Iterable[frozenset[int]] = (),
    previous: Mapping[int, int] = _NOTHING,
    bye_counts: Mapping[int, int] = _NOTHING,
    home_counts: Mapping[int, int] = _NOTHING,
    mode: str = "modificato",
    last_turno: bool = False,
) -> TeamDraw:
    """Draw one Danese turno for teams from ``ranking`` (the current standings, best first)."""
    order = validate_teams(ranking)
    draw = danese_draw(
        order,
        met=met,
        previous=previous,
        bye_counts=bye_counts,
        mode=mode,
        last_turno=last_turno,
    )
    return _as_matches(draw, home_counts)
