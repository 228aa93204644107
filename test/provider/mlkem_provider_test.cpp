// SPDX-License-Identifier: Apache-2.0
// ML-KEM-512/768/1024 through the EVP API on armaccel: key generation from
// a seed and encapsulation with "ikme" against NIST ACVP; decapsulation of
// ACVP's and CCTV's ciphertexts (incl. modified ones that must give the
// implicit-rejection key); the implicit-rejection key equal to J(z || c)
// computed with the default provider's SHAKE256; import/export, the key
// checks (CCTV modulus keys, bad hashes, wrong lengths) with OpenSSL 3.5's
// reasons on the queue; get_params, match, validate; the X25519MLKEM768
// hybrid the way libssl drives it; and the TLS-GROUP capability.

#include "mlkem_evp_support.h"

namespace armaccel::test {
namespace {
using namespace mlkem_evp_support;

TEST(MlkemEvp, KeyGenFromSeedMatchesAcvp) {
  int run = 0;
  const nlohmann::json doc = load_acvp("ML-KEM-keyGen-FIPS203");
  for (const auto& g : doc["testGroups"]) {
    const std::string alg = g["parameterSet"];
    int i = 0;
    for (const auto& t : g["tests"]) {
      if (i++ % stride() != 0) continue;
      Bytes seed = hex(t["d"]);
      const Bytes z = hex(t["z"]);
      seed.insert(seed.end(), z.begin(), z.end());
      PkeyPtr key = keygen(alg, &seed);
      ASSERT_NE(key, nullptr) << drain_errors();
      EXPECT_EQ(to_hex(octets(key.get(), OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)), to_hex(hex(t["ek"])))
          << alg << " tc " << t["tcId"];
      EXPECT_EQ(to_hex(octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY)), to_hex(hex(t["dk"])));
      EXPECT_EQ(octets(key.get(), "seed"), seed);
      ++run;
    }
  }
  EXPECT_GE(run, 25);
}

TEST(MlkemEvp, EncapsulationWithIkmeAndDecapsulationMatchAcvp) {
  int encaps = 0, decaps = 0, rejected = 0;
  const nlohmann::json doc = load_acvp("ML-KEM-encapDecap-FIPS203");
  for (const auto& g : doc["testGroups"]) {
    const std::string alg = g["parameterSet"];
    const bool enc = g["function"] == "encapsulation";
    PkeyPtr group_key;
    if (!enc) {
      group_key = from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, hex(g["dk"]));
      ASSERT_NE(group_key, nullptr) << drain_errors();
    }
    int i = 0;
    for (const auto& t : g["tests"]) {
      if (enc && i++ % stride() != 0) continue;
      if (enc) {
        PkeyPtr key = from_data(alg, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY, hex(t["ek"]));
        ASSERT_NE(key, nullptr) << drain_errors();
        Encapsulation e;
        const Bytes m = hex(t["m"]);
        ASSERT_TRUE(encapsulate(key.get(), &e, &m)) << drain_errors();
        EXPECT_EQ(to_hex(e.ct), to_hex(hex(t["c"]))) << alg << " tc " << t["tcId"];
        EXPECT_EQ(to_hex(e.secret), to_hex(hex(t["k"])));
        // Decapsulation with the matching dk gives the same key back.
        PkeyPtr full = from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, hex(t["dk"]));
        ASSERT_NE(full, nullptr) << drain_errors();
        Bytes back;
        ASSERT_TRUE(decapsulate(full.get(), e.ct, &back)) << drain_errors();
        EXPECT_EQ(back, e.secret);
        ++encaps;
      } else {
        Bytes k;
        ASSERT_TRUE(decapsulate(group_key.get(), hex(t["c"]), &k)) << drain_errors();
        EXPECT_EQ(to_hex(k), to_hex(hex(t["k"]))) << alg << " tc " << t["tcId"];
        rejected += t["reason"] == "modify ciphertext";
        ++decaps;
      }
    }
  }
  EXPECT_GE(encaps, 25);
  EXPECT_EQ(decaps, 30);
  EXPECT_GE(rejected, 3);
}

// CCTV text files: blocks of "name = hex" lines separated by blank lines.
std::vector<std::map<std::string, Bytes>> cctv_blocks(const std::string& path) {
  std::ifstream in(vectors_dir() + "/mlkem/cctv/" + path);
  EXPECT_TRUE(in.good()) << path;
  std::vector<std::map<std::string, Bytes>> blocks(1);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) {
      if (!blocks.back().empty()) blocks.emplace_back();
      continue;
    }
    blocks.back()[line.substr(0, eq)] = from_hex(line.substr(eq + 3));
  }
  if (blocks.back().empty()) blocks.pop_back();
  return blocks;
}

