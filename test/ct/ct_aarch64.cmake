# SPDX-License-Identifier: Apache-2.0
# The constant-time check's registrations in the AArch64 cross build (preset
# ct-aarch64), included by test/ct/CMakeLists.txt: ct_kernels, ct_provider
# and the ct_leak controls under memcheck for arm64 in qemu-aarch64
# (ARMACCEL_CT_VALGRIND_COMMAND, scripts/fetch-valgrind-arm64.sh's patched
# memcheck, which decodes every instruction the lanes use and shows the
# SHA-3, SM3 and SM4 hwcaps), once per CPU configuration:
#
#   name | QEMU_CPU | ARMACCEL_DISABLE | ARMACCEL_CORE | ct_kernels' lanes | provider's lanes
#
# ct_kernels checks every lane the CPU has in `max` and, in the others, the
# lanes the provider chooses there (ARMACCEL_CT_LANES=selected: each
# configuration's own choice, which max's run has checked among all the
# others); both assert the lanes they ran (ARMACCEL_CT_EXPECT_LANES,
# ARMACCEL_EXPECT_LANES), so a configuration that fell back to other lanes
# fails.  Under valgrind MIDR_EL1 cannot be read (memcheck hides the CPUID
# hwcap), so the core class the -ooo lanes are chosen for is pinned with
# ARMACCEL_CORE.  Pointer authentication is off on `max` (the
# branch-protected valgrind runs about ten times slower with it under
# qemu); valgrind hides SVE from the program.
set(_ct_all_lanes
    aes-ce-ooo aes-ce aes-neon aes-portable ghash-pmull ghash-neon ghash-portable gcm-ce-ooo
    gcm-ce chacha20-neon-ooo chacha20-neon-ooo-gpr chacha20-neon chacha20-portable
    poly1305-neon-ooo poly1305-neon poly1305-portable sm4-ce sm4-neon sm4-portable sha256-ce-ooo
    sha256-ce sha256-neon sha256-portable sha512-ce sha512-neon sha512-portable sm3-ce sm3-scalar
    sm3-portable keccak-sha3 keccak-neon-vec keccak-neon-gpr keccak-neon keccak-portable mlkem-neon mlkem-portable x25519-neon
    x25519-portable)
string(REPLACE ";" "," _ct_all_lanes "${_ct_all_lanes}")
set(_ct_common "mlkem=mlkem-neon,x25519=x25519-neon")
set(_ct_no_sha512_sm "sha512=sha512-neon,keccak=keccak-neon,sm4=sm4-neon,sm3=sm3-scalar")
# The Cortex-A72 takes keccak-neon's variant keccak-neon-vec.
string(REPLACE "keccak=keccak-neon" "keccak=keccak-neon-vec" _ct_a72 "${_ct_no_sha512_sm}")
# Neoverse N1 takes keccak-neon-gpr.
string(REPLACE "keccak=keccak-neon" "keccak=keccak-neon-gpr" _ct_n1 "${_ct_no_sha512_sm}")
set(ARMACCEL_CT_CONFIGS
    "max|max,pauth=off|||all|aes=aes-ce,ghash=ghash-pmull,gcm=gcm-ce,sha256=sha256-ce,sha512=sha512-ce,keccak=keccak-sha3,chacha20=chacha20-neon,poly1305=poly1305-neon,sm4=sm4-ce,sm3=sm3-ce,${_ct_common}"
    "cortex-a53|cortex-a53|||selected|aes=aes-ce,ghash=ghash-pmull,gcm=gcm-ce,sha256=sha256-ce,chacha20=chacha20-neon,poly1305=poly1305-neon,${_ct_no_sha512_sm},${_ct_common}"
    "cortex-a72-neon|cortex-a72|aes pmull sha2 sha512 sha3 sm3 sm4|cortex-a72|selected|aes=aes-neon,ghash=ghash-neon,gcm=none,sha256=sha256-neon,chacha20=chacha20-neon-ooo,poly1305=poly1305-neon-ooo,${_ct_a72},${_ct_common}"
    "cortex-a72|cortex-a72||cortex-a72|selected|aes=aes-ce-ooo,ghash=ghash-pmull,gcm=gcm-ce-ooo,sha256=sha256-ce-ooo,chacha20=chacha20-neon-ooo,poly1305=poly1305-neon-ooo,${_ct_a72},${_ct_common}"
    "neoverse-n1|neoverse-n1||neoverse-n1|selected|aes=aes-ce-ooo,ghash=ghash-pmull,gcm=gcm-ce-ooo,sha256=sha256-ce-ooo,chacha20=chacha20-neon-ooo-gpr,poly1305=poly1305-neon-ooo,${_ct_n1},${_ct_common}")

