# Sourced by scripts/test.sh: runs the test command's steps, times each (the seconds it took,
# and the processor's seconds its processes used: two cores give up to twice the first), and
# prints a summary table when the command ends, however it ends (a failing step is named
# there).
#   step <name> <command...>        runs a step; a failure ends the test command
#   lane <name> <command...>        starts a step in the background, its output kept in a log
#   lanes                           waits for the lanes, prints each one's log as it ends,
#                                   and ends the test command if any failed
#   count <what> <number>           a figure the summary prints (the tests run, say)
#   step_log <name>                 the file that holds a step's or a lane's output
#   steps_summary <status>          the table, from the command's EXIT trap

STEP_NAMES=()
STEP_SECONDS=()
STEP_CPU=()
STEP_RESULTS=()
COUNT_NAMES=()
COUNT_VALUES=()
LANE_PIDS=()
LANE_NAMES=()
LANE_LOGS=()
LANE_STARTS=()
STEPS_START=$(date +%s%N)
STEPS_LOGS=$(mktemp -d -t board-suite-steps.XXXXXX)

steps_now() { date +%s%N; }
steps_seconds() { awk -v ns="$1" 'BEGIN { printf "%.1f", ns / 1e9 }'; }
# The processor's seconds (user and system) of this shell's ended child processes so far
# (`times` is asked in this shell itself: a command substitution's subshell has its own).
steps_cpu() {
  times >"$STEPS_LOGS/times.$BASHPID"
  awk 'NR == 2 {
    n = split($1 " " $2, t, " "); s = 0
    for (i = 1; i <= n; i++) { split(t[i], ms, "m"); s += ms[1] * 60 + ms[2] }
    printf "%.1f", s }' "$STEPS_LOGS/times.$BASHPID"
}
# name, nanoseconds, processor seconds, result
steps_record() {
  STEP_NAMES+=("$1")
  STEP_SECONDS+=("$(steps_seconds "$2")")
  STEP_CPU+=("$3")
  STEP_RESULTS+=("$4")
}

step() {
  local name=$1 start cpu rc=0
  shift
  echo "== step $name: $*"
  start=$(steps_now)
  steps_cpu >"$STEPS_LOGS/cpu"
  set +e
  "$@" 2>&1 | tee "$STEPS_LOGS/$name.log"
  rc=${PIPESTATUS[0]}
  set -e
  steps_cpu >"$STEPS_LOGS/cpu-after"
  cpu=$(awk 'NR == FNR { a = $1; next } { printf "%.1f", $1 - a }' "$STEPS_LOGS/cpu" "$STEPS_LOGS/cpu-after")
  if [ "$rc" = 0 ]; then
    steps_record "$name" $(($(steps_now) - start)) "$cpu" ok
  else
    steps_record "$name" $(($(steps_now) - start)) "$cpu" "FAILED (exit $rc)"
    exit "$rc"
  fi
}

lane() {
  local name=$1
  shift
  echo "== lane $name started: $*"
  LANE_NAMES+=("$name")
  LANE_LOGS+=("$STEPS_LOGS/$name.log")
  LANE_STARTS+=("$(steps_now)")
  # The lane's own processor seconds, written by the lane's shell as it ends.
  ( rc=0; "$@" || rc=$?; steps_cpu >"$STEPS_LOGS/$name.cpu"; exit "$rc" ) >"$STEPS_LOGS/$name.log" 2>&1 &
  LANE_PIDS+=($!)
}

lanes() {
  local failed=0 left=${#LANE_PIDS[@]} i pid rc
  while [ "$left" -gt 0 ]; do
    # The next lane to end, whichever it is.
    wait -n -p pid "${LANE_PIDS[@]}" && rc=0 || rc=$?
    for i in "${!LANE_PIDS[@]}"; do
      [ "${LANE_PIDS[$i]}" = "$pid" ] || continue
      echo "== lane ${LANE_NAMES[$i]} ended (exit $rc); its output:"
      cat "${LANE_LOGS[$i]}"
      local cpu
      cpu=$(cat "$STEPS_LOGS/${LANE_NAMES[$i]}.cpu" 2>/dev/null || echo '?')
      if [ "$rc" = 0 ]; then
        steps_record "${LANE_NAMES[$i]}" $(($(steps_now) - LANE_STARTS[i])) "$cpu" ok
      else
        steps_record "${LANE_NAMES[$i]}" $(($(steps_now) - LANE_STARTS[i])) "$cpu" "FAILED (exit $rc)"
        failed=$rc
      fi
      unset "LANE_PIDS[$i]"
    done
    left=$((left - 1))
  done
  LANE_PIDS=()
  [ "$failed" = 0 ] || exit "$failed"
}

step_log() { echo "$STEPS_LOGS/$1.log"; }

count() {
  COUNT_NAMES+=("$1")
  COUNT_VALUES+=("$2")
}

# The summary, for the test command's EXIT trap; $1 is the command's exit status.
steps_summary() {
  local rc=${1:-$?} i pid
  # A lane still running when the command ends (another step failed) is stopped.
  for pid in "${LANE_PIDS[@]}"; do kill -- "$pid" 2>/dev/null || true; done
  echo
  echo "== summary"
  printf '%-24s %9s %9s  %s\n' step seconds cpu result
  for i in "${!STEP_NAMES[@]}"; do
    printf '%-24s %9s %9s  %s\n' "${STEP_NAMES[$i]}" "${STEP_SECONDS[$i]}" "${STEP_CPU[$i]}" "${STEP_RESULTS[$i]}"
  done
  steps_cpu >"$STEPS_LOGS/cpu"
  printf '%-24s %9s %9s  %s\n' total "$(steps_seconds $(($(steps_now) - STEPS_START)))" "$(cat "$STEPS_LOGS/cpu")" \
    "$([ "$rc" = 0 ] && echo ok || echo "FAILED (exit $rc)")"
  for i in "${!COUNT_NAMES[@]}"; do
    printf '%-24s %9s\n' "${COUNT_NAMES[$i]}" "${COUNT_VALUES[$i]}"
  done
  rm -rf "$STEPS_LOGS"
}
