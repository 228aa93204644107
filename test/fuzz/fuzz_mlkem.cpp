// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's ML-KEM-512/768/1024 through EVP against
// the project's portable lane called directly (kernels/mlkem/mlkem.h; OpenSSL
// 3.0's default provider has no ML-KEM), and its key decoders on arbitrary
// bytes.  Chosen by the input: key generation from a 64-byte seed d || z
// ("seed"), encapsulation with "ikme" m, decapsulation of the input's
// ciphertext (a genuine one with bytes flipped, or raw bytes of the right or
// a wrong length), import of a raw encapsulation key or decapsulation key
// (fromdata "pub" / "priv"), and DER or PEM bytes given to armaccel's
// decoders (SubjectPublicKeyInfo, PrivateKeyInfo).  The encapsulation key,
// ciphertext and shared secrets must equal the portable lane's; decoding
// garbage must fail cleanly, and a key decoded must behave as its bytes say
// (its encapsulation key decapsulates what it encapsulates).  Where the
// default provider has ML-KEM (OpenSSL 3.5+: the fuzz_mlkem.openssl-3.5
// registration runs this in Debian 13's libcrypto), key generation,
// encapsulation, decapsulation (of wrong-length ciphertexts too), raw key
// import and the decoders are compared with it as well: the result and the
// errors each left on the queue (library and reason, in order).
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/err.h>

#include <cstdio>
#include <memory>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "fuzz_support.h"
#include "mlkem/mlkem.h"

namespace armaccel::fuzz {
namespace {

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;
struct PctxFree {
  void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
using PctxPtr = std::unique_ptr<EVP_PKEY_CTX, PctxFree>;

const mlkem::Params* const kSets[] = {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024};

mlkem::Kernels portable() {
  return {&kKeccakPortable, &kMlkemPortable};
}

Bytes octets(EVP_PKEY* pkey, const char* name) {
  std::size_t len = 0;
  if (!EVP_PKEY_get_octet_string_param(pkey, name, nullptr, 0, &len)) return {};
  Bytes out(len);
  if (!EVP_PKEY_get_octet_string_param(pkey, name, out.data(), out.size(), &len)) return {};
  out.resize(len);
  return out;
}

PkeyPtr from_seed(const char* alg, const Bytes& seed, bool ref = false) {
  PctxPtr ctx(ref ? EVP_PKEY_CTX_new_from_name(contexts().ref, alg, nullptr)
                  : EVP_PKEY_CTX_new_from_name(contexts().mine, alg, kMine));
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx.get()) <= 0) return nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             "seed", const_cast<std::uint8_t*>(seed.data()), seed.size()),
                         OSSL_PARAM_construct_end()};
  EVP_PKEY* pkey = nullptr;
  if (EVP_PKEY_CTX_set_params(ctx.get(), params) <= 0 || EVP_PKEY_generate(ctx.get(), &pkey) <= 0)
    return nullptr;
  return PkeyPtr(pkey);
}

PkeyPtr from_raw(const char* alg, const char* param, const Bytes& raw, int selection,
                 bool ref = false) {
  PctxPtr ctx(ref ? EVP_PKEY_CTX_new_from_name(contexts().ref, alg, nullptr)
                  : EVP_PKEY_CTX_new_from_name(contexts().mine, alg, kMine));
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx.get()) <= 0) return nullptr;
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string(param, const_cast<std::uint8_t*>(raw.data()), raw.size()),
      OSSL_PARAM_construct_end()};
  EVP_PKEY* pkey = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &pkey, selection, params) <= 0) return nullptr;
  return PkeyPtr(pkey);
}

PkeyPtr decode(const char* alg, const Bytes& in, const char* format, const char* structure,
               bool ref = false) {
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* dctx =
      ref ? OSSL_DECODER_CTX_new_for_pkey(&pkey, format, structure, alg, 0, contexts().ref, nullptr)
          : OSSL_DECODER_CTX_new_for_pkey(&pkey, format, structure, alg, 0, contexts().mine, kMine);
  if (dctx == nullptr) return nullptr;
  const unsigned char* p = in.data();
  std::size_t left = in.size();
  const int ok = OSSL_DECODER_from_data(dctx, &p, &left);
  OSSL_DECODER_CTX_free(dctx);
  if (ok != 1) {
    EVP_PKEY_free(pkey);
    return nullptr;
  }
  return PkeyPtr(pkey);
}

// Whether the default provider has ML-KEM (OpenSSL 3.5+).
bool ref_has_mlkem() {
  static const bool has = [] {
    EVP_KEYMGMT* k = EVP_KEYMGMT_fetch(contexts().ref, "ML-KEM-768", nullptr);
    EVP_KEYMGMT_free(k);
    ERR_clear_error();
    std::fprintf(stderr, "fuzz_mlkem: %s\n",
                 k != nullptr ? "the default provider has ML-KEM: compared with it too"
                              : "the default provider has no ML-KEM: the portable lane only");
    return k != nullptr;
  }();
  return has;
}