# ct_kernels and ct_provider without --track-origins (a third less CPU under
# qemu; rerun one with it, ARMACCEL_CT_VALGRIND_COMMAND, to see where a
# reported value came from); the ct_leak controls keep it, as they assert
# the origin.  ct_leak_declassified (the declassification points are live
# in this build) runs once, in max.
set(_ct_run ${ARMACCEL_CT_VALGRIND_COMMAND})
list(REMOVE_ITEM _ct_run --track-origins=yes)

foreach(cfg IN LISTS ARMACCEL_CT_CONFIGS)
  string(REPLACE "|" ";" f "${cfg}")
  list(GET f 0 name)
  list(GET f 1 cpu)
  list(GET f 2 disable)
  list(GET f 3 core)
  list(GET f 4 kernel_lanes)
  list(GET f 5 provider_lanes)
  if(kernel_lanes STREQUAL "all")
    set(ct_lanes "")
    set(expect_kernel_lanes "${_ct_all_lanes}")
  else()
    set(ct_lanes "selected")
    # The provider's lanes, without the primitive names and "none".
    string(REGEX REPLACE "[a-z0-9]+=" "" expect_kernel_lanes "${provider_lanes}")
    string(REPLACE ",none" "" expect_kernel_lanes "${expect_kernel_lanes}")
  endif()
  set(env "QEMU_CPU=${cpu}" "ARMACCEL_DISABLE=${disable}" "ARMACCEL_CORE=${core}")
  add_test(NAME ct_kernels.${name} COMMAND ${_ct_run} $<TARGET_FILE:ct_kernels>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(ct_kernels.${name} PROPERTIES
    ENVIRONMENT "${env};ARMACCEL_CT_LANES=${ct_lanes};ARMACCEL_CT_EXPECT_LANES=${expect_kernel_lanes}")
  add_test(NAME ct_provider.${name} COMMAND ${_ct_run} $<TARGET_FILE:ct_provider>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # armaccel's lanes, even where it would leave a family to the default
  # provider on this CPU (provider/step_aside.h).
  set_tests_properties(ct_provider.${name} PROPERTIES
    ENVIRONMENT "${env};ARMACCEL_FORCE_LANES=1;ARMACCEL_EXPECT_LANES=${provider_lanes}")
  set(leak_tests "")
  if(name STREQUAL "max")
    add_test(NAME ct_leak_declassified.${name}
             COMMAND ${ARMACCEL_CT_VALGRIND_COMMAND} $<TARGET_FILE:ct_leak> declassified)
    list(APPEND leak_tests ct_leak_declassified.${name})
  endif()
  foreach(kind branch index)
    add_test(NAME ct_leak_${kind}_caught.${name}
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.sh ${kind} leak_${kind} --
                     ${ARMACCEL_CT_VALGRIND_COMMAND} $<TARGET_FILE:ct_leak> ${kind})
    list(APPEND leak_tests ct_leak_${kind}_caught.${name})
  endforeach()
  set_tests_properties(${leak_tests} PROPERTIES ENVIRONMENT "${env}")
  set_tests_properties(ct_kernels.${name} ct_provider.${name} ${leak_tests}
                       PROPERTIES LABELS "ct-aarch64;${name}")
  set_tests_properties(ct_kernels.${name} ct_provider.${name} PROPERTIES TIMEOUT 1800)
endforeach()
