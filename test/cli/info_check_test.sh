#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel-info --check [CONFIG]: for a good config it says armaccel is
# active and exits 0; for each way a config can leave armaccel out it names
# the cause in plain words and exits 1: the file cannot be read, armaccel is
# not in it or not activated, the module is not at the configured path or in
# the module directory, the file is not a library, it is built for another
# architecture or another OpenSSL major release, armaccel refuses a setting
# of its section, or the default provider is not activated (no random
# numbers).  The other-architecture and other-major modules are copies of
# the real one with their ELF machine or their libcrypto.so.3 dependency
# changed, which is what such builds present to the loader.  Then the lane
# self-test fault hook through armaccel-info -corrupt_desc, where this
# configuration has a hardware lane.
#
# Environment (set by CTest):
#   INFO_CMD      the armaccel-info command (may start with qemu-aarch64 ...)
#   MODULE_DIR    directory holding armaccel.so
#   WORK_DIR      scratch directory
set -uo pipefail

read -r -a INFO <<<"$INFO_CMD"
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"
fresh_work_dir

# check_verdict DESCRIPTION STATUS PATTERN CONFIG [ARGS...]: --check on CONFIG
# exits STATUS and prints a line matching PATTERN.
check_verdict() {
  local what=$1 want=$2 pattern=$3 rc
  shift 3
  "${INFO[@]}" --check "$@" >verdict.txt 2>verdict.err
  rc=$?
  sed 's/^/    /' verdict.txt
  check "$what: exit status $want (got $rc)" test "$rc" -eq "$want"
  check "  ... saying so" grep -qE -- "$pattern" verdict.txt
}

write_armaccel_cnf "$MODULE_DIR" good.cnf
check_verdict "a good config" 0 "^armaccel .* is active under good.cnf" good.cnf
check "  ... random numbers work" grep -q "^Random numbers: available" verdict.txt
check "  ... applications prefer armaccel" grep -q "^Applications prefer armaccel" verdict.txt
OPENSSL_CONF=$PWD/good.cnf check_verdict "no CONFIG: OPENSSL_CONF's" 0 \
  "^Checking $PWD/good.cnf \(from OPENSSL_CONF\)"

check_verdict "a missing file" 1 "NOT active under nowhere.cnf: the file cannot be read" nowhere.cnf
printf 'openssl_conf = init\n[init]\nproviders = p\n[p]\ndefault = d\n[d]\nactivate = 1\n' >plain.cnf
check_verdict "a config without armaccel" 1 "the config does not load armaccel" plain.cnf
sed 's/^activate = 1/# activate = 1/' good.cnf >inactive.cnf
check_verdict "armaccel not activated" 1 \
  "armaccel is configured in \[armaccel_sect\] but not activated" inactive.cnf
sed "s|^module = .*|module = $PWD/missing/armaccel.so|" good.cnf >missing.cnf
check_verdict "a module path that does not exist" 1 \
  "the module was not found at $PWD/missing/armaccel.so \(the module line" missing.cnf
sed '/^module = /d' good.cnf >nomodule.cnf
mkdir -p empty
check_verdict "no module line, not in the module directory" 1 \
  "the module was not found at $PWD/empty/armaccel.so \(no module line" nomodule.cnf \
  -provider-path "$PWD/empty"

mkdir -p fake
echo "not a library" >fake/armaccel.so
sed "s|^module = .*|module = $PWD/fake/armaccel.so|" good.cnf >text.cnf
check_verdict "a module that is not a library" 1 "is not a 64-bit shared library" text.cnf
python3 - "$MODULE_DIR/armaccel.so" fake <<'PY'
import sys
so = bytearray(open(sys.argv[1], "rb").read())
machine = int.from_bytes(so[18:20], "little")
other = bytearray(so)
other[18:20] = (183 if machine == 62 else 62).to_bytes(2, "little")  # AArch64 <-> x86-64
open(sys.argv[2] + "/armaccel-arch.so", "wb").write(other)
assert so.count(b"libcrypto.so.3\0") == 1
open(sys.argv[2] + "/armaccel-4.so", "wb").write(so.replace(b"libcrypto.so.3\0", b"libcrypto.so.4\0"))
PY
sed "s|^module = .*|module = $PWD/fake/armaccel-arch.so|" good.cnf >arch.cnf
check_verdict "a module for another architecture" 1 "is built for (x86-64|AArch64).*, and this OpenSSL runs on" arch.cnf
sed "s|^module = .*|module = $PWD/fake/armaccel-4.so|" good.cnf >major.cnf
check_verdict "a module built for another OpenSSL major release" 1 \
  "was built for OpenSSL 4 \(it needs libcrypto.so.4\), and this is OpenSSL 3\." major.cnf

