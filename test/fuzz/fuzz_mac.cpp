// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's MACs (HMAC over its digests and, through
// the fallback, SHA-1; CMAC over AES, SM4 and DES-EDE3; GMAC over AES; and
// Poly1305) against OpenSSL's default provider through the same EVP_MAC
// calls chosen by the input: init with a key of any length (0..200 bytes
// for HMAC) and the algorithm parameters, re-init without a key (HMAC,
// CMAC), updates of any length (zero-length with a NULL input too),
// EVP_MAC_CTX_dup mid-stream, final.  Every return value and output byte
// must agree, and so must the errors each compared call left on the queue
// (library and reason, in order), except the rule docs/behaviour.md
// documents: an update or final after final is refused by armaccel;
// compared again from the next init.
// The default provider's context is used only after an init it accepted
// and not after final: OpenSSL 3.0 calls a null function on an update
// after final there (found here with Poly1305; an OpenSSL bug, while
// armaccel's contexts take any sequence and refuse with an error).
#include <openssl/core_names.h>
#include <openssl/err.h>

#include <memory>

#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

struct Setting {
  const char* mac;
  const char* param;  // "digest" or "cipher" (nullptr for Poly1305)
  const char* value;
  std::size_t key_min, key_max;
};

const Setting kSettings[] = {
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-256", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-224", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-384", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-512", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-512/256", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-256", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-512", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SM3", 0, 200},
    {"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA1", 0, 200},
    {"CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", 16, 16},
    {"CMAC", OSSL_MAC_PARAM_CIPHER, "AES-192-CBC", 24, 24},
    {"CMAC", OSSL_MAC_PARAM_CIPHER, "AES-256-CBC", 32, 32},
    {"CMAC", OSSL_MAC_PARAM_CIPHER, "SM4-CBC", 16, 16},
    {"CMAC", OSSL_MAC_PARAM_CIPHER, "DES-EDE3-CBC", 24, 24},
    {"GMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-GCM", 16, 16},
    {"GMAC", OSSL_MAC_PARAM_CIPHER, "AES-256-GCM", 32, 32},
    {"POLY1305", nullptr, nullptr, 32, 32},
};

struct Macs {
  EVP_MAC* mine[sizeof kSettings / sizeof kSettings[0]];
  EVP_MAC* ref[sizeof kSettings / sizeof kSettings[0]];
};

const Macs& macs() {
  static const Macs m = [] {
    Macs out{};
    for (std::size_t i = 0; i < sizeof kSettings / sizeof kSettings[0]; ++i) {
      out.mine[i] = EVP_MAC_fetch(contexts().mine, kSettings[i].mac, kMine);
      out.ref[i] = EVP_MAC_fetch(contexts().ref, kSettings[i].mac, nullptr);
      if (out.mine[i] == nullptr || out.ref[i] == nullptr)
        finding("fetch", kSettings[i].mac, "not available");
    }
    return out;
  }();
  return m;
}

struct CtxFree {
  void operator()(EVP_MAC_CTX* c) const { EVP_MAC_CTX_free(c); }
};
using CtxPtr = std::unique_ptr<EVP_MAC_CTX, CtxFree>;

