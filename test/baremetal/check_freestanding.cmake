# SPDX-License-Identifier: Apache-2.0
# The kernel library is freestanding: of the C library it may use memcpy
# and memset only (no heap, no stdio, no other libc).  Lists the undefined
# symbols of the bare-metal archive and fails on any that is not defined
# in the archive itself.
#   cmake -DNM=<nm> -DLIB=<libarmaccel_kernels.a> -P check_freestanding.cmake
execute_process(COMMAND ${NM} -u ${LIB} OUTPUT_VARIABLE undefined RESULT_VARIABLE rc)
execute_process(COMMAND ${NM} --defined-only ${LIB} OUTPUT_VARIABLE defined)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIB}")
endif()
string(REGEX MATCHALL "[^\n]+" lines "${undefined}")
set(bad "")
foreach(line IN LISTS lines)
  if(line MATCHES "^ +U ([^ ]+)$")
    set(sym ${CMAKE_MATCH_1})
    if(sym STREQUAL "memcpy" OR sym STREQUAL "memset")
      continue()
    endif()
    string(FIND "${defined}" " ${sym}\n" at)
    if(at EQUAL -1)
      list(APPEND bad ${sym})
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES bad)
if(bad)
  message(FATAL_ERROR "kernel library uses symbols from outside itself: ${bad}")
endif()
message(STATUS "kernel library is freestanding (memcpy/memset only)")