sed 's/^# disable = sha512/disable = sha5x/' good.cnf >typo.cnf
check_verdict "an unknown name in disable" 1 \
  "armaccel refused to start with the settings of \[armaccel_sect\]" typo.cnf
check "  ... quoting armaccel's reason" grep -q "unknown CPU feature name 'sha5x' in the config's disable" verdict.txt
sed 's/^# ml-kem.output_formats = .*/ml-kem.retain_seed = perhaps/' good.cnf >mlkem.cnf
check_verdict "an invalid ml-kem.retain_seed" 1 "refused to start" mlkem.cnf
check "  ... quoting armaccel's reason" grep -q "perhaps" verdict.txt

sed 's/^default = default_sect/# default = default_sect/' good.cnf >nodefault.cnf
check_verdict "the default provider not activated" 1 \
  "no random-number generator works under this config \(the default provider is not activated\)" \
  nodefault.cnf
check "  ... while armaccel itself is active" grep -q "is active under nodefault.cnf" verdict.txt

ARMACCEL_DISABLE=sha5x check_verdict "an unknown name in ARMACCEL_DISABLE" 1 \
  "refused to start because of the environment variable ARMACCEL_DISABLE" good.cnf
check "  ... not blaming the config" grep -q "^Correct or unset ARMACCEL_DISABLE" verdict.txt
OPENSSL_CONF= check_verdict "OPENSSL_CONF set but empty" 1 "OPENSSL_CONF is set but empty"
sed "s|^module = .*|module = armaccel.so|" good.cnf >relative.cnf
check_verdict "a relative module line" 1 "the module was not found at .*/armaccel.so" relative.cnf \
  -provider-path "$PWD/empty"
check "  ... telling that the path must be absolute" grep -q "absolute path" verdict.txt
check_verdict "CONFIG after -provider-path" 0 "is active under good.cnf" -provider-path "$MODULE_DIR" \
  good.cnf
printf '.include %s/removed.cnf\n' "$PWD" >gone.cnf
check_verdict "an .include of a file that is gone" 1 "the config does not load armaccel" gone.cnf
check "  ... naming the missing file" grep -q "includes $PWD/removed.cnf, which does not exist" verdict.txt
printf '[ broken\n' >syntax.cnf
check_verdict "a config OpenSSL cannot parse" 1 "not a valid OpenSSL config \(OpenSSL stops at line 1\)" \
  syntax.cnf

# The self-test fault hook through armaccel-info: the first hardware lane
# in use fails its known answer and is named.
"${INFO[@]}" -provider-path "$MODULE_DIR" >info.txt 2>&1
lane=$(sed -n 's/^self-test *: passed: \([^ ;]*\).*/\1/p' info.txt)
if [ -n "$lane" ]; then
  "${INFO[@]}" -provider-path "$MODULE_DIR" -corrupt_desc "$lane" >corrupt.txt 2>&1
  check "-corrupt_desc $lane: the self-test line names it failed" \
    grep -qE "^self-test +: passed: .*; failed: $lane\$" corrupt.txt
  check "  ... and its lane line the lane used instead" \
    grep -qE "^lane [a-z0-9]+ +: [a-z0-9-]+ \(self-test failed: $lane\)" corrupt.txt
  "${INFO[@]}" -provider-path "$MODULE_DIR" -corrupt_desc "$lane" -json >corrupt.json 2>/dev/null
  check "  ... and -json gives the same facts" \
    python3 "$(dirname "$0")/info_json_check.py" corrupt.json corrupt.txt
else
  check "no hardware lane here: nothing self-tested" grep -qE "^self-test +: none run" info.txt
fi
"${INFO[@]}" -provider-path "$MODULE_DIR" -corrupt_desc no-such-lane >untested.txt 2>&1
rc=$?
check "-corrupt_desc of a lane that is not self-tested: exit status 2 (got $rc)" test "$rc" -eq 2
check "  ... saying so" grep -q "no self-test of lane 'no-such-lane' ran" untested.txt

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
