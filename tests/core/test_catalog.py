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


def test_a_template_text_with_a_percent_sign_is_shown_in_italian():
    # The translate tag looks a text up with its "%" written "%%" (as makemessages writes it).
    from django.template import Context, Template
    from django.utils import translation

    page = Template(
        '{% load i18n %}{% translate "Each line is one category: its name, who can win it, its '
        "prizes from the first place down, separated by “|”. Prizes are separated by “;”: an "
        'amount in euro, a share of the fund with “%”, or any other text for an object." %}'
    )
    with translation.override("it"):
        assert "una quota del montepremi con “%”, o qualunque" in page.render(Context())
