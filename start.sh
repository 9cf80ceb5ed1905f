#!/usr/bin/env bash
# Competition start script: ./start.sh HOST [PORT]. Starts the eleven agents in the background
# and remembers their process group, so that kill.sh ends exactly what this started. With
# DENONAO_MODE=penalty-kicker or penalty-goalie (start_penalty_*.sh) it starts that one player.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 HOST [PORT]" >&2
  exit 2
fi
host="$1"
port="${2:-3100}"
pidfile="$here/.run/team.pid"
mkdir -p "$here/.run"
if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
  echo "start.sh: a team started from here is still running (pid $(cat "$pidfile")); run kill.sh first" >&2
  exit 1
fi
# Run the deno binary itself (not the npx wrapper) in a session of its own: the recorded pid is
# then the process group of the launcher and its eleven agents. At competitions each agent runs
# in a process of its own (--processes), as the league's teams do and its rules long required.
# The competition bundle brings its own runtime (bin/deno); otherwise deno from PATH, or npx's.
if [ -x "$here/bin/deno" ]; then
  deno_bin="$here/bin/deno"
else
  deno_bin="$(command -v deno || true)"
fi
if [ -z "$deno_bin" ]; then
  deno_bin="$(npx -y deno@2 eval 'console.log(Deno.execPath())')"
fi
# The numeric core is built from core-as/ on first use (a fresh clone has none).
if [ ! -f "$here/core-as/build/core.wasm" ]; then
  "$deno_bin" run -A "$here/build.ts" >"$here/.run/build.log" 2>&1 ||
    { echo "start.sh: building core.wasm failed, see $here/.run/build.log" >&2; exit 1; }
fi
setsid nohup "$deno_bin" run --cached-only --allow-net --allow-read --allow-write --allow-run \
  "$here/src/tools/team.ts" --processes --mode "${DENONAO_MODE:-game}" "$host" "$port" \
  >"$here/.run/team.log" 2>&1 &
pid=$!
echo "$pid" >"$pidfile"
# A launcher that ends at once (bad flags, no server) is reported, not called started.
sleep 2
if ! kill -0 "$pid" 2>/dev/null; then
  echo "start.sh: the team ended at once; last lines of $here/.run/team.log:" >&2
  tail -n 5 "$here/.run/team.log" >&2
  rm -f "$pidfile"
  exit 1
fi
echo "team started (pid $pid), log in $here/.run/team.log"
