"""Manual seating of an individual turno: check the tables the arbitro typed.

The director types, table by table, the NS line and the EO line (two player numbers each), and
the players who rest. Table numbers follow the order typed. Worked example with nine players::

    individual_manual_draw([((1, 2), (3, 4)), ((5, 6), (7, 8))], players=range(1, 10), byes=[9])
        # accepted
    individual_manual_draw([((1, 2), (3,))], ...)           # line_not_two_players, table 1, eo
    individual_manual_draw([((1, 2),)], ...)                # table_not_two_lines, table 1
    individual_manual_draw([((1, 2), (2, 4)), ...], ...)     # player_seated_twice, player 2
    individual_manual_draw([((1, 2), (3, 4))], players=range(1, 10), byes=[5, 6, 7, 8, 9])
        # too_many_players_resting: five resting players could have filled one more table

Every refusal is a RuleViolation whose parameters name the player and, where there is one, the
table and line. The checks run in a fixed order (tables first, in order, then the resting
players, then their count, then the missing players) and the first breach is reported.

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing.draw import DrawNote
from burraco_tourney.rules.pairing.individual_draw import (
    IndividualDraw,
    IndividualSeat,
    resting_note,
)
from burraco_tourney.rules.pairing.manual import check_missing, check_resting

CODES: tuple[str, ...] = (
    "table_not_two_lines",
    "line_not_two_players",
    "unknown_player",
    "player_seated_twice",
    "player_rests_twice",
    "player_seated_and_resting",
    "too_many_players_resting",
    "player_missing",
)


def individual_manual_draw(
    seats: Sequence[Sequence[Sequence[int]]],
    *,
    players: Collection[int],
    byes: Sequence[int] = (),
) -> IndividualDraw:
    """Validate a typed individual seating against the registered ``players``.

    ``seats``: per table (table 1 first) its NS line and its EO line, two players each.
    """
    registered = set(players)
    place: dict[int, tuple[int, str]] = {}
    result: list[IndividualSeat] = []
    for table, lines in enumerate(seats, start=1):
        if len(lines) != 2:
            raise RuleViolation(
                "table_not_two_lines",
                f"Table {table} must have two lines (NS and EO), not {len(lines)}",
                table=table,
                count=len(lines),
            )
        for line, members in zip(("ns", "eo"), lines, strict=True):
            if len(members) != 2:
                raise RuleViolation(
                    "line_not_two_players",
                    f"Table {table}: the {line.upper()} line must have two players, "
                    f"not {len(members)}",
                    table=table,
                    line=line,
                    count=len(members),
                )
            for player in members:
                if player not in registered:
                    raise RuleViolation(
                        "unknown_player",
                        f"Table {table}: player {player} is not registered",
                        player=player,
                        table=table,
                        line=line,
                    )
                if player in place:
                    first_table, first_line = place[player]
                    raise RuleViolation(
                        "player_seated_twice",
                        f"Player {player} is seated at table {first_table} and at table {table}",
                        player=player,
                        table=table,
                        line=line,
                        first_table=first_table,
                        first_line=first_line,
                    )
                place[player] = (table, line)
        ns, eo = lines
        result.append(IndividualSeat(table, (ns[0], ns[1]), (eo[0], eo[1])))

    table_of = {player: table for player, (table, _line) in place.items()}
    resting = check_resting(byes, registered=registered, table_of=table_of, noun="player")
    if len(resting) >= 4:
        raise RuleViolation(
            "too_many_players_resting",
            f"{len(resting)} players rest: at most 3 may, four more make a table",
            players=tuple(resting),
            count=len(resting),
        )
    check_missing(registered, table_of=table_of, resting=resting, noun="player")

    notes = [DrawNote("individual_manual", {"tables": len(result)})]
    if resting:
        notes.append(resting_note(resting, "director", None))
    return IndividualDraw(tuple(result), tuple(resting), tuple(notes))
