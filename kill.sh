#!/usr/bin/env bash
# Competition kill script: ends the process group that start.sh started (the launcher and its
# eleven agents) and nothing else.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pidfile="$here/.run/team.pid"
if [ ! -f "$pidfile" ]; then
  echo "kill.sh: no team started from here" >&2
  exit 0
fi
pid="$(cat "$pidfile")"
if kill -0 -- "-$pid" 2>/dev/null; then
  kill -TERM -- "-$pid"
  for _ in $(seq 50); do
    kill -0 -- "-$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 -- "-$pid" 2>/dev/null && kill -KILL -- "-$pid"
fi
rm -f "$pidfile"
echo "team stopped"
