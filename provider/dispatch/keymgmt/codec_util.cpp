// SPDX-License-Identifier: Apache-2.0
// What the key encoders and decoders share (codec_util.h).
#include "codec_util.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include <cstring>
#include <initializer_list>

#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/random.h"
#include "errors.h"

namespace armaccel::prov {

namespace {

// A lower-case hex digit by arithmetic, not a table lookup: the bytes
// printed may be secret.
char hex_digit(unsigned nibble) {
  // nibble + '0', plus ('a' - '0' - 10) when nibble > 9, selected by mask.
  const unsigned above9 = 0u - ((9u - nibble) >> 31);
  return static_cast<char>(nibble + '0' + (above9 & ('a' - '0' - 10)));
}

// PKCS#8 encryption with PBES2 (see write_private_key_info).  Salt and IV
// come from armaccel's entropy source so that nothing draws random numbers
// from its child library context (see random.h).
X509_SIG* encrypt_pkcs8(const EncoderCtx* ctx, const std::uint8_t* pki, std::size_t len,
                        OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
  const ProvCtx* prov = ctx->prov;
  char pass[1024];
  std::size_t pass_len = 0;
  if (cb == nullptr || !cb(pass, sizeof pass, &pass_len, nullptr, cbarg)) {
    raise_error(prov, kErrUnableToGetPassphrase);
    return nullptr;
  }
  X509_SIG* sig = nullptr;
  std::uint8_t salt[16], iv[EVP_MAX_IV_LENGTH];
  const int iv_len = EVP_CIPHER_get_iv_length(ctx->cipher);
  const unsigned char* p = pki;
  PKCS8_PRIV_KEY_INFO* p8 = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(len));
  if (p8 != nullptr && iv_len >= 0 && iv_len <= EVP_MAX_IV_LENGTH &&
      random_bytes(prov, salt, sizeof salt) &&
      random_bytes(prov, iv, static_cast<std::size_t>(iv_len))) {
    X509_ALGOR* pbe = PKCS5_pbe2_set_iv_ex(ctx->cipher, PKCS5_DEFAULT_ITER, salt, sizeof salt, iv,
                                           NID_hmacWithSHA256, prov->libctx);
    if (pbe != nullptr) {
      sig = PKCS8_set0_pbe_ex(pass, static_cast<int>(pass_len), p8, pbe, prov->libctx, nullptr);
      if (sig == nullptr) X509_ALGOR_free(pbe);
    }
  }
  PKCS8_PRIV_KEY_INFO_free(p8);
  OPENSSL_cleanse(pass, sizeof pass);
  if (sig == nullptr) raise_error(prov, kErrEncryptFailed);
  return sig;
}

}  // namespace

bool codec_serves(int selection, int mask) {
  if (selection == 0) return true;
  for (int level : {OSSL_KEYMGMT_SELECT_PRIVATE_KEY, OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
                    OSSL_KEYMGMT_SELECT_ALL_PARAMETERS}) {
    if ((selection & level) != 0) return (mask & level) != 0;
  }
  return false;
}

BIO* codec_open_bio(const ProvCtx* prov, OSSL_CORE_BIO* cbio) {
  return BIO_new_from_core_bio(prov->libctx, cbio);
}

bool write_der_or_pem(BIO* out, bool pem, const char* pem_name, const std::uint8_t* der,
                      std::size_t len) {
  if (pem) return PEM_write_bio(out, pem_name, "", der, static_cast<long>(len)) > 0;
  return BIO_write(out, der, static_cast<int>(len)) == static_cast<int>(len);
}

bool print_labeled(BIO* out, const char* label, const std::uint8_t* buf, std::size_t len) {
  if (BIO_printf(out, "%s\n", label) <= 0) return false;
  constexpr std::size_t kPerLine = 15;
  for (std::size_t i = 0; i < len; i += kPerLine) {
    char line[4 + 3 * kPerLine + 2];
    std::size_t n = 0;
    std::memcpy(line, "    ", 4);
    n = 4;
    for (std::size_t j = i; j < len && j < i + kPerLine; ++j) {
      line[n++] = hex_digit(buf[j] >> 4);
      line[n++] = hex_digit(buf[j] & 15);
      if (j + 1 < len) line[n++] = ':';
    }
    line[n++] = '\n';
    const bool ok = BIO_write(out, line, static_cast<int>(n)) == static_cast<int>(n);
    OPENSSL_cleanse(line, sizeof line);
    if (!ok) return false;
  }
  return true;
}

void* encoder_newctx(void* provctx) noexcept {
  return new_zeroed_or_raise<EncoderCtx>(provctx);
}

void encoder_freectx(void* vctx) noexcept {
  auto* ctx = static_cast<EncoderCtx*>(vctx);
  if (ctx == nullptr) return;
  EVP_CIPHER_free(ctx->cipher);
  OPENSSL_free(ctx);
}

int encoder_set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
  auto* ctx = static_cast<EncoderCtx*>(vctx);
  const OSSL_PARAM* c = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
  if (c == nullptr) return 1;
  const char* name = nullptr;
  const char* propq = nullptr;
  const OSSL_PARAM* q = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
  if (!OSSL_PARAM_get_utf8_string_ptr(c, &name) ||
      (q != nullptr && !OSSL_PARAM_get_utf8_string_ptr(q, &propq))) {
    raise_error(ctx->prov, kErrFailedToSetParameter);
    return 0;
  }
  EVP_CIPHER_free(ctx->cipher);
  ctx->cipher = nullptr;
  if (name == nullptr || *name == '\0') return 1;
  // An unknown cipher fails with what the fetch raises, as the default
  // provider's encoders fail.
  ctx->cipher = EVP_CIPHER_fetch(ctx->prov->libctx, name, propq);
  return ctx->cipher != nullptr ? 1 : 0;
}

const OSSL_PARAM* encoder_settable_ctx_params(void*) noexcept {
  static const OSSL_PARAM kSettable[] = {
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_END,
  };
  return kSettable;
}

bool write_private_key_info(const EncoderCtx* ctx, BIO* out, const std::uint8_t* pki,
                            std::size_t len, bool pem, bool encrypt, OSSL_PASSPHRASE_CALLBACK* cb,
                            void* cbarg) {
  if (!encrypt) return write_der_or_pem(out, pem, "PRIVATE KEY", pki, len);
  if (ctx->cipher == nullptr) {
    raise_error(ctx->prov, kErrMissingCipher);
    return false;
  }
  X509_SIG* sig = encrypt_pkcs8(ctx, pki, len, cb, cbarg);
  const bool ok =
      sig != nullptr && (pem ? PEM_write_bio_PKCS8(out, sig) > 0 : i2d_PKCS8_bio(out, sig) > 0);
  X509_SIG_free(sig);
  return ok;
}

CodecInput::~CodecInput() {
  free_wiped(bytes, room);
}

bool read_codec_input(const ProvCtx* prov, OSSL_CORE_BIO* cin, std::size_t max, CodecInput* in) {
  BIO* bio = codec_open_bio(prov, cin);
  if (bio == nullptr) return false;
  in->room = max + 1;
  in->bytes = static_cast<std::uint8_t*>(OPENSSL_malloc(in->room));
  bool ok = in->bytes != nullptr;
  if (!ok) raise_alloc_failure(prov);
  while (ok && in->len <= max) {
    const int n = BIO_read(bio, in->bytes + in->len, static_cast<int>(in->room - in->len));
    if (n <= 0) break;
    in->len += static_cast<std::size_t>(n);
  }
  BIO_free(bio);
  return ok && in->len <= max;
}

}  // namespace armaccel::prov
