// SPDX-License-Identifier: Apache-2.0
// ML-KEM through EVP with armaccel: key generation from a seed, key import
// (EVP_PKEY_fromdata: seed, private key, public key) and export
// (EVP_PKEY_todata), raw keys, OSSL_ENCODER to DER, PEM (also encrypted
// PKCS#8) and text, OSSL_DECODER from DER and PEM, encapsulation (with
// "ikme") and decapsulation.  OpenSSL 3.0 has no ML-KEM of its own: the
// reference is armaccel's result without failures (the provider suite
// checks those against known answers), and decapsulation must give the
// encapsulated secret.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <cstring>
#include <string>

#include "contexts.h"
#include "mlkem_util.h"
#include "pattern.h"
#include "sweep.h"

namespace armaccel::alloc_test {
namespace {

constexpr char kAlg[] = "ML-KEM-768";
constexpr char kPass[] = "correct horse";
// OSSL_ENCODER/OSSL_DECODER build their chains in loops over every
// implementation of every provider, and encrypted PKCS#8 runs PBKDF2 (2048
// iterations, each copying HMAC contexts): an allocation is failed at
// each call stack once, not at each of its hundreds of repeats.
const SweepOptions kLoops{Scope::kAll, 1};

struct Keys {
  PkeyPtr pair, pub;
  Bytes pair_bytes, pub_bytes;
};

// ML-KEM-768 from seed 1, and its public half alone.
const Keys& keys() {
  static Keys* k = [] {
    auto* made = new Keys;
    EXPECT_TRUE(mlkem_keygen(kAlg, 1, made->pair));
    EXPECT_TRUE(key_bytes(made->pair.get(), made->pair_bytes));
    std::uint8_t ek[1184];
    std::size_t len = 0;
    EXPECT_EQ(EVP_PKEY_get_octet_string_param(made->pair.get(), OSSL_PKEY_PARAM_PUB_KEY, ek,
                                              sizeof ek, &len),
              1);
    made->pub.reset(EVP_PKEY_new_raw_public_key_ex(armaccel_ctx(), kAlg, kArmaccel, ek, len));
    EXPECT_NE(made->pub, nullptr);
    made->pub_bytes.assign(ek, ek + len);
    return made;
  }();
  return *k;
}

TEST(MlkemAlloc, KeyGeneration) {
  for (const char* alg : {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"}) {
    sweep(std::string("keygen ") + alg,
          [&](Bytes& out) {
            PkeyPtr key;
            return mlkem_keygen(alg, 2, key) && key_bytes(key.get(), out);
          },
          {});
  }
}

bool from_data(int selection, const OSSL_PARAM* params, Bytes& out) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_ctx(), kAlg, kArmaccel));
  EVP_PKEY* key = nullptr;
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &key, selection, const_cast<OSSL_PARAM*>(params)) <= 0)
    return false;
  PkeyPtr owned(key);
  return key_bytes(key, out);
}

TEST(MlkemAlloc, KeyImport) {
  Bytes seed = pattern(64, 1);
  std::uint8_t dk[2400];
  std::size_t dk_len = 0;
  ASSERT_EQ(EVP_PKEY_get_octet_string_param(keys().pair.get(), OSSL_PKEY_PARAM_PRIV_KEY, dk,
                                            sizeof dk, &dk_len),
            1);
  Bytes ek = keys().pub_bytes;
  const OSSL_PARAM from_seed[] = {OSSL_PARAM_construct_octet_string("seed", seed.data(), 64),
                                  OSSL_PARAM_construct_end()};
  const OSSL_PARAM from_priv[] = {
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, dk, dk_len),
      OSSL_PARAM_construct_end()};
  const OSSL_PARAM from_pub[] = {
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, ek.data(), ek.size()),
      OSSL_PARAM_construct_end()};
  sweep(
      "fromdata seed", [&](Bytes& out) { return from_data(EVP_PKEY_KEYPAIR, from_seed, out); },
      keys().pair_bytes);
  sweep(
      "fromdata priv", [&](Bytes& out) { return from_data(EVP_PKEY_KEYPAIR, from_priv, out); },
      keys().pair_bytes);
  sweep(
      "fromdata pub", [&](Bytes& out) { return from_data(EVP_PKEY_PUBLIC_KEY, from_pub, out); },
      keys().pub_bytes);
}

