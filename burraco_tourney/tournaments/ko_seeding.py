"""What a director asks for when round 1 of a knock-out is drawn: a plain value that the seeding
form builds and the KO service takes, so that the form never imports a service."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeedingRequest:
    """Round 1 as the director asks for it: pair number -> seed (None: drawn), the draw's seed
    (a random one when empty) and whether the semifinal losers play for third place."""

    seeds: dict[int, int | None]
    draw_seed: str = ""
    third_place: bool = False
