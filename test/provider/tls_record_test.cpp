// SPDX-License-Identifier: Apache-2.0
// The TLS/SSL CBC record mode libssl switches on with "tls-version" and
// "tls-mac-size": armaccel against the default provider for SSL 3.0, TLS
// 1.0-1.2 and DTLS, MAC sizes 0 (encrypt-then-MAC), 20, 32 and 48, every
// padding length, good and bad padding.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/prov_ssl.h>

#include <cstring>

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

struct TlsResult {
  int rc = 0;
  int outl = 0;
  Bytes buffer;  // the whole in-place buffer afterwards
  Bytes mac;     // "tls-mac" after a decryption
};

TlsResult tls_run(EVP_CIPHER* c, bool enc, unsigned version, std::size_t mac_size, const Bytes& key,
                  const Bytes& iv, const Bytes& record) {
  TlsResult r;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c, key.data(), iv.data(), enc, nullptr), 1);
  OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                         OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &mac_size),
                         OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), params), 1);
  r.buffer = record;
  r.buffer.resize(record.size() + 16);
  r.rc = EVP_CipherUpdate(ctx.get(), r.buffer.data(), &r.outl, r.buffer.data(),
                          static_cast<int>(record.size()));
  drain_errors();
  if (r.rc == 1 && !enc && mac_size > 0) {
    void* mac = nullptr;
    OSSL_PARAM get[] = {OSSL_PARAM_construct_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, &mac, mac_size),
                        OSSL_PARAM_construct_end()};
    EXPECT_EQ(EVP_CIPHER_CTX_get_params(ctx.get(), get), 1);
    if (mac != nullptr)
      r.mac.assign(static_cast<std::uint8_t*>(mac), static_cast<std::uint8_t*>(mac) + mac_size);
  }
  return r;
}

bool explicit_iv(unsigned v) {
  return v != SSL3_VERSION && v != TLS1_VERSION;
}

const unsigned kVersions[] = {SSL3_VERSION,   TLS1_VERSION,  TLS1_1_VERSION,
                              TLS1_2_VERSION, DTLS1_VERSION, DTLS1_2_VERSION};
const std::size_t kMacSizes[] = {0, 20, 32, 48};

TEST(TlsRecord, EncryptMatchesDefaultProvider) {
  Rng rng(40);
  for (const char* name : {"AES-128-CBC", "AES-256-CBC"}) {
    CipherPtr mine = armaccel_cipher(name), ref = oracle_cipher(name);
    for (unsigned v : kVersions) {
      for (std::size_t mac : kMacSizes) {
        for (int trial = 0; trial < 8; ++trial) {
          const Bytes key =
              rng.bytes(static_cast<std::size_t>(EVP_CIPHER_get_key_length(mine.get())));
          const Bytes iv = rng.bytes(16);
          const Bytes record = rng.bytes((explicit_iv(v) ? 16 : 0) + rng.below(300) + mac);
          const TlsResult a = tls_run(mine.get(), true, v, mac, key, iv, record);
          const TlsResult b = tls_run(ref.get(), true, v, mac, key, iv, record);
          ASSERT_EQ(a.rc, 1);
          EXPECT_EQ(a.rc, b.rc);
          EXPECT_EQ(a.outl, b.outl);
          EXPECT_EQ(to_hex(Bytes(a.buffer.begin(), a.buffer.begin() + a.outl)),
                    to_hex(Bytes(b.buffer.begin(), b.buffer.begin() + b.outl)))
              << name << " version " << std::hex << v << " mac " << std::dec << mac;
        }
      }
    }
  }
}

