"""The shape of the house (ARCHITECTURE.md): dependencies point one way and no module grows past
about 400 lines.

Read from the source text (every import, also one inside a function or under TYPE_CHECKING), so
a module that would break a rule fails here before anyone imports it. The rules engine's own
test (``tests/rules/test_purity.py``) also imports it without Django.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import burraco_tourney

PACKAGE = Path(burraco_tourney.__file__).parent
MAX_LINES = 400

# (the modules under this prefix, may not import modules under any of these prefixes, why)
LAYERS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "burraco_tourney.rules",
        ("django", "burraco_tourney.core", "burraco_tourney.tournaments", "burraco_tourney.archive",
         "burraco_tourney.exports", "burraco_tourney.seasons", "burraco_tourney.settings"),
        "the rules engine is pure Python: no Django, no app",
    ),
    (
        "burraco_tourney.core",
        ("burraco_tourney.tournaments", "burraco_tourney.archive", "burraco_tourney.exports",
         "burraco_tourney.seasons"),
        "core is below the apps",
    ),
    (
        "burraco_tourney.people",
        ("burraco_tourney.tournaments", "burraco_tourney.archive", "burraco_tourney.exports",
         "burraco_tourney.seasons"),
        "the registry is below the tournaments: they use people, never the reverse",
    ),
    (
        "burraco_tourney.tournaments",
        ("burraco_tourney.seasons",),
        "circuits read the tournaments' standings; a tournament never knows its circuits' code",
    ),
    (
        "burraco_tourney.archive",
        ("burraco_tourney.seasons",),
        "the archive is a tournament's: circuits are above it",
    ),
    (
        "burraco_tourney.exports",
        ("burraco_tourney.seasons",),
        "the exporters' shapes serve the circuits, not the reverse",
    ),
    (
        "burraco_tourney.seasons",
        ("burraco_tourney.tournaments.services", "burraco_tourney.archive"),
        "a circuit reads published standings through selectors; it never writes tournament data",
    ),
    (
        "burraco_tourney.seasons.selectors",
        ("burraco_tourney.seasons.services",),
        "a selector reads; it never calls a service",
    ),
    (
        "burraco_tourney.people.forms",
        ("burraco_tourney.people.services",),
        "a form validates; it never calls a service",
    ),
    (
        "burraco_tourney.people.selectors",
        ("burraco_tourney.people.services",),
        "a selector reads; it never calls a service",
    ),
    (
        "burraco_tourney.people.models",
        ("burraco_tourney.people.services", "burraco_tourney.people.selectors",
         "burraco_tourney.people.views"),
        "models are the bottom of the app",
    ),
    (
        "burraco_tourney.tournaments.forms",
        ("burraco_tourney.tournaments.services",),
        "a form validates; it never calls a service",
    ),
    (
        "burraco_tourney.tournaments.selectors",
        ("burraco_tourney.tournaments.services",),
        "a selector reads; it never calls a service",
    ),
    (
        "burraco_tourney.tournaments.models",
        ("burraco_tourney.tournaments.services", "burraco_tourney.tournaments.selectors",
         "burraco_tourney.tournaments.views"),
        "models are the bottom of the app",
    ),
)  # fmt: skip


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent)
        if "migrations" in relative.parts:
            continue
        parts = list(relative.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def imported_names(module: str, path: Path, source: str | None = None) -> set[str]:
    """Every module name ``module`` imports (``from x import y`` counts as x and x.y)."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def layer_violations(module: str, imports: set[str]) -> list[str]:
    found = []
    for layer, forbidden, why in LAYERS:
        if not _under(module, layer):
            continue
        for name in sorted(imports):
            if any(_under(name, bad) for bad in forbidden):
                found.append(f"{module} imports {name} ({why})")
    return found


def test_the_walk_sees_the_layers():
    modules = dict(_modules())
    assert "burraco_tourney.rules.scoring" in modules
    assert "burraco_tourney.tournaments.forms.setup" in modules
    assert "burraco_tourney.tournaments.models" in modules
    assert not any(".migrations." in name for name in modules)


def test_no_layer_imports_upward():
    problems = []
    for module, path in _modules():
        problems += layer_violations(module, imported_names(module, path))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("burraco_tourney.tournaments.forms.clock", "from ..services.clock import MAX_MINUTES\n"),
        ("burraco_tourney.tournaments.forms.pairs", "from ..services import late_pairs\n"),
        ("burraco_tourney.core.views", "from burraco_tourney.tournaments.models import T\n"),
        ("burraco_tourney.rules.vp", "def f():\n    from django.conf import settings\n"),
        ("burraco_tourney.tournaments.selectors.turni", "from .. import services\n"),
        ("burraco_tourney.tournaments.models", "from ..views.public import x\n"),
        ("burraco_tourney.people.selectors.search", "from burraco_tourney.tournaments import m\n"),
        ("burraco_tourney.people.forms", "from .services.registry import person_create\n"),
        ("burraco_tourney.tournaments.selectors.turni", "from burraco_tourney.seasons import m\n"),
        ("burraco_tourney.seasons.views", "from burraco_tourney.tournaments.services import x\n"),
    ],
)
def test_an_upward_import_is_caught(module, source):
    # The kinds of import the walk must see: relative, from a package, inside a function.
    path = PACKAGE.parent / (module.replace(".", "/") + ".py")
    if module == "burraco_tourney.tournaments.models":
        path = PACKAGE / "tournaments" / "models" / "__init__.py"
    assert layer_violations(module, imported_names(module, path, source))


def test_no_module_is_over_400_lines():
    long = []
    for module, path in _modules():
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MAX_LINES:
            long.append(f"{module}: {count} lines")
    assert long == [], "split these modules:\n" + "\n".join(long)
