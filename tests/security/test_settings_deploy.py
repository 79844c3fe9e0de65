"""The settings a federation's server needs: every environment variable is documented, and the
README's production values pass ``check --deploy`` without a warning."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
SETTINGS = (ROOT / "burraco_tourney" / "settings.py").read_text()

READS = re.compile(
    r"""(?:os\.environ\.get|os\.environ\[|_env_flag|_env_int|_env_list)\(?\s*["']([A-Z_]+)["']"""
)


def _production_values() -> dict[str, str]:
    block = re.search(r"```bash\n# production values\n(.*?)```", README, re.S)
    assert block, "the README has no block of production values"
    pairs = (line.split("=", 1) for line in block.group(1).splitlines() if "=" in line)
    return {name.strip(): value.strip() for name, value in pairs}


def test_every_variable_the_settings_read_is_in_the_readme_table():
    names = set(READS.findall(SETTINGS))
    assert {"DATABASE_URL", "HTTPS_PROXY", "SECURE_COOKIES", "LOGIN_FAILURE_LIMIT"} <= names
    table = set(re.findall(r"^\| `([A-Z_]+)` \|", README, re.M))
    assert names <= table, f"not in the README's settings table: {sorted(names - table)}"


def test_check_deploy_gives_no_warning_with_the_documented_production_values():
    env = {
        key: value
        for key, value in os.environ.items()
        # The browser tests allow Django's ORM in Playwright's event loop for the whole test
        # process; a server never has that switch, so the check runs without it.
        if key not in {"DJANGO_DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
        and not key.startswith("SECURE_")
    }
    env.update(_production_values())
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
