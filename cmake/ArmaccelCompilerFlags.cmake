# SPDX-License-Identifier: Apache-2.0
# Warnings, sanitizers and the code-generation flags shared by all targets.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  if(ARMACCEL_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                        -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
  endif()
  if(ARMACCEL_FUZZ)  # Clang: the fuzzers link -fsanitize=fuzzer themselves
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                        -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
  endif()
endif()

# Warnings for armaccel's own targets (not third-party code built alongside).
function(armaccel_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra $<$<BOOL:${ARMACCEL_WERROR}>:-Werror>)
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${ARMACCEL_WERROR}>:/WX>)
  endif()
endfunction()

# The kernels and the provider: no exceptions or RTTI across the C ABI,
# hidden symbols (the module exports only OSSL_provider_init).
function(armaccel_library_defaults target)
  armaccel_warnings(${target})
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    # Source paths in error records and debug info relative to the project.
    target_compile_options(${target} PRIVATE "-ffile-prefix-map=${PROJECT_SOURCE_DIR}/=")
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions -fno-rtti>
      -fvisibility=hidden $<$<COMPILE_LANGUAGE:CXX>:-fvisibility-inlines-hidden>)
  endif()
endfunction()
