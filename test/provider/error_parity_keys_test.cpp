// SPDX-License-Identifier: Apache-2.0
// Error parity for the key families (ML-KEM-512/768/1024, X25519 and the
// X25519MLKEM768 hybrid): the bad input of mlkem_provider_test,
// mlkem_codec_test, mlkem_codec_refusal_test, mlkem_tls_group_test,
// x25519_provider_test and the ML-KEM/X25519 CLI tests -- key import,
// encoded public keys, parameters into small buffers, key generation,
// encapsulation and decapsulation, key exchange, key checks, malformed DER
// and PEM to the decoders, encoders asked for what they cannot write --
// run on armaccel and on the default provider.  ML-KEM and the hybrid only
// where the running release's default provider has them (3.5+).
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "der_build.h"
#include "error_parity.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

// ---- helpers ------------------------------------------------------------------------------

// How a step is compared: as the default provider's answer, or as one
// where armaccel deliberately refuses what the default provider accepts
// (docs/behaviour.md), with or without an error on the queue.
enum class Mark { kSame, kStricter, kStricterSilent };
long record(Trace& t, Mark mark, const std::string& what, long ret) {
  switch (mark) {
    case Mark::kStricter:
      return t.stricter(what, ret);
    case Mark::kStricterSilent:
      return t.stricter_silent(what, ret);
    case Mark::kSame:
      break;
  }
  return t.step(what, ret);
}

struct Param {
  const char* name;
  Bytes value;
};

// EVP_PKEY_fromdata of octet-string parameters, recorded; the key or null.
PkeyPtr fromdata(const Side& s, Trace& t, const std::string& what, const char* alg, int selection,
                 std::initializer_list<Param> params, Mark mark = Mark::kSame) {
  PkeyCtxPtr ctx = s.pkey_ctx(alg);
  t.step(what + ": fromdata_init", ctx != nullptr ? EVP_PKEY_fromdata_init(ctx.get()) : -99);
  std::vector<OSSL_PARAM> p;
  for (const Param& q : params)
    p.push_back(OSSL_PARAM_construct_octet_string(
        q.name, const_cast<unsigned char*>(q.value.data()), q.value.size()));
  p.push_back(OSSL_PARAM_construct_end());
  EVP_PKEY* key = nullptr;
  record(t, mark, what,
         ctx != nullptr ? EVP_PKEY_fromdata(ctx.get(), &key, selection, p.data()) : -99);
  return PkeyPtr(key);
}

// A key pair generated on side s (with `params` at generation), recorded.
PkeyPtr generate(const Side& s, Trace& t, const std::string& what, const char* alg,
                 const OSSL_PARAM* params = nullptr) {
  PkeyCtxPtr ctx = s.pkey_ctx(alg);
  t.step(what + ": keygen_init", ctx != nullptr ? EVP_PKEY_keygen_init(ctx.get()) : -99);
  if (params != nullptr) t.step(what + ": set_params", EVP_PKEY_CTX_set_params(ctx.get(), params));
  EVP_PKEY* key = nullptr;
  t.step(what + ": keygen", ctx != nullptr ? EVP_PKEY_generate(ctx.get(), &key) : -99);
  return PkeyPtr(key);
}

// An empty key (paramgen): what libssl's server side fills with the
// peer's share.
PkeyPtr empty_key(const Side& s, Trace& t, const char* alg) {
  PkeyCtxPtr ctx = s.pkey_ctx(alg);
  t.step("paramgen_init", EVP_PKEY_paramgen_init(ctx.get()));
  EVP_PKEY* key = nullptr;
  t.step("paramgen", EVP_PKEY_paramgen(ctx.get(), &key));
  return PkeyPtr(key);
}

long set_encoded_public(Trace& t, const std::string& what, EVP_PKEY* key, const Bytes& pub) {
  return t.step(what, EVP_PKEY_set1_encoded_public_key(key, pub.data(), pub.size()));
}

// Decoding `data` through OSSL_DECODER on side s, recorded.
void decode(const Side& s, Trace& t, const std::string& what, const Bytes& data, const char* input,
            const char* structure, int selection, Mark mark = Mark::kSame) {
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* dctx =
      OSSL_DECODER_CTX_new_for_pkey(&pkey, input, structure, nullptr, selection, s.libctx, s.propq);
  t.step(what + ": decoder ctx", dctx != nullptr);
  const unsigned char* p = data.data();
  std::size_t len = data.size();
  record(t, mark, what, OSSL_DECODER_from_data(dctx, &p, &len));
  OSSL_DECODER_CTX_free(dctx);
  EVP_PKEY_free(pkey);
}

// The same through d2i_PUBKEY_ex / d2i_AutoPrivateKey_ex.
void d2i(const Side& s, Trace& t, const std::string& what, const Bytes& der, bool priv,
         Mark mark = Mark::kSame) {
  const unsigned char* p = der.data();
  EVP_PKEY* key =
      priv ? d2i_AutoPrivateKey_ex(nullptr, &p, static_cast<long>(der.size()), s.libctx, s.propq)
           : d2i_PUBKEY_ex(nullptr, &p, static_cast<long>(der.size()), s.libctx, s.propq);
  record(t, mark, what, key != nullptr);
  EVP_PKEY_free(key);
}

// PEM_read_bio_PrivateKey_ex / PEM_read_bio_PUBKEY_ex of `pem`.
void pem_read(const Side& s, Trace& t, const std::string& what, const std::string& pem, bool priv,
              const char* pass = nullptr, Mark mark = Mark::kSame) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  EVP_PKEY* key = priv ? PEM_read_bio_PrivateKey_ex(bio, nullptr, nullptr, const_cast<char*>(pass),
                                                    s.libctx, s.propq)
                       : PEM_read_bio_PUBKEY_ex(bio, nullptr, nullptr, nullptr, s.libctx, s.propq);
  record(t, mark, what, key != nullptr);
  EVP_PKEY_free(key);
  BIO_free(bio);
}

// OSSL_ENCODER of `key` on side s, recorded; the output (empty on failure).
Bytes encode(const Side& s, Trace& t, const std::string& what, EVP_PKEY* key, int selection,
             const char* output, const char* structure, const char* cipher = nullptr,
             const char* pass = nullptr, Mark mark = Mark::kSame) {
  OSSL_ENCODER_CTX* ectx =
      OSSL_ENCODER_CTX_new_for_pkey(key, selection, output, structure, s.propq);
  t.step(what + ": encoder ctx", ectx != nullptr);
  if (cipher != nullptr) {
    // Each encoder of the context is told; how many there are is the
    // providers' business, so only the answer is compared.
    const int set = OSSL_ENCODER_CTX_set_cipher(ectx, cipher, nullptr);
    ERR_clear_error();
    t.step(what + ": cipher", set);
  }
  if (pass != nullptr)
    t.step(what + ": passphrase",
           OSSL_ENCODER_CTX_set_passphrase(ectx, reinterpret_cast<const unsigned char*>(pass),
                                           std::strlen(pass)));
  unsigned char* out = nullptr;
  std::size_t len = 0;
  const int ok = OSSL_ENCODER_to_data(ectx, &out, &len);
  record(t, mark, what, ok);
  Bytes result;
  if (ok == 1) result.assign(out, out + len);
  OPENSSL_free(out);
  OSSL_ENCODER_CTX_free(ectx);
  return result;
}

// EVP_PKEY_get_octet_string_param into a buffer of `room` bytes.
void get_octets(Trace& t, const std::string& what, EVP_PKEY* key, const char* name,
                std::size_t room, Mark mark = Mark::kSame) {
  Bytes buf(room + 1);
  std::size_t len = 0;
  record(t, mark, what,
         EVP_PKEY_get_octet_string_param(key, name, room != 0 ? buf.data() : nullptr, room, &len));
}

// What armaccel answers for an empty key (neither half set) where the
// default provider answers otherwise (docs/behaviour.md); nullopt: the
// probe is not made for that family.
struct EmptyKeyExports {
  std::optional<Mark> raw_public;     // EVP_PKEY_get_raw_public_key
  Mark encoded_public;                // EVP_PKEY_get1_encoded_public_key
  Mark todata_keypair;                // EVP_PKEY_todata, EVP_PKEY_KEYPAIR
  std::optional<Mark> todata_public;  // EVP_PKEY_todata, EVP_PKEY_PUBLIC_KEY
};

