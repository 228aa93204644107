#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel built for OpenSSL 3.x refuses to run in OpenSSL 4.0 (Debian
# experimental's real binary, scripts/fetch-runtimes.sh): loading it pulls
# the machine's libcrypto.so.3 in beside libcrypto.so.4, and running there
# would crash the process at exit.  Checked: loading it by name fails with
# armaccel's reason naming both versions, and nothing crashes; with
# openssl.cnf.example active the process carries on without armaccel (its
# default provider serves everything) and exits cleanly.
#
# Environment (set by CTest):
#   OPENSSL4_CMD  the OpenSSL 4.0 openssl command (with its launcher)
#   MODULE_DIR    directory holding armaccel.so
#   WORK_DIR      scratch directory
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL4_CMD"
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
v=$("${OSSL[@]}" version 2>&1)
check "the command is OpenSSL 4 ($v)" bash -c '[[ "$1" == "OpenSSL 4."* ]]' _ "$v"
write_armaccel_cnf "$MODULE_DIR"
head -c 5000 /dev/urandom >data.bin

OPENSSL_CONF=/dev/null "${OSSL[@]}" list -providers -provider-path "$MODULE_DIR" -provider armaccel \
  -provider default >list.out 2>list.err
rc=$?
check "loading armaccel by name fails (exit status $rc, no signal)" test "$rc" -eq 1
check "  ... with armaccel's reason naming the build's and the process's versions" \
  grep -qE "armaccel .* was built for OpenSSL 3\.x .* cannot run in OpenSSL 4\.[0-9]+\.[0-9]+; build armaccel against OpenSSL 4" list.err
check "  ... and OpenSSL's provider init failure" grep -q "name=armaccel" list.err

OPENSSL_CONF=$PWD/armaccel.cnf "${OSSL[@]}" list -providers >cnf.out 2>cnf.err
rc=$?
check "with openssl.cnf.example: 'openssl list -providers' exits 0 (got $rc)" test "$rc" -eq 0
check "  ... showing the default provider active" grep -q "OpenSSL Default Provider" cnf.out
refuses "  ... and not armaccel" grep -q "armaccel" cnf.out
mine=$(OPENSSL_CONF=$PWD/armaccel.cnf "${OSSL[@]}" dgst -sha256 -r data.bin 2>dgst.err)
rc=$?
ref=$(OPENSSL_CONF=/dev/null "${OSSL[@]}" dgst -sha256 -r data.bin)
check "with openssl.cnf.example: dgst -sha256 exits 0 (got $rc) with the right digest" \
  test "$rc" -eq 0 -a -n "$mine" -a "$mine" = "$ref"
OPENSSL_CONF=$PWD/armaccel.cnf "${OSSL[@]}" enc -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f \
  -iv 000102030405060708090a0b0c0d0e0f -in data.bin -out data.enc 2>enc.err
rc=$?
check "with openssl.cnf.example: enc -aes-128-cbc exits 0 (got $rc)" test "$rc" -eq 0

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