TEST(MlkemAlloc, KeyExport) {
  Bytes reference = pattern(64, 1);  // the seed first, then dk and ek
  reference.insert(reference.end(), keys().pair_bytes.begin() + 1184, keys().pair_bytes.end());
  reference.insert(reference.end(), keys().pair_bytes.begin(), keys().pair_bytes.begin() + 1184);
  sweep(
      "todata",
      [&](Bytes& out) {
        OSSL_PARAM* params = nullptr;
        if (EVP_PKEY_todata(keys().pair.get(), EVP_PKEY_KEYPAIR, &params) <= 0) return false;
        ParamsPtr owned(params);
        for (const char* name : {"seed", OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PKEY_PARAM_PUB_KEY}) {
          const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, name);
          if (p == nullptr) return false;
          const auto* data = static_cast<const std::uint8_t*>(p->data);
          out.insert(out.end(), data, data + p->data_size);
        }
        return true;
      },
      reference);
}

TEST(MlkemAlloc, RawKeys) {
  Bytes ek = keys().pub_bytes;
  std::uint8_t dk[2400];
  std::size_t dk_len = 0;
  ASSERT_EQ(EVP_PKEY_get_raw_private_key(keys().pair.get(), dk, &(dk_len = sizeof dk)), 1);
  sweep(
      "raw public key",
      [&](Bytes& out) {
        PkeyPtr key(
            EVP_PKEY_new_raw_public_key_ex(armaccel_ctx(), kAlg, kArmaccel, ek.data(), ek.size()));
        std::size_t len = 0;
        if (key == nullptr || !EVP_PKEY_get_raw_public_key(key.get(), nullptr, &len)) return false;
        out.resize(len);
        return EVP_PKEY_get_raw_public_key(key.get(), out.data(), &len) == 1;
      },
      ek);
  sweep(
      "raw private key",
      [&](Bytes& out) {
        PkeyPtr key(EVP_PKEY_new_raw_private_key_ex(armaccel_ctx(), kAlg, kArmaccel, dk, dk_len));
        std::size_t len = 0;
        if (key == nullptr || !EVP_PKEY_get_raw_private_key(key.get(), nullptr, &len)) return false;
        out.resize(len);
        return EVP_PKEY_get_raw_private_key(key.get(), out.data(), &len) == 1;
      },
      Bytes(dk, dk + dk_len));
}

struct Form {
  const char* type;       // "DER", "PEM", "TEXT"
  const char* structure;  // nullptr for text
  int selection;
};

