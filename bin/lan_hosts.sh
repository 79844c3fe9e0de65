#!/usr/bin/env bash
# Print this machine's own host names and addresses, comma separated, for ALLOWED_HOSTS in
# ./bin/run --lan: a request that names any other host is refused. IPv6 addresses in brackets.
#
#   bin/lan_hosts.sh --listen   the addresses ./bin/run --lan listens on (it binds 0.0.0.0:
#                               IPv4 only), one a line: the ones it may tell phones to open
set -euo pipefail
if [ "${1:-}" = --listen ]; then
  for a in $(hostname -I 2>/dev/null || true); do
    case "$a" in *:*) ;; *) echo "$a" ;; esac
  done
  exit 0
fi
hosts="$(hostname),$(hostname).local"
for a in $(hostname -I 2>/dev/null || true); do
  case "$a" in *:*) hosts="$hosts,[$a]" ;; *) hosts="$hosts,$a" ;; esac
done
echo "$hosts"
