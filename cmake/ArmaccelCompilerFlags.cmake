# Warnings, sanitizers and the code-generation flags shared by all targets.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-Wall -Wextra)
  if(ARMACCEL_WERROR)
    add_compile_options(-Werror)
  endif()
  if(ARMACCEL_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                        -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
  endif()
elseif(MSVC)
  add_compile_options(/W4)
  if(ARMACCEL_WERROR)
    add_compile_options(/WX)
  endif()
endif()

# The kernels and the provider: no exceptions or RTTI across the C ABI,
# hidden symbols (the module exports only OSSL_provider_init).
function(armaccel_library_defaults target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions -fno-rtti>
      -fvisibility=hidden $<$<COMPILE_LANGUAGE:CXX>:-fvisibility-inlines-hidden>)
  endif()
endfunction()
