# SPDX-License-Identifier: Apache-2.0
# Defaults for the Debian package's Maintainer and Homepage fields
# (ArmaccelPackage.cmake says where they come from).

# armaccel_default_maintainer(OUT): "Name <address>" from DEBFULLNAME and
# DEBEMAIL, else from the author of the checkout's last commit; empty when
# neither is known.
function(armaccel_default_maintainer out)
  set(who "")
  if(DEFINED ENV{DEBEMAIL} AND NOT "$ENV{DEBEMAIL}" STREQUAL "")
    if("$ENV{DEBEMAIL}" MATCHES "<")
      set(who "$ENV{DEBEMAIL}")
    elseif(DEFINED ENV{DEBFULLNAME} AND NOT "$ENV{DEBFULLNAME}" STREQUAL "")
      set(who "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
    endif()
  endif()
  if(who STREQUAL "")
    find_package(Git QUIET)
    if(GIT_FOUND)
      execute_process(
        COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" log -1 "--format=%an <%ae>"
        OUTPUT_VARIABLE who OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    endif()
  endif()
  set(${out} "${who}" PARENT_SCOPE)
endfunction()

# armaccel_default_homepage(OUT): the "origin" remote as a web address
# (https://host/path, from https://... or git@host:path), else empty.
function(armaccel_default_homepage out)
  set(url "")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" remote get-url origin
                    OUTPUT_VARIABLE url OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(url MATCHES "^git@([^:]+):(.+)$")
    set(url "https://${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
  endif()
  string(REGEX REPLACE "\\.git$" "" url "${url}")
  if(NOT url MATCHES "^https?://")
    set(url "")
  endif()
  set(${out} "${url}" PARENT_SCOPE)
endfunction()

# armaccel_check_maintainer(VALUE): stops the configuration unless VALUE is
# "Name <address>" (what dpkg and lintian require of the field).
function(armaccel_check_maintainer value)
  if(NOT value MATCHES "^[^<>]*[^<> ] <[^<> ]+@[^<> ]+>$")
    message(FATAL_ERROR
            "ARMACCEL_PACKAGE_MAINTAINER is '${value}': the Debian package needs 'Name <address>'. "
            "Set DEBFULLNAME and DEBEMAIL, or -DARMACCEL_PACKAGE_MAINTAINER=\"Name <address>\".")
  endif()
endfunction()