// The exports every key family is probed with: raw keys into a 16-octet
// buffer, the private key of a public key, the integer parameters asked
// for as text, and EVP_PKEY_todata of what a key lacks.  `full` is a key
// pair, `pub` a public key alone, `empty` a key with neither.
void probe_exports(Trace& t, EVP_PKEY* full, EVP_PKEY* pub, EVP_PKEY* empty,
                   const EmptyKeyExports& empty_marks) {
  Bytes buf(32);
  std::size_t len = 16;
  t.step("raw public into 16", EVP_PKEY_get_raw_public_key(full, buf.data(), &len));
  len = 16;
  t.step("raw private into 16", EVP_PKEY_get_raw_private_key(full, buf.data(), &len));
  len = 16;
  t.step("raw private of a public key", EVP_PKEY_get_raw_private_key(pub, buf.data(), &len));
  if (empty_marks.raw_public) {
    len = buf.size();
    record(t, *empty_marks.raw_public, "raw public of an empty key (an export)",
           EVP_PKEY_get_raw_public_key(empty, buf.data(), &len));
  }
  unsigned char* enc = nullptr;
  record(t, empty_marks.encoded_public, "encoded public key of an empty key",
         static_cast<long>(EVP_PKEY_get1_encoded_public_key(empty, &enc)));
  OPENSSL_free(enc);
  char text[8];
  for (const char* name : {"bits", "security-bits", "max-size"}) {
    OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_string(name, text, sizeof text),
                      OSSL_PARAM_construct_end()};
    t.step(std::string(name) + " as text", EVP_PKEY_get_params(full, q));
  }
  OSSL_PARAM* out = nullptr;
  t.step("todata key pair of a public key", EVP_PKEY_todata(pub, EVP_PKEY_KEYPAIR, &out));
  OSSL_PARAM_free(out);
  out = nullptr;
  record(t, empty_marks.todata_keypair, "todata of an empty key",
         EVP_PKEY_todata(empty, EVP_PKEY_KEYPAIR, &out));
  OSSL_PARAM_free(out);
  if (empty_marks.todata_public) {
    out = nullptr;
    record(t, *empty_marks.todata_public, "todata public of an empty key",
           EVP_PKEY_todata(empty, EVP_PKEY_PUBLIC_KEY, &out));
    OSSL_PARAM_free(out);
  }
  out = nullptr;
  t.step("todata parameters", EVP_PKEY_todata(full, EVP_PKEY_KEY_PARAMETERS, &out));
  OSSL_PARAM_free(out);
}

// DER pieces.
using der::cat;
using der::tlv;
Bytes cut(const Bytes& b, std::size_t drop) {
  return Bytes(b.begin(), b.end() - static_cast<std::ptrdiff_t>(drop));
}
std::string pem_of(const char* label, const Bytes& der) {
  BIO* bio = BIO_new(BIO_s_mem());
  PEM_write_bio(bio, label, "", der.data(), static_cast<long>(der.size()));
  char* data = nullptr;
  const long len = BIO_get_mem_data(bio, &data);
  std::string pem(data, static_cast<std::size_t>(len));
  BIO_free(bio);
  return pem;
}

// ---- ML-KEM ---------------------------------------------------------------------------------

const char* const kMlkemAlgs[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

struct MlkemSizes {
  std::size_t k, ek, dk, ct;
};
MlkemSizes mlkem_sizes(const std::string& alg) {
  if (alg == "ML-KEM-512") return {2, 800, 1632, 768};
  if (alg == "ML-KEM-768") return {3, 1184, 2400, 1088};
  return {4, 1568, 3168, 1568};
}

// A key's seed, ek and dk: FIPS 203 KeyGen_internal of a fixed seed (on
// armaccel, whose keys the ACVP tests check), so both sides see the same
// bytes.
struct MlkemMaterial {
  Bytes seed, ek, dk;
};
const MlkemMaterial& mlkem_material(const std::string& alg, int which = 0) {
  static std::map<std::pair<std::string, int>, MlkemMaterial> cache;
  auto found = cache.find({alg, which});
  if (found != cache.end()) return found->second;
  MlkemMaterial m;
  m.seed.resize(64);
  for (std::size_t i = 0; i < 64; ++i) m.seed[i] = static_cast<std::uint8_t>(i * 7 + which);
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg.c_str(), "provider=armaccel"));
  EVP_PKEY* key = nullptr;
  OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("seed", m.seed.data(), 64),
                    OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_PKEY_keygen_init(ctx.get()), 1);
  EXPECT_EQ(EVP_PKEY_CTX_set_params(ctx.get(), p), 1);
  EXPECT_EQ(EVP_PKEY_generate(ctx.get(), &key), 1);
  for (auto [name, out] : {std::pair{"pub", &m.ek}, std::pair{"priv", &m.dk}}) {
    std::size_t len = 0;
    EVP_PKEY_get_octet_string_param(key, name, nullptr, 0, &len);
    out->resize(len);
    EVP_PKEY_get_octet_string_param(key, name, out->data(), len, &len);
  }
  EVP_PKEY_free(key);
  EXPECT_EQ(m.ek.size(), mlkem_sizes(alg).ek);
  EXPECT_EQ(m.dk.size(), mlkem_sizes(alg).dk);
  return cache.emplace(std::pair{alg, which}, m).first->second;
}

// The first 12-bit coefficient of an encoding set to 4095 (>= q).
Bytes big_coefficient(Bytes b, std::size_t at = 0) {
  b[at] = 0xff;
  b[at + 1] |= 0x0f;
  return b;
}

bool have_default_mlkem() {
  return default_has_keymgmt("ML-KEM-768");
}

#define SKIP_WITHOUT_DEFAULT_MLKEM() \
  if (!have_default_mlkem()) GTEST_SKIP() << "the default provider has no ML-KEM before 3.5"

TEST(ErrorParityKeys, MlkemImportOfBadLengths) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    expect_parity([&](const Side& s, Trace& t) {
      const int kp = EVP_PKEY_KEYPAIR, pub = EVP_PKEY_PUBLIC_KEY;
      fromdata(s, t, "seed 63", alg, kp, {{"seed", cut(m.seed, 1)}});
      fromdata(s, t, "seed 65", alg, kp, {{"seed", cat({m.seed, {0}})}});
      fromdata(s, t, "seed 0", alg, kp, {{"seed", {}}});
      fromdata(s, t, "priv short", alg, kp, {{"priv", cut(m.dk, 1)}});
      fromdata(s, t, "priv long", alg, kp, {{"priv", cat({m.dk, {0}})}});
      fromdata(s, t, "pub short", alg, pub, {{"pub", cut(m.ek, 1)}});
      fromdata(s, t, "pub long", alg, pub, {{"pub", cat({m.ek, {0}})}});
      fromdata(s, t, "pub short as key pair", alg, kp, {{"pub", cut(m.ek, 1)}});
      fromdata(s, t, "seed with a short priv", alg, kp, {{"seed", m.seed}, {"priv", cut(m.dk, 1)}});
      fromdata(s, t, "priv with a short pub", alg, kp, {{"priv", m.dk}, {"pub", cut(m.ek, 1)}});
      fromdata(s, t, "nothing", alg, kp, {});
      fromdata(s, t, "nothing public", alg, pub, {});
      fromdata(s, t, "seed alone, public selection", alg, pub, {{"seed", m.seed}});
      fromdata(s, t, "key parameters only", alg, EVP_PKEY_KEY_PARAMETERS, {{"pub", m.ek}});
      // Another parameter set's keys.
      const MlkemMaterial& other =
          mlkem_material(std::string(alg) == "ML-KEM-512" ? "ML-KEM-768" : "ML-KEM-512");
      fromdata(s, t, "another size's priv", alg, kp, {{"priv", other.dk}});
      fromdata(s, t, "another size's pub", alg, pub, {{"pub", other.ek}});
      // Parameters of the wrong type.
      PkeyCtxPtr ctx = s.pkey_ctx(alg);
      t.step("fromdata_init", EVP_PKEY_fromdata_init(ctx.get()));
      char text[] = "seed";
      for (const char* name : {"seed", "priv", "pub"}) {
        OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(name, text, 0),
                          OSSL_PARAM_construct_end()};
        EVP_PKEY* key = nullptr;
        t.step(std::string(name) + " as text", EVP_PKEY_fromdata(ctx.get(), &key, kp, p));
        EVP_PKEY_free(key);
      }
    });
  }
}

TEST(ErrorParityKeys, MlkemImportOfBadValues) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemMaterial& m2 = mlkem_material(alg, 1);
    const MlkemSizes z = mlkem_sizes(alg);
    expect_parity([&](const Side& s, Trace& t) {
      const int kp = EVP_PKEY_KEYPAIR, pub = EVP_PKEY_PUBLIC_KEY;
      // The modulus check (FIPS 203 7.2), first and last coefficient.
      fromdata(s, t, "pub coefficient >= q", alg, pub, {{"pub", big_coefficient(m.ek)}});
      fromdata(s, t, "pub last coefficient >= q", alg, pub,
               {{"pub", big_coefficient(m.ek, 384 * z.k - 3)}});
      // The hash check (7.3): H(ek) inside dk wrong.
      Bytes bad_hash = m.dk;
      bad_hash[z.dk - 40] ^= 1;
      fromdata(s, t, "priv with a wrong H(ek)", alg, kp, {{"priv", bad_hash}});
      // s-hat that does not belong to the ek (hash right): the pairwise test.
      Bytes bad_s = m.dk;
      bad_s[5] ^= 0x10;
      fromdata(s, t, "priv with another s", alg, kp, {{"priv", bad_s}});
      // An s-hat coefficient >= q, and the ek inside dk with one.
      fromdata(s, t, "priv s coefficient >= q", alg, kp, {{"priv", big_coefficient(m.dk)}});
      fromdata(s, t, "priv ek coefficient >= q", alg, kp,
               {{"priv", big_coefficient(m.dk, 384 * z.k)}});
      // Seed and priv that do not belong together; z differing.
      fromdata(s, t, "seed with another key's priv", alg, kp, {{"seed", m.seed}, {"priv", m2.dk}});
      Bytes other_z = m.seed;
      other_z[40] ^= 1;
      fromdata(s, t, "seed with another z", alg, kp, {{"seed", other_z}, {"priv", m.dk}});
      Bytes other_d = m.seed;
      other_d[3] ^= 1;
      fromdata(s, t, "seed with another d", alg, kp, {{"seed", other_d}, {"priv", m.dk}});
      // priv and pub that do not belong together.
      fromdata(s, t, "priv with another pub", alg, kp, {{"priv", m.dk}, {"pub", m2.ek}});
      // armaccel: a public key given with a seed must be the seed's (the
      // default provider ignores it).
      fromdata(s, t, "seed with another pub", alg, kp, {{"seed", m.seed}, {"pub", m2.ek}},
               Mark::kStricter);
      fromdata(s, t, "priv and pub >= q", alg, kp,
               {{"priv", m.dk}, {"pub", big_coefficient(m.ek)}});
      // Good keys still import (the steps stay aligned).
      fromdata(s, t, "good seed", alg, kp, {{"seed", m.seed}});
      fromdata(s, t, "good priv", alg, kp, {{"priv", m.dk}});
      fromdata(s, t, "good seed, priv and pub", alg, kp,
               {{"seed", m.seed}, {"priv", m.dk}, {"pub", m.ek}});
    });
  }
}

