# SPDX-License-Identifier: Apache-2.0
# Builds each AArch64 lane file with Clang (per-file -march flags, warnings
# fatal), so the intrinsics code keeps building with a second compiler.
# Usage: cmake -DCLANG=<clang++> -DKERNELS=<kernels dir> -DOUT=<dir> -P check_lanes_clang.cmake
set(lanes
  "aarch64/aes_ce.cpp|-march=armv8-a+crypto"
  "aarch64/ghash_pmull.cpp|-march=armv8-a+crypto"
  "aarch64/gcm_ce.cpp|-march=armv8-a+crypto"
  "aarch64/sha256_ce.cpp|-march=armv8-a+crypto"
  "aarch64/sha512_ce.cpp|-march=armv8.2-a+sha3"
  "aarch64/keccak_sha3.cpp|-march=armv8.2-a+sha3"
  "aarch64/keccak_neon.cpp|-march=armv8-a"
  "aarch64/chacha20_neon.cpp|-march=armv8-a"
  "aarch64/poly1305_neon.cpp|-march=armv8-a"
  "aarch64/sm4_ce.cpp|-march=armv8.2-a+sm4"
  "aarch64/sm4_neon.cpp|-march=armv8-a"
  "aarch64/sm3_ce.cpp|-march=armv8.2-a+sm4"
  "aarch64/mlkem_neon.cpp|-march=armv8-a"
  "aarch64/x25519_neon.cpp|-march=armv8-a"
  "aarch64/ghash_neon.cpp|-march=armv8-a"
  "aarch64/sha256_neon.cpp|-march=armv8-a"
  "aarch64/sha512_neon.cpp|-march=armv8-a"
  "aarch64/sm3_scalar.cpp|-march=armv8-a"
  "aarch64/aes_neon.cpp|-march=armv8-a")
file(MAKE_DIRECTORY ${OUT})
foreach(lane IN LISTS lanes)
  string(REPLACE "|" ";" parts "${lane}")
  list(GET parts 0 src)
  list(GET parts 1 flag)
  get_filename_component(name ${src} NAME_WE)
  execute_process(
    COMMAND ${CLANG} --target=aarch64-linux-gnu -std=c++20 -O2 -Wall -Wextra -Werror
            -fno-exceptions -fno-rtti -I${KERNELS} ${flag} -c ${KERNELS}/${src} -o ${OUT}/${name}.o
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "clang failed on ${src}:\n${out}${err}")
  endif()
  message(STATUS "clang built ${src} (${flag})")
endforeach()
