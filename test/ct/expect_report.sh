#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# expect_report.sh KIND FUNCTION -- VALGRIND-COMMAND...
# Runs the command (valgrind ... program args) and passes only if valgrind
# failed it with the check's error exit code (99) because of the expected
# report: KIND "branch" = "Conditional jump or move depends on uninitialised
# value(s)", KIND "index" = "Use of uninitialised value of size", in
# FUNCTION, traced to the secret() client request.  Any other outcome (no
# report, a crash, another report) fails.
set -uo pipefail
kind=$1 func=$2
shift 3
case $kind in
  branch) msg='Conditional jump or move depends on uninitialised value' ;;
  index) msg='Use of uninitialised value of size' ;;
  *) echo "expect_report: unknown kind $kind"; exit 2 ;;
esac
log=$("$@" 2>&1)
rc=$?
printf '%s\n' "$log"
fail() { echo "expect_report: $*"; exit 1; }
[ "$rc" -eq 99 ] || fail "exit status $rc, expected valgrind's error exit code 99"
grep -q "$msg" <<<"$log" || fail "no '$msg' report"
grep -q "$func" <<<"$(grep -A4 "$msg" <<<"$log")" || fail "the report is not in $func"
grep -q 'Uninitialised value was created by a client request' <<<"$log" ||
  fail "the report is not traced to the secret() client request"
echo "expect_report: memcheck caught the $kind in $func as it should"