TEST(MlkemEvp, CctvStrcmpCiphertextsGiveTheImplicitRejectionKey) {
  for (const std::string alg : {"ML-KEM-512", "ML-KEM-768"}) {
    const auto blocks = cctv_blocks("strcmp/" + alg + ".txt");
    ASSERT_FALSE(blocks.empty());
    for (const auto& b : blocks) {
      PkeyPtr key = from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, b.at("dk"));
      ASSERT_NE(key, nullptr) << drain_errors();
      Bytes k;
      ASSERT_TRUE(decapsulate(key.get(), b.at("c"), &k));
      EXPECT_EQ(to_hex(k), to_hex(b.at("K"))) << alg;
      const Bytes& dk = b.at("dk");
      EXPECT_EQ(k, oracle_j(Bytes(dk.end() - 32, dk.end()), b.at("c")));
    }
  }
}

TEST(MlkemEvp, CctvUnluckySamplesRunTheWholeScheme) {
  for (const std::string alg : {"ML-KEM-512", "ML-KEM-768"}) {
    const auto blocks = cctv_blocks("unluckysample-final/" + alg + ".txt");
    ASSERT_EQ(blocks.size(), 1u);
    const auto& b = blocks[0];
    Bytes seed = b.at("d");
    seed.insert(seed.end(), b.at("z").begin(), b.at("z").end());
    PkeyPtr key = keygen(alg, &seed);
    ASSERT_NE(key, nullptr) << drain_errors();
    EXPECT_EQ(to_hex(octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY)), to_hex(b.at("ek")));
    EXPECT_EQ(to_hex(octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY)), to_hex(b.at("dk")));
    Encapsulation e;
    ASSERT_TRUE(encapsulate(key.get(), &e, &b.at("m")));
    EXPECT_EQ(to_hex(e.ct), to_hex(b.at("c")));
    EXPECT_EQ(to_hex(e.secret), to_hex(b.at("K")));
    Bytes back;
    ASSERT_TRUE(decapsulate(key.get(), e.ct, &back));
    EXPECT_EQ(back, e.secret);
  }
}

// The lines of a gzip file, through the gzip program (a host binary, so
// this also works under qemu-user).
std::vector<std::string> gunzip_lines(const std::string& path) {
  std::vector<std::string> lines;
  FILE* pipe = popen(("gzip -dc '" + path + "'").c_str(), "r");
  EXPECT_NE(pipe, nullptr) << path;
  if (pipe == nullptr) return lines;
  std::string line;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) {
    line += buf;
    if (line.back() == '\n') {
      line.pop_back();
      if (!line.empty()) lines.push_back(line);
      line.clear();
    }
  }
  if (!line.empty()) lines.push_back(line);
  EXPECT_EQ(pclose(pipe), 0) << path;
  return lines;
}

TEST(MlkemEvp, CctvModulusKeysAreRefusedEveryWay) {
  for (const std::string alg : {"ML-KEM-512", "ML-KEM-768"}) {
    const auto lines = gunzip_lines(vectors_dir() + "/mlkem/cctv/modulus/" + alg + ".txt.gz");
    ASSERT_GT(lines.size(), 700u);
    PkeyCtxPtr pgen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg.c_str(), kPropq));
    ASSERT_EQ(EVP_PKEY_paramgen_init(pgen.get()), 1);
    EVP_PKEY* empty_key = nullptr;
    ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &empty_key), 1);
    PkeyPtr empty(empty_key);  // no material: what libssl's server side fills
    int checked = 0;
    for (std::size_t i = 0; i < lines.size(); i += emulated() ? 7 : 1) {
      const Bytes ek = from_hex(lines[i]);
      ASSERT_EQ(ek.size(), sizes(alg).ek);
      EXPECT_EQ(from_data(alg, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY, ek), nullptr)
          << alg << " line " << i;
      EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
      EXPECT_FALSE(EVP_PKEY_set1_encoded_public_key(empty.get(), ek.data(), ek.size()));
      EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
      ++checked;
    }
    EXPECT_GT(checked, 100);
  }
}