const Form kForms[] = {
    {"DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY},
    {"PEM", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY},
    {"DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR},
    {"PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR},
};

// Encodes `key`; with a passphrase, as encrypted PKCS#8 (AES-256-CBC).
bool encode(const EVP_PKEY* key, const Form& f, const char* pass, Bytes& out) {
  EncoderCtxPtr ctx(
      OSSL_ENCODER_CTX_new_for_pkey(key, f.selection, f.type, f.structure, kArmaccel));
  if (ctx == nullptr || OSSL_ENCODER_CTX_get_num_encoders(ctx.get()) == 0) return false;
  if (pass != nullptr &&
      (!OSSL_ENCODER_CTX_set_cipher(ctx.get(), "AES-256-CBC", nullptr) ||
       !OSSL_ENCODER_CTX_set_passphrase(ctx.get(), reinterpret_cast<const unsigned char*>(pass),
                                        std::strlen(pass))))
    return false;
  unsigned char* data = nullptr;
  std::size_t len = 0;
  if (!OSSL_ENCODER_to_data(ctx.get(), &data, &len)) return false;
  out.assign(data, data + len);
  OPENSSL_free(data);
  return true;
}

bool decode(const Bytes& in, const Form& f, const char* pass, PkeyPtr& key) {
  EVP_PKEY* made = nullptr;
  DecoderCtxPtr ctx(OSSL_DECODER_CTX_new_for_pkey(&made, f.type, f.structure, kAlg, f.selection,
                                                  armaccel_ctx(), nullptr));
  if (ctx == nullptr || OSSL_DECODER_CTX_get_num_decoders(ctx.get()) == 0) return false;
  if (pass != nullptr &&
      !OSSL_DECODER_CTX_set_passphrase(ctx.get(), reinterpret_cast<const unsigned char*>(pass),
                                       std::strlen(pass)))
    return false;
  const unsigned char* data = in.data();
  std::size_t len = in.size();
  const bool ok = OSSL_DECODER_from_data(ctx.get(), &data, &len) == 1;
  key.reset(made);
  return ok && made != nullptr;
}

std::string form_name(const Form& f) {
  return std::string(f.type) + " " + (f.structure != nullptr ? f.structure : "");
}

TEST(MlkemAlloc, Encoders) {
  for (const Form& f : kForms) {
    sweep(
        "encode " + form_name(f),
        [&](Bytes& out) { return encode(keys().pair.get(), f, nullptr, out); }, {}, kLoops);
  }
  const Form text{"TEXT", nullptr, EVP_PKEY_KEYPAIR};
  sweep(
      "encode text", [&](Bytes& out) { return encode(keys().pair.get(), text, nullptr, out); }, {},
      kLoops);
  // Encrypted PKCS#8 is random (salt, IV): the result is the key read back.
  const Form pem{"PEM", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR};
  sweep(
      "encode PEM EncryptedPrivateKeyInfo",
      [&](Bytes& out) {
        Bytes pem_text;
        if (!encode(keys().pair.get(), pem, kPass, pem_text)) return false;
        Pause unarmed;
        PkeyPtr back;
        const Form in{"PEM", nullptr, EVP_PKEY_KEYPAIR};
        return decode(pem_text, in, kPass, back) && key_bytes(back.get(), out);
      },
      keys().pair_bytes, kLoops);
}

TEST(MlkemAlloc, Decoders) {
  for (const Form& f : kForms) {
    Bytes encoded;
    ASSERT_TRUE(encode(keys().pair.get(), f, nullptr, encoded)) << form_name(f);
    const Bytes& reference =
        f.selection == EVP_PKEY_PUBLIC_KEY ? keys().pub_bytes : keys().pair_bytes;
    sweep(
        "decode " + form_name(f),
        [&](Bytes& out) {
          PkeyPtr key;
          return decode(encoded, f, nullptr, key) && key_bytes(key.get(), out);
        },
        reference, kLoops);
  }
  Bytes encrypted;
  const Form pem{"PEM", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR};
  ASSERT_TRUE(encode(keys().pair.get(), pem, kPass, encrypted));
  const Form in{"PEM", nullptr, EVP_PKEY_KEYPAIR};
  sweep(
      "decode PEM EncryptedPrivateKeyInfo",
      [&](Bytes& out) {
        PkeyPtr key;
        return decode(encrypted, in, kPass, key) && key_bytes(key.get(), out);
      },
      keys().pair_bytes, kLoops);
}

TEST(MlkemAlloc, EncapsulateDecapsulate) {
  const Bytes ikme = pattern(32, 9);
  Bytes ct, secret;
  ASSERT_TRUE(encapsulate(keys().pub.get(), &ikme, ct, secret));
  Bytes reference = ct;
  reference.insert(reference.end(), secret.begin(), secret.end());
  sweep(
      "encapsulate",
      [&](Bytes& out) {
        Bytes c, s;
        if (!encapsulate(keys().pub.get(), &ikme, c, s)) return false;
        out = c;
        out.insert(out.end(), s.begin(), s.end());
        return true;
      },
      reference);
  sweep(
      "decapsulate", [&](Bytes& out) { return decapsulate(keys().pair.get(), ct, out); }, secret);
  // A changed ciphertext: implicit rejection's secret, the same every time.
  Bytes bad = ct;
  bad[5] ^= 1;
  sweep("decapsulate (implicit rejection)",
        [&](Bytes& out) { return decapsulate(keys().pair.get(), bad, out); }, {});
}

}  // namespace
}  // namespace armaccel::alloc_test
