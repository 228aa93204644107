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
expect_runtime() {  # expect_runtime OPENSSL...: the command is the release CTest named
  [ -n "${ARMACCEL_EXPECT_RUNTIME:-}" ] || return 0
  local v
  v=$("$@" version 2>&1)
  check "openssl is OpenSSL $ARMACCEL_EXPECT_RUNTIME ($v)" \
    bash -c '[[ "$1" == "OpenSSL $2 "* && "$1" == *"(Library: OpenSSL $2 "* ]]' _ "$v" "$ARMACCEL_EXPECT_RUNTIME"
}
