# SPDX-License-Identifier: Apache-2.0
# Extension-flag hazard check (docs/architecture.md): a lane file built with
# -march=...+crypto/+sha3 must define exactly one external symbol, its lane
# table; a shared inline function or template copy compiled there could be
# the one the linker keeps for everyone and fault with SIGILL on older CPUs.
# Usage: cmake -DNM=<nm> -DOBJECTS=<obj;obj...> -P check_lane_symbols.cmake
set(failed FALSE)
foreach(obj IN LISTS OBJECTS)
  execute_process(COMMAND ${NM} -g --defined-only ${obj}
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${NM} failed on ${obj}")
    set(failed TRUE)
    continue()
  endif()
  string(REGEX MATCHALL "[^\n]+" lines "${out}")
  list(LENGTH lines count)
  get_filename_component(name ${obj} NAME)
  if(NOT count EQUAL 1)
    message(SEND_ERROR "${name}: expected exactly one external symbol (its lane table), got:\n${out}")
    set(failed TRUE)
  else()
    message(STATUS "${name}: ${out}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "lane symbol check failed")
endif()