void run(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Setting& s : kSettings)
      out.push_back(std::string(s.mac) + (s.value != nullptr ? std::string("-") + s.value : ""));
    return out;
  }();
  const std::size_t which = in.choose(names);
  const Setting& s = kSettings[which];
  const std::string name = std::string(s.mac) + (s.value ? std::string("-") + s.value : "");
  CtxPtr a(EVP_MAC_CTX_new(macs().mine[which])), b(EVP_MAC_CTX_new(macs().ref[which]));
  const bool gmac = std::string(s.mac) == "GMAC";
  const bool rekey_optional = std::string(s.mac) == "HMAC" || std::string(s.mac) == "CMAC";
  bool keyed = false, synced = false, finished = false;
  bool ref_usable = false;  // the default's last init succeeded
  for (int step = 0; step < 48 && !in.done(); ++step) {
    const std::uint8_t op = in.u8();
    had_error();  // each call's errors are its own
    switch (op % 5) {
      case 0: {
        const bool with_key = !keyed || !rekey_optional || (op & 0x10) != 0;
        const std::size_t key_len = s.key_min + in.below(s.key_max - s.key_min + 1);
        const Bytes key = in.bytes(key_len);
        Bytes iv = in.bytes(gmac ? 1 + in.below(32) : 0);
        OSSL_PARAM params[3];
        std::size_t n = 0;
        std::string value = s.value != nullptr ? s.value : "";
        if (s.param != nullptr)
          params[n++] = OSSL_PARAM_construct_utf8_string(s.param, value.data(), 0);
        if (gmac)
          params[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv.data(), iv.size());
        params[n] = OSSL_PARAM_construct_end();
        const std::uint8_t* k = with_key ? key.data() : nullptr;
        const std::size_t kl = with_key ? key.size() : 0;
        const int ra = EVP_MAC_init(a.get(), k, kl, params);
        const Errors ea = take_errors();
        const int rb = EVP_MAC_init(b.get(), k, kl, params);
        const Errors eb = take_errors();
        if (with_key || synced) {
          expect_same("init", name, ra, rb);
          expect_same_errors("init", name, ea, eb);
        }
        if (ra == 1 && with_key) keyed = true;
        ref_usable = rb == 1;
        synced = ra == 1 && rb == 1 && (with_key || synced);
        finished = false;
        break;
      }
      case 1:
      case 2: {
        if (!keyed) break;
        const std::size_t n = in.below(op % 5 == 1 ? 40 : 1000);
        const Bytes msg = in.bytes(n);
        const std::uint8_t* p = n == 0 && (op & 0x80) != 0 ? nullptr : msg.data();
        const int ra = EVP_MAC_update(a.get(), p, n);
        const Errors ea = take_errors();
        const int rb = ref_usable && !finished ? EVP_MAC_update(b.get(), p, n) : 0;
        const Errors eb = take_errors();
        if (!synced) break;
        if (finished) {
          synced = false;  // documented: refused after final by armaccel
          break;
        }
        expect_same("update", name, ra, rb);
        expect_same_errors("update", name, ea, eb);
        if (ra != 1) synced = false;
        break;
      }
      case 3: {
        if (!keyed) break;
        CtxPtr ca(EVP_MAC_CTX_dup(a.get()));
        const Errors ea = take_errors();
        CtxPtr cb(ref_usable ? EVP_MAC_CTX_dup(b.get()) : nullptr);
        const Errors eb = take_errors();
        if (synced) {
          expect_same("dup", name, ca != nullptr, cb != nullptr);
          expect_same_errors("dup", name, ea, eb);
        }
        if (ca != nullptr) a = std::move(ca);
        if (cb != nullptr) b = std::move(cb);
        break;
      }
      case 4: {
        if (!keyed) break;
        Bytes oa(64), ob(64);
        std::size_t la = 0, lb = 0;
        const int ra = EVP_MAC_final(a.get(), oa.data(), &la, oa.size());
        const Errors ea = take_errors();
        const int rb =
            ref_usable && !finished ? EVP_MAC_final(b.get(), ob.data(), &lb, ob.size()) : 0;
        const Errors eb = take_errors();
        if (!synced) break;
        if (finished) {
          synced = false;
          break;
        }
        expect_same("final", name, ra, rb);
        expect_same_errors("final", name, ea, eb);
        if (ra == 1) {
          oa.resize(la);
          ob.resize(lb);
          expect_same("mac", name, oa, ob);
        }
        finished = true;
        break;
      }
    }
  }
  had_error();
}

}  // namespace
}  // namespace armaccel::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  armaccel::fuzz::run(data, size);
  return 0;
}
