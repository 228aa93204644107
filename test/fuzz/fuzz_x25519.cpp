// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's X25519 lanes (every lane this CPU can
// run, called directly) against the X25519 of OpenSSL's default provider
// through EVP.  The input is a 32-byte scalar and a 32-byte u-coordinate
// (short inputs are padded with zeros), so the fuzzer reaches u at and
// above p, the low-order points and the twist.  Where OpenSSL derives a
// shared secret every lane must give the same bytes; where OpenSSL refuses
// (an all-zero result, RFC 7748 §6.1) every lane must give all zeros.
// The same exchange through EVP on armaccel's x25519 family must agree
// with OpenSSL (the shared secret, or the refusal, with the same errors on
// the queue: library and reason, in order); and the input as DER given to
// armaccel's decoders must fail cleanly or give a key the default provider
// reads from the same bytes with the same public key (where both fail, with
// the same errors).
#include <openssl/decoder.h>
#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

// X25519(scalar, u) through EVP in `libctx` (propq); false when it
// refuses to derive.  `errors`: what the calls left on the queue.
bool derive(OSSL_LIB_CTX* libctx, const char* propq, const std::uint8_t scalar[32],
            const std::uint8_t u[32], std::uint8_t out[32], Errors* errors) {
  had_error();
  EVP_PKEY* own = EVP_PKEY_new_raw_private_key_ex(libctx, "X25519", propq, scalar, 32);
  EVP_PKEY* peer = EVP_PKEY_new_raw_public_key_ex(libctx, "X25519", propq, u, 32);
  EVP_PKEY_CTX* ctx = own != nullptr ? EVP_PKEY_CTX_new_from_pkey(libctx, own, propq) : nullptr;
  std::size_t len = 32;
  const bool ok = ctx != nullptr && peer != nullptr && EVP_PKEY_derive_init(ctx) > 0 &&
                  EVP_PKEY_derive_set_peer(ctx, peer) > 0 && EVP_PKEY_derive(ctx, out, &len) > 0 &&
                  len == 32;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(peer);
  EVP_PKEY_free(own);
  *errors = take_errors();
  return ok;
}

// The public key of `der` decoded in `libctx` (propq), as a
// SubjectPublicKeyInfo or a PrivateKeyInfo; empty when not decoded.
// `errors`: what the decoding left on the queue.
std::string decoded_public(OSSL_LIB_CTX* libctx, const char* propq, const std::uint8_t* der,
                           std::size_t len, bool pkcs8, Errors* errors) {
  had_error();
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* dctx = OSSL_DECODER_CTX_new_for_pkey(
      &pkey, "DER", pkcs8 ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", "X25519",
      pkcs8 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, libctx, propq);
  const unsigned char* p = der;
  std::size_t left = len;
  std::string pub;
  if (dctx != nullptr && OSSL_DECODER_from_data(dctx, &p, &left) == 1 && pkey != nullptr) {
    std::uint8_t raw[32];
    std::size_t raw_len = sizeof raw;
    if (EVP_PKEY_get_raw_public_key(pkey, raw, &raw_len) == 1)
      pub.assign(reinterpret_cast<const char*>(raw), raw_len);
  }
  OSSL_DECODER_CTX_free(dctx);
  EVP_PKEY_free(pkey);
  *errors = take_errors();
  return pub;
}

void run(const std::uint8_t* data, std::size_t size) {
  std::uint8_t in[64] = {};
  std::memcpy(in, data, size < sizeof in ? size : sizeof in);
  const std::uint8_t* scalar = in;
  const std::uint8_t* u = in + 32;
  std::uint8_t want[32];
  Errors ref_errors, mine_errors;
  const bool derived = derive(contexts().ref, nullptr, scalar, u, want, &ref_errors);
  if (!derived) std::memset(want, 0, sizeof want);
  const CpuFeatures cpu = probe_cpu_features();
  const LaneList<X25519Kernel> lanes = x25519_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    const X25519Kernel* k = lanes.lanes[i];
    if ((k->required & ~cpu) != 0) continue;
    std::uint8_t got[32];
    k->scalarmult(got, scalar, u);
    if (std::memcmp(got, want, 32) != 0) {
      std::fprintf(stderr, "fuzz_x25519: %s differs from OpenSSL (%s)\n", k->lane,
                   derived ? "derived" : "refused: all-zero result expected");
      std::abort();
    }
  }
  std::uint8_t got[32];
  const bool mine = derive(contexts().mine, kMine, scalar, u, got, &mine_errors);
  if (mine != derived || (mine && std::memcmp(got, want, 32) != 0)) {
    std::fprintf(stderr, "fuzz_x25519: armaccel's key exchange %s where OpenSSL %s\n",
                 mine ? "derived" : "refused", derived ? "derived" : "refused");
    std::abort();
  }
  expect_same_errors("key exchange", "X25519", mine_errors, ref_errors);
  // The raw input as DER: armaccel alone decodes it (armaccel_only), or
  // fails cleanly; what it decodes the default provider reads alike.
  for (const bool pkcs8 : {false, true}) {
    const std::string ours =
        decoded_public(contexts().mine_only, kMine, data, size, pkcs8, &mine_errors);
    const std::string theirs =
        decoded_public(contexts().ref, nullptr, data, size, pkcs8, &ref_errors);
    // Where the default provider reads what armaccel's decoders leave to
    // others (docs/behaviour.md, "Stricter answers": what RFC 8410 does
    // not allow), the errors differ; compared where both agree.
    if (ours.empty() == theirs.empty())
      expect_same_errors(pkcs8 ? "decode PrivateKeyInfo" : "decode SubjectPublicKeyInfo", "X25519",
                         mine_errors, ref_errors);
    if (ours.empty()) continue;
    if (ours != theirs) {
      std::fprintf(stderr,
                   "fuzz_x25519: armaccel decoded a %s the default provider reads "
                   "differently\n",
                   pkcs8 ? "PrivateKeyInfo" : "SubjectPublicKeyInfo");
      std::abort();
    }
  }
}

}  // namespace
}  // namespace armaccel::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  armaccel::fuzz::run(data, size);
  return 0;
}