TEST(ErrorParityKeys, MlkemEncodedPublicKey) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemMaterial& m2 = mlkem_material(alg, 1);
    expect_parity([&](const Side& s, Trace& t) {
      PkeyPtr empty = empty_key(s, t, alg);
      set_encoded_public(t, "short", empty.get(), cut(m.ek, 1));
      set_encoded_public(t, "long", empty.get(), cat({m.ek, {1}}));
      set_encoded_public(t, "empty", empty.get(), {});
      set_encoded_public(t, "coefficient >= q", empty.get(), big_coefficient(m.ek));
      char text[] = "x";
      OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("encoded-pub-key", text, 0),
                        OSSL_PARAM_construct_end()};
      t.step("as text", EVP_PKEY_set_params(empty.get(), p));
      set_encoded_public(t, "good", empty.get(), m.ek);
      // Keys in use are not changed.
      set_encoded_public(t, "again", empty.get(), m2.ek);
      PkeyPtr full = fromdata(s, t, "key pair", alg, EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      set_encoded_public(t, "onto a key pair", full.get(), m2.ek);
      set_encoded_public(t, "short onto a key pair", full.get(), cut(m2.ek, 1));
    });
  }
}

TEST(ErrorParityKeys, MlkemParametersIntoSmallBuffers) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemSizes z = mlkem_sizes(alg);
    expect_parity([&](const Side& s, Trace& t) {
      PkeyPtr full = fromdata(s, t, "key pair", alg, EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      PkeyPtr pub = fromdata(s, t, "public key", alg, EVP_PKEY_PUBLIC_KEY, {{"pub", m.ek}});
      PkeyPtr expanded = fromdata(s, t, "expanded key", alg, EVP_PKEY_KEYPAIR, {{"priv", m.dk}});
      PkeyPtr empty = empty_key(s, t, alg);
      for (auto [name, size] : {std::pair{"pub", z.ek}, std::pair{"encoded-pub-key", z.ek},
                                std::pair{"priv", z.dk}, std::pair{"seed", std::size_t{64}}}) {
        get_octets(t, std::string(name) + " into size - 1", full.get(), name, size - 1);
        get_octets(t, std::string(name) + " into 1", full.get(), name, 1);
        get_octets(t, std::string(name) + " into size", full.get(), name, size);
        get_octets(t, std::string(name) + " length", full.get(), name, 0);
        get_octets(t, std::string(name) + " of a public key", pub.get(), name, size);
        get_octets(t, std::string(name) + " of an expanded key", expanded.get(), name, size);
        get_octets(t, std::string(name) + " of an empty key", empty.get(), name, size);
        // As an integer.
        int i = 0;
        OSSL_PARAM q[] = {OSSL_PARAM_construct_int(name, &i), OSSL_PARAM_construct_end()};
        t.step(std::string(name) + " as int", EVP_PKEY_get_params(full.get(), q));
      }
      probe_exports(t, full.get(), pub.get(), empty.get(),
                    {std::nullopt, Mark::kSame, Mark::kSame, Mark::kSame});
    });
  }
}

TEST(ErrorParityKeys, MlkemGeneration) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    expect_parity([&](const Side& s, Trace& t) {
      for (std::size_t len : {0, 32, 63, 65}) {
        Bytes seed(len, 3);
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("seed", seed.data(), seed.size()),
                          OSSL_PARAM_construct_end()};
        generate(s, t, "seed of " + std::to_string(len), alg, p);
      }
      char text[] = "0123456789012345678901234567890123456789012345678901234567890123";
      OSSL_PARAM as_text[] = {OSSL_PARAM_construct_utf8_string("seed", text, 0),
                              OSSL_PARAM_construct_end()};
      generate(s, t, "seed as text", alg, as_text);
      // libssl's group names.
      const std::string bits = std::string(alg).substr(7);
      PkeyCtxPtr ctx = s.pkey_ctx(alg);
      t.step("keygen_init", EVP_PKEY_keygen_init(ctx.get()));
      t.step("group of this size",
             EVP_PKEY_CTX_set_group_name(ctx.get(), ("MLKEM" + bits).c_str()));
      EVP_PKEY* key = nullptr;
      t.step("keygen", EVP_PKEY_generate(ctx.get(), &key));
      EVP_PKEY_free(key);
    });
  }
}

TEST(ErrorParityKeys, MlkemGenerationWithAnotherGroup) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    expect_parity([&](const Side& s, Trace& t) {
      for (const char* group : {"X25519", "MLKEM1", "ML-KEM-999"}) {
        PkeyCtxPtr ctx = s.pkey_ctx(alg);
        t.step("keygen_init", EVP_PKEY_keygen_init(ctx.get()));
        t.stricter(std::string("group ") + group, EVP_PKEY_CTX_set_group_name(ctx.get(), group));
      }
    });
  }
}

// encapsulate/decapsulate with room for `ct` and `ss` bytes; recorded.
void encapsulate(Trace& t, const std::string& what, EVP_PKEY_CTX* ctx, std::size_t ct,
                 std::size_t ss, bool null_ct_len = false, bool null_ss_len = false) {
  Bytes c(ct + 1), k(ss + 1);
  std::size_t cl = ct, sl = ss;
  t.step(what, EVP_PKEY_encapsulate(ctx, c.data(), null_ct_len ? nullptr : &cl, k.data(),
                                    null_ss_len ? nullptr : &sl));
}
void decapsulate(Trace& t, const std::string& what, EVP_PKEY_CTX* ctx, const Bytes& ct,
                 std::size_t ss) {
  Bytes k(ss + 1);
  std::size_t sl = ss;
  t.step(what, EVP_PKEY_decapsulate(ctx, k.data(), &sl, ct.data(), ct.size()));
}

TEST(ErrorParityKeys, MlkemEncapsulationAndDecapsulation) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemSizes z = mlkem_sizes(alg);
    expect_parity([&](const Side& s, Trace& t) {
      PkeyPtr full = fromdata(s, t, "key pair", alg, EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      PkeyPtr pub = fromdata(s, t, "public key", alg, EVP_PKEY_PUBLIC_KEY, {{"pub", m.ek}});
      PkeyPtr empty = empty_key(s, t, alg);
      // Missing keys.
      PkeyCtxPtr e0 = s.pkey_ctx(empty.get());
      t.step("encapsulate_init, empty key", EVP_PKEY_encapsulate_init(e0.get(), nullptr));
      PkeyCtxPtr d0 = s.pkey_ctx(empty.get());
      t.step("decapsulate_init, empty key", EVP_PKEY_decapsulate_init(d0.get(), nullptr));
      PkeyCtxPtr d1 = s.pkey_ctx(pub.get());
      t.step("decapsulate_init, public key", EVP_PKEY_decapsulate_init(d1.get(), nullptr));
      // Encapsulation: buffers and lengths.
      PkeyCtxPtr e = s.pkey_ctx(full.get());
      t.step("encapsulate_init", EVP_PKEY_encapsulate_init(e.get(), nullptr));
      encapsulate(t, "ciphertext buffer one short", e.get(), z.ct - 1, 32);
      encapsulate(t, "secret buffer one short", e.get(), z.ct, 31);
      encapsulate(t, "no ciphertext length", e.get(), z.ct, 32, true, false);
      encapsulate(t, "no secret length", e.get(), z.ct, 32, false, true);
      encapsulate(t, "good", e.get(), z.ct, 32);
      std::size_t cl = 0, sl = 0;
      t.step("lengths", EVP_PKEY_encapsulate(e.get(), nullptr, &cl, nullptr, &sl));
      t.step("no lengths at all",
             EVP_PKEY_encapsulate(e.get(), nullptr, nullptr, nullptr, nullptr));
      // ikme of the wrong length or type.
      for (std::size_t len : {0, 31, 33, 64}) {
        Bytes ikm(len, 9);
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("ikme", ikm.data(), ikm.size()),
                          OSSL_PARAM_construct_end()};
        t.step("ikme of " + std::to_string(len), EVP_PKEY_CTX_set_params(e.get(), p));
        PkeyCtxPtr e2 = s.pkey_ctx(full.get());
        t.step("encapsulate_init with ikme of " + std::to_string(len),
               EVP_PKEY_encapsulate_init(e2.get(), p));
      }
      char text[] = "0123456789abcdef0123456789abcdef";
      OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_string("ikme", text, 0),
                        OSSL_PARAM_construct_end()};
      t.step("ikme as text", EVP_PKEY_CTX_set_params(e.get(), q));
      // Decapsulation: ciphertext lengths, buffers.
      Bytes ct(z.ct, 0x5a);
      PkeyCtxPtr d = s.pkey_ctx(full.get());
      t.step("decapsulate_init", EVP_PKEY_decapsulate_init(d.get(), nullptr));
      decapsulate(t, "ciphertext one short", d.get(), cut(ct, 1), 32);
      decapsulate(t, "ciphertext one long", d.get(), cat({ct, {0}}), 32);
      decapsulate(t, "empty ciphertext", d.get(), {}, 32);
      decapsulate(t, "secret buffer one short", d.get(), ct, 31);
      decapsulate(t, "good", d.get(), ct, 32);
      std::size_t len = 0;
      t.step("secret length", EVP_PKEY_decapsulate(d.get(), nullptr, &len, ct.data(), ct.size()));
      t.step("secret length of a short ciphertext",
             EVP_PKEY_decapsulate(d.get(), nullptr, &len, ct.data(), ct.size() - 1));
      // ikme at decapsulation (ignored by both).
      Bytes ikm(32, 9);
      OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("ikme", ikm.data(), 31),
                        OSSL_PARAM_construct_end()};
      t.step("ikme of 31 at decapsulation", EVP_PKEY_CTX_set_params(d.get(), p));
    });
  }
}

