"""The Italian catalog is complete: Italian is the interface's first language."""

import shutil
import subprocess
from pathlib import Path

import pytest

CATALOG = Path(__file__).resolve().parents[2] / "burraco_tourney/locale/it/LC_MESSAGES/django.po"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_every_message_has_an_italian_translation_and_valid_placeholders():
    result = subprocess.run(
        ["msgfmt", "--check-format", "--statistics", "-o", "/dev/null", str(CATALOG)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr
    assert "translated message" in result.stderr
