"""The stylesheets and scripts, as the real server sends them to a room of phones: with the
digest of their content in their name, a far-future Cache-Control (each phone asks once), and
compressed copies made by collectstatic (Brotli, gzip) sent as such (issue 26)."""

import re
import urllib.request

from burraco_tourney import server_process

STATIC = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')


def _get(url: str, encoding: str):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.headers, response.read()


def test_static_files_are_cached_for_a_year_and_sent_compressed(tmp_path):
    port = server_process.free_port()
    # The login page reads no database: an empty file will do.
    env = {"SQLITE_PATH": str(tmp_path / "db.sqlite3"), "WEB_CONCURRENCY": "1"}
    server = server_process.start(port, env=env, ready="/accesso/")
    try:
        base = f"http://127.0.0.1:{port}"
        page = urllib.request.urlopen(base + "/accesso/", timeout=30).read().decode()
        assets = STATIC.findall(page)
        assert assets
        for asset in assets:
            assert re.search(r"\.[0-9a-f]{12}\.(css|js)$", asset), asset  # named by content
            headers, body = _get(base + asset, "br")
            assert headers["Content-Encoding"] == "br"
            max_age = int(re.search(r"max-age=(\d+)", headers["Cache-Control"]).group(1))
            assert max_age >= 365 * 24 * 3600 and "immutable" in headers["Cache-Control"]
            gzip_headers, gzipped = _get(base + asset, "gzip")
            assert gzip_headers["Content-Encoding"] == "gzip"
            plain_headers, plain = _get(base + asset, "identity")
            assert "Content-Encoding" not in plain_headers
            assert len(body) < len(plain) and len(gzipped) < len(plain)
    finally:
        server_process.stop(server)