TEST(ErrorParityKeys, MlkemKeyChecks) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemMaterial& m2 = mlkem_material(alg, 1);
    expect_parity([&](const Side& s, Trace& t) {
      PkeyPtr full = fromdata(s, t, "key pair", alg, EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      PkeyPtr pub = fromdata(s, t, "public key", alg, EVP_PKEY_PUBLIC_KEY, {{"pub", m.ek}});
      PkeyPtr pub2 =
          fromdata(s, t, "another public key", alg, EVP_PKEY_PUBLIC_KEY, {{"pub", m2.ek}});
      PkeyPtr empty = empty_key(s, t, alg);
      for (auto [what, key] : {std::pair{"key pair", full.get()}, std::pair{"public", pub.get()},
                               std::pair{"empty", empty.get()}}) {
        PkeyCtxPtr c = s.pkey_ctx(key);
        t.step(std::string("check ") + what, EVP_PKEY_check(c.get()));
        t.step(std::string("public_check ") + what, EVP_PKEY_public_check(c.get()));
        t.step(std::string("private_check ") + what, EVP_PKEY_private_check(c.get()));
        t.step(std::string("pairwise_check ") + what, EVP_PKEY_pairwise_check(c.get()));
        t.step(std::string("param_check ") + what, EVP_PKEY_param_check(c.get()));
      }
      t.step("eq other public", EVP_PKEY_eq(full.get(), pub2.get()));
      t.step("eq empty", EVP_PKEY_eq(full.get(), empty.get()));
      t.step("eq empty, empty", EVP_PKEY_eq(empty.get(), empty.get()));
    });
  }
}

// The document's DER forms (see mlkem_codec_support.h).
Bytes mlkem_alg_id(const std::string& alg, bool null_params = false) {
  const std::uint8_t arc = static_cast<std::uint8_t>(mlkem_sizes(alg).k - 1);
  Bytes oid = tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, arc});
  return tlv(0x30, null_params ? cat({oid, {0x05, 0x00}}) : oid);
}
Bytes mlkem_spki(const std::string& alg, const Bytes& ek, std::uint8_t unused = 0,
                 bool null_params = false) {
  return tlv(0x30, cat({mlkem_alg_id(alg, null_params), tlv(0x03, cat({{unused}, ek}))}));
}
Bytes mlkem_pkcs8(const std::string& alg, const Bytes& choice, bool null_params = false,
                  std::uint8_t version = 0) {
  return tlv(0x30, cat({tlv(0x02, {version}), mlkem_alg_id(alg, null_params), tlv(0x04, choice)}));
}
// The same with attributes ([0] IMPLICIT SET OF Attribute) after the key.
Bytes mlkem_pkcs8_with_attributes(const std::string& alg, const Bytes& choice,
                                  const Bytes& attributes) {
  return tlv(0x30, cat({tlv(0x02, {0}), mlkem_alg_id(alg, false), tlv(0x04, choice),
                        tlv(0xa0, attributes)}));
}
// An Attribute: commonName (2.5.4.3) with one value.
Bytes attribute(const Bytes& value) {
  return tlv(0x30, cat({tlv(0x06, {0x55, 0x04, 0x03}), tlv(0x31, value)}));
}
Bytes seed_choice(const Bytes& seed) {
  return tlv(0x80, seed);
}
Bytes expanded_choice(const Bytes& dk) {
  return tlv(0x04, dk);
}
Bytes both_choice(const Bytes& seed, const Bytes& dk) {
  return tlv(0x30, cat({tlv(0x04, seed), tlv(0x04, dk)}));
}

// Every way a malformed key reaches the decoders: OSSL_DECODER with the
// structure named and without, d2i, PEM.
// `mark` for the decoders of the side's provider (OSSL_DECODER with its
// property query, d2i), `pem_mark` for PEM_read_bio_*, which consults
// every provider's decoders.
void decode_every_way(const Side& s, Trace& t, const std::string& what, const Bytes& der, bool priv,
                      Mark mark = Mark::kSame, Mark pem_mark = Mark::kSame) {
  const int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
  const char* structure = priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
  decode(s, t, what + " (DER, " + structure + ")", der, "DER", structure, sel, mark);
  decode(s, t, what + " (DER)", der, "DER", nullptr, sel, mark);
  const std::string pem = pem_of(priv ? "PRIVATE KEY" : "PUBLIC KEY", der);
  decode(s, t, what + " (PEM text)", Bytes(pem.begin(), pem.end()), "PEM", nullptr, sel, mark);
  d2i(s, t, what + " (d2i)", der, priv, mark);
  pem_read(s, t, what + " (PEM_read_bio)", pem, priv, nullptr, pem_mark);
}

TEST(ErrorParityKeys, MlkemMalformedPublicKeys) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    expect_parity([&](const Side& s, Trace& t) {
      decode_every_way(s, t, "good", mlkem_spki(alg, m.ek), false);
      decode_every_way(s, t, "one byte short", mlkem_spki(alg, cut(m.ek, 1)), false);
      decode_every_way(s, t, "one byte long", mlkem_spki(alg, cat({m.ek, {0}})), false);
      decode_every_way(s, t, "coefficient >= q", mlkem_spki(alg, big_coefficient(m.ek)), false);
      decode_every_way(s, t, "parameters NULL", mlkem_spki(alg, m.ek, 0, true), false);
      decode_every_way(s, t, "unused bits", mlkem_spki(alg, m.ek, 1), false);
      decode_every_way(s, t, "trailing byte", cat({mlkem_spki(alg, m.ek), {0}}), false);
      decode_every_way(s, t, "truncated", cut(mlkem_spki(alg, m.ek), 10), false);
    });
  }
}

TEST(ErrorParityKeys, MlkemMalformedPrivateKeys) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    const MlkemMaterial& m2 = mlkem_material(alg, 1);
    const MlkemSizes z = mlkem_sizes(alg);
    expect_parity([&](const Side& s, Trace& t) {
      decode_every_way(s, t, "good both", mlkem_pkcs8(alg, both_choice(m.seed, m.dk)), true);
      decode_every_way(s, t, "good seed", mlkem_pkcs8(alg, seed_choice(m.seed)), true);
      decode_every_way(s, t, "good expanded", mlkem_pkcs8(alg, expanded_choice(m.dk)), true);
      decode_every_way(s, t, "expanded one short", mlkem_pkcs8(alg, expanded_choice(cut(m.dk, 1))),
                       true);
      decode_every_way(s, t, "seed one short", mlkem_pkcs8(alg, seed_choice(cut(m.seed, 1))), true);
      Bytes bad = m.dk;
      bad[768 * z.k + 32] ^= 0x40;
      decode_every_way(s, t, "wrong H(ek)", mlkem_pkcs8(alg, expanded_choice(bad)), true);
      decode_every_way(s, t, "ek coefficient >= q",
                       mlkem_pkcs8(alg, expanded_choice(big_coefficient(m.dk, 384 * z.k))), true);
      decode_every_way(s, t, "s coefficient >= q",
                       mlkem_pkcs8(alg, expanded_choice(big_coefficient(m.dk))), true);
      Bytes bad_s = m.dk;
      bad_s[0] ^= 0x01;
      decode_every_way(s, t, "another s", mlkem_pkcs8(alg, expanded_choice(bad_s)), true);
      decode_every_way(s, t, "seed and another key", mlkem_pkcs8(alg, both_choice(m.seed, m2.dk)),
                       true);
      Bytes other_z = m.seed;
      other_z[40] ^= 1;
      decode_every_way(s, t, "another z", mlkem_pkcs8(alg, both_choice(other_z, m.dk)), true);
      Bytes bad_z = m.dk;
      bad_z[z.dk - 1] ^= 0x80;
      decode_every_way(s, t, "another z in dk", mlkem_pkcs8(alg, both_choice(m.seed, bad_z)), true);
      const Bytes good = mlkem_pkcs8(alg, expanded_choice(m.dk));
      decode_every_way(s, t, "trailing bytes", cat({good, {0, 0}}), true);
      decode_every_way(s, t, "truncated", cut(good, 100), true);
      decode_every_way(s, t, "unknown CHOICE", mlkem_pkcs8(alg, tlv(0x0c, m.seed)), true);
      decode_every_way(s, t, "parameters NULL", mlkem_pkcs8(alg, expanded_choice(m.dk), true),
                       true);
      decode_every_way(s, t, "version 2", mlkem_pkcs8(alg, expanded_choice(m.dk), false, 2), true);
      decode_every_way(s, t, "bare seed", mlkem_pkcs8(alg, m.seed), true);
      const Bytes dk = expanded_choice(m.dk);
      decode_every_way(s, t, "attributes malformed",
                       mlkem_pkcs8_with_attributes(alg, dk, {0x01, 0x01}), true);
      decode_every_way(s, t, "attribute BOOLEAN of 2 octets",
                       mlkem_pkcs8_with_attributes(alg, dk, attribute(tlv(0x01, {0xff, 0xff}))),
                       true);
      decode_every_way(s, t, "attributes well-formed",
                       mlkem_pkcs8_with_attributes(alg, dk, attribute(tlv(0x0c, {'a'}))), true);
    });
  }
}

