#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The committed benchmark report (docs/report) is what its committed data
# says: scripts/report/render.py renders docs/report/data again into
# build/report-test, report_check.py holds that page and its charts to the
# data, and the page and every chart must equal docs/report's byte for byte
# (so no figure on them was written by hand).  Needs nothing outside the checkout;
# measuring a subset again with the outside instruction-count tools is
# test/report/report_measure_test.sh (scripts/long-runs.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=$root/build/report-test
rm -rf "$out"
mkdir -p "$out"
cp -r docs/report/data "$out/data"
/usr/bin/python3 scripts/report/render.py "$out"
mapfile -t classes < <(cd docs/report/data && ls *.txt | sed -n 's/\.txt$//p' | grep -vx 'meta\|anchors' | grep -v '^cycles-')
/usr/bin/python3 test/report/report_check.py "$out" "${classes[@]}"
if ! cmp -s "$out/index.md" docs/report/README.md; then
  diff -u docs/report/README.md "$out/index.md" | head -40
  echo "report_test: docs/report/README.md is not the page its data renders to" >&2
  exit 1
fi
for png in "$out"/*.png; do
  cmp -s "$png" "docs/report/$(basename "$png")" ||
    { echo "report_test: docs/report/$(basename "$png") is not the chart its data renders to" \
        "(scripts/report.sh --rerender)" >&2; exit 1; }
done
echo "report_test: docs/report is its data's page and charts (${#classes[@]} classes)"
