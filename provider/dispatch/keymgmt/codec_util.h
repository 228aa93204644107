// SPDX-License-Identifier: Apache-2.0
// What the key encoders and decoders of every algorithm share (ML-KEM in
// mlkem_*coders.cpp, X25519 in x25519_codecs.cpp): selections, the core's
// BIOs, DER/PEM/text output, the encryption of PKCS#8 (RFC 5958 section 3)
// and the encoders' "cipher" context.
#pragma once

#include <openssl/bio.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>

#include "prov_ctx.h"

namespace armaccel::prov {

// Whether an encoder or decoder covering `mask` (OSSL_KEYMGMT_SELECT_*)
// serves `selection`, with OpenSSL's reading of selections as levels
// (private key, then public key, then parameters; the highest one asked
// for decides).  0 means "guess".
bool codec_serves(int selection, int mask);

// A libcrypto BIO over the core's; nullptr on failure.
BIO* codec_open_bio(const ProvCtx* prov, OSSL_CORE_BIO* cbio);

// DER as is, or PEM with the label `pem_name` ("PUBLIC KEY", ...).
bool write_der_or_pem(BIO* out, bool pem, const char* pem_name, const std::uint8_t* der,
                      std::size_t len);

// "label" on a line, then the bytes as lower-case hex pairs joined by
// colons, 15 a line after four spaces (the layout of OpenSSL's text
// encoders).  Constant time in the bytes (they may be a private key).
bool print_labeled(BIO* out, const char* label, const std::uint8_t* buf, std::size_t len);

// An encoder's context: the cipher of "cipher", which makes a private key
// encrypted PKCS#8.
struct EncoderCtx {
  ProvCtx* prov;
  EVP_CIPHER* cipher;
};

void* encoder_newctx(void* provctx) noexcept;
void encoder_freectx(void* vctx) noexcept;
// "cipher" (a name; empty or null: no encryption) and "properties" to
// fetch it with, from the application's providers.
int encoder_set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept;
const OSSL_PARAM* encoder_settable_ctx_params(void*) noexcept;

// Writes a PrivateKeyInfo (DER `pki`, `len` bytes) as DER or PEM, or, when
// `encrypt`, as an EncryptedPrivateKeyInfo with PBES2 (RFC 8018:
// PBKDF2-HMAC-SHA256, 2048 iterations, a 16-byte salt, ctx's cipher with a
// random IV) under the passphrase `cb` gives.  Errors: "missing cipher",
// "unable to get passphrase", "encrypt failed".
bool write_private_key_info(const EncoderCtx* ctx, BIO* out, const std::uint8_t* pki,
                            std::size_t len, bool pem, bool encrypt, OSSL_PASSPHRASE_CALLBACK* cb,
                            void* cbarg);

// A decoder's whole input (PEM and encrypted forms were turned into DER
// before it).  Input longer than `max` is not any decoder's here: read
// gives false for it, as for a read failure.
struct CodecInput {
  std::uint8_t* bytes = nullptr;
  std::size_t len = 0;
  std::size_t room = 0;
  CodecInput() = default;
  CodecInput(const CodecInput&) = delete;
  CodecInput& operator=(const CodecInput&) = delete;
  ~CodecInput();
};
bool read_codec_input(const ProvCtx* prov, OSSL_CORE_BIO* cin, std::size_t max, CodecInput* in);

}  // namespace armaccel::prov
