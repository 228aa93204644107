# SPDX-License-Identifier: Apache-2.0
# Sourced by the benchmark scripts (scripts/icount*, scripts/report.sh).
# The instruction-count and cycle-estimate tools (QEMU plugins and EVP
# harnesses: build.sh, ipb.sh, cpb.sh, mca.py, ...) are not part of
# armaccel: they live outside the project, by default in
# ../shared/tools/qemu-icount beside the checkout; ARMACCEL_ICOUNT_TOOL
# names another place.  The tests do not use them.
#
# icount_tool ROOT: prints the tools' directory, or stops the script with a
# clear message when they are absent.
icount_tool() {
  local dir
  dir=$(realpath -m "${ARMACCEL_ICOUNT_TOOL:-$1/../shared/tools/qemu-icount}")
  if [ ! -x "$dir/build.sh" ]; then
    echo "$(basename "$0"): the instruction-count tools are not at $dir." >&2
    echo "They are outside armaccel (qemu-icount: QEMU plugins and EVP harnesses, with" >&2
    echo "build.sh); put them there or set ARMACCEL_ICOUNT_TOOL to their directory." >&2
    echo "The benchmark scripts need them; the tests (scripts/test-all.sh) do not." >&2
    exit 2
  fi
  (cd "$dir" && pwd)
}

# icount_built ROOT: sets tool (icount_tool ROOT) and out (ICOUNT_DIR,
# default ROOT/build/icount), and builds the tools into out when any of the
# plugins or harnesses the scripts run is missing there.
icount_built() {
  tool=$(icount_tool "$1")
  out=${ICOUNT_DIR:-$1/build/icount}
  local f
  for f in libtbprof.so libicount.so kem_work.arm64 evp_work.arm64; do
    if [ ! -e "$out/$f" ]; then
      "$tool/build.sh" "$out" >/dev/null
      return
    fi
  done
}
