# SPDX-License-Identifier: Apache-2.0
# Bare-metal Cortex-M (ARMv7E-M) with the Arm GNU toolchain and newlib
# (Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi
# libstdc++-arm-none-eabi-newlib).  Only the kernel library and its
# bare-metal tests build here (no OpenSSL).
#   ARMACCEL_CORTEX_M      cortex-m4 (default) or cortex-m7
#   ARMACCEL_FLOAT_ABI     hard (default) or soft
# Tests run on QEMU's MPS2 boards with semihosting: mps2-an386 (Cortex-M4)
# and mps2-an500 (Cortex-M7).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(ARMACCEL_CORTEX_M "cortex-m4" CACHE STRING "cortex-m4 or cortex-m7")
set(ARMACCEL_FLOAT_ABI "hard" CACHE STRING "hard or soft")
if(ARMACCEL_CORTEX_M STREQUAL "cortex-m7")
  set(_fpu fpv5-d16)
  set(_board mps2-an500)
else()
  set(_fpu fpv4-sp-d16)
  set(_board mps2-an386)
endif()
set(_flags "-mcpu=${ARMACCEL_CORTEX_M} -mthumb")
if(ARMACCEL_FLOAT_ABI STREQUAL "hard")
  string(APPEND _flags " -mfloat-abi=hard -mfpu=${_fpu}")
else()
  string(APPEND _flags " -mfloat-abi=soft")
endif()
set(CMAKE_C_FLAGS_INIT "${_flags}")
set(CMAKE_CXX_FLAGS_INIT "${_flags}")
set(CMAKE_ASM_FLAGS_INIT "${_flags}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${_flags} --specs=rdimon.specs")

find_program(ARMACCEL_QEMU_SYSTEM_ARM qemu-system-arm)
if(ARMACCEL_QEMU_SYSTEM_ARM)
  set(CMAKE_CROSSCOMPILING_EMULATOR
      ${ARMACCEL_QEMU_SYSTEM_ARM} -M ${_board} -nographic -semihosting -kernel)
endif()
set(ARMACCEL_QEMU_BOARD ${_board})

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
