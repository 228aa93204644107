# SPDX-License-Identifier: Apache-2.0
# Sourced by the fetch-*.sh scripts: a private apt configuration under a
# directory of the build tree (its own source list, lists and cache; the
# machine's apt state is never read or written), for `apt-get download` and
# `apt-get source` of other Debian releases' packages.
#
# private_apt_setup DIR     sets PRIVATE_APT_OPTS (the options for apt-get)
#                           and makes DIR's lists/ and cache/; DIR/sources.list
#                           is the caller's to write
# debian_mirror [ARCHIVE]   the machine's mirror of ARCHIVE (debian, the
#                           default, or debian-security), without a trailing
#                           slash: the first such URI in its apt sources, or
#                           deb.debian.org
private_apt_setup() {
  local dir=$1
  PRIVATE_APT_OPTS=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
                    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache"
                    -o Dir::State::status=/dev/null
                    -o APT::Architectures::=amd64 -o APT::Architectures::=arm64)
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
}

debian_mirror() {
  local archive=${1:-debian} uri
  uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null | grep -v '^[[:space:]]*#' |
        grep -oE "https?://[^[:space:]]+/$archive/?([[:space:]]|\$)" | head -n 1 |
        tr -d '[:space:]' || true)
  uri=${uri:-http://deb.debian.org/$archive}
  echo "${uri%/}"
}
