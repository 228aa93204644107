#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Debian's MariaDB (10.11) with armaccel through OPENSSL_CONF:
#   mariadb_test.sh MODULE_DIR
# One server in a scratch data directory (TCP on 127.0.0.1 with TLS, a
# socket), started three times:
#   1. armaccel, file_key_management with AES_CTR
#   2. armaccel, file_key_management with AES_CBC
#   3. without armaccel (the control)
# Under armaccel: AES_ENCRYPT/AES_DECRYPT (against `openssl enc` with
# MariaDB's key folding), SHA2() (FIPS 180-2's "abc" values; MariaDB
# computes it with OpenSSL's low-level SHA-2 functions, which bypass the
# providers, so armaccel cannot serve it), an InnoDB
# table per algorithm encrypted with ENCRYPTED=YES whose .ibd holds none of
# the rows' text while an unencrypted table's .ibd does, and a TLS client
# connection (the `mariadb` client under the same config).  Proof that
# armaccel served the rest: its ARMACCEL_TRACE lines (the server's stderr, the
# client's) for the query's cipher or digest grow across that step.  The
# control run reads both encrypted tables back (decrypting what armaccel
# encrypted with OpenSSL's own AES) and gives the same results with no
# armaccel line at all.
# ARMACCEL_FORCE_LANES defaults to 1: on x86-64 armaccel's portable AES and
# SHA-2 would step aside for OpenSSL's own code.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
module_dir=$(realpath "${1:?usage: mariadb_test.sh MODULE_DIR}")
WORK_DIR=${WORK_DIR:-$here/../../build/mariadb-test}
# shellcheck source=../cli/check_lib.sh
source "$here/../cli/check_lib.sh"
fresh_work_dir
W=$PWD
export ARMACCEL_FORCE_LANES=${ARMACCEL_FORCE_LANES:-1}

write_armaccel_cnf "$module_dir"
printf 'openssl_conf = openssl_init\n[openssl_init]\n' >plain.cnf
openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 \
  -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1,DNS:localhost >/dev/null 2>&1
# file_key_management: key id 1, a 256-bit key.
echo "1;$(openssl rand -hex 32)" >keys.txt
port=$((20000 + RANDOM % 20000))
mariadb-install-db --no-defaults --datadir="$W/data" --user="$(id -un)" --skip-test-db \
  --auth-root-authentication-method=normal >install.log 2>&1
check "mariadb-install-db" test -d "$W/data/mysql"

server_pid=
start_server() {  # start_server CONF ALGORITHM LOG
  OPENSSL_CONF=$W/$1 ARMACCEL_TRACE=1 mariadbd --no-defaults --datadir="$W/data" \
    --socket="$W/sock" --port="$port" --bind-address=127.0.0.1 --user="$(id -un)" \
    --pid-file="$W/mariadb.pid" --skip-log-bin --innodb-buffer-pool-size=32M \
    --plugin-load-add=file_key_management --file-key-management-filename="$W/keys.txt" \
    --file-key-management-encryption-algorithm="$2" \
    --ssl-cert="$W/cert.pem" --ssl-key="$W/key.pem" --ssl-ca="$W/cert.pem" >"$3" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    mariadb --no-defaults -S "$W/sock" -uroot -e 'SELECT 1' >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}
stop_server() {
  mariadb-admin --no-defaults -S "$W/sock" -uroot shutdown >/dev/null 2>&1
  wait "$server_pid" 2>/dev/null
}
trap 'kill "$server_pid" 2>/dev/null' EXIT
sql() { mariadb --no-defaults -S "$W/sock" -uroot -N -B -e "$1" 2>>sql.err; }
count() {  # count LOG PATTERN: trace lines of the server log matching PATTERN
  grep -c "^armaccel: $2" "$1"
}
# Queries whose results the control run must reproduce.
q_aes="SELECT HEX(AES_ENCRYPT('armaccel in MariaDB, AES_ENCRYPT', 'key'))"
q_dec="SELECT AES_DECRYPT(AES_ENCRYPT('round trip', 'a 16-byte key!!!'), 'a 16-byte key!!!')"
q_sha256="SELECT SHA2('abc', 256)"
q_sha512="SELECT SHA2('abc', 512)"
q_rows() { echo "SELECT COUNT(*), SHA2(GROUP_CONCAT(v ORDER BY id SEPARATOR ','), 256) FROM d.$1"; }

