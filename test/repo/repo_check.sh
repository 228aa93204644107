#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The checkout's own rules, on the files git tracks:
#   - every source file (C++, C, assembly, Python, shell, CMake, linker and
#     suppression files, the manual page) carries the line
#     "SPDX-License-Identifier: Apache-2.0" among its first five lines;
#   - the checkout stands alone: nothing refers to a place outside it
#     (../shared, an absolute /work path), except the benchmark scripts'
#     reference to the outside instruction-count tools, which go through
#     scripts/lib/icount_tool.sh (a clear stop when they are absent);
#   - every test vector file is listed in test/vectors/SOURCES.md's checksum
#     list with its SHA-256, and every listed file is there.
# Exits 1 with each offence printed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bad=0
offence() { echo "repo_check: $*"; bad=$((bad + 1)); }

mapfile -t files < <(git ls-files)
sources=0
for f in "${files[@]}"; do
  case $f in
    *.cpp | *.h | *.c | *.S | *.py | *.sh | *.cmake | */CMakeLists.txt | CMakeLists.txt | \
      *.map | *.ld | *.supp | *.1.in | .ci/run) ;;
    *) continue ;;
  esac
  case $f in test/vectors/*) continue ;; esac  # outside data, SOURCES.md covers it
  sources=$((sources + 1))
  head -n 5 "$f" | grep -q "SPDX-License-Identifier: Apache-2.0" ||
    offence "$f: no SPDX-License-Identifier line"
done
[ "$sources" -gt 300 ] || offence "only $sources source files found (git ls-files)"

# Outside references.  The pattern is split so this file does not match itself.
outside='\.\./'"shared|/work/"'(main|shared)'
while IFS= read -r hit; do
  file=${hit%%:*}
  case $file in
    scripts/lib/icount_tool.sh) continue ;;  # the one place that names the outside tools
    .ci/run) continue ;;                     # checks that nothing is there
    test/repo/repo_check.sh) continue ;;     # describes this check
    scripts/icount.sh | scripts/icount/* | scripts/report.sh | scripts/report/* | \
      test/bench/* | test/baremetal/keccak_work.cpp)
      # comments naming the outside tools the measurement scripts use
      grep -qE '^\s*(#|//|\*|/\*)|f"' <<<"${hit#*:*:}" && continue ;;
  esac
  offence "refers outside the checkout: $hit"
done < <(git grep -nE "$outside" -- . ':!*.md' ':!test/vectors' ':!docs/report')
for f in scripts/icount.sh scripts/icount/*.sh scripts/report.sh; do
  if grep -qE 'shared/tools' "$f" && ! grep -q 'icount_tool' "$f"; then
    offence "$f names the outside tools without scripts/lib/icount_tool.sh"
  fi
done

# The vectors and their checksums.
sums=test/vectors/SOURCES.md
if [ ! -f "$sums" ]; then
  offence "$sums is missing"
else
  listed=$(sed -n 's/^\([0-9a-f]\{64\}\)  \(.*\)$/\1  test\/vectors\/\2/p' "$sums")
  [ -n "$listed" ] || offence "$sums lists no checksums"
  (sha256sum --quiet -c - <<<"$listed") || offence "a checksum in $sums does not match"
  while IFS= read -r f; do
    case $f in test/vectors/SOURCES.md) continue ;; esac
    grep -qF "  ${f#test/vectors/}" <<<"$(sed -n 's/^[0-9a-f]\{64\}  //p' "$sums" | sed 's/^/  /')" ||
      offence "$f is not in $sums"
  done < <(git ls-files test/vectors)
fi

# One version: project(VERSION) is the one CHANGELOG.md names first, and no
# document spells a version of its own.
version=$(sed -n 's/^ *VERSION \([0-9][0-9.]*\)$/\1/p' CMakeLists.txt | head -1)
[ -n "$version" ] || offence "no VERSION in CMakeLists.txt's project()"
first=$(sed -n 's/^## \[\([^]]*\)\].*/\1/p' CHANGELOG.md | head -1)
[ "$first" = "$version" ] || offence "CHANGELOG.md's latest version is '$first', project(VERSION) is '$version'"
while IFS= read -r hit; do
  offence "a hand-written version: $hit"
done < <(git grep -nF "$version" -- README.md 'docs/*.md' cmake/package ':!docs/report' || true)

echo "repo_check: $sources source files, $bad offence(s)"
[ "$bad" -eq 0 ]
