#!/usr/bin/env bash
# Shared installation step of ./bin/run and ./bin/test. Not meant to be called by hand.
#
#   bin/setup.sh run    system packages for the site, .venv, requirements, translations,
#                       database migrations and static files
#   bin/setup.sh test   the same but the database (the tests make their own), plus the
#                       packages the test suite needs (Chromium, pdftotext, PostgreSQL, Redis,
#                       HAProxy)
#
# Missing Debian packages are installed with apt-get when run as root; otherwise the script
# stops and prints the exact command to run.
set -euo pipefail
cd "$(dirname "$0")/.."

purpose=${1:-run}
# Every step says what it does as it starts: the first start takes a few minutes (packages,
# requirements, database) and a silent terminal looks stuck.
say() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
started=$SECONDS

# --- Python -----------------------------------------------------------------------------------
PYTHON=${PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "Python 3.11 or newer is needed: install the Debian package python3 (apt-get install python3)." >&2
  exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
  echo "Python 3.11 or newer is needed; $("$PYTHON" --version) was found." >&2
  exit 1
fi

# --- Debian packages --------------------------------------------------------------------------
say "Checking the system packages"
packages=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core gettext openssl)
if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
  pyver=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
  packages+=("python${pyver}-venv")
fi
if [ "$purpose" = test ]; then
  packages+=(chromium poppler-utils postgresql redis-server haproxy)
fi

if command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      say "Installing ${#missing[@]} Debian packages with apt-get (running as root), a few minutes: ${missing[*]}"
      export DEBIAN_FRONTEND=noninteractive
      say "  reading the package lists"
      apt-get update -qq
      say "  downloading and installing"
      apt-get install -y -q --no-install-recommends "${missing[@]}"
    else
      echo "These Debian packages are missing: ${missing[*]}" >&2
      echo "Install them, then run this command again:" >&2
      echo "    sudo apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
else
  say "Not a Debian system: make sure Pango, HarfBuzz, DejaVu fonts and gettext are installed."
fi

# --- Virtual environment ----------------------------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  say "Creating the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.requirements.sha256
wanted=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  count=$(grep -cE '^[A-Za-z0-9]' requirements.txt || true)
  say "Installing the Python requirements ($count packages; the first time takes a minute or two)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  # pip's own lines ("Collecting ...", the download bars) show it moving.
  .venv/bin/python -m pip install --disable-pip-version-check --progress-bar on -r requirements.txt
  echo "$wanted" > "$stamp"
else
  say "Python requirements already installed"
fi

# --- Django -----------------------------------------------------------------------------------
if ls burraco_tourney/locale/*/LC_MESSAGES/django.po >/dev/null 2>&1; then
  say "Compiling the translations"
  .venv/bin/python manage.py compilemessages --ignore .venv >/dev/null
fi
# The tests make their own databases (and migrate them): the site's database is for ./bin/run.
if [ "$purpose" = run ]; then
  say "Preparing the database (migrations)"
  .venv/bin/python manage.py migrate --no-input >/dev/null
  .venv/bin/python manage.py createcachetable
fi
say "Collecting the static files"
.venv/bin/python manage.py collectstatic --no-input >/dev/null
say "Installation checked in $((SECONDS - started)) s"
