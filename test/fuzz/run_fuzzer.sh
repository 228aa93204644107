#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run_fuzzer.sh FUZZER FAMILY SECONDS WORKDIR: runs one differential fuzzer
# from the project root: first every input of test/fuzz/regressions/FAMILY
# (each must pass), then fuzzing for SECONDS from a corpus seeded from
# test/vectors (make_seeds.py) and the regression inputs, kept in
# WORKDIR/FAMILY between runs.  Prints the executions and the coverage
# libFuzzer reports; a finding leaves its input in WORKDIR/FAMILY-crashes.
# FUZZ_LAUNCHER, if set, starts the fuzzer (an OpenSSL runtime's `run`).
set -euo pipefail
fuzzer=$1 family=$2 seconds=$3 work=$4
launch=()
[ -z "${FUZZ_LAUNCHER:-}" ] || launch=("$FUZZ_LAUNCHER")
root=$(pwd)
corpus=$work/$family
crashes=$work/$family-crashes
mkdir -p "$corpus" "$crashes"
"${PYTHON:-python3}" "$root/test/fuzz/make_seeds.py" "$family" "$root/test/vectors" "$corpus"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
regressions=$root/test/fuzz/regressions/$family
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
  "${launch[@]}" "$fuzzer" -runs=0 "$regressions"/* 2>&1 | tail -n 3
  echo "run_fuzzer: $(ls "$regressions" | wc -l) regression input(s) of $family pass"
  cp -n "$regressions"/* "$corpus"/ 2>/dev/null || true
fi
log=$work/$family.log
set +e
"${launch[@]}" "$fuzzer" -max_total_time="$seconds" -print_final_stats=1 -timeout=25 -rss_limit_mb=4096 \
  -max_len=8192 -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1
rc=$?
set -e
grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)" "$log" | tail -n 2 || true
grep -E "stat::number_of_executed_units|stat::peak_rss_mb|^fuzz_mlkem:" "$log" || true
if [ $rc -ne 0 ]; then
  tail -n 60 "$log"
  echo "run_fuzzer: $family FAILED (input in $crashes)"
  exit 1
fi
echo "run_fuzzer: $family ran ${seconds}s with no finding"
