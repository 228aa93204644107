# Shared by the CLI test scripts (sourced): counted checks and a fresh
# work directory.  `failures` counts failed checks; each script ends with
#   echo "$failures failure(s)"; [ "$failures" -eq 0 ]
failures=0
pass() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }
check() {  # check DESCRIPTION COMMAND...: the command must succeed
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}
refuses() {  # refuses DESCRIPTION COMMAND...: the command must fail
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then fail "$what"; else pass "$what"; fi
}
fresh_work_dir() {  # empties WORK_DIR and enters it
  rm -rf "$WORK_DIR"; mkdir -p "$WORK_DIR"; cd "$WORK_DIR" || exit 1
}
