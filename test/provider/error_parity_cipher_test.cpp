// SPDX-License-Identifier: Apache-2.0
// Error parity for the block and stream ciphers (ECB, CBC, CTR, XTS,
// ChaCha20, SM4): the bad input of bad_input_test, xts_oracle_test and
// chacha_test, run on armaccel and on the default provider, must fail the
// same steps with the same libraries and reasons on the queue.
#include <openssl/core_names.h>

#include <climits>
#include <cstring>

#include "error_parity.h"

namespace armaccel::test {
namespace {

const unsigned char kKey[64] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
                                33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
                                49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64};
const unsigned char kIv[16] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
                               0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf};

// A provider-level cipher context for the calls EVP checks itself first.
struct Direct {
  Direct(const Side& s, const char* alg)
      : newctx(s.fn<OSSL_FUNC_cipher_newctx_fn>(OSSL_OP_CIPHER, alg, OSSL_FUNC_CIPHER_NEWCTX)),
        freectx(s.fn<OSSL_FUNC_cipher_freectx_fn>(OSSL_OP_CIPHER, alg, OSSL_FUNC_CIPHER_FREECTX)),
        einit(s.fn<OSSL_FUNC_cipher_encrypt_init_fn>(OSSL_OP_CIPHER, alg,
                                                     OSSL_FUNC_CIPHER_ENCRYPT_INIT)),
        dinit(s.fn<OSSL_FUNC_cipher_decrypt_init_fn>(OSSL_OP_CIPHER, alg,
                                                     OSSL_FUNC_CIPHER_DECRYPT_INIT)),
        update(s.fn<OSSL_FUNC_cipher_update_fn>(OSSL_OP_CIPHER, alg, OSSL_FUNC_CIPHER_UPDATE)),
        final(s.fn<OSSL_FUNC_cipher_final_fn>(OSSL_OP_CIPHER, alg, OSSL_FUNC_CIPHER_FINAL)) {
    EXPECT_TRUE(newctx && freectx && einit && dinit && update && final) << alg << " " << s.name;
    ctx = newctx != nullptr ? newctx(s.provctx()) : nullptr;
  }
  ~Direct() {
    if (ctx != nullptr) freectx(ctx);
  }
  OSSL_FUNC_cipher_newctx_fn* newctx;
  OSSL_FUNC_cipher_freectx_fn* freectx;
  OSSL_FUNC_cipher_encrypt_init_fn* einit;
  OSSL_FUNC_cipher_decrypt_init_fn* dinit;
  OSSL_FUNC_cipher_update_fn* update;
  OSSL_FUNC_cipher_final_fn* final;
  void* ctx;
};

// EVP_CipherInit_ex2 of a fresh context, recorded.
CipherCtxPtr init(const Side& s, Trace& t, const char* alg, int enc, const unsigned char* key,
                  const unsigned char* iv, const OSSL_PARAM* params = nullptr) {
  CipherPtr c = s.cipher(alg);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  t.step(std::string("init ") + alg, EVP_CipherInit_ex2(ctx.get(), c.get(), key, iv, enc, params));
  return ctx;
}

TEST(ErrorParity, KeyLengthsRefusedAtInit) {
  for (const char* alg : {"AES-128-CBC", "AES-256-CTR", "AES-192-ECB", "SM4-CBC", "ChaCha20"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      for (std::size_t len : {0, 15, 17, 24, 33}) {
        Direct d(s, alg);
        t.step("encrypt_init keylen " + std::to_string(len),
               d.einit(d.ctx, kKey, len, kIv, 16, nullptr));
      }
      // Through EVP: another key length asked for, then a key.
      CipherCtxPtr ctx = init(s, t, alg, 1, nullptr, nullptr);
      t.step("set_key_length 17", EVP_CIPHER_CTX_set_key_length(ctx.get(), 17));
      t.step("init key", EVP_EncryptInit_ex2(ctx.get(), nullptr, kKey, kIv, nullptr));
    });
  }
}

