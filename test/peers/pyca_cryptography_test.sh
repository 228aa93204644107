#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A peer's own test suite on armaccel: pyca/cryptography's, the version Debian
# 12 ships (python3-cryptography 38.0.4 on the system's OpenSSL 3.0), from
# Debian's source package (scripts/fetch-pyca-cryptography.sh, into
# build/pyca-cryptography/) with python3-cryptography-vectors, run as its
# autopkgtest runs it (`python3 -m pytest tests/`, Debian's /usr/bin/python3):
#   pyca_cryptography_test.sh MODULE_DIR [subset | TEST_PATH...]
# TEST_PATHs are the suite's own (tests/hazmat/primitives/test_aes.py, ...);
# without them, the whole suite (tests/).  `subset` is the cipher, AEAD, hash,
# MAC and X25519 files and Fernet (the test command's selection; the whole
# suite is a long run, scripts/long-runs.sh).
#
# The suite runs twice, each time in a fresh copy of the source tree:
#   1. without armaccel: openssl.cnf.example with armaccel's provider line
#      taken out (the default provider alone, the same config otherwise);
#   2. with armaccel: openssl.cnf.example, its module line naming
#      MODULE_DIR/armaccel.so, and ARMACCEL_FORCE_LANES=1 (default) so that
#      on x86-64 the portable lanes run instead of stepping aside.
# (Not OPENSSL_MODULES: pyca loads OpenSSL's legacy provider by name, which
# would then be looked for beside armaccel.so.)
# It passes only if:
#   - every test, and every subtest, that passes without armaccel passes with
#     it (pyca_compare.py; a test failed, skipped or missing with armaccel
#     counts against it), and the failures are listed with their errors;
#   - pytest itself ended normally both times: exit status 0, or 1 with
#     failed tests, and equal to the status its session finished with, so a
#     crash at exit (a signal after the last test) is seen, not just the XML;
#   - armaccel really served the run: ARMACCEL_TRACE (the pytest process
#     logs each context armaccel creates; pyca_trace_plugin.py keeps the
#     suite's subprocesses from tracing) shows, for each family whose test
#     file ran (AES-GCM, AES-CCM, ChaCha20-Poly1305, AES modes, SHA-2, SHA-3,
#     SHAKE, SM3, HMAC's SHA-2, CMAC's AES-CBC, Poly1305, ChaCha20, X25519,
#     SM4), more contexts than pyca's start-up creates, and the run without
#     armaccel shows none;
#   - at exit: Python processes holding pyca objects fetched from armaccel
#     exit with status 0, both when they just end and when they first call
#     OPENSSL_cleanup() as the suite's memory-leak tests do (each also
#     without armaccel, which must pass).
# Each run's wall and CPU time (user + system, with its children) is printed.
# WORK_DIR (default build/pyca-test) holds both runs: NAME.log (pytest's
# output), NAME.junit.xml, NAME.results.jsonl, NAME.trace (the trace
# summarised: contexts per algorithm and lane), NAME.stderr (the rest).
# PYCA_TIMEOUT bounds each run (seconds, default 3600).  Needs the network the
# first time (the source package).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
module_dir=$(realpath "${1:?usage: pyca_cryptography_test.sh MODULE_DIR [subset | TEST_PATH...]}")
shift
selection=("$@")
[ ${#selection[@]} -gt 0 ] || selection=(tests/)
if [ "${selection[*]}" = subset ]; then
  selection=(tests/test_fernet.py)
  for f in aes aes_gcm aead block ciphers chacha20 sm4 keywrap hashes hash_vectors hmac \
           hmac_vectors cmac poly1305 x25519; do
    selection+=("tests/hazmat/primitives/test_$f.py")
  done
fi
WORK_DIR=${WORK_DIR:-$root/build/pyca-test}
PYTHON=${PYTHON:-/usr/bin/python3}  # Debian's, whatever python3 comes first on PATH
timeout_s=${PYCA_TIMEOUT:-3600}
# shellcheck source=../cli/check_lib.sh
source "$here/../cli/check_lib.sh"
export ARMACCEL_FORCE_LANES=${ARMACCEL_FORCE_LANES:-1}
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ beside the plugin in the checkout
[ -f "$module_dir/armaccel.so" ] || { echo "no armaccel.so in $module_dir"; exit 1; }

src=$("$root/scripts/fetch-pyca-cryptography.sh") || { echo "FAIL - the source package"; exit 1; }
fresh_work_dir
W=$PWD

write_armaccel_cnf "$module_dir" armaccel.cnf
grep -q '^armaccel = armaccel_sect$' armaccel.cnf || { echo "openssl.cnf.example changed?"; exit 1; }
sed '/^armaccel = armaccel_sect$/d' armaccel.cnf >plain.cnf

# The suite must be the one of the installed package, on Debian's python3.
upstream=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
upstream=${upstream%-*}
versions=$(OPENSSL_CONF=$W/plain.cnf "$PYTHON" -c '
import cryptography, cryptography_vectors
from cryptography.hazmat.backends.openssl import backend
print(cryptography.__version__, cryptography_vectors.__version__, backend.openssl_version_text())' 2>&1)
check_equal "python3-cryptography and -vectors are the source's version ($versions)" \
  "$(cut -d' ' -f1,2 <<<"$versions")" "$upstream $upstream"
echo "pyca: $(basename "$src"), $("$PYTHON" --version), tests: ${selection[*]}"

# Trace families: TEST FILE|trace pattern (after "armaccel: ").  When that file
# runs, armaccel must create more such contexts than pyca's start-up alone does
# (importing its backend creates one context of each digest).  pyca 38's HMAC
# and CMAC are OpenSSL's low-level HMAC_CTX and CMAC_CTX: they run on
# armaccel's SHA-2 digests and AES-CBC, not on its HMAC and CMAC.
families=(
  "tests/hazmat/primitives/test_aes_gcm.py|AES-(128|192|256)-GCM on"
  "tests/hazmat/primitives/test_aead.py|AES-(128|192|256)-CCM on"
  "tests/hazmat/primitives/test_aead.py|ChaCha20-Poly1305 on"
  "tests/hazmat/primitives/test_aes.py|AES-(128|192|256)-(ECB|CBC|CTR) on"
  "tests/hazmat/primitives/test_aes.py|AES-(128|256)-XTS on"
  "tests/hazmat/primitives/test_hash_vectors.py|SHA2-(224|256|384|512|512/224|512/256) on"
  "tests/hazmat/primitives/test_hash_vectors.py|SHA3-(224|256|384|512) on"
  "tests/hazmat/primitives/test_hash_vectors.py|SHAKE-(128|256) on"
  "tests/hazmat/primitives/test_hash_vectors.py|SM3 on"
  "tests/hazmat/primitives/test_hmac_vectors.py|SHA2-(224|256|384|512) on"
  "tests/hazmat/primitives/test_cmac.py|AES-(128|192|256)-CBC on"
  "tests/hazmat/primitives/test_poly1305.py|POLY1305 on"
  "tests/hazmat/primitives/test_chacha20.py|ChaCha20 on"
  "tests/hazmat/primitives/test_x25519.py|X25519 key exchange on"
  "tests/hazmat/primitives/test_sm4.py|SM4-[A-Z]+ on"
)
selected() {  # selected FILE: one of the TEST_PATHs is FILE or a directory above it
  local t
  for t in "${selection[@]}"; do
    t=${t%%::*}
    [[ $1 == "${t%/}" || $1 == "${t%/}"/* ]] && return 0
  done
  return 1
}

run_suite() {  # run_suite NAME CONFIG: the suite in a fresh copy of the source
  local name=$1 conf=$2 rc
  rm -rf "${W:?}/$name"
  cp -a "$src" "$W/$name"
  local TIMEFORMAT='%R %U %S'
  # No exec in the timed subshell: `time` would lose its report.
  { time (cd "$W/$name" &&
      ARMACCEL_TRACE=1 OPENSSL_CONF=$W/$conf PYTHONPATH=$here timeout -k 30 "$timeout_s" \
        "$PYTHON" -m pytest "${selection[@]}" -p pyca_trace_plugin --peer-results="$W/$name.results.jsonl" \
        -p no:cacheprovider --tb=native -q -rfE --junitxml="$W/$name.junit.xml" \
        >"$W/$name.log" 2>"$W/$name.stderr.raw"); } 2>"$W/$name.time"
  rc=$?
  # The trace, summarised (contexts per algorithm and lane, bytes per cipher); the rest of stderr kept.
  awk '/^armaccel: .* freed after [0-9]+ bytes$/ { b[$2] += $(NF - 1); next }
       /^armaccel: / { sub(/^armaccel: /, ""); n[$0]++; next }
       { print > "/dev/stderr" }
       END { for (k in n) printf "%d %s\n", n[k], k; for (k in b) printf "%d bytes %s\n", b[k], k }' \
    "$W/$name.stderr.raw" 2>"$W/$name.stderr" | sort -rn >"$W/$name.trace"
  rm -f "$W/$name.stderr.raw"
  read -r wall user sys < <(tail -n 1 "$W/$name.time")  # after any "Segmentation fault" notice
  echo "pyca: $name: pytest exit status $rc; wall ${wall}s, CPU ${user}s user + ${sys}s system" \
    "($(tail -n 1 "$W/$name.log" | tr -d '=' | sed 's/^ *//'))"
  local session
  session=$(tail -n 1 "$W/$name.results.jsonl" 2>/dev/null |
    sed -n 's/.*"session": "finished", "exitstatus": \([0-9]*\).*/\1/p')
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    fail "$name: pytest stopped after ${timeout_s}s (PYCA_TIMEOUT)"
  elif [ "$rc" -gt 128 ]; then
    fail "$name: pytest was killed by signal $((rc - 128)) (session finished with status ${session:-none}: a crash at exit?)"
  elif [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    fail "$name: pytest exit status $rc (0: all passed, 1: tests failed; anything else: it did not run the suite)"
  elif [ "$rc" != "$session" ]; then
    fail "$name: pytest exited with $rc but its session finished with ${session:-no status}"
  else
    pass "$name: pytest ran the suite and exited normally ($rc)"
  fi
  [ -s "$W/$name.stderr" ] && { echo "  $name: stderr (other than the trace):"; head -n 20 "$W/$name.stderr" | sed 's/^/    /'; }
  return 0
}

run_suite without plain.cnf
run_suite with armaccel.cnf

# The trace: none without armaccel; with it, each family whose tests ran,
# beyond what pyca's start-up creates.
ARMACCEL_TRACE=1 OPENSSL_CONF=$W/armaccel.cnf "$PYTHON" -c \
  'from cryptography.hazmat.backends.openssl import backend' 2>&1 |
  sed -n 's/^armaccel: //p' | sort | uniq -c | sed 's/^ *//' >startup.trace
contexts() {  # contexts TRACE PATTERN: contexts of algorithms matching PATTERN in TRACE
  grep -E "^[0-9]+ $2" "$1" | awk '{ s += $1 } END { print s + 0 }'
}
check "without armaccel: no armaccel trace line" test ! -s without.trace
total=$(awk '$2 != "bytes" { s += $1 } END { print s + 0 }' with.trace)
check "with armaccel: armaccel served $total contexts (with.trace)" test "$total" -gt 0
for entry in "${families[@]}"; do
  file=${entry%%|*} pattern=${entry#*|}
  selected "$file" || continue
  n=$(contexts with.trace "$pattern") n0=$(contexts startup.trace "$pattern")
  check "with armaccel: $n contexts '$pattern' ($(basename "$file"); $n0 at start-up)" test "$n" -gt "$n0"
done

if [ -s without.results.jsonl ] && [ -s with.results.jsonl ] && [ -s without.junit.xml ] &&
   [ -s with.junit.xml ]; then
  "$PYTHON" "$here/pyca_compare.py" without.results.jsonl without.junit.xml with.results.jsonl \
    with.junit.xml | tee compare.txt
  [ "${PIPESTATUS[0]}" -eq 0 ] || failures=$((failures + 1))
else
  fail "the runs' results are missing (without.results.jsonl, with.results.jsonl, *.junit.xml)"
fi

# At exit: a process holding objects armaccel served, ending plainly and after
# OPENSSL_cleanup() (as the memory-leak tests' children do).
cat >exit_probe.py <<'EOF'
import hashlib
import sys

from cryptography.hazmat.backends.openssl.backend import backend
from cryptography.hazmat.bindings._openssl import lib
from cryptography.hazmat.primitives import cmac, hashes, hmac
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305

key = bytes(range(32))
held = [hashlib.sha256(b"x"), hashes.Hash(hashes.SHA256()), hmac.HMAC(key, hashes.SHA256()),
        cmac.CMAC(algorithms.AES(key[:16])),
        Cipher(algorithms.AES(key), modes.GCM(bytes(12))).encryptor(),
        AESGCM(key), ChaCha20Poly1305(key), X25519PrivateKey.generate()]
held[-3].encrypt(bytes(12), b"m", None)
held[-2].encrypt(bytes(12), b"m", None)
held[-1].exchange(X25519PrivateKey.generate().public_key())
if sys.argv[1:] == ["cleanup"]:
    lib.OSSL_PROVIDER_unload(backend._binding._legacy_provider)
    lib.OSSL_PROVIDER_unload(backend._binding._default_provider)
    lib.OPENSSL_cleanup()
print("exit probe done")
EOF
for how in plain cleanup; do
  what="a python3 process holding pyca objects exits"
  [ $how = cleanup ] && what="$what after OPENSSL_cleanup()"
  OPENSSL_CONF=$W/plain.cnf "$PYTHON" exit_probe.py $how >"exit-$how.without.out" 2>&1
  rc=$?
  check "without armaccel: $what (status $rc)" test "$rc" -eq 0
  # (through sh, so that its "Segmentation fault" notice lands in the file)
  ARMACCEL_TRACE=1 OPENSSL_CONF=$W/armaccel.cnf sh -c '"$@"' sh "$PYTHON" exit_probe.py $how \
    >"exit-$how.with.out" 2>&1
  rc=$?
  served=$(grep -c '^armaccel: ' "exit-$how.with.out")
  check "with armaccel: $what (status $rc$( [ "$rc" -gt 128 ] && echo ", signal $((rc - 128))"), $served trace lines)" \
    test "$rc" -eq 0 -a "$served" -gt 0
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
