"""The first start of ./bin/run says what it is doing at each step (issue 20: two silent minutes
looked stuck). bin/setup.sh runs here in a folder of its own, against a stand-in for the
virtualenv's Python that only records what it is asked, so nothing is installed for real."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../../calls.log"
case "$*" in
  *"-r requirements.txt"*) echo "Collecting Django==5.2"; echo "Collecting openpyxl==3.1" ;;
esac
"""
# Every Debian package is there: the test never calls apt-get.
FAKE_DPKG_QUERY = "#!/bin/sh\nprintf 'install ok installed'\n"


def _executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "bin", tmp_path / "bin")
    (tmp_path / "requirements.txt").write_text("Django==5.2\nopenpyxl==3.1\n")
    po = tmp_path / "burraco_tourney/locale/it/LC_MESSAGES/django.po"
    po.parent.mkdir(parents=True)
    po.write_text("")
    _executable(tmp_path / ".venv/bin/python", FAKE_PYTHON)
    _executable(tmp_path / "fake-bin/dpkg-query", FAKE_DPKG_QUERY)
    return tmp_path


def _setup(project: Path) -> str:
    env = {**os.environ, "PATH": f"{project / 'fake-bin'}:{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "bin/setup.sh", "run"], cwd=project, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


STEPS = [
    "Checking the system packages",
    "Installing the Python requirements (2 packages; the first time takes a minute or two)",
    "Collecting Django==5.2",
    "Compiling the translations",
    "Preparing the database (migrations)",
    "Collecting the static files",
    "Installation checked in",
]


def test_the_first_start_says_each_step_as_it_starts(project):
    out = _setup(project)
    positions = [out.find(step) for step in STEPS]
    assert -1 not in positions, out
    assert positions == sorted(positions), out
    calls = (project / "calls.log").read_text().splitlines()
    requirements = next(c for c in calls if "-r requirements.txt" in c)
    # pip shows its progress for the long install (only the upgrade of pip itself is quiet).
    assert "--quiet" not in requirements and "--progress-bar on" in requirements


def test_a_later_start_says_the_requirements_are_there(project):
    _setup(project)
    out = _setup(project)
    assert "Python requirements already installed" in out
    assert "Collecting Django" not in out