TEST(ErrorParityKeys, MlkemTruncatedAndEncryptedPem) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  const MlkemMaterial& m = mlkem_material("ML-KEM-512");
  std::string first_pem;
  expect_parity([&](const Side& s, Trace& t) {
    const Bytes der = mlkem_pkcs8("ML-KEM-512", both_choice(m.seed, m.dk));
    std::string pem = pem_of("PRIVATE KEY", der);
    std::string truncated = pem;
    truncated.erase(200, 300);
    pem_read(s, t, "truncated PEM", truncated, true);
    decode(s, t, "truncated PEM (decoder)", Bytes(truncated.begin(), truncated.end()), "PEM",
           nullptr, EVP_PKEY_KEYPAIR);
    // Encrypted with each side's own encoder and read back with the right
    // passphrase; armaccel's encoding (its side runs first) is read by both
    // sides with a wrong one.  Salt and IV are random, so what a wrong key
    // decrypts to is too: about once in a few runs the padding happens to be
    // valid and the failure moves from the cipher to the DER parser.  Both
    // sides read the same octets, so they meet the same case.
    PkeyPtr key = fromdata(s, t, "key", "ML-KEM-512", EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
    const Bytes enc = encode(s, t, "encrypt", key.get(), EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo",
                             "AES-128-CBC", "right");
    const std::string enc_pem(enc.begin(), enc.end());
    if (first_pem.empty()) first_pem = enc_pem;
    pem_read(s, t, "wrong passphrase", first_pem, true, "wrong");
    pem_read(s, t, "right passphrase", enc_pem, true, "right");
  });
}

TEST(ErrorParityKeys, MlkemEncodersAskedForWhatTheyCannotWrite) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  for (const char* alg : kMlkemAlgs) {
    SCOPED_TRACE(alg);
    const MlkemMaterial& m = mlkem_material(alg);
    expect_parity([&](const Side& s, Trace& t) {
      PkeyPtr full = fromdata(s, t, "key pair", alg, EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      PkeyPtr pub = fromdata(s, t, "public key", alg, EVP_PKEY_PUBLIC_KEY, {{"pub", m.ek}});
      PkeyPtr empty = empty_key(s, t, alg);
      for (const char* output : {"DER", "PEM"}) {
        const std::string o = output;
        encode(s, t, o + " private of a public key", pub.get(), EVP_PKEY_KEYPAIR, output,
               "PrivateKeyInfo");
        encode(s, t, o + " private of an empty key", empty.get(), EVP_PKEY_KEYPAIR, output,
               "PrivateKeyInfo");
        encode(s, t, o + " public of an empty key", empty.get(), EVP_PKEY_PUBLIC_KEY, output,
               "SubjectPublicKeyInfo");
        encode(s, t, o + " encrypted without a cipher", full.get(), EVP_PKEY_KEYPAIR, output,
               "EncryptedPrivateKeyInfo");
        encode(s, t, o + " encrypted without a passphrase", full.get(), EVP_PKEY_KEYPAIR, output,
               "EncryptedPrivateKeyInfo", "AES-128-CBC");
        encode(s, t, o + " encrypted with an unknown cipher", full.get(), EVP_PKEY_KEYPAIR, output,
               "EncryptedPrivateKeyInfo", "NO-SUCH-CIPHER", "pass");
        encode(s, t, o + " encrypted private of a public key", pub.get(), EVP_PKEY_KEYPAIR, output,
               "EncryptedPrivateKeyInfo", "AES-128-CBC", "pass");
        encode(s, t, o + " parameters", full.get(), EVP_PKEY_KEY_PARAMETERS, output, nullptr);
      }
      encode(s, t, "text of an empty key", empty.get(), EVP_PKEY_KEYPAIR, "TEXT", nullptr);
      encode(s, t, "public text of an empty key", empty.get(), EVP_PKEY_PUBLIC_KEY, "TEXT",
             nullptr);
      encode(s, t, "private text of a public key", pub.get(), EVP_PKEY_KEYPAIR, "TEXT", nullptr);
    });
  }
}

// ---- ML-KEM settings (ml-kem.* in the provider's config section) ----------------------------

struct LibCtxFree {
  void operator()(OSSL_LIB_CTX* c) const { OSSL_LIB_CTX_free(c); }
};
using LibCtxPtr = std::unique_ptr<OSSL_LIB_CTX, LibCtxFree>;

// A library context for side s whose provider (armaccel, or the default
// provider) has `settings` in its config section.
LibCtxPtr configured_ctx(const Side& s, const std::string& settings) {
  const bool ours = std::string(s.name) == "armaccel";
  return LibCtxPtr(new_configured_libctx(
      ours ? "[provider_sect]\narmaccel = armaccel_sect\ndefault = default_sect\n"
             "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n" +
                 settings + "\n[default_sect]\nactivate = 1\n"
           : "[provider_sect]\ndefault = default_sect\n[default_sect]\nactivate = 1\n" + settings +
                 "\n"));
}

// Side s in library context ctx.
Side in_ctx(const Side& s, OSSL_LIB_CTX* ctx) {
  return Side{s.name, ctx, s.propq, nullptr};
}

TEST(ErrorParityKeys, MlkemInputFormats) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  const MlkemMaterial& m = mlkem_material("ML-KEM-512");
  const Bytes expanded = mlkem_pkcs8("ML-KEM-512", expanded_choice(m.dk));
  const Bytes seed_only = mlkem_pkcs8("ML-KEM-512", seed_choice(m.seed));
  expect_parity([&](const Side& side, Trace& t) {
    LibCtxPtr ctx = configured_ctx(side, "ml-kem.input_formats = seed-only, seed-priv");
    const Side s = in_ctx(side, ctx.get());
    decode_every_way(s, t, "seed form", seed_only, true);
    decode_every_way(s, t, "expanded form, not enabled", expanded, true);
  });
  // An input format list naming no known form: the default provider
  // enables none (and reads nothing); armaccel refuses the setting.
  expect_parity([&](const Side& side, Trace& t) {
    LibCtxPtr ctx = configured_ctx(side, "ml-kem.input_formats = frobnicated");
    const Side s = in_ctx(side, ctx.get());
    decode(s, t, "unknown format", seed_only, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR,
           Mark::kStricter);
  });
}

TEST(ErrorParityKeys, MlkemOutputFormats) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  const MlkemMaterial& m = mlkem_material("ML-KEM-768");
  // A key without its seed cannot give a form holding one.
  expect_parity([&](const Side& side, Trace& t) {
    LibCtxPtr ctx =
        configured_ctx(side, "ml-kem.retain_seed = no\nml-kem.output_formats = seed-only");
    const Side s = in_ctx(side, ctx.get());
    PkeyPtr key = fromdata(s, t, "key", "ML-KEM-768", EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
    get_octets(t, "seed", key.get(), "seed", 64);
    for (const char* output : {"DER", "PEM"})
      encode(s, t, std::string(output) + " seed-only of a key without its seed", key.get(),
             EVP_PKEY_KEYPAIR, output, "PrivateKeyInfo");
  });
  // An unknown name in the list: the default provider skips it; armaccel
  // refuses the setting, and so does a list longer than it keeps.
  for (const std::string& list : {std::string("seed-priv, frobnicated"),
                                  "priv-only," + std::string(300, ' ') + "seed-priv"}) {
    expect_parity([&](const Side& side, Trace& t) {
      LibCtxPtr ctx = configured_ctx(side, "ml-kem.output_formats = " + list);
      const Side s = in_ctx(side, ctx.get());
      PkeyPtr key = fromdata(s, t, "key", "ML-KEM-768", EVP_PKEY_KEYPAIR, {{"seed", m.seed}});
      encode(s, t, "encode", key.get(), EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", nullptr, nullptr,
             Mark::kStricter);
    });
  }
}

