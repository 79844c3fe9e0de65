"""Pairing methods (movements): who meets whom in each turno, and who rests.

Each method takes plain data (pair numbers, standings, past meetings) and returns a ``Draw``:
seats, byes and machine-readable notes explaining the choices. See RULES.md section 6.

- ``mitchell``: NS pairs stay, EO pairs move by a step; known in advance. ``mitchell_options``
  weighs each step against the meetings already played.
- ``danese``: pair the standings 1 v 2, 3 v 4, avoiding repeated meetings as the mode says.
- ``italiana``: round robin calendar, everyone meets everyone once.
- ``manual``: check the arbitro's typed seating.

Individual tournaments (RULES.md section 10; a table is two lines of two players, an
``IndividualDraw``): ``individual_rotation_draw`` (the published 8-player schedule, otherwise a
partner rotation drawn from the turni played), ``individual_danese_draw`` (1st with 4th v 2nd with
3rd) and ``individual_manual_draw``.

Nothing here imports Django or any app, or touches a database.
"""

from burraco_tourney.rules.pairing.danese import MODES, danese_draw
from burraco_tourney.rules.pairing.draw import (
    BYE_REASONS,
    CODES,
    NOTE_CODES,
    SWAP_REASONS,
    Draw,
    DrawNote,
    Seat,
)
from burraco_tourney.rules.pairing.individual import (
    SCHEDULE_8,
    individual_rotation_draw,
    schedule_8_draw,
)
from burraco_tourney.rules.pairing.individual_danese import individual_danese_draw
from burraco_tourney.rules.pairing.individual_draw import (
    INDIVIDUAL_BYE_REASONS,
    INDIVIDUAL_NOTE_CODES,
    PARTNER_SWAP_REASONS,
    IndividualDraw,
    IndividualHistory,
    IndividualSeat,
    individual_history,
)
from burraco_tourney.rules.pairing.individual_manual import individual_manual_draw
from burraco_tourney.rules.pairing.italiana import italiana_draw, italiana_schedule, italiana_turni
from burraco_tourney.rules.pairing.manual import manual_draw
from burraco_tourney.rules.pairing.mitchell import (
    MitchellOption,
    mitchell_draw,
    mitchell_options,
    mitchell_rematch_free_turni,
    mitchell_tables,
)

__all__ = [
    "BYE_REASONS",
    "CODES",
    "INDIVIDUAL_BYE_REASONS",
    "INDIVIDUAL_NOTE_CODES",
    "MODES",
    "NOTE_CODES",
    "PARTNER_SWAP_REASONS",
    "SCHEDULE_8",
    "SWAP_REASONS",
    "Draw",
    "DrawNote",
    "IndividualDraw",
    "IndividualHistory",
    "IndividualSeat",
    "individual_danese_draw",
    "individual_history",
    "individual_manual_draw",
    "individual_rotation_draw",
    "schedule_8_draw",
    "MitchellOption",
    "Seat",
    "danese_draw",
    "italiana_draw",
    "italiana_schedule",
    "italiana_turni",
    "manual_draw",
    "mitchell_draw",
    "mitchell_options",
    "mitchell_rematch_free_turni",
    "mitchell_tables",
]
