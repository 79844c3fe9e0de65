"""``./bin/run --lan --https``: the site served over TLS with a self-signed certificate by the
``serve_https`` command, without any system service (issue 11, item 9)."""

import shutil
import ssl
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from burraco_tourney.core.management.commands.serve_https import Command

RUN = (Path(__file__).resolve().parents[2] / "bin" / "run").read_text()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
@pytest.mark.django_db(transaction=True)
def test_the_login_page_is_served_over_https(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=test", "-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    command = Command()
    options = {"listen": "127.0.0.1:0", "cert": str(cert), "key": str(key), "threads": 2}
    thread = threading.Thread(target=command.handle, kwargs=options, daemon=True)
    thread.start()
    for _ in range(100):
        server = getattr(command, "server", None)
        if server is not None and server.ready:
            break
        time.sleep(0.05)
    try:
        port = command.server.bind_addr[1]
        context = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/accesso/", context=context) as r:
            assert r.status == 200
            assert "Accesso arbitro" in r.read().decode()
    finally:
        command.server.stop()
        thread.join(10)


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