// Builds IV || payload || MAC || padding with the given padding length byte
// value (pad + 1 bytes of value pad), encrypts it with plain CBC.
Bytes make_record(Rng& rng, EVP_CIPHER* raw_cbc, const Bytes& key, const Bytes& iv,
                  unsigned version, std::size_t mac, std::size_t pad, bool corrupt, Bytes* plain) {
  Bytes p = rng.bytes(explicit_iv(version) ? 16 : 0);
  std::size_t payload = rng.below(100);
  while ((p.size() + payload + mac + pad + 1) % 16 != 0) ++payload;
  const Bytes body = rng.bytes(payload + mac);
  p.insert(p.end(), body.begin(), body.end());
  p.insert(p.end(), pad + 1, static_cast<std::uint8_t>(pad));
  if (corrupt)
    p[p.size() - 1 - rng.below(pad + 1)] ^= static_cast<std::uint8_t>(1 + rng.below(255));
  *plain = p;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  EXPECT_EQ(EVP_EncryptInit_ex2(ctx.get(), raw_cbc, key.data(), iv.data(), nullptr), 1);
  EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
  Bytes ct(p.size());
  int l = 0;
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), ct.data(), &l, p.data(), static_cast<int>(p.size())), 1);
  return ct;
}

TEST(TlsRecord, DecryptMatchesDefaultProviderForEveryPaddingLength) {
  Rng rng(41);
  CipherPtr mine = armaccel_cipher("AES-128-CBC"), ref = oracle_cipher("AES-128-CBC");
  const Bytes key = rng.bytes(16);
  int good_checked = 0, bad_checked = 0;
  for (unsigned v : kVersions) {
    for (std::size_t mac : kMacSizes) {
      for (std::size_t pad = 0; pad < 256; pad += (v == SSL3_VERSION ? 1 : 5)) {
        if (v == SSL3_VERSION && pad > 15) break;  // SSL 3.0 padding is minimal
        for (bool corrupt : {false, true}) {
          if (corrupt && v == SSL3_VERSION) continue;  // SSL 3.0 does not check pad bytes
          const Bytes iv = rng.bytes(16);
          Bytes plain;
          const Bytes ct = make_record(rng, ref.get(), key, iv, v, mac, pad, corrupt, &plain);
          const TlsResult a = tls_run(mine.get(), false, v, mac, key, iv, ct);
          const TlsResult b = tls_run(ref.get(), false, v, mac, key, iv, ct);
          SCOPED_TRACE(::testing::Message() << "version " << std::hex << v << std::dec << " mac "
                                            << mac << " pad " << pad << " corrupt " << corrupt);
          ASSERT_EQ(a.rc, b.rc);
          if (a.rc != 1) continue;
          EXPECT_EQ(a.outl, b.outl);
          const std::size_t off = explicit_iv(v) ? 16 : 0;
          EXPECT_EQ(Bytes(a.buffer.begin() + off, a.buffer.begin() + off + a.outl),
                    Bytes(plain.begin() + off, plain.begin() + off + a.outl));
          if (mac == 0) continue;
          const Bytes real_mac(plain.begin() + off + a.outl, plain.begin() + off + a.outl + mac);
          if (!corrupt) {
            EXPECT_EQ(a.mac, real_mac);
            EXPECT_EQ(a.mac, b.mac);
            ++good_checked;
          } else {
            EXPECT_NE(a.mac, real_mac) << "a bad record must not yield its MAC bytes";
            ++bad_checked;
          }
        }
      }
    }
  }
  EXPECT_GT(good_checked, 200);
  EXPECT_GT(bad_checked, 100);
}

TEST(TlsRecord, PubliclyShortRecordsFailLikeDefault) {
  CipherPtr mine = armaccel_cipher("AES-128-CBC"), ref = oracle_cipher("AES-128-CBC");
  const Bytes key(16, 7), iv(16, 9);
  for (unsigned v : kVersions) {
    for (std::size_t mac : {20, 48}) {
      for (std::size_t len : {16, 32, 48}) {
        const Bytes ct(len, 0x42);
        const TlsResult a = tls_run(mine.get(), false, v, mac, key, iv, ct);
        const TlsResult b = tls_run(ref.get(), false, v, mac, key, iv, ct);
        EXPECT_EQ(a.rc, b.rc) << std::hex << v << std::dec << " mac " << mac << " len " << len;
        if (a.rc == 1 && b.rc == 1) {
          EXPECT_EQ(a.outl, b.outl);
        }
      }
    }
  }
}

}  // namespace
}  // namespace armaccel::test