TEST(MlkemEvp, RoundTripsAndImplicitRejectionEqualsJ) {
  Rng rng(6);
  for (const std::string alg : {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"}) {
    PkeyPtr key = keygen(alg);
    ASSERT_NE(key, nullptr) << drain_errors();
    const Sizes s = sizes(alg);
    EXPECT_EQ(octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY).size(), s.ek);
    const Bytes dk = octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY);
    ASSERT_EQ(dk.size(), s.dk);
    const Bytes z(dk.end() - 32, dk.end());
    for (int round = 0; round < 4; ++round) {
      Encapsulation e;
      ASSERT_TRUE(encapsulate(key.get(), &e)) << drain_errors();
      ASSERT_EQ(e.ct.size(), s.ct);
      ASSERT_EQ(e.secret.size(), 32u);
      Bytes back;
      ASSERT_TRUE(decapsulate(key.get(), e.ct, &back));
      EXPECT_EQ(back, e.secret) << alg;
      // Any change to the ciphertext gives J(z || c'), never an error.
      Bytes bad = e.ct;
      bad[rng.below(bad.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
      Bytes rejected;
      ASSERT_TRUE(decapsulate(key.get(), bad, &rejected));
      EXPECT_EQ(rejected, oracle_j(z, bad)) << alg;
      EXPECT_NE(rejected, e.secret);
    }
    // Two random encapsulations differ.
    Encapsulation a, b;
    ASSERT_TRUE(encapsulate(key.get(), &a) && encapsulate(key.get(), &b));
    EXPECT_NE(a.ct, b.ct);
  }
}

TEST(MlkemEvp, ParamsMatchAndValidate) {
  struct Expect {
    const char* alg;
    int bits, secbits, max_size, category;  // category: FIPS 203 §8 (1, 3, 5)
  };
  for (const Expect& x :
       {Expect{"ML-KEM-512", 512, 128, 768, 1}, Expect{"ML-KEM-768", 768, 192, 1088, 3},
        Expect{"ML-KEM-1024", 1024, 256, 1568, 5}}) {
    PkeyPtr key = keygen(x.alg);
    ASSERT_NE(key, nullptr);
    EXPECT_EQ(EVP_PKEY_get_bits(key.get()), x.bits);
    EXPECT_EQ(EVP_PKEY_get_security_bits(key.get()), x.secbits);
    EXPECT_EQ(EVP_PKEY_get_size(key.get()), x.max_size);
    int category = 0;
    EXPECT_EQ(EVP_PKEY_get_int_param(key.get(), "security-category", &category), 1);
    EXPECT_EQ(category, x.category) << x.alg;
    EXPECT_TRUE(EVP_PKEY_is_a(key.get(), x.alg));
    // The public half alone: same public key, matches, no private part.
    PkeyPtr pub = from_data(x.alg, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY,
                            octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY));
    ASSERT_NE(pub, nullptr);
    EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
    EXPECT_NE(EVP_PKEY_eq(key.get(), keygen(x.alg).get()), 1);
    PkeyCtxPtr check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), key.get(), kPropq));
    EXPECT_EQ(EVP_PKEY_public_check(check.get()), 1);
    EXPECT_EQ(EVP_PKEY_private_check(check.get()), 1);
    EXPECT_EQ(EVP_PKEY_pairwise_check(check.get()), 1);
    PkeyCtxPtr pub_check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pub.get(), kPropq));
    EXPECT_EQ(EVP_PKEY_public_check(pub_check.get()), 1);
    EXPECT_NE(EVP_PKEY_private_check(pub_check.get()), 1);
    // A public key cannot decapsulate.
    PkeyCtxPtr dec(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pub.get(), kPropq));
    EXPECT_LE(EVP_PKEY_decapsulate_init(dec.get(), nullptr), 0);
    EXPECT_NE(drain_errors().find("missing key"), std::string::npos);
  }
}

