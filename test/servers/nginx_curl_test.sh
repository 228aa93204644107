#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Debian's nginx and curl with armaccel on both ends through OPENSSL_CONF,
# on 127.0.0.1:
#   nginx_curl_test.sh MODULE_DIR
# NGINX and CURL give the commands (default: the host's nginx and curl;
# for arm64, Debian's arm64 ones from scripts/fetch-arm64-servers.sh under
# qemu-aarch64 -L / -cpu max, with the AArch64 build's MODULE_DIR and
# ARMACCEL_FORCE_LANES=0, where armaccel serves these ciphers on its own;
# EXPECT_LANE then names the AES lane nginx's trace must show).
# nginx (master + 2 workers) serves a 64 MiB file and takes a 16 MiB PUT
# (WebDAV); curl downloads and uploads it, checked by SHA-256, in
#   TLS 1.3 TLS_AES_256_GCM_SHA384       over X25519MLKEM768
#   TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 over X25519MLKEM768
#   TLS 1.2 ECDHE-RSA-AES128-GCM-SHA256
# then 200 keep-alive requests from 4 curl processes at once.  Proof that
# armaccel did the record crypto: ARMACCEL_TRACE's "freed after N bytes"
# lines of the suite's cipher, summed on each side, cover the bytes sent
# (nginx's from its workers' stderr), and nginx's access log names the
# protocol, suite and group.  The same download with armaccel left out of
# curl's config must show no armaccel bytes.
# x86-64 has only armaccel's portable lanes, which step aside for OpenSSL's
# AES-NI code, so ARMACCEL_FORCE_LANES defaults to 1 to keep them registered.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
module_dir=$(realpath "${1:?usage: nginx_curl_test.sh MODULE_DIR}")
WORK_DIR=${WORK_DIR:-$here/../../build/servers-test}
# shellcheck source=../cli/check_lib.sh
source "$here/../cli/check_lib.sh"
fresh_work_dir
W=$PWD
export ARMACCEL_FORCE_LANES=${ARMACCEL_FORCE_LANES:-1}
read -r -a NGINX_CMD <<<"${NGINX:-nginx}"
read -r -a CURL_CMD <<<"${CURL:-curl}"

write_armaccel_cnf "$module_dir"
openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost >/dev/null 2>&1
mkdir -p www/up body
chmod a+rwx www/up body  # nginx's workers run as nobody when it is started as root
head -c $((64 << 20)) /dev/urandom >www/data64.bin
head -c $((16 << 20)) /dev/urandom >up16.bin
head -c 4096 /dev/urandom >www/small.bin
sum() { sha256sum "$1" | awk '{print $1}'; }
traced_bytes() {  # traced_bytes FILE CIPHER: bytes armaccel's CIPHER contexts processed
  awk -v c="$2" '$1 == "armaccel:" && $2 == c && $3 == "freed" {s += $5} END {print s + 0}' "$1"
}

port=$((20000 + RANDOM % 20000))
cat >nginx.conf <<EOF
daemon off;
master_process on;
worker_processes 2;
pid $W/nginx.pid;
error_log stderr notice;
env OPENSSL_CONF;
env ARMACCEL_TRACE;
env ARMACCEL_FORCE_LANES;
events { worker_connections 64; }
http {
  log_format tls '\$request_method \$uri \$status \$ssl_protocol \$ssl_cipher \$ssl_curve \$connection \$connection_requests';
  access_log $W/access.log tls;
  client_body_temp_path $W/body;
  proxy_temp_path $W/body; fastcgi_temp_path $W/body; uwsgi_temp_path $W/body; scgi_temp_path $W/body;
  keepalive_requests 1000;
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $W/cert.pem;
    ssl_certificate_key $W/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_ciphers ECDHE-RSA-AES128-GCM-SHA256;
    ssl_conf_command Ciphersuites TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256;
    ssl_ecdh_curve X25519MLKEM768:X25519;
    root $W/www;
    location /up/ { dav_methods PUT; client_max_body_size 64m; }
  }
}
EOF
OPENSSL_CONF=$W/armaccel.cnf ARMACCEL_TRACE=1 "${NGINX_CMD[@]}" -p "$W" -c "$W/nginx.conf" -e stderr \
  >nginx.out 2>nginx.err &
nginx_pid=$!
trap 'kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null' EXIT
for _ in $(seq 1 300); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
check "nginx listens on 127.0.0.1:$port under armaccel.cnf" \
  bash -c "(exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null"
check "  ... with 2 workers" test "$(grep -c 'start worker process [0-9]' nginx.err)" -eq 2

