// SPDX-License-Identifier: Apache-2.0
// armaccel-info --check [CONFIG]: loads an OpenSSL config as an application
// would and says in plain words whether armaccel is active under it and,
// if not, why (the config does not load or activate it, the module is not
// at the path OpenSSL tries, it was built for another OpenSSL major
// release or another architecture, armaccel refused its settings, ...),
// and whether the config leaves applications a random-number generator.
// Part of armaccel-info only.
#pragma once

#include <cstdio>

namespace armaccel_info {

// CONFIG: the file to check; null: the one OpenSSL would use
// (OPENSSL_CONF, else OpenSSL's default openssl.cnf).  provider_path: the
// module search directory to use instead of OPENSSL_MODULES / OpenSSL's
// MODULESDIR (null for those).  Prints the verdict on `out`; returns the
// exit status: 0 only when armaccel is active and random numbers work.
int check_config(const char* config, const char* provider_path, std::FILE* out = stdout);

}  // namespace armaccel_info
