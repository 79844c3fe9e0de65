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
        '{% load i18n %}{% translate "A woman and a man: 80 euro, 5% of the fund, a cup." %}'
    )
    with translation.override("it"):
        assert (
            page.render(Context())
            == "Una donna e un uomo: 80 euro, il 5% del montepremi, una coppa."
        )
