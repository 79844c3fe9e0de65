"""The rules engine: Burraco scoring and tournament arithmetic in pure Python.

It takes plain data (frozen dataclasses, ints, strings) and returns plain data. It does not
touch the database and never imports Django or any app, not even gettext: errors a director can
fix are raised as codes with parameters (``errors.py``) and translated at the edge.

Modules:
    cards       card notation and values
    rulesets    named presets (classic, reale, internazionale) with their overrides
    melds       legality, points and burraco kind of one meld (meld_failures: why not)
    melds_as_laid  one meld judged as it lies on the table, with what the matta stands for
    scoring     a smazzata line's score and the consistency of a whole smazzata
    pack        what the pack allows: card points and burraco no deal can produce
    anomalies   flags for entries possible but implausible, for the arbitro to look at
    vp          VP tables (presets and custom bands) and the MP → VP conversion
    match       a match's result by smazzate or by points, the KO last-move rule
    ko          a knock-out bracket's shape and seeding: size, seed order, byes, round 1
    ko_played   a knock-out bracket read back from the matches played, and its final places
    standings   the classifica from match results, riposi, forfeits and penalties, for every
                kind (a side credits a pair, or an individual line's two players)
    standings_tally  the per-entrant arithmetic and the kinds' ``EntrantKind``
    tiebreaks   the registry of tie-break criteria
    pairing/    the movements: Mitchell, Danese, all'italiana, by hand, riposi; for individual
                tournaments the 8-player schedule, a partner rotation, Danese individuale
    team_draw   the team movements (all'italiana, Danese for teams): the pairs' movements read
                as matches, home and away
    butler      the Butler view of a team tournament: each pair's MP difference within its team
"""

from .errors import InvalidMeld, RuleError, RuleViolation
from .melds import Meld, evaluate_meld
from .rulesets import RULESET_NAMES, Ruleset, get_ruleset
from .scoring import LineEntry, LineScore, Smazzata, score_line, score_smazzata
from .vp import VpTable, vp_split, vp_table

__all__ = [
    "RULESET_NAMES",
    "InvalidMeld",
    "LineEntry",
    "LineScore",
    "Meld",
    "RuleError",
    "RuleViolation",
    "Ruleset",
    "Smazzata",
    "VpTable",
    "evaluate_meld",
    "get_ruleset",
    "score_line",
    "score_smazzata",
    "vp_split",
    "vp_table",
]