TEST(MlkemEvp, ImportExportAndConsistency) {
  const std::string alg = "ML-KEM-768";
  Rng rng(7);
  const Bytes seed = rng.bytes(64);
  PkeyPtr key = keygen(alg, &seed);
  ASSERT_NE(key, nullptr);
  const Bytes ek = octets(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
  const Bytes dk = octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY);
  // Export everything and import it again.
  OSSL_PARAM* params = nullptr;
  ASSERT_EQ(EVP_PKEY_todata(key.get(), EVP_PKEY_KEYPAIR, &params), 1);
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, "seed");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Bytes(static_cast<const std::uint8_t*>(p->data),
                  static_cast<const std::uint8_t*>(p->data) + p->data_size),
            seed);
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg.c_str(), kPropq));
  EVP_PKEY* again = nullptr;
  ASSERT_EQ(EVP_PKEY_fromdata_init(ctx.get()), 1);
  ASSERT_EQ(EVP_PKEY_fromdata(ctx.get(), &again, EVP_PKEY_KEYPAIR, params), 1);
  OSSL_PARAM_free(params);
  PkeyPtr again_owner(again);
  EXPECT_EQ(EVP_PKEY_eq(key.get(), again), 1);
  EXPECT_EQ(octets(again, OSSL_PKEY_PARAM_PRIV_KEY), dk);
  // Seed alone and seed with its own expanded key are fine; with another
  // key's expanded key they are refused.
  EXPECT_NE(from_data(alg, EVP_PKEY_KEYPAIR, "seed", seed), nullptr);
  EXPECT_NE(from_data(alg, EVP_PKEY_KEYPAIR, "seed", seed, OSSL_PKEY_PARAM_PRIV_KEY, dk), nullptr);
  const Bytes other = octets(keygen(alg).get(), OSSL_PKEY_PARAM_PRIV_KEY);
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, "seed", seed, OSSL_PKEY_PARAM_PRIV_KEY, other),
            nullptr);
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // Private and public key that do not belong together.
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, dk, OSSL_PKEY_PARAM_PUB_KEY,
                      octets(keygen(alg).get(), "pub")),
            nullptr);
  drain_errors();
  // Wrong lengths.
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, "seed", Bytes(seed.begin(), seed.end() - 1)), nullptr);
  EXPECT_NE(drain_errors().find("invalid seed length"), std::string::npos);
  EXPECT_EQ(
      from_data(alg, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY, Bytes(ek.begin(), ek.end() - 1)),
      nullptr);
  EXPECT_NE(drain_errors().find("invalid key length"), std::string::npos);
  EXPECT_EQ(from_data("ML-KEM-512", EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, dk), nullptr);
  EXPECT_NE(drain_errors().find("invalid key length"), std::string::npos);
  // A decapsulation key whose H(ek) is wrong (§7.3).
  Bytes bad_hash = dk;
  bad_hash[dk.size() - 40] ^= 1;
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, bad_hash), nullptr);
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // A secret s-hat that does not belong to the ek (hash still right): the
  // pairwise consistency check refuses it.
  Bytes bad_s = dk;
  bad_s[5] ^= 0x10;
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, bad_s), nullptr);
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // An s-hat coefficient >= q (the hash over ek still right): not an
  // encoding KeyGen can produce.
  // The coefficient plus q: the same value mod q, so only the encoding
  // check can tell (the hash and the pairwise check both pass).
  Bytes big_s = dk;
  bool placed = false;
  for (std::size_t i = 0; i + 3 <= 384 && !placed; i += 3) {
    const unsigned c = big_s[i] | ((big_s[i + 1] & 0x0fu) << 8);
    if (c + 3329 > 4095) continue;
    const unsigned v = c + 3329;
    big_s[i] = static_cast<std::uint8_t>(v);
    big_s[i + 1] = static_cast<std::uint8_t>((big_s[i + 1] & 0xf0) | (v >> 8));
    placed = true;
  }
  ASSERT_TRUE(placed);
  EXPECT_EQ(from_data(alg, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, big_s), nullptr);
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // A wrong seed length at generation.
  const Bytes short_seed(63, 1);
  EXPECT_EQ(keygen(alg, &short_seed), nullptr);
  drain_errors();
}

TEST(MlkemEvp, KeysInUseCannotBeMutatedAndSeedsMakeOneKey) {
  const Bytes seed(64, 0x42);
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "ML-KEM-512", kPropq));
  ASSERT_EQ(EVP_PKEY_keygen_init(ctx.get()), 1);
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string("seed", const_cast<std::uint8_t*>(seed.data()),
                                        seed.size()),
      OSSL_PARAM_construct_end(),
  };
  ASSERT_EQ(EVP_PKEY_CTX_set_params(ctx.get(), params), 1);
  EVP_PKEY *first = nullptr, *second = nullptr;
  ASSERT_EQ(EVP_PKEY_keygen(ctx.get(), &first), 1);
  ASSERT_EQ(EVP_PKEY_keygen(ctx.get(), &second), 1);
  PkeyPtr a(first), b(second);
  EXPECT_EQ(octets(first, "seed"), seed);
  EXPECT_NE(octets(second, "seed"), seed);  // the seed was used up
  EXPECT_NE(EVP_PKEY_eq(first, second), 1);
  // A key with material refuses a new public key.
  const Bytes other = octets(second, OSSL_PKEY_PARAM_PUB_KEY);
  EXPECT_FALSE(EVP_PKEY_set1_encoded_public_key(first, other.data(), other.size()));
  EXPECT_NE(drain_errors().find("operation not supported for this keytype"), std::string::npos);
  EXPECT_EQ(octets(first, "seed"), seed);
}

