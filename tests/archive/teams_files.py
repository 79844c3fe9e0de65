"""Hand-made archives of kind ``teams`` (ARCHIVE.md, version 3): three teams, three turni, each
team resting once; one forfeit; a penalty. The standings are worked out by hand in the tests."""

from __future__ import annotations

import copy
from typing import Any

ROSTERS = {
    1: ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Russo", "Elena Ferrari"],
    2: ["Fabio Esposito", "Giulia Romano", "Luca Colombo", "Marta Ricci"],
    3: ["Nadia Greco", "Oscar Bruno", "Paola Gallo", "Renzo Conti"],
}


def table(room: str, ns_players, eo_players, ns: int, eo: int) -> dict[str, Any]:
    return {
        "table": 1,
        "room": room,
        "ns_players": list(ns_players),
        "eo_players": list(eo_players),
        "totals": {"ns": ns, "eo": eo},
    }


def teams_file(scoring: str = "vp_sum") -> dict[str, Any]:
    """Turno 1: 1 v 2, 3 rests. Turno 2: 3 v 1, 2 rests (team 1 penalised). Turno 3: 2 v 3,
    team 2 forfeits (team 3 wins), 1 rests."""
    tournament: dict[str, Any] = {
        "name": "Campionato a squadre",
        "date": "2026-11-28",
        "kind": "teams",
        "ruleset": "classic",
        "smazzate_per_turno": 3,
        "vp_table": "fibur-3",
    }
    if scoring == "mp_diff":
        tournament["team_scoring"] = "mp_diff"
        tournament["team_vp_table"] = [
            {"max": 100, "vp": [20, 20]},
            {"max": 400, "vp": [24, 16]},
            {"max": None, "vp": [30, 10]},
        ]
        tournament["bye"] = {"vp": 26, "mp": 300}
        tournament["forfeit"] = {"vp": 30, "mp": 500}
    teams = [
        {"number": n, "name": f"Squadra {n}", "club": "Circolo Aurora", "players": players}
        for n, players in ROSTERS.items()
    ]
    teams[0]["players"] = [{"name": "Anna Rossi", "card": "RM12345", "sex": "F"}, *ROSTERS[1][1:]]
    turni = [
        {
            "number": 1,
            "movement": "italiana",
            "matches": [
                {
                    "match": 1,
                    "home": 1,
                    "away": 2,
                    "tables": [
                        table("aperta", (0, 1), (0, 1), 1200, 800),
                        table("chiusa", (2, 3), (2, 3), 900, 1000),
                    ],
                }
            ],
            "byes": [3],
        },
        {
            "number": 2,
            "movement": "italiana",
            "matches": [
                {
                    "match": 1,
                    "home": 3,
                    "away": 1,
                    "tables": [
                        table("aperta", (0, 1), (0, 2), 1000, 1300),
                        table("chiusa", (1, 3), (2, 3), 650, 650),
                    ],
                }
            ],
            "byes": [2],
        },
        {
            "number": 3,
            "movement": "italiana",
            "matches": [{"match": 1, "home": 2, "away": 3, "forfeit": "away"}],
            "byes": [1],
        },
    ]
    return copy.deepcopy(
        {
            "format": "burraco-archive",
            "version": 3,
            "tournament": tournament,
            "teams": teams,
            "turni": turni,
            "penalties": [{"turno": 2, "team": 1, "vp": -1, "mp": -100, "reason": "Ritardo"}],
        }
    )
