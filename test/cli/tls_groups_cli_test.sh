#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# TLS 1.3 key exchange on armaccel's ML-KEM groups with the real openssl
# s_server and s_client (OpenSSL 3.0's libssl takes the groups from
# armaccel's TLS-GROUP capability): for MLKEM512, MLKEM768, MLKEM1024 and
# X25519MLKEM768 a handshake on loopback with armaccel loaded on both sides,
# 1 MiB each way (s_server -rev echoes each line reversed), the group's
# codepoint seen in both key_share extensions (-trace), and armaccel's KEM
# seen encapsulating on the server and decapsulating on the client
# (ARMACCEL_TRACE).  Then hand-built ClientHellos (tls_bad_share) with
# malformed shares -- a coefficient >= q, a wrong length -- must get an
# illegal_parameter alert (47), while a well-formed share gets a
# ServerHello.
#
# Environment (set by CTest): OPENSSL_CMD, REF_OPENSSL, MODULE_DIR,
# WORK_DIR, BAD_SHARE_CMD (see cli_test.sh).
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
read -r -a REF <<<"${REF_OPENSSL:-openssl}"
read -r -a BAD <<<"$BAD_SHARE_CMD"
PROV=(-provider-path "$MODULE_DIR" -provider armaccel -provider default)
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
expect_runtime "${OSSL[@]}"
"${REF[@]}" req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 \
  -subj /CN=localhost >/dev/null 2>&1
head -c 1048576 /dev/urandom | base64 -w 8190 >up.txt
perl -ne 'chomp; print scalar reverse($_), "\n"' up.txt >down.expect
echo CLOSE >>up.txt

start_server() {  # start_server GROUPS: s_server for one connection; sets $port, $spid
  start_rev_server server.out server.err env ARMACCEL_TRACE=1 "${OSSL[@]}" s_server "${PROV[@]}" \
    -cert cert.pem -key key.pem -tls1_3 -groups "$1" || return 1
  port=$server_port spid=$server_pid
}

group_case() {  # group_case GROUP CODEPOINT(decimal) KEM-NAME
  local group=$1 id=$2 kem=$3
  if ! start_server "$group"; then fail "$group: s_server did not start"; return; fi
  ARMACCEL_TRACE=1 timeout 300 "${OSSL[@]}" s_client "${PROV[@]}" -connect "127.0.0.1:$port" \
    -tls1_3 -groups "$group" -trace -msgfile trace.txt -quiet <up.txt >client.out 2>client.err
  wait "$spid" 2>/dev/null
  check "$group: handshake done and 1 MiB each way intact" cmp -s client.out down.expect
  check "$group: ClientHello and ServerHello key_share name group $id" \
    test "$(grep -c "NamedGroup: .*($id)" trace.txt)" -ge 2
  check "$group: server's armaccel encapsulated" grep -q "armaccel: $kem encapsulate on" server.err
  check "$group: client's armaccel decapsulated" grep -q "armaccel: $kem decapsulate on" client.err
}
group_case MLKEM512 512 "ML-KEM"
group_case MLKEM768 513 "ML-KEM"
group_case MLKEM1024 514 "ML-KEM"
group_case X25519MLKEM768 4588 "X25519MLKEM768"

share_case() {  # share_case NAME GROUP CODEPOINT LEN MODE EXPECT
  local name=$1 group=$2 id=$3 len=$4 mode=$5 expect=$6 got
  if ! start_server "$group"; then fail "$name: s_server did not start"; return; fi
  got=$(timeout 120 "${BAD[@]}" "$port" "$id" "$len" "$mode")
  kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
  check "$name: server answers '$expect' (got '$got')" test "$got" = "$expect"
}
share_case "MLKEM768 well-formed share" MLKEM768 0x0201 1184 zero "handshake 2"
share_case "MLKEM768 coefficient 4095 >= q" MLKEM768 0x0201 1184 big "alert 47"
share_case "MLKEM768 share one byte short" MLKEM768 0x0201 1183 zero "alert 47"
share_case "MLKEM512 share of ML-KEM-768's length" MLKEM512 0x0200 1184 zero "alert 47"
share_case "X25519MLKEM768 well-formed share" X25519MLKEM768 0x11EC 1216 zero "handshake 2"
share_case "X25519MLKEM768 coefficient 4095 >= q" X25519MLKEM768 0x11EC 1216 big "alert 47"
share_case "X25519MLKEM768 share one byte short" X25519MLKEM768 0x11EC 1215 zero "alert 47"

# The client role: a fake server answers the ClientHello with a
# ServerHello carrying a malformed ML-KEM ciphertext or X25519 share; the
# client must answer with an alert.  A well-formed one (any ciphertext of
# the right length decapsulates, to the implicit-rejection key) leaves the
# client waiting for the rest of the server's flight.
client_case() {  # client_case NAME GROUP CODEPOINT LEN MODE EXPECT
  local name=$1 group=$2 id=$3 len=$4 mode=$5 expect=$6 got="" fpid i
  for _ in 1 2 3; do
    port=$((20000 + RANDOM % 20000))
    rm -f fake.out
    timeout 120 "${BAD[@]}" serve "$port" "$id" "$len" "$mode" >fake.out 2>&1 &
    fpid=$!
    for i in $(seq 1 100); do grep -q listening fake.out 2>/dev/null && break; sleep 0.1; done
    grep -q listening fake.out && break
    wait "$fpid" 2>/dev/null
  done
  timeout 60 "${OSSL[@]}" s_client "${PROV[@]}" -connect "127.0.0.1:$port" -tls1_3 \
    -groups "$group" </dev/null >fake-client.out 2>fake-client.err
  wait "$fpid" 2>/dev/null
  got=$(grep -v listening fake.out)
  check "$name: client answers '$expect' (got '$got')" test "$got" = "$expect"
}
client_case "client, MLKEM768 ciphertext of the right length" MLKEM768 0x0201 1088 zero "silent"
client_case "client, MLKEM768 ciphertext one byte short" MLKEM768 0x0201 1087 zero "alert 80"
client_case "client, X25519MLKEM768 well-formed share" X25519MLKEM768 0x11EC 1120 zero "silent"
client_case "client, X25519MLKEM768 share one byte short" X25519MLKEM768 0x11EC 1119 zero \
  "alert 80"
client_case "client, X25519MLKEM768 low-order X25519 point" X25519MLKEM768 0x11EC 1120 allzero \
  "alert 80"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