# MariaDB folds the key into 16 bytes (XOR, cyclically) and uses AES-128-ECB
# with PKCS#7 padding: 'key' is 6b6579 and zeros.
expect_aes=$(printf 'armaccel in MariaDB, AES_ENCRYPT' |
  openssl enc -aes-128-ecb -K 6b657900000000000000000000000000 | xxd -p | tr -d '\n' | tr a-f A-F)
sha256_abc=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
sha512_abc=ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f

# Writes rows with a marker text into an encrypted and a plain table,
# flushes them to their .ibd files and checks where the text can be read.
encrypted_table() {  # encrypted_table NAME LOG MODE (CTR or CBC)
  local t=$1 log=$2 mode=$3 from
  from=$(($(wc -l <"$log") + 1))
  sql "CREATE TABLE d.$t (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB ENCRYPTED=YES ENCRYPTION_KEY_ID=1;
       CREATE TABLE d.${t}_plain (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB ENCRYPTED=NO;
       INSERT INTO d.$t SELECT seq, CONCAT('ARMACCEL-PLAINTEXT-MARKER-', seq) FROM d.seq_1_to_2000;
       INSERT INTO d.${t}_plain SELECT * FROM d.$t;
       FLUSH TABLES d.$t, d.${t}_plain FOR EXPORT; UNLOCK TABLES;"
  check_equal "$t: 2000 rows" "$(sql "SELECT COUNT(*) FROM d.$t")" 2000
  check_equal "  ... table is encrypted (information_schema)" \
    "$(sql "SELECT CREATE_OPTIONS FROM information_schema.TABLES WHERE TABLE_SCHEMA='d' AND TABLE_NAME='$t'")" \
    "\`ENCRYPTED\`='YES' \`ENCRYPTION_KEY_ID\`='1'"
  check "  ... the unencrypted table's .ibd holds the text (the check can see it)" \
    grep -qa "ARMACCEL-PLAINTEXT-MARKER-1999" "$W/data/d/${t}_plain.ibd"
  check "  ... the encrypted table's .ibd holds none of it" \
    bash -c "! grep -qa 'ARMACCEL-PLAINTEXT-MARKER' '$W/data/d/$t.ibd'"
  # InnoDB encrypts each 16 KiB page but its checksum (16354 bytes) in one
  # cipher context, with a key derived per tablespace.
  local pages
  pages=$(tail -n +"$from" "$log" |
    awk -v m="$mode" '$1 == "armaccel:" && $2 ~ ("^AES-(128|192|256)-" m "$") && $3 == "freed" && $5 >= 16000 {n++}
                      END {print n + 0}')
  check "  ... InnoDB's $mode page encryption ran on armaccel ($pages pages of >= 16000 bytes)" \
    test "$pages" -ge 5
  rows[$t]=$(sql "$(q_rows "$t")")
}
declare -A rows

# --- 1. armaccel, AES_CTR ----------------------------------------------------------
check "mariadbd starts under armaccel.cnf (AES_CTR)" start_server armaccel.cnf aes_ctr server1.log
sql "CREATE DATABASE d"
before=$(count server1.log "AES-128-ECB on")
aes=$(sql "$q_aes")
check_equal "AES_ENCRYPT equals openssl enc -aes-128-ecb with MariaDB's key folding" "$aes" "$expect_aes"
dec=$(sql "$q_dec")
check_equal "AES_DECRYPT(AES_ENCRYPT(...))" "$dec" "round trip"
check "  ... on armaccel's AES-128-ECB ($(($(count server1.log "AES-128-ECB on") - before)) contexts)" \
  test "$(count server1.log "AES-128-ECB on")" -ge $((before + 3))
# SHA2() is computed by OpenSSL's low-level SHA256()/SHA512() functions
# (mariadbd imports SHA256_Init ...), which no provider serves: the values
# are checked, armaccel's part is not claimed.
check_equal "SHA2('abc', 256) (FIPS 180-2)" "$(sql "$q_sha256")" "$sha256_abc"
check_equal "SHA2('abc', 512) (FIPS 180-2)" "$(sql "$q_sha512")" "$sha512_abc"
check "  ... through OpenSSL's low-level SHA-2 functions, outside every provider (mariadbd imports SHA256_Init, SHA512_Init)" \
  bash -c "nm -D \"\$(command -v mariadbd)\" | grep -q ' U SHA256_Init' && nm -D \"\$(command -v mariadbd)\" | grep -q ' U SHA512_Init'"
encrypted_table t_ctr server1.log CTR

# TLS: the mariadb client under armaccel.cnf, over TCP.
OPENSSL_CONF=$W/armaccel.cnf ARMACCEL_TRACE=1 mariadb --no-defaults -h 127.0.0.1 -P "$port" -uroot \
  --ssl --ssl-ca="$W/cert.pem" --ssl-verify-server-cert -N -B \
  -e "SHOW SESSION STATUS LIKE 'Ssl_version'; SHOW SESSION STATUS LIKE 'Ssl_cipher';
      SELECT SHA2(REPEAT('armaccel', 262144), 256); SELECT LENGTH(REPEAT('x', 1048576));
      SELECT REPEAT('y', 1048576)" >tls.out 2>tls.err
check "TLS client connection: TLSv1.3" grep -qP '^Ssl_version\tTLSv1.3$' tls.out
check "  ... cipher TLS_AES_256_GCM_SHA384" grep -qP '^Ssl_cipher\tTLS_AES_256_GCM_SHA384$' tls.out
check_equal "  ... a query's result over it" "$(sed -n 3p tls.out)" \
  "$(python3 -c 'import hashlib; print(hashlib.sha256(b"armaccel" * 262144).hexdigest())')"
client_bytes=$(awk '$1 == "armaccel:" && $2 == "AES-256-GCM" && $3 == "freed" {s += $5} END {print s + 0}' tls.err)
check "  ... the client's armaccel AES-256-GCM processed $client_bytes bytes (>= 1 MiB)" \
  test "$client_bytes" -ge 1048576
check "  ... the server's records on armaccel too" grep -q "^armaccel: AES-256-GCM on" server1.log
stop_server

# --- 2. armaccel, AES_CBC ----------------------------------------------------------
check "mariadbd starts under armaccel.cnf (AES_CBC)" start_server armaccel.cnf aes_cbc server2.log
encrypted_table t_cbc server2.log CBC
stop_server

# --- 3. the control: no armaccel ----------------------------------------------------
check "mariadbd starts without armaccel (AES_CBC)" start_server plain.cnf aes_cbc server3.log
check_equal "control: AES_ENCRYPT" "$(sql "$q_aes")" "$aes"
check_equal "control: AES_DECRYPT" "$(sql "$q_dec")" "$dec"
check_equal "control: SHA2 256" "$(sql "$q_sha256")" "$sha256_abc"
check_equal "control: SHA2 512" "$(sql "$q_sha512")" "$sha512_abc"
# Written under AES_CTR; each table's pages carry the key version, the
# algorithm is the server's, so the CTR table reads back only under AES_CTR.
check_equal "control: the AES_CBC table armaccel encrypted reads back" "$(sql "$(q_rows t_cbc)")" "${rows[t_cbc]}"
check_equal "  ... its content is the rows written" "${rows[t_cbc]%%	*}" 2000
check_equal "control: no armaccel trace line" "$(grep -c '^armaccel: ' server3.log)" 0
stop_server
check "control (AES_CTR): mariadbd starts without armaccel" start_server plain.cnf aes_ctr server4.log
check_equal "control: the AES_CTR table armaccel encrypted reads back" "$(sql "$(q_rows t_ctr)")" "${rows[t_ctr]}"
check_equal "  ... no armaccel trace line" "$(grep -c '^armaccel: ' server4.log)" 0
stop_server
trap - EXIT

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
