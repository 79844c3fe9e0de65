"""``./bin/run --lan --https``: the site served over TLS with a self-signed certificate by the
same gunicorn server as always, without any system service (issue 11, item 9; issue 13)."""

import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest

from burraco_tourney import server_process

RUN = (Path(__file__).resolve().parents[2] / "bin" / "run").read_text()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_the_login_page_is_served_over_https(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=test", "-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    port = server_process.free_port()
    # The login page reads no database: an empty file will do.
    env = {"SQLITE_PATH": str(tmp_path / "db.sqlite3"), "WEB_CONCURRENCY": "1"}
    server = server_process.start(
        port, env=env, certfile=str(cert), keyfile=str(key), ready="/accesso/"
    )
    try:
        context = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/accesso/", context=context) as r:
            assert r.status == 200
            assert "Accesso arbitro" in r.read().decode()
        # Plain HTTP to the HTTPS port gets no page.
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/accesso/", timeout=5).read()
    finally:
        server_process.stop(server)


def test_bin_run_serves_with_gunicorn_over_http_and_https():
    assert "gunicorn --config python:burraco_tourney.gunicorn_conf" in RUN
    assert "--certfile=.tls/cert.pem --keyfile=.tls/key.pem" in RUN


def test_lan_mode_allows_only_this_machines_own_names_and_addresses():
    root = Path(__file__).resolve().parents[2]
    hosts = (
        subprocess.run(
            ["bash", "bin/lan_hosts.sh"], cwd=root, capture_output=True, text=True, check=True
        )
        .stdout.strip()
        .split(",")
    )
    own = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    assert "*" not in hosts
    assert {f"[{a}]" if ":" in a else a for a in own} <= set(hosts)
    assert len(hosts) == len(own) + 2  # and the machine's name, with and without .local
    assert "bin/lan_hosts.sh" in RUN and "clear text" in RUN
