# Sourced by scripts/test.sh: chooses cargo's build folder and checks the disk before building.
#
# The folder is kept outside the clone, so that a machine's next run (another clone, the next
# commit) reuses whatever did not change: cargo's own fingerprints decide what is rebuilt, as
# they do in any build folder, so a stale folder costs time, never a result. `BUILD_FOLDER`
# names it (`BUILD_FOLDER=target` builds in the clone); one run at a time holds it, and a run
# that finds it held builds in the clone's own folder rather than wait. When the disk runs low
# the kept folder is removed, saying so, and a disk too full for a build from nothing is said
# in words before anything is built.

# A build from nothing writes about 4 GB (docs/development.md, "Testing"): twice that, to be safe.
BUILD_NEEDS_GB=${BUILD_NEEDS_GB:-8}

free_gb() {
  local dir=$1
  while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
  df -Pk "$dir" | awk 'NR == 2 { print int($4 / 1048576) }'
}

build_folder=${BUILD_FOLDER:-${XDG_CACHE_HOME:-$HOME/.cache}/board-suite/target}
case "$build_folder" in /*) ;; *) build_folder="$PWD/$build_folder" ;; esac
if [ "$build_folder" != "$PWD/target" ]; then
  mkdir -p "$(dirname "$build_folder")"
  exec 9>"$build_folder.lock"
  if ! flock -n 9; then
    echo "build folder: $build_folder is in use by another run; building in this clone's own folder"
    build_folder="$PWD/target"
  fi
fi
if [ "$(free_gb "$build_folder")" -lt "$BUILD_NEEDS_GB" ] && [ "$build_folder" != "$PWD/target" ] && [ -d "$build_folder" ]; then
  echo "build folder: $(free_gb "$build_folder") GB free, under the $BUILD_NEEDS_GB GB a build from nothing needs: removing the kept folder $build_folder"
  rm -rf "$build_folder"
fi
if [ "$(free_gb "$build_folder")" -lt "$BUILD_NEEDS_GB" ]; then
  echo "build folder: only $(free_gb "$build_folder") GB free on the disk of $build_folder; a build from nothing needs about $BUILD_NEEDS_GB GB. Free some space (old clones, old build folders) and run again." >&2
  exit 1
fi
if [ -d "$build_folder" ]; then
  echo "build folder: $build_folder (kept: cargo rebuilds what changed); $(free_gb "$build_folder") GB free"
else
  echo "build folder: $build_folder (new: a build from nothing); $(free_gb "$build_folder") GB free"
fi
mkdir -p "$build_folder"
export CARGO_TARGET_DIR="$build_folder"
# The page's optimised wasm, kept by the hash of what went in (scripts/wasm-opt.mjs).
export WASM_OPT_CACHE="$build_folder/wasm-opt"
