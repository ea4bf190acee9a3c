#!/usr/bin/env bash
# Runs every test: formatting and lints, the native tests (rules, engines, and the server on
# loopback, on SQLite and PostgreSQL), the wasm release build (and its size), then the browser
# tests in headless Chromium against that build. Every step is timed (scripts/steps.sh): the
# summary at the end, however the run ends, gives each step's seconds and result, and the
# counts of tests run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/steps.sh

# The fewest tests a run may count: a run that counts fewer fails (a test lost is no pass).
NATIVE_TESTS_AT_LEAST=465
BROWSER_TESTS_AT_LEAST=216
# Browser test files that wait on real time (clocks, heartbeats, a server's restart): they run
# beside the others. Files that assert how long something took run after both, alone.
WAITING=(online online-clocks lobby players proxy network)
TIMED=(analysis opponent)

finish() {
  local rc=$?
  scripts/postgres.sh stop
  # A CI clone removes what it built inside itself; the build folder outside it is kept.
  if [ -n "${CI:-}" ]; then rm -rf target dist tests/browser/artifacts; fi
  steps_summary "$rc"
}
trap finish EXIT

step setup scripts/setup.sh --browser
. scripts/env.sh
. scripts/build-folder.sh

step self-contained scripts/self-contained.sh
step format cargo fmt --check
postgres=$(scripts/postgres.sh start)
eval "$postgres"

# Incremental compilation's records serve a developer's next edit; a test run makes none, and
# its builds do less work without them.
export CARGO_INCREMENTAL=0

# The native side and the page are built and tested side by side, each in a build folder of its
# own (cargo builds one thing at a time in a folder): the page's link-time optimisation keeps
# one core busy alone for minutes, the native tests' compilations wait on one crate at times.
NATIVE=(--workspace --lib --tests)
# The native build is also clippy's check (`cargo clippy` runs rustc as clippy-driver, as here):
# every crate of the workspace is linted as it compiles, and a lint fails the build, so the
# dependencies are not compiled a second time only to be checked. The native side's steps and
# the browser tests (which ask cargo for the server binary) build with this one setting.
native_build() {
  export CARGO_TARGET_DIR="$build_folder/native"
  RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
  export RUSTC_WORKSPACE_WRAPPER
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
}
native_lane() {
  native_build
  # Each test in a process of its own (.config/nextest.toml).
  step native-build cargo nextest run "${NATIVE[@]}" --no-run
  # No test runs the examples: built (and so linted) in the tests' profile, with what it built.
  step examples cargo build -q --workspace --profile test --examples
  step native-tests cargo nextest run "${NATIVE[@]}"
  # The server's shared store and two instances on it, and the server killed as rated games
  # end, on a throwaway PostgreSQL.
  step native-postgres cargo nextest run "${NATIVE[@]}" --run-ignored only -E 'package(board-suite-server) & test(/postgres/)'
  # The one example in the documentation (cargo-nextest runs no doctests).
  step native-doc cargo test -q --workspace --doc
}
page_lane() {
  export CARGO_TARGET_DIR="$build_folder/page"
  step clippy-wasm cargo clippy -q -p board-suite --target wasm32-unknown-unknown -- -D warnings
  step page-build trunk build --release
  step size node scripts/size.mjs
}
lane native native_lane
lane page page_lane
lanes
# What nextest and the doctests said they ran.
ran() { sed -n "s/$2/\1/p" "$(step_log "$1")" | awk '{ s += $1 } END { print s + 0 }'; }
nextest_ran='.* \([0-9][0-9]*\) tests\{0,1\} run: .*'
native=$(($(ran native-tests "$nextest_ran") + $(ran native-postgres "$nextest_ran") \
  + $(ran native-doc '^test result: ok\. \([0-9][0-9]*\) passed.*')))
count "native tests run" "$native"

# The browser tests: the files that wait on real time, the timed ones, and the others.
browser_files() { for name in "$@"; do echo "tests/browser/$name.test.mjs"; done; }
mapfile -t waiting < <(browser_files "${WAITING[@]}")
mapfile -t timed < <(browser_files "${TIMED[@]}")
others=()
for file in tests/browser/*.test.mjs; do
  case " ${waiting[*]} ${timed[*]} " in *" $file "*) ;; *) others+=("$file") ;; esac
done
# The files that wait on real time, two at a time, beside the others one at a time, then the
# timed ones alone. (Run beside the native tests instead, two of the waiting files' tests failed:
# a server restarted too slowly, a lobby updated too late.) They use the server the native
# tests built.
native_build
lane browser-waiting node --test --test-concurrency=2 "${waiting[@]}"
lane browser node --test --test-concurrency=1 "${others[@]}"
lanes
step browser-timed node --test --test-concurrency=1 "${timed[@]}"
browser=0
for name in browser-waiting browser browser-timed; do
  browser=$((browser + $(ran "$name" '^[#ℹ] tests \([0-9][0-9]*\)$')))
done
count "browser tests run" "$browser"

# Nothing tested less than before.
fewer() {
  if [ "$native" -lt "$NATIVE_TESTS_AT_LEAST" ] || [ "$browser" -lt "$BROWSER_TESTS_AT_LEAST" ]; then
    echo "counts: $native native tests (at least $NATIVE_TESTS_AT_LEAST) and $browser browser tests (at least $BROWSER_TESTS_AT_LEAST) were run" >&2
    return 1
  fi
  echo "counts: $native native tests, $browser browser tests"
}
step counts fewer