url=https://localhost:$port
curl_tls() {  # curl_tls CONF TRACE_FILE CURL_ARGS...: curl under CONF with the trace to TRACE_FILE
  local conf=$1 trace=$2
  shift 2
  OPENSSL_CONF=$conf ARMACCEL_TRACE=1 "${CURL_CMD[@]}" -sS --fail --cacert "$W/cert.pem" "$@" 2>"$trace"
}
tls_case() {  # tls_case NAME CIPHER PROTOCOL SUITE CURL_TLS_ARGS...
  local name=$1 cipher=$2 proto=$3 suite=$4
  shift 4
  local n=$((++case_no))
  : >"$W/server-mark"
  local before
  before=$(traced_bytes nginx.err "$cipher")
  curl_tls armaccel.cnf "down$n.err" "$@" -o "down$n.bin" "$url/data64.bin"
  check_equal "$name: 64 MiB download, SHA-256" "$(sum "down$n.bin")" "$(sum www/data64.bin)"
  curl_tls armaccel.cnf "up$n.err" "$@" -T up16.bin "$url/up/up$n.bin"
  check_equal "$name: 16 MiB upload, SHA-256" "$(sum "www/up/up$n.bin")" "$(sum up16.bin)"
  local client
  client=$(($(traced_bytes "down$n.err" "$cipher") + $(traced_bytes "up$n.err" "$cipher")))
  check "$name: curl's armaccel $cipher processed $client bytes (>= 80 MiB)" \
    test "$client" -ge $((80 << 20))
  # nginx frees a connection's cipher contexts when it closes; both have.
  sleep 0.5
  local server=$(($(traced_bytes nginx.err "$cipher") - before))
  check "$name: nginx's armaccel $cipher processed $server bytes (>= 80 MiB)" \
    test "$server" -ge $((80 << 20))
  check "$name: nginx logged $proto $suite" \
    bash -c "[ \$(grep -cE '^(GET /data64.bin|PUT /up/up$n.bin) (200|201|204) $proto $suite ' access.log) -eq 2 ]"
}
case_no=0
tls_case "TLS 1.3 TLS_AES_256_GCM_SHA384 over X25519MLKEM768" AES-256-GCM TLSv1.3 TLS_AES_256_GCM_SHA384 \
  --tlsv1.3 --tls13-ciphers TLS_AES_256_GCM_SHA384 --curves X25519MLKEM768
tls_case "TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 over X25519MLKEM768" ChaCha20-Poly1305 TLSv1.3 \
  TLS_CHACHA20_POLY1305_SHA256 --tlsv1.3 --tls13-ciphers TLS_CHACHA20_POLY1305_SHA256 \
  --curves X25519MLKEM768
tls_case "TLS 1.2 ECDHE-RSA-AES128-GCM-SHA256" AES-128-GCM TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256 \
  --tlsv1.2 --tls-max 1.2 --ciphers ECDHE-RSA-AES128-GCM-SHA256
# The group: nginx names the hybrid group by its TLS code point (0x11ec,
# X25519MLKEM768) where OpenSSL 3.0 has no name for it.
check "TLS 1.3 handshakes used X25519MLKEM768 (nginx's \$ssl_curve)" \
  bash -c "[ \$(grep -E ' TLSv1.3 ' access.log | grep -cvE ' (X25519MLKEM768|0x11ec) ') -eq 0 ] &&
           grep -q ' TLSv1.3 ' access.log"

# Left out: curl under a config without armaccel still downloads the file,
# and its trace shows no armaccel bytes.
printf 'openssl_conf = openssl_init\n[openssl_init]\n' >plain.cnf
curl_tls plain.cnf down0.err --tlsv1.3 --tls13-ciphers TLS_AES_256_GCM_SHA384 -o down0.bin "$url/data64.bin"
check_equal "without armaccel in curl's config: download intact" "$(sum down0.bin)" "$(sum www/data64.bin)"
check "  ... and curl's armaccel processed nothing ($(traced_bytes down0.err AES-256-GCM) bytes)" \
  test "$(traced_bytes down0.err AES-256-GCM)" -eq 0

# 200 keep-alive requests: 4 curl processes at once, 50 URLs each on one
# connection (curl reuses it; %{num_connects} is 1 for the first transfer).
reqs_before=$(wc -l <access.log)
ka_pids=()
for p in 1 2 3 4; do
  urls=()
  for _ in $(seq 1 50); do urls+=(-o /dev/null "$url/small.bin"); done
  curl_tls armaccel.cnf "ka$p.err" --tlsv1.3 --curves X25519MLKEM768 \
    -w '%{http_code} %{num_connects}\n' "${urls[@]}" >"ka$p.out" &
  ka_pids+=($!)
done
wait "${ka_pids[@]}"
sleep 0.5
check_equal "200 keep-alive requests: all 200 OK" "$(cat ka?.out | grep -c '^200 ')" 200
check_equal "  ... on 4 connections (curl's num_connects)" \
  "$(cat ka?.out | awk '{s += $2} END {print s}')" 4
check_equal "  ... nginx logged them" "$(($(wc -l <access.log) - reqs_before))" 200
check_equal "  ... on 4 connections, up to 50 requests each (nginx's \$connection_requests)" \
  "$(tail -n 200 access.log | awk '$8 == 50' | wc -l)" 4
ka_client=0
for p in 1 2 3 4; do ka_client=$((ka_client + $(traced_bytes "ka$p.err" AES-256-GCM))); done
check "  ... curl's armaccel AES-256-GCM processed $ka_client bytes (>= 200 x 4 KiB)" \
  test "$ka_client" -ge $((200 * 4096))

kill "$nginx_pid" 2>/dev/null
wait "$nginx_pid" 2>/dev/null
trap - EXIT
check "nginx ran on armaccel (its trace names the lanes)" grep -q "^armaccel: AES-256-GCM on" nginx.err
if [ -n "${EXPECT_LANE:-}" ]; then
  check "  ... AES-256-GCM on $EXPECT_LANE" grep -q "^armaccel: AES-256-GCM on $EXPECT_LANE" nginx.err
fi
echo "$failures failure(s)"
[ "$failures" -eq 0 ]
