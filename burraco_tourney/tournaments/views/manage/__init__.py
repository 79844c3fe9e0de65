"""The director's pages. Each module declares the ``urlpatterns`` of its concept.

Every view here needs a logged-in director of the tournament (``access.director_view``).
"""

from . import (
    audit,
    federation,
    gironi,
    ko,
    lineups,
    pairs,
    pairs_import,
    penalties,
    people,
    prizes,
    room_board,
    score_preview,
    scores,
    seating_fix,
    setup,
    table_problems,
    tools,
    turni,
    turno_close,
    turno_room,
)

MODULES = (
    setup,
    pairs,
    pairs_import,
    turni,
    gironi,
    lineups,
    seating_fix,
    scores,
    turno_room,
    turno_close,
    score_preview,
    room_board,
    table_problems,
    penalties,
    prizes,
    audit,
    tools,
    ko,
    people,
    federation,
)
