#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The differential fuzzers for longer than the test command gives them:
#   scripts/fuzz-long.sh [SECONDS] [FAMILY...]
# (default 1800 s each, every family: cipher aead digest mac mlkem), two at
# a time, from the corpus earlier runs left in build/fuzz/work.  Each
# family's executions and coverage are printed; a finding leaves its input
# in build/fuzz/work/FAMILY-crashes (add it to test/fuzz/regressions/FAMILY
# once fixed, so the test command replays it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-1800}
shift || true
families=("$@")
[ ${#families[@]} -gt 0 ] || families=(cipher aead digest mac mlkem)
scripts/install-deps.sh native
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
failed=0
run() {
  test/fuzz/run_fuzzer.sh "build/fuzz/test/fuzz/fuzz_$1" "$1" "$seconds" build/fuzz/test/fuzz/work \
    >"build/fuzz/fuzz-long-$1.txt" 2>&1
}
pids=()
for f in "${families[@]}"; do
  run "$f" &
  pids+=("$!:$f")
  if [ ${#pids[@]} -ge 2 ]; then
    entry=${pids[0]}
    wait "${entry%%:*}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for entry in "${pids[@]}"; do wait "${entry%%:*}" || failed=1; done
for f in "${families[@]}"; do echo "== $f"; cat "build/fuzz/fuzz-long-$f.txt"; done
exit $failed
