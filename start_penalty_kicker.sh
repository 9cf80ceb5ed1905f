#!/usr/bin/env bash
# Competition start script for the penalty shoot-out's kicker: ./start_penalty_kicker.sh HOST [PORT].
# Starts one agent in the background, as start.sh does; kill.sh ends it.
exec env DENONAO_MODE=penalty-kicker "$(cd "$(dirname "$0")" && pwd)/start.sh" "$@"
