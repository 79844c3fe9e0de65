"""Serve the site over HTTPS with a certificate of its own (``./bin/run --https``).

waitress, the everyday server, speaks plain HTTP only; on a club's Wi-Fi that sends the
director's password in clear text to anyone listening. This command serves the same WSGI
application with cheroot (pure Python, no system service) and Python's own TLS, using the
certificate and key ``bin/run`` makes once with openssl (self-signed: browsers warn the first
time; compare the fingerprint ``bin/run`` prints).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Serve the site over HTTPS with the given certificate and key (cheroot)."

    def add_arguments(self, parser):
        parser.add_argument("--listen", default="127.0.0.1:8443", help="address:port")
        parser.add_argument("--cert", required=True, help="PEM certificate")
        parser.add_argument("--key", required=True, help="PEM private key")
        parser.add_argument("--threads", type=int, default=8)

    def handle(self, *args, listen, cert, key, threads, **options):
        from cheroot import wsgi
        from cheroot.ssl.builtin import BuiltinSSLAdapter

        from burraco_tourney.wsgi import application

        host, _, port = listen.rpartition(":")
        if not host or not port.isdigit():
            raise CommandError(f"--listen must be address:port, not {listen!r}")
        server = wsgi.Server((host.strip("[]"), int(port)), application, numthreads=threads)
        server.ssl_adapter = BuiltinSSLAdapter(cert, key)
        self.server = server  # lets a test stop it
        try:
            server.start()
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
