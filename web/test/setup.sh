#!/bin/sh
# setup.sh DIR: installs what the web tests use from the npm registry
# (web/test/package.json, pinned by package-lock.json: playwright-core,
# typescript) into DIR/node_modules, outside the source tree; again only
# when the lock file changed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
mkdir -p "$dir"
if [ -d "$dir/node_modules" ] && cmp -s "$here/package-lock.json" "$dir/package-lock.json"; then
  exit 0
fi
cp "$here/package.json" "$here/package-lock.json" "$dir/"
(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
echo "web: test tools in $dir/node_modules"
