# SPDX-License-Identifier: Apache-2.0
# Shared by the CLI test scripts (sourced): counted checks, a fresh work
# directory and the armaccel config they load.  `failures` counts failed checks; each script ends with
#   echo "$failures failure(s)"; [ "$failures" -eq 0 ]
failures=0
pass() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }
check() {  # check DESCRIPTION COMMAND...: the command must succeed
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}
check_equal() {  # check_equal DESCRIPTION GOT EXPECTED: GOT is EXPECTED (and not empty)
  if [ -n "$2" ] && [ "$2" = "$3" ]; then
    pass "$1: ${2:0:32}..."
  else
    fail "$1: got '$2', expected '$3'"
  fi
}
refuses() {  # refuses DESCRIPTION COMMAND...: the command must fail
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then fail "$what"; else pass "$what"; fi
}
fresh_work_dir() {  # empties WORK_DIR and enters it
  rm -rf "$WORK_DIR"; mkdir -p "$WORK_DIR"; cd "$WORK_DIR" || exit 1
}
check_lib_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
write_armaccel_cnf() {  # write_armaccel_cnf MODULE_DIR [FILE]: openssl.cnf.example with
  # its module line naming MODULE_DIR/armaccel.so, as FILE (default armaccel.cnf)
  sed "s|^# module = .*|module = $1/armaccel.so|" "$check_lib_root/openssl.cnf.example" \
    >"${2:-armaccel.cnf}"
}
expect_runtime() {  # expect_runtime OPENSSL...: the command is the release CTest named
  [ -n "${ARMACCEL_EXPECT_RUNTIME:-}" ] || return 0
  local v
  v=$("$@" version 2>&1)
  check "openssl is OpenSSL $ARMACCEL_EXPECT_RUNTIME ($v)" \
    bash -c '[[ "$1" == "OpenSSL $2 "* && "$1" == *"(Library: OpenSSL $2 "* ]]' _ "$v" "$ARMACCEL_EXPECT_RUNTIME"
}
start_rev_server() {  # start_rev_server OUT ERR COMMAND...: COMMAND (an `openssl s_server ...`)
  # with -accept PORT -rev -naccept 1 in the background, on a random port
  # (three tries); sets server_pid and server_port; false if it never listened.
  local out=$1 err=$2
  shift 2
  for _ in 1 2 3; do
    server_port=$((20000 + RANDOM % 20000))
    rm -f "$out"
    "$@" -accept "$server_port" -rev -naccept 1 >"$out" 2>"$err" &
    server_pid=$!
    for _ in $(seq 1 150); do grep -q ACCEPT "$out" 2>/dev/null && return 0; sleep 0.1; done
    kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null
  done
  return 1
}
brief_data() {  # brief_data IN OUT: what `s_client -brief` printed, without its summary lines
  grep -v -e '^CONNECTION ESTABLISHED' -e '^Protocol version' -e '^Ciphersuite' -e '^Peer' \
    -e '^Hash used' -e '^Signature type' -e '^Verification' -e '^Negotiated' -e '^Supported' \
    -e '^Shared' -e '^Server Temp Key' "$1" >"$2"
}
tls_prepare() {  # tls_prepare OPENSSL...: a P-256 certificate (cert.pem, key.pem) and the
  # data a handshake sends (up.txt) and gets back reversed (down.expect)
  "$@" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem \
    -out cert.pem -days 2 -subj /CN=localhost >/dev/null 2>&1
  printf 'armaccel meets OpenSSL %s\nCLOSE\n' "${ARMACCEL_EXPECT_RUNTIME:-}" >up.txt
  perl -ne 'chomp; print scalar reverse($_), "\n" unless /^CLOSE$/' up.txt >down.expect
}
tls_handshake() {  # tls_handshake NAME GROUP SERVER CLIENT: SERVER and CLIENT are functions
  # that exec an openssl with the arguments given (exec: so that the process the
  # watchdog stops is openssl); a TLS 1.3 handshake on GROUP and data both ways on
  # loopback; the server's log in server.err, the client's in client.err
  local name=$1 group=$2 server=$3 client=$4
  if ! start_rev_server server.out server.err "$server" s_server -cert cert.pem -key key.pem \
      -groups "$group"; then
    fail "$name: s_server did not start"; return
  fi
  "$client" s_client -connect "127.0.0.1:$server_port" -brief -ign_eof -groups "$group" \
    <up.txt >client.out 2>client.err &
  local client_pid=$!
  sleep 120 >/dev/null 2>&1 &
  local timer=$!
  wait -n "$client_pid" "$timer" 2>/dev/null  # the client ends, or two minutes pass
  kill "$client_pid" "$timer" 2>/dev/null
  wait "$client_pid" "$timer" 2>/dev/null
  kill "$server_pid" 2>/dev/null  # done with its one connection, or it gets none now
  wait "$server_pid" 2>/dev/null
  brief_data client.out client.data
  check "$name: handshake and data" cmp -s client.data down.expect
  # A KEM group is named as negotiated; an ECDHE group as the peer's temporary key.
  check "  ... negotiated $group" \
    grep -Eqi "^(Negotiated TLS1.3 group|(Peer|Server) Temp Key): $group(,|\$)" client.err
}
