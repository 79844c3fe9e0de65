"""Start the site's real server (gunicorn, as ``./bin/run`` does) as a child process.

For the tests and benchmarks that need the server itself rather than Django's test client: the
HTTPS test (``tests/security/test_https_lan.py``) and the room load benchmark
(``benchmarks/room_load.py``). Loopback only.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn_command(port: int, *, certfile: str = "", keyfile: str = "") -> list[str]:
    """The command line of ``bin/run``'s server, bound to 127.0.0.1:``port``."""
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "--config",
        "python:burraco_tourney.gunicorn_conf",
        f"--bind=127.0.0.1:{port}",
    ]
    if certfile:
        command += [f"--certfile={certfile}", f"--keyfile={keyfile}"]
    return [*command, "burraco_tourney.wsgi:application"]


def start(
    port: int, *, env: dict[str, str], certfile: str = "", keyfile: str = "", ready: str = "/"
) -> subprocess.Popen:
    """Start the server with ``env`` added to this process's environment; return once it
    answers ``ready`` (or raise, having stopped it)."""
    process = subprocess.Popen(
        gunicorn_command(port, certfile=certfile, keyfile=keyfile),
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
    )
    scheme = "https" if certfile else "http"
    context = None
    if certfile:
        import ssl

        context = ssl.create_default_context(cafile=certfile)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped at once (exit status {process.returncode})")
        try:
            with urllib.request.urlopen(
                f"{scheme}://127.0.0.1:{port}{ready}", timeout=5, context=context
            ):
                return process
        except urllib.error.HTTPError:  # it answers, if not with the page: the caller will see
            return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    stop(process)
    raise RuntimeError("the server did not answer within 60 seconds")


def stop(process: subprocess.Popen) -> None:
    """Stop the server (gunicorn stops its workers on SIGTERM)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
