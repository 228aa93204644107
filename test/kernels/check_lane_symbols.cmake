# SPDX-License-Identifier: Apache-2.0
# Extension-flag hazard check (docs/architecture.md): a lane file built with
# -march=...+crypto/+sha3 must define no external symbol but its lane tables
# (data objects armaccel::k...: a lane and its core variants); a shared inline
# function or template copy compiled there could be the one the linker
# keeps for everyone and fault with SIGILL on older CPUs.
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
  set(tables 0)
  foreach(line IN LISTS lines)
    if(line MATCHES " [DR] _ZN8armaccel[0-9]+k[A-Za-z0-9]+E$")
      math(EXPR tables "${tables} + 1")
    endif()
  endforeach()
  if(count EQUAL 0 OR NOT tables EQUAL count)
    message(SEND_ERROR "${name}: expected external symbols that are lane tables only, got:\n${out}")
    set(failed TRUE)
  else()
    message(STATUS "${name}: ${out}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "lane symbol check failed")
endif()
