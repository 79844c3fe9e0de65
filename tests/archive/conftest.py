"""Shared fixtures of the archive tests: the demo file and a census of the tournament tables."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from burraco_tourney.tournaments.models import (
    Bye,
    Entrant,
    Penalty,
    Smazzata,
    Table,
    Tournament,
    Turno,
)
from tests.factories import make_director

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo.json"
MODELS = (Tournament, Entrant, Turno, Table, Smazzata, Bye, Penalty)


@pytest.fixture
def demo_bytes() -> bytes:
    return DEMO.read_bytes()


@pytest.fixture
def demo() -> dict[str, Any]:
    return json.loads(DEMO.read_text(encoding="utf-8"))


def row_counts() -> dict[str, int]:
    """How many rows each tournament model has: a refused import must leave these unchanged."""
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.fixture
def director():
    return make_director()


@pytest.fixture
def english(client, director):
    """A logged-in director's client that asks for English pages."""
    client.force_login(director)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client