TEST(ErrorParity, IvLengthsRefused) {
  for (const char* alg : {"AES-128-CBC", "AES-256-CTR", "SM4-CTR", "ChaCha20"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      const std::size_t keylen = std::strstr(alg, "256") || std::strstr(alg, "Cha") ? 32 : 16;
      for (std::size_t len : {0, 8, 12, 15, 17, 32}) {
        Direct d(s, alg);
        t.step("encrypt_init ivlen " + std::to_string(len),
               d.einit(d.ctx, kKey, keylen, kIv, len, nullptr));
      }
      CipherCtxPtr ctx = init(s, t, alg, 1, nullptr, nullptr);
      size_t ivlen = 12;
      OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &ivlen),
                        OSSL_PARAM_construct_end()};
      // The default provider ignores "ivlen" where it is fixed, and EVP
      // then reports 12; armaccel refuses it (docs/behaviour.md).
      if (std::strcmp(alg, "ChaCha20") == 0)
        t.step("set ivlen 12", EVP_CIPHER_CTX_set_params(ctx.get(), p));
      else
        t.stricter("set ivlen 12", EVP_CIPHER_CTX_set_params(ctx.get(), p));
    });
  }
}

TEST(ErrorParity, BadPaddingFailsFinal) {
  for (const char* alg : {"AES-128-CBC", "AES-256-ECB", "SM4-CBC"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      // Every padding byte value in the last block, for a 3-block message.
      for (int last = 0; last < 256; last += 5) {
        unsigned char pt[48], ct[64];
        for (int i = 0; i < 48; ++i) pt[i] = static_cast<unsigned char>(i * 7 + last);
        pt[47] = static_cast<unsigned char>(last);
        int l = 0, l2 = 0;
        CipherCtxPtr e = init(s, t, alg, 1, kKey, kIv);
        EVP_CIPHER_CTX_set_padding(e.get(), 0);
        t.step("encrypt", EVP_EncryptUpdate(e.get(), ct, &l, pt, 48));
        CipherCtxPtr d = init(s, t, alg, 0, kKey, kIv);
        t.step("decrypt", EVP_DecryptUpdate(d.get(), pt, &l, ct, 48));
        t.step("final", EVP_DecryptFinal_ex(d.get(), pt + l, &l2));
      }
    });
  }
}

TEST(ErrorParity, WrongFinalBlockLengthWithoutPadding) {
  for (const char* alg : {"AES-192-ECB", "AES-128-CBC", "SM4-ECB"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      for (int enc : {1, 0}) {
        CipherCtxPtr ctx = init(s, t, alg, enc, kKey, kIv);
        t.step("padding 0", EVP_CIPHER_CTX_set_padding(ctx.get(), 0));
        unsigned char out[64];
        int l = 0;
        t.step("update 17", EVP_CipherUpdate(ctx.get(), out, &l, kKey, 17));
        t.step("final", EVP_CipherFinal_ex(ctx.get(), out + l, &l));
      }
      // Decrypting with padding: the ciphertext is not whole blocks.
      CipherCtxPtr ctx = init(s, t, alg, 0, kKey, kIv);
      unsigned char out[64];
      int l = 0;
      t.step("update 20", EVP_DecryptUpdate(ctx.get(), out, &l, kKey, 20));
      t.step("final", EVP_DecryptFinal_ex(ctx.get(), out + l, &l));
      // An empty message decrypted with padding.
      CipherCtxPtr empty = init(s, t, alg, 0, kKey, kIv);
      t.step("final of nothing", EVP_DecryptFinal_ex(empty.get(), out, &l));
    });
  }
}

TEST(ErrorParity, NoKeySet) {
  for (const char* alg : {"AES-128-ECB", "AES-256-CBC", "AES-192-CTR", "SM4-OFB", "ChaCha20"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      CipherCtxPtr ctx = init(s, t, alg, 1, nullptr, kIv);
      unsigned char out[64];
      int l = 0;
      t.step("update", EVP_EncryptUpdate(ctx.get(), out, &l, kKey, 32));
      t.step("final", EVP_EncryptFinal_ex(ctx.get(), out, &l));
    });
  }
}

