"""The rules engine must run without Django: nothing in rules/ may import it or any app."""

import pkgutil
import subprocess
import sys

import burraco_tourney.rules as rules


def test_every_rules_module_imports_without_django():
    names = [m.name for m in pkgutil.walk_packages(rules.__path__, prefix="burraco_tourney.rules.")]
    assert "burraco_tourney.rules.scoring" in names
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "app = ('burraco_tourney.', 'burraco_tourney.rules')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'\n"
        "             or (m.startswith(app[0]) and not m.startswith(app[1])))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
