#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The benchmark report measured again on a subset (a long run,
# scripts/long-runs.sh: it needs the outside instruction-count tools,
# scripts/lib/icount_tool.sh): scripts/report.sh for
# every CPU class with two operations at two sizes and the 16 KiB kernel
# benchmarks, then report_check.py holds the page and charts to the data,
# and one cell is measured again with vs.sh on its own: the report's
# count must be that measurement (within 1 %: counts move by a few
# instructions with the environment's size).  The full report is
# `scripts/report.sh` (a long run).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=$root/build/report-test
classes="reference cortex-a53 no-crypto"
REPORT_DIR=$out REPORT_CLASSES=$classes REPORT_SIZES="64 16384" \
  REPORT_ROWS="aead-rec-enc AES-128-GCM;digest SHA512" REPORT_BENCH='(/16384|key-schedule-enc/16)$' \
  REPORT_BENCH_MIN_TIME=0.01 scripts/report.sh
# shellcheck disable=SC2086
/usr/bin/python3 test/report/report_check.py "$out" $classes
# The cortex-a53 SHA-512 16 KiB cell again, alone.
again=$(scripts/icount/vs.sh cortex-a53 "digest SHA512" 16384 | tail -1)
cell=$(awk '$1 == "digest" && $2 == "SHA512" && $3 == 16384' "$out/data/cortex-a53.txt")
echo "report_test: alone:     $again"
echo "report_test: in report: $cell"
read -r -a a <<<"$again"
read -r -a c <<<"$cell"
for i in 3 4 5 6; do
  awk -v x="${a[$i]}" -v y="${c[$i]}" 'BEGIN{d = x - y; if (d < 0) d = -d; exit !(y > 0 && d <= 0.01 * y)}' || {
    echo "report_test: column $i: report ${c[$i]}, measured alone ${a[$i]}" >&2
    exit 1
  }
done
echo "report_test: report matches its data and a measurement on its own"
