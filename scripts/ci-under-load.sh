#!/usr/bin/env bash
# Proof that CI does not race the clock: runs `.ci/run` from a fresh clone of this repository's
# HEAD while two busy processes keep two cores fully loaded, RUNS times (default 3), each bounded
# by LIMIT_MINUTES (default 90, CI's own limit). Prints one line per run and exits non-zero unless
# every run passed.
#   bash scripts/ci-under-load.sh            # 3 runs
#   RUNS=1 bash scripts/ci-under-load.sh     # one run
# MongoDB's conformance tests are read from beside the repository, as in CI; without them that
# step is skipped (docs/testing.md).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-3}"
limit="${LIMIT_MINUTES:-90}"
work="$(mktemp -d "${TMPDIR:-/tmp}/ci-under-load.XXXXXX")"
if [ -d "$repo/../shared" ]; then ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"; fi

busy=()
stop_busy() {
  [ ${#busy[@]} -gt 0 ] && kill "${busy[@]}" 2>/dev/null || true
}
trap 'stop_busy; rm -rf "$work"' EXIT
for _ in 1 2; do
  # a core kept at 100% by a process that never yields
  node -e 'for (;;) {}' &
  busy+=($!)
done

passed=0
for i in $(seq 1 "$runs"); do
  rm -rf "$work/repo"
  git clone -q "$repo" "$work/repo"
  started=$(date +%s)
  if (cd "$work/repo" && timeout "${limit}m" bash .ci/run >"$work/run-$i.log" 2>&1); then
    result=passed
    passed=$((passed + 1))
  else
    result="FAILED (log: last lines below)"
  fi
  echo "run $i/$runs: $result in $((($(date +%s) - started) / 60)) min ($(grep -E '[0-9]+ passed, [0-9]+ failed' "$work/run-$i.log" | tail -1))"
  [ "$result" = passed ] || tail -40 "$work/run-$i.log"
done
echo "$passed of $runs runs passed under load (2 busy processes on $(nproc) cores)"
[ "$passed" -eq "$runs" ]
