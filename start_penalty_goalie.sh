#!/usr/bin/env bash
# Competition start script for the penalty shoot-out's goalie: ./start_penalty_goalie.sh HOST [PORT].
# Starts one agent in the background, as start.sh does; kill.sh ends it.
exec env DENONAO_MODE=penalty-goalie "$(cd "$(dirname "$0")" && pwd)/start.sh" "$@"