// Encapsulates with m through EVP; false if refused.
bool encapsulate(EVP_PKEY* key, const Bytes& m, Bytes* ct, Bytes* ss, bool ref = false) {
  PctxPtr ctx(ref ? EVP_PKEY_CTX_new_from_pkey(contexts().ref, key, nullptr)
                  : EVP_PKEY_CTX_new_from_pkey(contexts().mine, key, kMine));
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string("ikme", const_cast<std::uint8_t*>(m.data()), m.size()),
      OSSL_PARAM_construct_end()};
  std::size_t cl = 0, sl = 0;
  if (ctx == nullptr || EVP_PKEY_encapsulate_init(ctx.get(), params) <= 0 ||
      EVP_PKEY_encapsulate(ctx.get(), nullptr, &cl, nullptr, &sl) <= 0)
    return false;
  ct->assign(cl, 0);
  ss->assign(sl, 0);
  if (EVP_PKEY_encapsulate(ctx.get(), ct->data(), &cl, ss->data(), &sl) <= 0) return false;
  ct->resize(cl);
  ss->resize(sl);
  return true;
}

bool decapsulate(EVP_PKEY* key, const Bytes& ct, Bytes* ss, bool ref = false) {
  PctxPtr ctx(ref ? EVP_PKEY_CTX_new_from_pkey(contexts().ref, key, nullptr)
                  : EVP_PKEY_CTX_new_from_pkey(contexts().mine, key, kMine));
  std::size_t sl = 0;
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) <= 0 ||
      EVP_PKEY_decapsulate(ctx.get(), nullptr, &sl, ct.data(), ct.size()) <= 0)
    return false;
  ss->assign(sl, 0);
  if (EVP_PKEY_decapsulate(ctx.get(), ss->data(), &sl, ct.data(), ct.size()) <= 0) return false;
  ss->resize(sl);
  return true;
}