TEST(ErrorParity, OutputBufferTooSmall) {
  for (const char* alg : {"AES-128-ECB", "AES-128-CBC", "AES-128-CTR", "SM4-CTR"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      Direct d(s, alg);
      t.step("init", d.einit(d.ctx, kKey, 16, kIv, 16, nullptr));
      unsigned char out[64], in[48] = {};
      std::size_t outl = 0;
      t.step("update 48 into 31", d.update(d.ctx, out, &outl, 31, in, 48));
      t.step("update 5", d.update(d.ctx, out, &outl, sizeof out, in, 5));
      t.step("final into 0", d.final(d.ctx, out, &outl, 0));
    });
  }
}

TEST(ErrorParity, NumParameter) {
  for (const char* alg : {"AES-128-CTR", "SM4-CTR", "SM4-OFB", "SM4-CFB", "AES-128-CBC"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      CipherCtxPtr ctx = init(s, t, alg, 1, kKey, kIv);
      for (int num : {0, 1, 15, 16, 17, -1}) {
        t.step("set_num " + std::to_string(num), EVP_CIPHER_CTX_set_num(ctx.get(), num));
      }
    });
  }
}

TEST(ErrorParity, OneShotNeedsWholeBlocks) {
  for (const char* alg : {"AES-128-CBC", "AES-128-ECB"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      CipherCtxPtr ctx = init(s, t, alg, 1, kKey, kIv);
      unsigned char buf[32] = {};
      // The default provider encrypts one block and reports 20 bytes.
      t.stricter("EVP_Cipher 20", EVP_Cipher(ctx.get(), buf, buf, 20));
      t.step("EVP_Cipher 32", EVP_Cipher(ctx.get(), buf, buf, 32));
    });
  }
}

TEST(ErrorParity, TlsCbcRecordMisuse) {
  expect_parity([](const Side& s, Trace& t) {
    CipherCtxPtr ctx = init(s, t, "AES-128-CBC", 0, kKey, kIv);
    unsigned int version = 0x0303;
    size_t mac = 32;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                           OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &mac),
                           OSSL_PARAM_construct_end()};
    t.step("set tls params", EVP_CIPHER_CTX_set_params(ctx.get(), params));
    unsigned char in[80] = {}, out[80];
    int l = 0;
    t.step("not whole blocks", EVP_DecryptUpdate(ctx.get(), in, &l, in, 40));
    t.step("shorter than IV + MAC + pad", EVP_DecryptUpdate(ctx.get(), in, &l, in, 32));
    t.step("bad padding and MAC", EVP_DecryptUpdate(ctx.get(), in, &l, in, 80));
    (void)out;
    size_t huge = 65;
    OSSL_PARAM too_big[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &huge),
                            OSSL_PARAM_construct_end()};
    // Longer than any MAC (EVP_MAX_MD_SIZE): the default provider takes it.
    t.stricter("mac size 65", EVP_CIPHER_CTX_set_params(ctx.get(), too_big));
  });
}

TEST(ErrorParity, XtsUnitsAndKeys) {
  for (const char* alg : {"AES-128-XTS", "AES-256-XTS", "SM4-XTS"}) {
    if (!default_has_cipher(alg)) continue;  // SM4-XTS: OpenSSL 3.2+
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      const int half = std::strstr(alg, "256") ? 32 : 16;
      unsigned char same[64];
      std::memcpy(same, kKey, half);
      std::memcpy(same + half, kKey, half);
      for (int enc : {1, 0}) {
        CipherCtxPtr dup = init(s, t, alg, enc, same, kIv);
        unsigned char buf[64] = {};
        int l = 0;
        t.step("update", EVP_CipherUpdate(dup.get(), buf, &l, buf, 32));
        CipherCtxPtr ctx = init(s, t, alg, enc, kKey, kIv);
        t.step("unit of 15", EVP_CipherUpdate(ctx.get(), buf, &l, buf, 15));
        t.step("unit of 0", EVP_CipherUpdate(ctx.get(), buf, &l, buf, 0));
        t.step("unit of 17", EVP_CipherUpdate(ctx.get(), buf, &l, buf, 17));
        t.step("final", EVP_CipherFinal_ex(ctx.get(), buf, &l));
        CipherCtxPtr nokey = init(s, t, alg, enc, nullptr, kIv);
        t.step("no key", EVP_CipherUpdate(nokey.get(), buf, &l, buf, 32));
      }
      Direct d(s, alg);
      t.step("key length 48", d.einit(d.ctx, kKey, 48, kIv, 16, nullptr));
      t.step("iv length 12", d.einit(d.ctx, kKey, 2 * half, kIv, 12, nullptr));
    });
  }
}

