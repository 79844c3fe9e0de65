#!/usr/bin/env bash
# Print this machine's own host names and addresses, comma separated, for ALLOWED_HOSTS in
# ./bin/run --lan: a request that names any other host is refused. IPv6 addresses in brackets.
set -euo pipefail
hosts="$(hostname),$(hostname).local"
for a in $(hostname -I 2>/dev/null || true); do
  case "$a" in *:*) hosts="$hosts,[$a]" ;; *) hosts="$hosts,$a" ;; esac
done
echo "$hosts"
