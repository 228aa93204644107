# SPDX-License-Identifier: Apache-2.0
# Other OpenSSL releases the provider suites also run in: Debian 13's
# OpenSSL 3.5 and Debian unstable's 3.6, the distribution binaries that
# scripts/fetch-runtimes.sh unpacks into ARMACCEL_RUNTIMES_DIR, for the
# architecture of this build (amd64 natively, arm64 in the AArch64 cross
# build).  The module and the test programs are the ones built here against
# Debian 12's OpenSSL 3.0; each runtime's `run` launcher makes them use that
# runtime's libcrypto.
#
# Sets ARMACCEL_TEST_RUNTIMES: entries "<name>|<root>|<version>", e.g.
# "openssl-3.5|/…/build/runtimes/trixie-amd64|3.5.9".  A runtime that is not
# unpacked is reported and left out (scripts/test-all.sh fetches them all
# and checks that their tests are registered).

set(ARMACCEL_RUNTIMES_DIR "${PROJECT_SOURCE_DIR}/build/runtimes" CACHE PATH
    "Where scripts/fetch-runtimes.sh unpacked the OpenSSL 3.5/3.6 runtimes")
set(ARMACCEL_RUNTIME_SUITES "trixie;sid" CACHE STRING
    "Debian suites whose OpenSSL the provider suites also run in")

if(CMAKE_CROSSCOMPILING AND ARMACCEL_AARCH64)
  set(_runtime_arch arm64)
elseif(NOT CMAKE_CROSSCOMPILING AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64)$")
  set(_runtime_arch amd64)
else()
  set(_runtime_arch "")
endif()

set(ARMACCEL_TEST_RUNTIMES "")
if(_runtime_arch AND NOT ARMACCEL_SANITIZE)
  foreach(suite IN LISTS ARMACCEL_RUNTIME_SUITES)
    set(root "${ARMACCEL_RUNTIMES_DIR}/${suite}-${_runtime_arch}")
    if(NOT EXISTS "${root}/run" OR NOT EXISTS "${root}/versions")
      message(STATUS "armaccel runtime ${suite}-${_runtime_arch}: not unpacked, its tests are "
                     "not registered (scripts/fetch-runtimes.sh)")
      continue()
    endif()
    file(STRINGS "${root}/versions" line REGEX "^openssl ")
    if(NOT line MATCHES "^openssl ([0-9]+)\\.([0-9]+)\\.([0-9]+)")
      message(FATAL_ERROR "armaccel runtime ${root}: no openssl version in ${root}/versions")
    endif()
    set(version "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}.${CMAKE_MATCH_3}")
    list(APPEND ARMACCEL_TEST_RUNTIMES "openssl-${CMAKE_MATCH_1}.${CMAKE_MATCH_2}|${root}|${version}")
    message(STATUS "armaccel runtime ${suite}-${_runtime_arch}: OpenSSL ${version}")
  endforeach()
endif()
