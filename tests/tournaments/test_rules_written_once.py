"""Each rule is written once (issue 21, "One rules builder"): the forms, the settings page's
script, the archive reader and the pages ask the engine and the kind's format, so changing the
rule where it lives changes every one of them. Each test moves a rule at its one place and
checks that a form, a page or the reader follows; a second copy left somewhere would not."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.rules import score_step
from burraco_tourney.rules import vp as vp_module
from burraco_tourney.rules.cards import pack_size
from burraco_tourney.rules.rulesets import PRESETS
from burraco_tourney.rules.vp import VpTable, default_bye
from burraco_tourney.tournaments.formats import FORMATS
from burraco_tourney.tournaments.formats.individual.standings import PlayerStandings
from burraco_tourney.tournaments.formats.standings import PairStandings
from burraco_tourney.tournaments.forms.setup import TournamentForm
from burraco_tourney.tournaments.forms.setup_initial import initial_for
from burraco_tourney.tournaments.forms.setup_vp import parse_bands
from burraco_tourney.tournaments.models import Penalty, Tournament
from burraco_tourney.tournaments.results_bridge import tournament_rules, tournament_tiebreaks
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_setup_create import CREATE, form_data

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
BOXES = ("tiebreak_1", "tiebreak_2", "tiebreak_3")


@pytest.fixture
def demo_archive() -> dict:
    return json.loads((ROOT / "fixtures" / "demo.json").read_text(encoding="utf-8"))


@pytest.fixture
def evening(director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1000, 500), (800, 800)])
    return tournament


def _give_penalty(client, tournament, mp):
    return client.post(
        reverse("manage:penalties", args=[tournament.slug]),
        {
            "pair": tournament.entrants.get(number=1).pk,
            "turno": tournament.turni.get(number=1).pk,
            "vp": "",
            "mp": str(mp),
            "reason": "Ritardo oltre 5 minuti",
        },
    )


# -- a score is a multiple of 5: the engine's ``score_step`` ---------------------------------


def test_a_penalty_of_7_mp_is_refused_with_the_engines_sentence(english, director_client, evening):
    refused = _give_penalty(english, evening, -7)
    assert refused.context["form"].errors["mp"] == [
        "Every burraco score is a multiple of 5: -7 is not."
    ]
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    refused = _give_penalty(director_client, evening, -7)
    assert refused.context["form"].errors["mp"] == [
        "Ogni punteggio del burraco è un multiplo di 5: -7 non lo è."
    ]
    assert not Penalty.objects.exists()


def test_the_penalty_box_asks_the_engine_what_a_score_is(english, evening, monkeypatch):
    assert _give_penalty(english, evening, -15).status_code == 302
    monkeypatch.setattr(score_step, "SCORE_STEP", 10)
    refused = _give_penalty(english, evening, -25)
    assert "mp" in refused.context["form"].errors
    assert Penalty.objects.count() == 1


def test_a_ko_rounds_target_asks_the_engine_what_a_score_is(english, monkeypatch):
    def post(target):
        data = form_data(kind="ko", ko_mode="smazzate", ko_smazzate="4")
        data.update(ko_round_3_mode="punti", ko_round_3_length=str(target))
        return english.post(CREATE, data)

    refused = post(2003)
    assert refused.context["form"].errors["ko_round_3_length"] == [
        "A target score is a multiple of 5 (e.g. 2005)."
    ]
    monkeypatch.setattr(score_step, "SCORE_STEP", 10)
    refused = post(2005)
    assert refused.context["form"].errors["ko_round_3_length"] == [
        "A target score is a multiple of 5 (e.g. 2005)."
    ]


def test_the_vp_bands_find_gaps_with_the_engines_step(monkeypatch):
    bands = "0-50 10 10\n60-150 11 9\n- 20 0"
    with pytest.raises(ValidationError) as refused:
        parse_bands(bands)
    assert [error.code for error in refused.value.error_list] == ["vp_band_gap"]
    monkeypatch.setattr(score_step, "SCORE_STEP", 10)
    assert parse_bands(bands)[1] == (150, 11, 9)


def test_no_module_outside_the_engine_computes_a_multiple_of_5():
    found = []
    for path in sorted((ROOT / "burraco_tourney").rglob("*.py")):
        if "migrations" in path.parts or path.name == "score_step.py":
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"%\s*5\b|\"step\":\s*5\b", text):
            found.append(str(path.relative_to(ROOT)))
    assert found == []


# -- a kind's defaults: its format, through the one ``build_rules`` ----------------------------


def test_a_kinds_default_tie_breaks_come_from_its_format_everywhere(
    monkeypatch, evening, demo_archive
):
    monkeypatch.setattr(PairStandings, "default_tiebreaks", ("mp", "scarto"))
    monkeypatch.setattr(PlayerStandings, "default_tiebreaks", ("mp",))
    evening.tiebreaks = []
    assert tournament_rules(evening).tiebreaks == ("mp", "scarto")
    assert [initial_for(evening)[box] for box in BOXES] == ["mp", "scarto", ""]
    assert [TournamentForm()[box].initial for box in BOXES] == ["mp", "scarto", ""]
    assert TournamentForm().client_data()["tiebreaks"]["individual"] == ["mp"]

    individual = make_tournament(kind="individual", tiebreaks=[])
    assert tournament_tiebreaks(individual) == ("mp",)
    assert tournament_rules(individual).tiebreaks == ("mp",)

    data = copy.deepcopy(demo_archive)
    data["tournament"].pop("tiebreaks", None)
    assert read_archive(data).tournament.tiebreaks == ("mp", "scarto")


def test_the_riposo_default_is_the_engines_for_the_site_and_the_archive(
    monkeypatch, evening, demo_archive
):
    monkeypatch.setitem(vp_module._DEFAULT_BYES, "fibur-3", (13, 300))
    rules = tournament_rules(Tournament.objects.get(pk=evening.pk))
    assert (rules.bye.vp, rules.bye.mp, rules.forfeit.vp, rules.forfeit.mp) == (13, 300, 13, 300)

    data = copy.deepcopy(demo_archive)
    data["tournament"].pop("bye", None)
    data["tournament"].pop("forfeit", None)
    data["tournament"]["vp_table"] = "fibur-3"
    # A riposo in the file needs a value: the engine's default gives it one.
    assert any(turno.get("byes") for turno in data["turni"])
    read_archive(data)
    monkeypatch.delitem(vp_module._DEFAULT_BYES, "fibur-3")
    with pytest.raises(ArchiveError) as refused:
        read_archive(data)
    assert refused.value.path == "turni[0].byes[0]"


def test_the_vp_one_line_can_get_at_a_table_is_the_engines_answer(
    english, monkeypatch, demo_archive
):
    accepted = english.post(CREATE, form_data(bye_vp="16", bye_mp="300"))
    assert accepted.status_code == 302
    monkeypatch.setattr(VpTable, "holds", lambda self, vp: 0 <= vp <= 15)
    refused = english.post(CREATE, form_data(name="Altro", bye_vp="16", bye_mp="300"))
    assert refused.context["form"].errors["bye_vp"] == [
        "At most 20: the two lines of a table share 20 VP."
    ]
    data = copy.deepcopy(demo_archive)
    data["tournament"]["forfeit"] = {"vp": 16, "mp": 300}
    with pytest.raises(ArchiveError) as error:
        read_archive(data)
    assert error.value.path == "tournament.forfeit.vp"


# -- the settings page: its script gets every default from the server -------------------------


def test_the_settings_page_sends_the_defaults_its_script_uses(english):
    page = english.get(CREATE).content.decode()
    data = json.loads(re.search(r'id="setup-data"[^>]*>(.*?)</script>', page, re.S).group(1))
    assert data["tiebreaks"] == {k: list(f.standings.default_tiebreaks) for k, f in FORMATS.items()}
    assert data["default_kind"] == "pairs"
    # Each kind's riposo left blank, from the kind (a team's: a whole match, twice a pair's).
    pairs_byes = {name: list(default_bye(name)) for name in ("fibur-3", "fibur-4")}
    assert data["byes"]["pairs"]["vp_sum"] == data["byes"]["pairs"]["mp_diff"] == pairs_byes
    doubled = {k: [2 * vp, 2 * mp] for k, (vp, mp) in pairs_byes.items()}
    assert data["byes"]["teams"]["vp_sum"] == doubled
    # Scored by the MP difference, a team's riposo has no default (the rules give none).
    assert data["byes"]["teams"]["mp_diff"] == {"fibur-3": None, "fibur-4": None}
    assert {n: p["semipulito_switchable"] for n, p in data["presets"].items()} == {
        "classic": True,
        "reale": False,
        "internazionale": True,
    }


def test_the_settings_script_writes_no_rule_of_its_own():
    script = (ROOT / "static" / "js" / "setup.js").read_text(encoding="utf-8")
    literals = set(re.findall(r"\"([^\"]*)\"|'([^']*)'", script))
    words = {a or b for a, b in literals}
    for rule_word in ("scarto", "head_to_head", "mp", "pairs", "ko", "individual", "fibur-3"):
        assert rule_word not in words, rule_word
    # No number of the rules either: a pack's size, a riposo's value.
    assert not re.search(r"\b(108|104|14|355|305)\b", script)


def test_the_pack_sizes_in_the_ruleset_summary_are_the_engines(english):
    page = english.get(CREATE).content.decode()
    for preset in PRESETS.values():
        assert f"{pack_size(preset)} cards" in page


def test_the_settings_open_for_rules_the_engine_cannot_build(english, director):
    # The tie-break boxes ask the rules object; stored rules it refuses still open the page,
    # where the director can put them right.
    tournament = make_tournament(owner=director, rules={"name": "nessuno"}, tiebreaks=["mp"])
    tournament.directors.add(director)
    page = english.get(reverse("manage:tournament_edit", args=[tournament.slug]))
    assert page.status_code == 200
    assert page.context["form"]["tiebreak_1"].value() == "mp"