TEST(MlkemEvp, LengthPointersAreRequiredWithBuffers) {
  PkeyPtr key = keygen("ML-KEM-768");
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), key.get(), kPropq));
  ASSERT_EQ(EVP_PKEY_encapsulate_init(ctx.get(), nullptr), 1);
  Bytes ct(1088), ss(32);
  std::size_t sslen = 32, ctlen = 1088;
  EXPECT_LE(EVP_PKEY_encapsulate(ctx.get(), ct.data(), nullptr, ss.data(), &sslen), 0);
  EXPECT_NE(drain_errors().find("null length pointer"), std::string::npos);
  EXPECT_LE(EVP_PKEY_encapsulate(ctx.get(), ct.data(), &ctlen, ss.data(), nullptr), 0);
  EXPECT_NE(drain_errors().find("null length pointer"), std::string::npos);
  EXPECT_EQ(EVP_PKEY_encapsulate(ctx.get(), ct.data(), &ctlen, ss.data(), &sslen), 1);
}

TEST(MlkemEvp, ConfigSettingsPreferSeedAndOverlongFormatLists) {
  OSSL_LIB_CTX* libctx = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\ndefault = default_sect\n"
      "[default_sect]\nactivate = 1\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\nml-kem.prefer_seed = no\n"
      "ml-kem.output_formats = priv-only," +
      std::string(300, ' ') + "seed-priv\n");
  ASSERT_NE(libctx, nullptr) << drain_errors();
  const Bytes seed(64, 7);
  PkeyPtr key = keygen("ML-KEM-768", &seed);
  const Bytes dk = octets(key.get(), OSSL_PKEY_PARAM_PRIV_KEY);
  auto import = [&](const Bytes& s, const Bytes& d) {
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(libctx, "ML-KEM-768", kPropq));
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string("seed", const_cast<std::uint8_t*>(s.data()), s.size()),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY,
                                          const_cast<std::uint8_t*>(d.data()), d.size()),
        OSSL_PARAM_construct_end(),
    };
    EVP_PKEY* pkey = nullptr;
    if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
        EVP_PKEY_fromdata(ctx.get(), &pkey, EVP_PKEY_KEYPAIR, params) <= 0)
      return PkeyPtr();
    return PkeyPtr(pkey);
  };
  // prefer_seed = no: the expanded key is used, but z must be the seed's.
  PkeyPtr same = import(seed, dk);
  ASSERT_NE(same, nullptr) << drain_errors();
  Bytes other_z = seed;
  other_z[40] ^= 1;
  EXPECT_EQ(import(other_z, dk), nullptr);
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // An output format list longer than armaccel keeps is refused, not cut.
  BIO* mem = BIO_new(BIO_s_mem());
  EXPECT_EQ(PEM_write_bio_PrivateKey(mem, same.get(), nullptr, nullptr, 0, nullptr, nullptr), 0);
  EXPECT_NE(drain_errors().find("unknown ml-kem key format"), std::string::npos);
  BIO_free(mem);
  same.reset();
  OSSL_LIB_CTX_free(libctx);
}

TEST(MlkemEvp, BadCiphertextsAndBuffersAreErrors) {
  PkeyPtr key = keygen("ML-KEM-512");
  Encapsulation e;
  ASSERT_TRUE(encapsulate(key.get(), &e));
  // A ciphertext of another length fails with the queue empty, as OpenSSL
  // 3.5's ML-KEM leaves it.
  Bytes secret;
  EXPECT_FALSE(decapsulate(key.get(), Bytes(e.ct.begin(), e.ct.end() - 1), &secret));
  EXPECT_EQ(drain_errors(), "");
  Bytes longer = e.ct;
  longer.push_back(0);
  EXPECT_FALSE(decapsulate(key.get(), longer, &secret));
  EXPECT_EQ(drain_errors(), "");
  // Too small an output buffer for encapsulation.
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), key.get(), kPropq));
  ASSERT_EQ(EVP_PKEY_encapsulate_init(ctx.get(), nullptr), 1);
  Bytes ct(767), ss(32);
  std::size_t ctlen = ct.size(), sslen = ss.size();
  EXPECT_LE(EVP_PKEY_encapsulate(ctx.get(), ct.data(), &ctlen, ss.data(), &sslen), 0);
  EXPECT_NE(drain_errors().find("output buffer too small"), std::string::npos);
  // ikme of the wrong size.
  Bytes m(31);
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string("ikme", m.data(), m.size()),
                         OSSL_PARAM_construct_end()};
  EXPECT_LE(EVP_PKEY_CTX_set_params(ctx.get(), params), 0);
  drain_errors();
}

// libssl's way with X25519MLKEM768: the client generates with the group
// name and sends its encoded public key; the server fills an empty key
// from it and encapsulates; the client decapsulates.
}  // namespace
}  // namespace armaccel::test
