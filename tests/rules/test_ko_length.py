"""A KO round's match length: the round's own, or the tournament's."""

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.ko_length import KoLength, ko_length_for_round, ko_round_lengths

DEFAULT = KoLength("smazzate", smazzate=4)


def test_the_final_played_a_punti_after_rounds_a_smazzate():
    rounds = ko_round_lengths([{"round": 3, "mode": "punti", "target": 2005}])
    assert ko_length_for_round(DEFAULT, rounds, 1) == DEFAULT
    assert ko_length_for_round(DEFAULT, rounds, 3) == KoLength("punti", target=2005)
    assert rounds[3].to_json(3) == {"round": 3, "mode": "punti", "target": 2005}


@pytest.mark.parametrize(
    "rounds",
    [
        [{"round": 0, "mode": "smazzate", "smazzate": 3}],
        [{"round": 1, "mode": "smazzate"}],
        [{"round": 1, "mode": "punti", "target": 2003}],
        [{"round": 1, "mode": "a caso", "smazzate": 3}],
        [
            {"round": 2, "mode": "smazzate", "smazzate": 3},
            {"round": 2, "mode": "punti", "target": 5},
        ],
        [{"round": 1, "mode": "smazzate", "smazzate": True}],
    ],
)
def test_a_round_length_that_cannot_be_played_is_refused(rounds):
    with pytest.raises(RuleViolation) as err:
        ko_round_lengths(rounds)
    assert err.value.code == "bad_ko_round"