TEST(ErrorParity, XtsDataUnitTooLarge) {
  expect_parity([](const Side& s, Trace& t) {
    const std::size_t big = (std::size_t{1} << 24) + 16;
    std::vector<unsigned char> buf(big);
    CipherCtxPtr ctx = init(s, t, "AES-128-XTS", 1, kKey, kIv);
    int l = 0;
    t.step("16 MiB + 16",
           EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), static_cast<int>(big)));
  });
}

TEST(ErrorParity, ChaCha20Misuse) {
  expect_parity([](const Side& s, Trace& t) {
    CipherCtxPtr ctx = init(s, t, "ChaCha20", 1, kKey, kIv);
    size_t keylen = 16;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_KEYLEN, &keylen),
                      OSSL_PARAM_construct_end()};
    t.step("keylen 16", EVP_CIPHER_CTX_set_params(ctx.get(), p));
    size_t ivlen = 12;
    OSSL_PARAM q[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &ivlen),
                      OSSL_PARAM_construct_end()};
    t.step("ivlen 12", EVP_CIPHER_CTX_set_params(ctx.get(), q));
    unsigned char iv[16];
    OSSL_PARAM g[] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, 8),
                      OSSL_PARAM_construct_end()};
    t.step("get iv into 8", EVP_CIPHER_CTX_get_params(ctx.get(), g));
  });
}

// ChaCha20's "updated-iv" read as EVP reads it (an OCTET_STRING): the
// default provider answers it from 3.6 with OSSL_PARAM_set_octet_string
// and before that not at all; neither leaves an error on the queue (the
// values differ before 3.6: docs/behaviour.md).
TEST(ErrorParity, ChaCha20UpdatedIv) {
  expect_parity([](const Side& s, Trace& t) {
    CipherCtxPtr ctx = init(s, t, "ChaCha20", 1, kKey, kIv);
    unsigned char buf[5] = {1, 2, 3, 4, 5};
    int l = 0;
    t.step("update", EVP_EncryptUpdate(ctx.get(), buf, &l, buf, sizeof buf));
    unsigned char iv[16];
    t.step("updated iv", EVP_CIPHER_CTX_get_updated_iv(ctx.get(), iv, sizeof iv));
  });
}

TEST(ErrorParity, ParametersOfTheWrongType) {
  for (const char* alg : {"AES-128-CBC", "AES-128-CTR", "AES-128-XTS", "ChaCha20", "SM4-CBC"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      CipherCtxPtr ctx = init(s, t, alg, 1, nullptr, nullptr);
      char text[] = "yes";
      for (const char* key : {OSSL_CIPHER_PARAM_PADDING, OSSL_CIPHER_PARAM_NUM,
                              OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN}) {
        OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(key, text, 0),
                          OSSL_PARAM_construct_end()};
        t.step(std::string("set ") + key + " as text", EVP_CIPHER_CTX_set_params(ctx.get(), p));
      }
      unsigned char small[1];
      for (const char* key : {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV}) {
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(key, small, sizeof small),
                          OSSL_PARAM_construct_end()};
        const std::string what = std::string("get ") + key + " into 1 byte";
        // ChaCha20's "updated-iv": unknown to the default provider before
        // 3.6 (a success that writes nothing); armaccel answers it.
        if (std::strcmp(alg, "ChaCha20") == 0 && key == std::string(OSSL_CIPHER_PARAM_UPDATED_IV) &&
            !runtime_at_least(3, 6))
          t.stricter(what, EVP_CIPHER_CTX_get_params(ctx.get(), p));
        else
          t.step(what, EVP_CIPHER_CTX_get_params(ctx.get(), p));
      }
      int i = 0;
      OSSL_PARAM q[] = {OSSL_PARAM_construct_int(OSSL_CIPHER_PARAM_IV, &i),
                        OSSL_PARAM_construct_end()};
      t.step("get iv as int", EVP_CIPHER_CTX_get_params(ctx.get(), q));
    });
  }
}

}  // namespace
}  // namespace armaccel::test
