# SPDX-License-Identifier: Apache-2.0
# Install rules beyond the module and armaccel-info, and the Debian package
# (`cpack -G DEB` in the build directory; scripts/package.sh runs it for the
# release and AArch64 builds):
#   <MODULESDIR>/armaccel.so            OpenSSL's module directory for the arch
#   /usr/bin/armaccel-info              with its manual page
#   /etc/ssl/armaccel.cnf               openssl.cnf.example, module path filled
#                                       in (a conffile; nothing activates it)
#   /usr/share/doc/armaccel/            README.md (the user's, from
#                                       cmake/package), openssl.cnf.example,
#                                       copyright, changelog.gz
# No maintainer script: installing the package changes no OpenSSL setting.

set(ARMACCEL_SSL_CONFDIR "/etc/ssl" CACHE PATH
    "Directory armaccel.cnf (the ready OpenSSL config activating armaccel) is installed into")
# Maintainer: the person who builds the package, as Debian's own tools
# (dch, dh_make) find them: DEBFULLNAME and DEBEMAIL from the environment
# (DEBEMAIL may also be "Name <address>"); without them the author of the
# checkout's last commit (git log -1).  Homepage: the checkout's "origin"
# remote when it is a web address (https://..., or git@host:path turned
# into https://host/path); without one the field is left out.  Both are
# cache variables: -DARMACCEL_PACKAGE_MAINTAINER="Name <address>" and
# -DARMACCEL_PACKAGE_HOMEPAGE=https://... set them for good.
include(${CMAKE_CURRENT_LIST_DIR}/PackageIdentity.cmake)
armaccel_default_maintainer(_armaccel_default_maintainer)
if(ARMACCEL_PACKAGE_MAINTAINER STREQUAL "The armaccel developers <armaccel@example.org>")
  unset(ARMACCEL_PACKAGE_MAINTAINER CACHE)  # the placeholder of earlier builds
endif()
armaccel_default_homepage(_armaccel_default_homepage)
set(ARMACCEL_PACKAGE_MAINTAINER "${_armaccel_default_maintainer}" CACHE STRING
    "Maintainer field of the Debian package (Name <address>)")
set(ARMACCEL_PACKAGE_HOMEPAGE "${_armaccel_default_homepage}" CACHE STRING
    "Homepage field of the Debian package (empty: no field)")
armaccel_check_maintainer("${ARMACCEL_PACKAGE_MAINTAINER}")

# armaccel.cnf: the example config with the installed module's path.
set(_armaccel_example "${PROJECT_SOURCE_DIR}/openssl.cnf.example")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_armaccel_example}")
file(READ "${_armaccel_example}" _armaccel_cnf)
set(_armaccel_module_line "module = ${ARMACCEL_MODULESDIR}/armaccel.so")
string(REPLACE "# module = /path/to/armaccel.so" "${_armaccel_module_line}" _armaccel_cnf
               "${_armaccel_cnf}")
string(FIND "${_armaccel_cnf}" "${_armaccel_module_line}" _armaccel_at)
if(_armaccel_at EQUAL -1)
  message(FATAL_ERROR "openssl.cnf.example lost its '# module = /path/to/armaccel.so' line")
endif()
file(WRITE "${PROJECT_BINARY_DIR}/package/armaccel.cnf" "${_armaccel_cnf}")
install(FILES "${PROJECT_BINARY_DIR}/package/armaccel.cnf" DESTINATION "${ARMACCEL_SSL_CONFDIR}")

# The manual page and the Debian changelog carry the version of
# project(VERSION) and the maintainer above; compressed as Debian policy
# wants them (gzip -9n: no name or time stamp).
set(_armaccel_pkg "${CMAKE_CURRENT_LIST_DIR}")
configure_file("${_armaccel_pkg}/armaccel-info.1.in" "${PROJECT_BINARY_DIR}/package/armaccel-info.1"
               @ONLY)
configure_file("${_armaccel_pkg}/changelog.in" "${PROJECT_BINARY_DIR}/package/changelog" @ONLY)
set(_armaccel_gz "")
foreach(name IN ITEMS changelog armaccel-info.1)
  set(src "${PROJECT_BINARY_DIR}/package/${name}")
  set(out "${PROJECT_BINARY_DIR}/package/${name}.gz")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND sh -c "gzip -9n -c '${src}' > '${out}'"
    DEPENDS "${src}"
    VERBATIM)
  list(APPEND _armaccel_gz "${out}")
endforeach()
add_custom_target(armaccel-package-docs ALL DEPENDS ${_armaccel_gz})
install(FILES "${PROJECT_BINARY_DIR}/package/armaccel-info.1.gz"
        DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${_armaccel_pkg}/README.md" openssl.cnf.example "${_armaccel_pkg}/copyright"
              "${PROJECT_BINARY_DIR}/package/changelog.gz"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# The Debian package.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(_armaccel_deb_arch arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(_armaccel_deb_arch amd64)
else()
  set(_armaccel_deb_arch "${CMAKE_SYSTEM_PROCESSOR}")
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME armaccel)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${ARMACCEL_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ARMACCEL_PACKAGE_MAINTAINER}")
if(ARMACCEL_PACKAGE_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${ARMACCEL_PACKAGE_HOMEPAGE}")
endif()
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "OpenSSL 3 provider for ARM crypto hardware")
set(CPACK_PACKAGE_DESCRIPTION
    "armaccel is an OpenSSL 3 provider module that makes unmodified OpenSSL
applications run their ciphers, digests, MACs and ML-KEM on ARM crypto
hardware: the AArch64 crypto extensions and NEON, picked by a CPU capability
probe when the module loads, with portable constant-time code elsewhere.
.
Nothing is turned on by installing it: use OPENSSL_CONF=/etc/ssl/armaccel.cnf
for one program, or include that file from openssl.cnf for all.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${_armaccel_deb_arch}")
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# From the binaries' symbol versions (objdump -T): GLIBC_2.34,
# GCC_3.0, GLIBCXX_3.4.29 (GCC 11), OPENSSL_3.0.3; Debian 13 renamed
# libssl3 to libssl3t64.  scripts/package.sh checks them against
# dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6 (>= 2.34), libgcc-s1 (>= 3.0), libssl3 (>= 3.0.3) | libssl3t64 (>= 3.0.3), libstdc++6 (>= 11)")
file(WRITE "${PROJECT_BINARY_DIR}/package/conffiles" "${ARMACCEL_SSL_CONFDIR}/armaccel.cnf\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${PROJECT_BINARY_DIR}/package/conffiles")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_OUTPUT_FILE_PREFIX "${PROJECT_BINARY_DIR}/package")
include(CPack)