TEST(ErrorParityKeys, MlkemSeedNotPreferred) {
  SKIP_WITHOUT_DEFAULT_MLKEM();
  const MlkemMaterial& m = mlkem_material("ML-KEM-768");
  expect_parity([&](const Side& side, Trace& t) {
    LibCtxPtr ctx = configured_ctx(side, "ml-kem.prefer_seed = no");
    const Side s = in_ctx(side, ctx.get());
    fromdata(s, t, "seed and its own priv", "ML-KEM-768", EVP_PKEY_KEYPAIR,
             {{"seed", m.seed}, {"priv", m.dk}});
    // The expanded key is used; its z must still be the seed's for
    // armaccel (the default provider ignores the seed).
    Bytes other_z = m.seed;
    other_z[40] ^= 1;
    fromdata(s, t, "seed with another z", "ML-KEM-768", EVP_PKEY_KEYPAIR,
             {{"seed", other_z}, {"priv", m.dk}}, Mark::kStricter);
  });
}

// ---- X25519 ---------------------------------------------------------------------------------

// RFC 7748 section 6.1.
const Bytes kAlicePriv =
    from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
const Bytes kAlicePub =
    from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
const Bytes kBobPub = from_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");

PkeyPtr raw_private(const Side& s, Trace& t, const std::string& what, const char* alg,
                    const Bytes& priv) {
  EVP_PKEY* key = EVP_PKEY_new_raw_private_key_ex(s.libctx, alg, s.propq, priv.data(), priv.size());
  t.step(what, key != nullptr);
  return PkeyPtr(key);
}
PkeyPtr raw_public(const Side& s, Trace& t, const std::string& what, const char* alg,
                   const Bytes& pub, const char* propq) {
  EVP_PKEY* key = EVP_PKEY_new_raw_public_key_ex(s.libctx, alg, propq, pub.data(), pub.size());
  t.step(what, key != nullptr);
  return PkeyPtr(key);
}

TEST(ErrorParityKeys, X25519ImportOfBadLengths) {
  expect_parity([](const Side& s, Trace& t) {
    const int kp = EVP_PKEY_KEYPAIR, pub = EVP_PKEY_PUBLIC_KEY;
    fromdata(s, t, "priv 31", "X25519", kp, {{"priv", cut(kAlicePriv, 1)}});
    fromdata(s, t, "priv 33", "X25519", kp, {{"priv", cat({kAlicePriv, {0}})}});
    fromdata(s, t, "priv 0", "X25519", kp, {{"priv", {}}});
    fromdata(s, t, "pub 31", "X25519", pub, {{"pub", cut(kAlicePub, 1)}});
    fromdata(s, t, "pub 33", "X25519", pub, {{"pub", cat({kAlicePub, {0}})}});
    fromdata(s, t, "pub 31 as key pair", "X25519", kp, {{"pub", cut(kAlicePub, 1)}});
    fromdata(s, t, "priv with a short pub", "X25519", kp,
             {{"priv", kAlicePriv}, {"pub", cut(kAlicePub, 1)}});
    fromdata(s, t, "priv with another pub", "X25519", kp, {{"priv", kAlicePriv}, {"pub", kBobPub}});
    fromdata(s, t, "nothing", "X25519", kp, {});
    fromdata(s, t, "nothing public", "X25519", pub, {});
    // OpenSSL 3.6's default provider crashes on this one (it derives the
    // public key from a private key it did not read).
    if (!runtime_at_least(3, 6))
      fromdata(s, t, "priv alone, public selection", "X25519", pub, {{"priv", kAlicePriv}});
    fromdata(s, t, "key parameters only", "X25519", EVP_PKEY_KEY_PARAMETERS, {{"pub", kAlicePub}});
    PkeyCtxPtr ctx = s.pkey_ctx("X25519");
    t.step("fromdata_init", EVP_PKEY_fromdata_init(ctx.get()));
    char text[] = "priv";
    for (const char* name : {"priv", "pub"}) {
      OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(name, text, 0),
                        OSSL_PARAM_construct_end()};
      EVP_PKEY* key = nullptr;
      t.step(std::string(name) + " as text", EVP_PKEY_fromdata(ctx.get(), &key, kp, p));
      EVP_PKEY_free(key);
    }
    // The raw-key constructors.
    for (std::size_t len : {0, 16, 31, 33, 56}) {
      Bytes b(len, 5);
      raw_private(s, t, "raw private of " + std::to_string(len), "X25519", b);
      raw_public(s, t, "raw public of " + std::to_string(len), "X25519", b, s.propq);
    }
  });
}

TEST(ErrorParityKeys, X25519EncodedPublicKey) {
  expect_parity([](const Side& s, Trace& t) {
    PkeyPtr empty = empty_key(s, t, "X25519");
    set_encoded_public(t, "31", empty.get(), cut(kAlicePub, 1));
    set_encoded_public(t, "33", empty.get(), cat({kAlicePub, {0}}));
    set_encoded_public(t, "empty", empty.get(), {});
    char text[] = "x";
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("encoded-pub-key", text, 0),
                      OSSL_PARAM_construct_end()};
    t.step("as text", EVP_PKEY_set_params(empty.get(), p));
    set_encoded_public(t, "good", empty.get(), kAlicePub);
    set_encoded_public(t, "again", empty.get(), kBobPub);
    PkeyPtr full = raw_private(s, t, "key pair", "X25519", kAlicePriv);
    set_encoded_public(t, "31 onto a key pair", full.get(), cut(kBobPub, 1));
  });
}

TEST(ErrorParityKeys, X25519ParametersIntoSmallBuffers) {
  expect_parity([](const Side& s, Trace& t) {
    PkeyPtr full = raw_private(s, t, "key pair", "X25519", kAlicePriv);
    PkeyPtr pub = raw_public(s, t, "public key", "X25519", kAlicePub, s.propq);
    PkeyPtr empty = empty_key(s, t, "X25519");
    for (const char* name : {"pub", "encoded-pub-key", "priv"}) {
      get_octets(t, std::string(name) + " into 31", full.get(), name, 31);
      get_octets(t, std::string(name) + " into 1", full.get(), name, 1);
      get_octets(t, std::string(name) + " into 32", full.get(), name, 32);
      get_octets(t, std::string(name) + " length", full.get(), name, 0);
      get_octets(t, std::string(name) + " of a public key", pub.get(), name, 32);
      // The default provider answers 32 zero bytes for the public key of
      // an empty key; armaccel leaves it unanswered, as for ML-KEM.
      get_octets(t, std::string(name) + " of an empty key", empty.get(), name, 32,
                 std::string(name) == "priv" ? Mark::kSame : Mark::kStricterSilent);
      int i = 0;
      OSSL_PARAM q[] = {OSSL_PARAM_construct_int(name, &i), OSSL_PARAM_construct_end()};
      t.step(std::string(name) + " as int", EVP_PKEY_get_params(full.get(), q));
    }
    // The default provider exports an empty key's public key as 32 zero
    // bytes; armaccel refuses.
    probe_exports(t, full.get(), pub.get(), empty.get(),
                  {Mark::kStricter, Mark::kStricterSilent, Mark::kStricter, std::nullopt});
  });
}

TEST(ErrorParityKeys, X25519Generation) {
  expect_parity([](const Side& s, Trace& t) {
    for (const char* group : {"x448", "X25519MLKEM768", "P-256", "x25519"}) {
      PkeyCtxPtr ctx = s.pkey_ctx("X25519");
      t.step("keygen_init", EVP_PKEY_keygen_init(ctx.get()));
      t.step(std::string("group ") + group, EVP_PKEY_CTX_set_group_name(ctx.get(), group));
    }
  });
}

TEST(ErrorParityKeys, X25519DhkemIkm) {
  if (!runtime_at_least(3, 2)) GTEST_SKIP() << "dhkem-ikm came with OpenSSL 3.2";
  expect_parity([](const Side& s, Trace& t) {
    for (std::size_t len : {0, 16, 31, 32, 64, 200}) {
      Bytes ikm(len, 7);
      OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("dhkem-ikm", ikm.data(), ikm.size()),
                        OSSL_PARAM_construct_end()};
      generate(s, t, "dhkem-ikm of " + std::to_string(len), "X25519", p);
    }
    char text[] = "0123456789abcdef0123456789abcdef";
    OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_string("dhkem-ikm", text, 0),
                      OSSL_PARAM_construct_end()};
    generate(s, t, "dhkem-ikm as text", "X25519", q);
  });
}

long derive(Trace& t, const std::string& what, EVP_PKEY_CTX* ctx, std::size_t room) {
  Bytes out(room + 1);
  std::size_t len = room;
  return t.step(what, EVP_PKEY_derive(ctx, out.data(), &len));
}

