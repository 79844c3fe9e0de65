"""The management commands: import_tournament, export_tournament, load_demo."""

from __future__ import annotations

import io
import json
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.tournaments.models import Tournament

from .compare import assert_same_but_the_import_entry
from .conftest import row_counts

pytestmark = pytest.mark.django_db

DEMO_SLUG = "torneo-d-autunno-del-circolo-aurora-2024-10-18"


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_import_prints_the_slug_last(tmp_path, demo_bytes):
    path = tmp_path / "demo.json"
    path.write_bytes(demo_bytes)
    out, _ = run("import_tournament", str(path))
    assert out.splitlines()[-1] == DEMO_SLUG
    assert Tournament.objects.get(slug=DEMO_SLUG).entrants.count() == 17


def test_import_from_standard_input(monkeypatch, demo_bytes):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(demo_bytes)))
    out, _ = run("import_tournament", "-")
    assert out.splitlines()[-1] == DEMO_SLUG


def test_import_of_a_bad_file_says_where_and_writes_nothing(tmp_path, demo):
    demo["turni"][2]["tables"][4]["smazzate"][1]["ns"]["cards"] = 243
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(demo), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path), stdout=out, stderr=err)
    assert caught.value.returncode != 0
    assert err.getvalue().startswith("turni[2].tables[4].smazzate[1].ns.cards: ")
    assert "243" in err.getvalue()
    assert out.getvalue() == ""
    assert row_counts() == dict.fromkeys(row_counts(), 0)


def test_import_of_a_missing_file(tmp_path):
    with pytest.raises(CommandError):
        run("import_tournament", str(tmp_path / "nothing.json"))


def test_export_to_standard_output(demo_bytes, tmp_path):
    path = tmp_path / "demo.json"
    path.write_bytes(demo_bytes)
    run("import_tournament", str(path))
    out, _ = run("export_tournament", DEMO_SLUG, "-")
    assert json.loads(out) == tournament_export(Tournament.objects.get(slug=DEMO_SLUG))
    assert "Podestà Cristina" in out  # UTF-8 kept, not \u00e0
    assert out.startswith('{\n  "format": "burraco-archive",\n  "version": 3,')


def test_export_to_a_file_imports_again(demo_bytes, tmp_path):
    source = tmp_path / "demo.json"
    source.write_bytes(demo_bytes)
    run("import_tournament", str(source))
    target = tmp_path / "export.json"
    run("export_tournament", DEMO_SLUG, str(target))
    out, _ = run("import_tournament", str(target))
    again = tmp_path / "again.json"
    run("export_tournament", out.splitlines()[-1], str(again))
    first = json.loads(target.read_text(encoding="utf-8"))
    assert_same_but_the_import_entry(first, json.loads(again.read_text(encoding="utf-8")))


def test_export_of_an_unknown_tournament():
    with pytest.raises(CommandError, match="no-such-tournament"):
        run("export_tournament", "no-such-tournament", "-")


def test_load_demo_twice_gives_one_tournament():
    first, _ = run("load_demo")
    second, _ = run("load_demo")
    assert first.splitlines()[-1] == second.splitlines()[-1] == DEMO_SLUG
    assert Tournament.objects.count() == 1
    assert Tournament.objects.get().turni.count() == 3
