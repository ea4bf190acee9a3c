# Sourced by scripts/test.sh: runs the test command's steps, times each (the seconds it took,
# and the processor's seconds its processes used: two cores give up to twice the first), and
# prints a summary table when the command ends, however it ends (a failing step is named
# there).
#   step <name> <command...>        runs a step; a failure ends the test command (or its lane)
#   lane <name> <command...>        starts a command in the background (a shell function of
#                                   steps, say), its output kept in a log
#   lanes                           waits for the lanes, prints each one's log as it ends,
#                                   and ends the test command if any failed
#   step_log <name>                 the file that holds a step's or a lane's output
#   count <what> <number>           a figure the summary prints (the tests run, say)
#   steps_summary <status>          the table, from the command's EXIT trap

STEPS_LOGS=$(mktemp -d -t board-suite-steps.XXXXXX)
# One line a step, written as it ends (lanes are subshells: their steps write here too).
STEPS_RECORDS="$STEPS_LOGS/records"
STEPS_COUNTS="$STEPS_LOGS/counts"
: >"$STEPS_RECORDS"
: >"$STEPS_COUNTS"
STEPS_START=$(date +%s%N)
LANE_PIDS=()
LANE_NAMES=()

steps_now() { date +%s%N; }
# The processor's seconds (user and system) of this shell's ended child processes so far, in
# STEPS_CPU (`times` is asked in this shell itself: a command substitution's subshell has its
# own).
steps_cpu() {
  local file="$STEPS_LOGS/times.$BASHPID"
  times >"$file"
  STEPS_CPU=$(awk 'NR == 2 {
    n = split($1 " " $2, t, " "); s = 0
    for (i = 1; i <= n; i++) { split(t[i], ms, "m"); s += ms[1] * 60 + ms[2] }
    printf "%.1f", s }' "$file")
}
steps_since() { awk -v ns=$(($(steps_now) - $1)) 'BEGIN { printf "%.1f", ns / 1e9 }'; }
# name, start (ns), processor seconds before, exit status
steps_record() {
  local result
  steps_cpu
  if [ "$4" = 0 ]; then result=ok; else result="FAILED (exit $4)"; fi
  printf '%s\t%s\t%s\t%s\n' "$1" "$(steps_since "$2")" "$(awk -v a="$3" -v b="$STEPS_CPU" 'BEGIN { printf "%.1f", b - a }')" \
    "$result" >>"$STEPS_RECORDS"
}

step() {
  local name=$1 start cpu rc
  shift
  echo "== step $name: $*"
  start=$(steps_now)
  steps_cpu
  cpu=$STEPS_CPU
  set +e
  "$@" 2>&1 | tee "$STEPS_LOGS/$name.log"
  rc=${PIPESTATUS[0]}
  set -e
  steps_record "$name" "$start" "$cpu" "$rc"
  [ "$rc" = 0 ] || exit "$rc"
}

lane() {
  local name=$1
  shift
  echo "== lane $name started: $*"
  LANE_NAMES+=("$name")
  (
    start=$(steps_now)
    steps_cpu
    cpu=$STEPS_CPU
    rc=0
    # In a subshell of its own: a failing step exits it, and the lane's end is still recorded.
    ("$@") || rc=$?
    steps_record "lane $name" "$start" "$cpu" "$rc"
    exit "$rc"
  ) >"$STEPS_LOGS/$name.log" 2>&1 &
  LANE_PIDS+=($!)
}

lanes() {
  local failed=0 i pid rc
  while [ "${#LANE_PIDS[@]}" -gt 0 ]; do
    # The next lane to end, whichever it is.
    wait -n -p pid "${LANE_PIDS[@]}" && rc=0 || rc=$?
    for i in "${!LANE_PIDS[@]}"; do
      [ "${LANE_PIDS[$i]}" = "$pid" ] || continue
      echo "== lane ${LANE_NAMES[$i]} ended (exit $rc); its output:"
      cat "$STEPS_LOGS/${LANE_NAMES[$i]}.log"
      [ "$rc" = 0 ] || failed=$rc
      unset "LANE_PIDS[$i]" "LANE_NAMES[$i]"
    done
  done
  [ "$failed" = 0 ] || exit "$failed"
}

step_log() { echo "$STEPS_LOGS/$1.log"; }

count() { printf '%s\t%s\n' "$1" "$2" >>"$STEPS_COUNTS"; }

steps_summary() {
  local rc=${1:-$?} pid
  # A lane still running when the command ends (another step failed) is stopped.
  for pid in "${LANE_PIDS[@]}"; do kill -- "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo
  echo "== summary"
  printf '%-24s %9s %9s  %s\n' step seconds cpu result
  while IFS=$'\t' read -r name seconds cpu result; do
    printf '%-24s %9s %9s  %s\n' "$name" "$seconds" "$cpu" "$result"
  done <"$STEPS_RECORDS"
  steps_cpu
  printf '%-24s %9s %9s  %s\n' total "$(steps_since "$STEPS_START")" "$STEPS_CPU" \
    "$([ "$rc" = 0 ] && echo ok || echo "FAILED (exit $rc)")"
  while IFS=$'\t' read -r name value; do
    printf '%-24s %9s\n' "$name" "$value"
  done <"$STEPS_COUNTS"
  rm -rf "$STEPS_LOGS"
}