TEST(ErrorParityKeys, X25519KeyExchange) {
  expect_parity([](const Side& s, Trace& t) {
    PkeyPtr alice = raw_private(s, t, "alice", "X25519", kAlicePriv);
    PkeyPtr bob = raw_public(s, t, "bob", "X25519", kBobPub, s.propq);
    PkeyPtr empty = empty_key(s, t, "X25519");
    // A public key alone cannot start an exchange; nor can an empty key.
    PkeyCtxPtr p0 = s.pkey_ctx(bob.get());
    t.step("derive_init with a public key", EVP_PKEY_derive_init(p0.get()));
    t.step("set peer", EVP_PKEY_derive_set_peer(p0.get(), bob.get()));
    derive(t, "derive with a public key", p0.get(), 32);
    std::size_t len0 = 0;
    t.step("length with a public key", EVP_PKEY_derive(p0.get(), nullptr, &len0));
    PkeyCtxPtr p1 = s.pkey_ctx(empty.get());
    t.step("derive_init with an empty key", EVP_PKEY_derive_init(p1.get()));
    t.step("set peer", EVP_PKEY_derive_set_peer(p1.get(), bob.get()));
    derive(t, "derive with an empty key", p1.get(), 32);
    // An empty peer, unchecked: its public key is 32 zero bytes, a
    // low-order point.
    PkeyCtxPtr p2 = s.pkey_ctx(alice.get());
    t.step("derive_init", EVP_PKEY_derive_init(p2.get()));
    t.step("set empty peer unchecked", EVP_PKEY_derive_set_peer_ex(p2.get(), empty.get(), 0));
    derive(t, "derive with an empty peer", p2.get(), 32);
    // No peer.
    PkeyCtxPtr d = s.pkey_ctx(alice.get());
    t.step("derive_init", EVP_PKEY_derive_init(d.get()));
    derive(t, "derive without a peer", d.get(), 32);
    std::size_t len = 0;
    t.step("length without a peer", EVP_PKEY_derive(d.get(), nullptr, &len));
    // Peers without a public key, of another type, of another provider.
    t.step("peer empty", EVP_PKEY_derive_set_peer(d.get(), empty.get()));
    PkeyPtr x448 = raw_public(s, t, "x448 peer", "X448", Bytes(56, 9), nullptr);
    t.step("peer x448", EVP_PKEY_derive_set_peer(d.get(), x448.get()));
    EVP_PKEY* ec = EVP_PKEY_Q_keygen(s.libctx, nullptr, "EC", "P-256");
    t.step("ec key", ec != nullptr);
    t.step("peer ec", EVP_PKEY_derive_set_peer(d.get(), ec));
    EVP_PKEY_free(ec);
    // Low-order peers: the all-zero secret (RFC 7748 section 6.1).
    for (const char* hex : {"0000000000000000000000000000000000000000000000000000000000000000",
                            "0100000000000000000000000000000000000000000000000000000000000000",
                            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"}) {
      PkeyPtr low = raw_public(s, t, "low-order peer", "X25519", from_hex(hex), s.propq);
      PkeyCtxPtr dl = s.pkey_ctx(alice.get());
      t.step("derive_init", EVP_PKEY_derive_init(dl.get()));
      t.step("set low-order peer", EVP_PKEY_derive_set_peer(dl.get(), low.get()));
      derive(t, std::string("derive with ") + hex, dl.get(), 32);
      PkeyCtxPtr dx = s.pkey_ctx(alice.get());
      t.step("derive_init", EVP_PKEY_derive_init(dx.get()));
      t.step("set low-order peer unchecked", EVP_PKEY_derive_set_peer_ex(dx.get(), low.get(), 0));
      derive(t, std::string("derive unchecked with ") + hex, dx.get(), 32);
    }
    // Output buffers.
    PkeyCtxPtr ok = s.pkey_ctx(alice.get());
    t.step("derive_init", EVP_PKEY_derive_init(ok.get()));
    t.step("set peer", EVP_PKEY_derive_set_peer(ok.get(), bob.get()));
    derive(t, "into 31", ok.get(), 31);
    derive(t, "into 0", ok.get(), 0);
    derive(t, "into 32", ok.get(), 32);
    derive(t, "into 64", ok.get(), 64);
  });
}

TEST(ErrorParityKeys, X25519KeyChecks) {
  expect_parity([](const Side& s, Trace& t) {
    PkeyPtr full = raw_private(s, t, "key pair", "X25519", kAlicePriv);
    PkeyPtr pub = raw_public(s, t, "public key", "X25519", kAlicePub, s.propq);
    PkeyPtr empty = empty_key(s, t, "X25519");
    PkeyPtr mismatch = fromdata(s, t, "priv with another pub", "X25519", EVP_PKEY_KEYPAIR,
                                {{"priv", kAlicePriv}, {"pub", kBobPub}});
    for (auto [what, key] :
         {std::pair{"key pair", full.get()}, std::pair{"public", pub.get()},
          std::pair{"empty", empty.get()}, std::pair{"mismatch", mismatch.get()}}) {
      if (key == nullptr) continue;
      PkeyCtxPtr c = s.pkey_ctx(key);
      t.step(std::string("check ") + what, EVP_PKEY_check(c.get()));
      t.step(std::string("public_check ") + what, EVP_PKEY_public_check(c.get()));
      t.step(std::string("private_check ") + what, EVP_PKEY_private_check(c.get()));
      t.step(std::string("pairwise_check ") + what, EVP_PKEY_pairwise_check(c.get()));
      t.step(std::string("param_check ") + what, EVP_PKEY_param_check(c.get()));
    }
    t.step("eq empty", EVP_PKEY_eq(full.get(), empty.get()));
  });
}

// RFC 8410 DER pieces.
const std::string kSpkiHead = "302a300506032b656e032100";
const std::string kPkcs8Head = "302e020100300506032b656e04220420";

TEST(ErrorParityKeys, X25519MalformedDer) {
  const std::string pub = to_hex(kAlicePub), priv = to_hex(kAlicePriv);
  // What RFC 8410 does not allow and the default provider reads: armaccel's
  // decoders step back from it, so where the default provider's decoders
  // are consulted too (PEM_read_bio_*; any decoding in OpenSSL 3.0, whose
  // decoder selection does not follow the property query) it is still
  // read, by them.
  const Mark lax = runtime_at_least(3, 5) ? Mark::kStricter : Mark::kSame;
  struct Case {
    const char* what;
    std::string der;
    bool priv;
    Mark mark = Mark::kSame;
  };
  const Case cases[] = {
      {"good public", kSpkiHead + pub, false},
      {"good private", kPkcs8Head + priv, true},
      {"parameters present", "302c300706032b656e0500032100" + pub, false},
      {"31-byte public key", "3029300506032b656e032000" + pub.substr(0, 62), false},
      {"33-byte public key", "302b300506032b656e03220000" + pub, false},
      // RFC 8410 allows neither (docs/behaviour.md); the default provider
      // reads both.
      {"unused bits", "302a300506032b656e032101" + pub, false, lax},
      {"trailing byte", kSpkiHead + pub + "00", false},
      {"truncated public", kSpkiHead + pub.substr(0, 40), false},
      {"private key not in an OCTET STRING",
       "302c020100300506032b656e04200420" + priv.substr(0, 60), true},
      {"31-byte private key", "302d020100300506032b656e04210420" + priv.substr(0, 62), true},
      {"33-byte private key", "302f020100300506032b656e0423042100" + priv, true},
      {"private parameters present", "3030020100300706032b656e050004220420" + priv, true},
      {"publicKey not the private key's",
       "3051020101300506032b656e04220420" + priv + "812100" + to_hex(kBobPub), true, lax},
      {"version 2", "302e020102300506032b656e04220420" + priv, true},
      {"private trailing bytes", kPkcs8Head + priv + "0000", true},
      // Attributes ([0] IMPLICIT SET OF Attribute): a truncated element in
      // them, a BOOLEAN of two octets, and well-formed ones (a commonName).
      {"attributes malformed", "3032020100300506032b656e04220420" + priv + "a0020101", true},
      {"attribute BOOLEAN of 2 octets",
       "303d020100300506032b656e04220420" + priv + "a00d300b060355040331040102ffff", true},
      {"attributes well-formed",
       "303c020100300506032b656e04220420" + priv + "a00c300a060355040331030c0161", true},
      {"truncated private", kPkcs8Head + priv.substr(0, 30), true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    expect_parity([&c](const Side& s, Trace& t) {
      decode_every_way(s, t, c.what, from_hex(c.der), c.priv, c.mark);
    });
  }
  // A version-1 OneAsymmetricKey (RFC 5958) whose publicKey is its own:
  // OpenSSL 3.0's default provider cannot read the publicKey field at all
  // (armaccel reads it there too: not compared).
  if (runtime_at_least(3, 2)) {
    expect_parity([&](const Side& s, Trace& t) {
      decode_every_way(s, t, "version-1 publicKey own",
                       from_hex("3051020101300506032b656e04220420" + priv + "812100" + pub), true);
    });
  }
}

TEST(ErrorParityKeys, X25519EncodersAskedForWhatTheyCannotWrite) {
  std::string first_pem;
  expect_parity([&](const Side& s, Trace& t) {
    PkeyPtr full = raw_private(s, t, "key pair", "X25519", kAlicePriv);
    PkeyPtr pub = raw_public(s, t, "public key", "X25519", kAlicePub, s.propq);
    PkeyPtr empty = empty_key(s, t, "X25519");
    for (const char* output : {"DER", "PEM"}) {
      const std::string o = output;
      encode(s, t, o + " private of a public key", pub.get(), EVP_PKEY_KEYPAIR, output,
             "PrivateKeyInfo");
      encode(s, t, o + " private of an empty key", empty.get(), EVP_PKEY_KEYPAIR, output,
             "PrivateKeyInfo");
      // The default provider writes a public key of 32 zero bytes.
      encode(s, t, o + " public of an empty key", empty.get(), EVP_PKEY_PUBLIC_KEY, output,
             "SubjectPublicKeyInfo", nullptr, nullptr, Mark::kStricter);
      encode(s, t, o + " encrypted without a cipher", full.get(), EVP_PKEY_KEYPAIR, output,
             "EncryptedPrivateKeyInfo");
      encode(s, t, o + " encrypted without a passphrase", full.get(), EVP_PKEY_KEYPAIR, output,
             "EncryptedPrivateKeyInfo", "AES-128-CBC");
      encode(s, t, o + " encrypted with an unknown cipher", full.get(), EVP_PKEY_KEYPAIR, output,
             "EncryptedPrivateKeyInfo", "NO-SUCH-CIPHER", "pass");
      encode(s, t, o + " encrypted private of a public key", pub.get(), EVP_PKEY_KEYPAIR, output,
             "EncryptedPrivateKeyInfo", "AES-128-CBC", "pass");
      encode(s, t, o + " parameters", full.get(), EVP_PKEY_KEY_PARAMETERS, output, nullptr);
    }
    encode(s, t, "text of an empty key", empty.get(), EVP_PKEY_KEYPAIR, "TEXT", nullptr);
    encode(s, t, "public text of an empty key", empty.get(), EVP_PKEY_PUBLIC_KEY, "TEXT", nullptr);
    encode(s, t, "private text of a public key", pub.get(), EVP_PKEY_KEYPAIR, "TEXT", nullptr);
    // Encrypted with each side's own encoder and read back with the right
    // passphrase; armaccel's encoding (its side runs first) is read by both
    // sides with a wrong one.  Salt and IV are random, so what a wrong key
    // decrypts to is too: about once in a few runs the padding happens to be
    // valid and the failure moves from the cipher to the DER parser.  Both
    // sides read the same octets, so they meet the same case.
    const Bytes enc = encode(s, t, "encrypt", full.get(), EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo",
                             "AES-128-CBC", "right");
    const std::string enc_pem(enc.begin(), enc.end());
    if (first_pem.empty()) first_pem = enc_pem;
    pem_read(s, t, "wrong passphrase", first_pem, true, "wrong");
    pem_read(s, t, "right passphrase", enc_pem, true, "right");
  });
}

// ---- X25519MLKEM768 ---------------------------------------------------------------------------

bool have_default_hybrid() {
  return default_has_keymgmt("X25519MLKEM768");
}

TEST(ErrorParityKeys, HybridShares) {
  if (!have_default_hybrid()) GTEST_SKIP() << "the default provider has no X25519MLKEM768";
  const MlkemMaterial& m = mlkem_material("ML-KEM-768");
  const Bytes share = cat({m.ek, kAlicePub});
  expect_parity([&](const Side& s, Trace& t) {
    PkeyPtr empty = empty_key(s, t, "X25519MLKEM768");
    set_encoded_public(t, "1215 bytes", empty.get(), cut(share, 1));
    set_encoded_public(t, "1217 bytes", empty.get(), cat({share, {0}}));
    set_encoded_public(t, "ML-KEM part alone", empty.get(), m.ek);
    set_encoded_public(t, "coefficient >= q", empty.get(), big_coefficient(share));
    set_encoded_public(t, "good", empty.get(), share);
    set_encoded_public(t, "again", empty.get(), share);
    // Generation with another group name.
    PkeyCtxPtr gen = s.pkey_ctx("X25519MLKEM768");
    t.step("keygen_init", EVP_PKEY_keygen_init(gen.get()));
    t.step("group X25519MLKEM768", EVP_PKEY_CTX_set_group_name(gen.get(), "X25519MLKEM768"));
    // armaccel refuses another group's name; the default provider ignores
    // "group".
    for (const char* group : {"MLKEM768", "x25519"}) {
      PkeyCtxPtr ctx = s.pkey_ctx("X25519MLKEM768");
      t.step("keygen_init", EVP_PKEY_keygen_init(ctx.get()));
      t.stricter(std::string("group ") + group, EVP_PKEY_CTX_set_group_name(ctx.get(), group));
    }
    // The share into small buffers.
    PkeyPtr client = generate(s, t, "client", "X25519MLKEM768");
    get_octets(t, "share into 1215", client.get(), "encoded-pub-key", 1215);
    get_octets(t, "share into 1", client.get(), "encoded-pub-key", 1);
    get_octets(t, "share into 1216", client.get(), "encoded-pub-key", 1216);
    get_octets(t, "share length", client.get(), "encoded-pub-key", 0);
    int i = 0;
    OSSL_PARAM q[] = {OSSL_PARAM_construct_int("encoded-pub-key", &i), OSSL_PARAM_construct_end()};
    t.step("share as int", EVP_PKEY_get_params(client.get(), q));
    get_octets(t, "share of an empty key", empty_key(s, t, "X25519MLKEM768").get(),
               "encoded-pub-key", 1216);
  });
}

TEST(ErrorParityKeys, HybridEncapsulationAndDecapsulation) {
  if (!have_default_hybrid()) GTEST_SKIP() << "the default provider has no X25519MLKEM768";
  const MlkemMaterial& m = mlkem_material("ML-KEM-768");
  expect_parity([&](const Side& s, Trace& t) {
    PkeyPtr client = generate(s, t, "client", "X25519MLKEM768");
    PkeyPtr empty = empty_key(s, t, "X25519MLKEM768");
    PkeyCtxPtr e0 = s.pkey_ctx(empty.get());
    t.step("encapsulate_init, empty key", EVP_PKEY_encapsulate_init(e0.get(), nullptr));
    PkeyCtxPtr d0 = s.pkey_ctx(empty.get());
    t.step("decapsulate_init, empty key", EVP_PKEY_decapsulate_init(d0.get(), nullptr));
    // A server key from a share with a low-order X25519 part.
    PkeyPtr low = empty_key(s, t, "X25519MLKEM768");
    set_encoded_public(t, "low-order share", low.get(), cat({m.ek, Bytes(32, 0)}));
    PkeyCtxPtr el = s.pkey_ctx(low.get());
    t.step("encapsulate_init, low-order share", EVP_PKEY_encapsulate_init(el.get(), nullptr));
    encapsulate(t, "encapsulate to a low-order share", el.get(), 1120, 64);
    // Buffers.
    PkeyPtr server = empty_key(s, t, "X25519MLKEM768");
    set_encoded_public(t, "share", server.get(), cat({m.ek, kAlicePub}));
    PkeyCtxPtr d1 = s.pkey_ctx(server.get());
    t.step("decapsulate_init, public key", EVP_PKEY_decapsulate_init(d1.get(), nullptr));
    PkeyCtxPtr e = s.pkey_ctx(server.get());
    t.step("encapsulate_init", EVP_PKEY_encapsulate_init(e.get(), nullptr));
    encapsulate(t, "ciphertext buffer one short", e.get(), 1119, 64);
    encapsulate(t, "secret buffer one short", e.get(), 1120, 63);
    encapsulate(t, "no ciphertext length", e.get(), 1120, 64, true, false);
    encapsulate(t, "no secret length", e.get(), 1120, 64, false, true);
    encapsulate(t, "good", e.get(), 1120, 64);
    t.step("no lengths at all", EVP_PKEY_encapsulate(e.get(), nullptr, nullptr, nullptr, nullptr));
    // Decapsulation on the client's key.
    Bytes ct(1120, 0x5a);
    PkeyCtxPtr d = s.pkey_ctx(client.get());
    t.step("decapsulate_init", EVP_PKEY_decapsulate_init(d.get(), nullptr));
    decapsulate(t, "ciphertext one short", d.get(), cut(ct, 1), 64);
    decapsulate(t, "ciphertext one long", d.get(), cat({ct, {0}}), 64);
    decapsulate(t, "secret buffer one short", d.get(), ct, 63);
    decapsulate(t, "good", d.get(), ct, 64);
    Bytes low_ct = ct;
    std::fill(low_ct.begin() + 1088, low_ct.end(), 0);
    decapsulate(t, "low-order X25519 part", d.get(), low_ct, 64);
    std::size_t len = 0;
    t.step("secret length", EVP_PKEY_decapsulate(d.get(), nullptr, &len, ct.data(), ct.size()));
    // Checks: the default provider's hybrid has none (every check
    // passes); armaccel checks the ML-KEM part and fails a missing part
    // without an error, as the default's ML-KEM does.
    const Mark none = Mark::kStricterSilent;
    for (auto [what, key, pub_mark, priv_mark] :
         {std::tuple{"client", client.get(), Mark::kSame, Mark::kSame},
          std::tuple{"server", server.get(), Mark::kSame, none},
          std::tuple{"empty", empty.get(), none, none}}) {
      PkeyCtxPtr c = s.pkey_ctx(key);
      record(t, priv_mark, std::string("check ") + what, EVP_PKEY_check(c.get()));
      record(t, pub_mark, std::string("public_check ") + what, EVP_PKEY_public_check(c.get()));
      record(t, priv_mark, std::string("private_check ") + what, EVP_PKEY_private_check(c.get()));
      record(t, priv_mark, std::string("pairwise_check ") + what, EVP_PKEY_pairwise_check(c.get()));
    }
  });
}

}  // namespace
}  // namespace armaccel::test