void run(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  static const std::vector<std::string> names = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};
  const mlkem::Params& p = *kSets[in.choose(names)];
  const std::string alg = p.name;
  const std::uint8_t op = in.u8();
  switch (op % 4) {
    case 0:
    case 1: {  // key generation, encapsulation, decapsulation
      const Bytes seed = in.bytes(64);
      Bytes ek(p.ek_bytes), dk(p.dk_bytes);
      mlkem::keygen(p, portable(), seed.data(), seed.data() + 32, ek.data(), dk.data());
      had_error();
      PkeyPtr key = from_seed(alg.c_str(), seed);
      const Errors keygen_errors = take_errors();
      if (key == nullptr) finding("keygen from seed refused", alg, "");
      expect_same("encapsulation key", alg, octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY), ek);
      expect_same("decapsulation key", alg, octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY), dk);
      const Bytes m = in.bytes(32);
      Bytes ct_ref(p.ct_bytes), ss_ref(32), ct, ss;
      mlkem::encaps(p, portable(), ek.data(), m.data(), ct_ref.data(), ss_ref.data());
      had_error();
      if (!encapsulate(key.get(), m, &ct, &ss)) finding("encapsulate refused", alg, "");
      const Errors encaps_errors = take_errors();
      expect_same("ciphertext", alg, ct, ct_ref);
      expect_same("shared secret", alg, ss, ss_ref);
      // Decapsulate the genuine ciphertext with bytes flipped (implicit
      // rejection), or the input's own bytes of any length.
      Bytes c = ct_ref;
      const std::uint8_t how = in.u8();
      if ((how & 3) == 3) {
        c = in.bytes(in.below(p.ct_bytes + 40));
      } else {
        for (int i = 0; i < (how & 3); ++i) c[in.below(c.size())] ^= 1 + (in.u8() % 255);
      }
      Bytes got;
      const bool ok = decapsulate(key.get(), c, &got);
      const Errors decaps_errors = take_errors();
      Bytes want(32);
      if (c.size() == p.ct_bytes) mlkem::decaps(p, portable(), dk.data(), c.data(), want.data());
      if (ref_has_mlkem()) {
        PkeyPtr theirs = from_seed(alg.c_str(), seed, true);
        expect_same_errors("keygen from seed (default)", alg, keygen_errors, take_errors());
        if (theirs == nullptr) finding("the default provider refused the seed", alg, "");
        expect_same("encapsulation key (default)", alg,
                    octets(theirs.get(), OSSL_PKEY_PARAM_PUB_KEY), ek);
        had_error();
        Bytes ct2, ss2, got2;
        if (!encapsulate(theirs.get(), m, &ct2, &ss2, true))
          finding("the default provider refused to encapsulate", alg, "");
        expect_same_errors("encapsulate (default)", alg, encaps_errors, take_errors());
        expect_same("ciphertext (default)", alg, ct2, ct_ref);
        expect_same("shared secret (default)", alg, ss2, ss_ref);
        const bool ok2 = decapsulate(theirs.get(), c, &got2, true);
        expect_same("decapsulate (default)", alg, ok, ok2);
        expect_same_errors("decapsulate (default)", alg, decaps_errors, take_errors());
        if (ok2) expect_same("decapsulated secret (default)", alg, got2, want);
      }
      if (c.size() != p.ct_bytes) {
        if (ok) finding("decapsulation of a wrong-length ciphertext accepted", alg, "");
        break;
      }
      if (!ok) finding("decapsulate refused", alg, "");
      expect_same("decapsulated secret", alg, got, want);
      break;
    }
    case 2: {  // raw key import
      const bool priv = (op & 0x10) != 0;
      const std::size_t exact = priv ? p.dk_bytes : p.ek_bytes;
      Bytes raw = in.bytes((op & 0x20) != 0 ? in.below(exact + 8) : exact);
      const char* param = priv ? OSSL_PKEY_PARAM_PRIV_KEY : OSSL_PKEY_PARAM_PUB_KEY;
      const int selection = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
      had_error();
      PkeyPtr key = from_raw(alg.c_str(), param, raw, selection);
      const Errors import_errors = take_errors();
      const bool valid = raw.size() == exact &&
                         (priv ? mlkem::check_decapsulation_key(p, &kKeccakPortable, raw.data())
                               : mlkem::check_encapsulation_key(p, raw.data()));
      had_error();
      expect_same("import accepted", alg, key != nullptr, valid);
      if (ref_has_mlkem()) {
        PkeyPtr theirs = from_raw(alg.c_str(), param, raw, selection, true);
        expect_same_errors("import (default)", alg, import_errors, take_errors());
        expect_same("import accepted (default)", alg, key != nullptr, theirs != nullptr);
      }
      if (key == nullptr) break;
      const Bytes m = in.bytes(32);
      Bytes ct, ss, back;
      if (!encapsulate(key.get(), m, &ct, &ss)) finding("encapsulate refused", alg, "");
      const std::uint8_t* ek = priv ? raw.data() + 384 * p.k : raw.data();
      Bytes ct_ref(p.ct_bytes), ss_ref(32);
      mlkem::encaps(p, portable(), ek, m.data(), ct_ref.data(), ss_ref.data());
      expect_same("ciphertext", alg, ct, ct_ref);
      expect_same("shared secret", alg, ss, ss_ref);
      if (priv) {
        if (!decapsulate(key.get(), ct, &back)) finding("decapsulate refused", alg, "");
        expect_same("round trip", alg, back, ss);
      }
      break;
    }
    case 3: {  // decoders on arbitrary bytes
      const bool pem = (op & 0x10) != 0;
      const bool priv = (op & 0x20) != 0;
      Bytes raw = in.bytes(in.below(8000));
      const char* format = pem ? "PEM" : "DER";
      const char* structure = priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
      had_error();
      PkeyPtr key = decode(alg.c_str(), raw, format, structure);
      const Errors decode_errors = take_errors();
      if (ref_has_mlkem()) {
        PkeyPtr theirs = decode(alg.c_str(), raw, format, structure, true);
        expect_same_errors("decode (default)", alg, decode_errors, take_errors());
        expect_same("decoded (default)", alg, key != nullptr, theirs != nullptr);
        if (key != nullptr)
          expect_same("decoded encapsulation key (default)", alg,
                      octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY),
                      octets(theirs.get(), OSSL_PKEY_PARAM_PUB_KEY));
        had_error();
      }
      if (key == nullptr) break;
      const Bytes ek = octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
      if (ek.size() != p.ek_bytes || !mlkem::check_encapsulation_key(p, ek.data()))
        finding("decoded key with a bad encapsulation key", alg, "");
      const Bytes m = in.bytes(32);
      Bytes ct, ss, back;
      if (!encapsulate(key.get(), m, &ct, &ss)) finding("encapsulate refused", alg, "");
      Bytes ct_ref(p.ct_bytes), ss_ref(32);
      mlkem::encaps(p, portable(), ek.data(), m.data(), ct_ref.data(), ss_ref.data());
      expect_same("ciphertext", alg, ct, ct_ref);
      if (EVP_PKEY_get_octet_string_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0,
                                          nullptr) == 1) {
        if (!decapsulate(key.get(), ct, &back)) finding("decapsulate refused", alg, "");
        expect_same("round trip", alg, back, ss);
      }
      break;
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
