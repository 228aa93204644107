# SPDX-License-Identifier: Apache-2.0
# Type-checks the capability probes that cannot be built on this Linux host
# (FreeBSD, macOS, Windows) against stub declarations of the OS functions.
# Usage: cmake -DCXX=<clang++ or g++> -DKERNELS=<dir> -DSTUBS=<dir> -P check_probe_sources.cmake
foreach(os freebsd macos windows)
  execute_process(
    COMMAND ${CXX} -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I${STUBS} -I${KERNELS}
            ${KERNELS}/cpu/cpu_probe_${os}.cpp
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpu_probe_${os}.cpp does not type-check:\n${out}${err}")
  endif()
  message(STATUS "cpu_probe_${os}.cpp type-checks")
endforeach()
