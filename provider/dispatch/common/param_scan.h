// SPDX-License-Identifier: Apache-2.0
// One pass over an OSSL_PARAM array instead of one OSSL_PARAM_locate (a
// strcmp against every entry) per name a context knows.
//
//   constexpr const char* kNames[] = {OSSL_CIPHER_PARAM_IVLEN, ...};
//   ParamScan<OSSL_PARAM, std::size(kNames)> found(params, kNames);
//   OSSL_PARAM* ivlen = found[0];
//
// found[i] is the first parameter named kNames[i] (what OSSL_PARAM_locate
// returns), or null.  A name is compared in full only when its first
// character matches.  params may be null (no parameters).  names points at N
// names (taken as a pointer, not an array reference: Clang 14 sees a class
// template's static constexpr array as of unknown bound inside its members).
#pragma once

#include <openssl/core.h>

#include <cstddef>
#include <cstring>

namespace armaccel::prov {

template <typename Param, std::size_t N>
class ParamScan {
 public:
  ParamScan(Param* params, const char* const* names) noexcept {
    for (std::size_t i = 0; i < N; ++i) at_[i] = nullptr;
    if (params == nullptr) return;
    for (Param* p = params; p->key != nullptr; ++p) {
      for (std::size_t i = 0; i < N; ++i) {
        if (p->key[0] == names[i][0] && std::strcmp(p->key, names[i]) == 0) {
          if (at_[i] == nullptr) at_[i] = p;
          break;
        }
      }
    }
  }
  Param* operator[](std::size_t i) const noexcept { return at_[i]; }

 private:
  Param* at_[N];
};

}  // namespace armaccel::prov
