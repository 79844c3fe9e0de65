"""The servers of ``benchmarks.room_load --servers 2``: a federation server in small, on this
machine. N application servers (gunicorn, as ``./bin/run`` starts it) share one database and a
throw-away Redis (REDIS_URL: the public pages built once for all), behind HAProxy (Debian's
``haproxy``), which shares the phones' requests between them (round robin). Loopback only."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from burraco_tourney import server_process


def start_redis(folder: str) -> tuple[subprocess.Popen, str]:
    """A Redis that writes nothing to disk, on a free port; its process and URL."""
    if shutil.which("redis-server") is None:
        raise SystemExit("--servers needs Redis: apt-get install redis-server")
    port = server_process.free_port()
    process = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            folder,
        ],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return process, f"redis://127.0.0.1:{port}/0"


HAPROXY = """global
  maxconn 8192
defaults
  mode http
  option http-keep-alive
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend room
  bind 127.0.0.1:{port}
  default_backend servers
backend servers
  balance roundrobin
{servers}
"""


def start_proxy(ports: list[int]) -> tuple[subprocess.Popen, int]:
    """HAProxy in front of the servers on ``ports``; its process and port."""
    if shutil.which("haproxy") is None:
        raise SystemExit("--servers needs HAProxy: apt-get install haproxy")
    port = server_process.free_port()
    servers = "\n".join(f"  server s{i} 127.0.0.1:{p}" for i, p in enumerate(ports, start=1))
    config = Path(tempfile.mkdtemp(prefix="burraco-proxy-")) / "haproxy.cfg"
    config.write_text(HAPROXY.format(port=port, servers=servers))
    process = subprocess.Popen(["haproxy", "-db", "-f", str(config)], stdout=subprocess.DEVNULL)
    time.sleep(0.5)
    if process.poll() is not None:
        raise SystemExit(f"HAProxy stopped at once (see {config})")
    return process, port
