"""The settings page's script writes no rule of its own: the defaults it puts in the boxes when
the director changes the kind, and which ruleset offers the semipulito switch, are what the
server sends in the page (the kind's format and the engine). Moving a default at its one place
moves what the browser shows."""

import pytest
from playwright.sync_api import expect

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.formats.individual.standings import PlayerStandings
from tests.browser.login_support import log_in_through
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_change_of_kind_takes_the_tie_breaks_the_server_sends(page, monkeypatch):
    # The live server runs in this process: the format's answer changes for the page too.
    monkeypatch.setattr(PlayerStandings, "default_tiebreaks", ("mp", "scarto"))
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    boxes = [page.locator(f"#id_tiebreak_{n}") for n in (1, 2, 3)]
    expect(boxes[1]).to_have_value("head_to_head")
    page.locator("input[name=kind][value=individual]").check()
    for box, value in zip(boxes, ("mp", "scarto", ""), strict=True):
        expect(box).to_have_value(value)
    page.locator("input[name=kind][value=pairs]").check()
    for box, value in zip(boxes, ("scarto", "head_to_head", "mp"), strict=True):
        expect(box).to_have_value(value)


def test_the_semipulito_switch_follows_the_engines_answer(page, monkeypatch):
    monkeypatch.setattr(Ruleset, "semipulito_switchable", property(lambda self: False))
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    # Classic has the semipulito, but the engine now says no ruleset has it: the box goes.
    expect(page.locator("#id_ruleset_name")).to_have_value("classic")
    expect(page.locator("#field-semipulito")).to_be_hidden()
