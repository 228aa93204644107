// SPDX-License-Identifier: Apache-2.0
#include "evp_cipher_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "ossl_helpers.h"

namespace armaccel::test {

namespace {

std::string upper(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

// Feeds `data` through `update` whole or one byte at a time; false on the
// first failure.
template <class Update>
bool feed(const std::uint8_t* data, std::size_t len, bool pieces, Update update) {
  if (!pieces) return update(data, len);
  for (std::size_t i = 0; i < len; ++i)
    if (!update(data + i, 1)) return false;
  return true;
}

// evp_test hands EVP a valid pointer even for empty data; EVP and the
// providers treat a NULL input as "final" or "set the CCM length".
const std::uint8_t* nonnull(const Bytes& b) {
  static const std::uint8_t kEmpty[1] = {0};
  return b.empty() ? kEmpty : b.data();
}

}  // namespace

CipherCase cipher_case(const Stanza& s) {
  CipherCase c;
  c.cipher = upper(s.get("Cipher"));
  c.key = evp_value(s.get("Key"));
  c.has_iv = s.has("IV");
  c.iv = evp_value(s.get("IV"));
  c.plaintext = evp_value(s.get("Plaintext"));
  c.ciphertext = evp_value(s.get("Ciphertext"));
  c.tag = evp_value(s.get("Tag"));
  c.has_next_iv = s.has("NextIV");
  c.next_iv = evp_value(s.get("NextIV"));
  for (const std::string& a : s.all("AAD")) c.aad.push_back(evp_value(a));
  c.tag_late = upper(s.get("SetTagLate")) == "TRUE";
  c.operation = upper(s.get("Operation"));
  c.xts_standard = s.get("XTSStandard");
  c.result = s.get("Result");
  return c;
}

std::string run_cipher_case(EVP_CIPHER* cipher, const CipherCase& c, bool enc, Variant how,
                            Bytes* out, Bytes* tag, Bytes* next_iv) {
  const int mode = EVP_CIPHER_get_mode(cipher);
  const bool aead = (EVP_CIPHER_get_flags(cipher) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
  const bool ccm = mode == EVP_CIPH_CCM_MODE;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  if (EVP_CipherInit_ex(ctx.get(), cipher, nullptr, nullptr, nullptr, enc ? 1 : 0) != 1)
    return "INIT_ERROR";
  if (c.has_iv) {
    if (aead) {
      if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(c.iv.size()),
                              nullptr) <= 0)
        return "INVALID_IV_LENGTH";
    } else if (c.iv.size() != static_cast<std::size_t>(EVP_CIPHER_CTX_get_iv_length(ctx.get()))) {
      return "INVALID_IV_LENGTH";
    }
  }
  Bytes tagbuf = c.tag;
  if (aead) {
    const bool value = !enc && !c.tag_late;
    if ((value || mode != EVP_CIPH_GCM_MODE) &&
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tagbuf.size()),
                            value ? tagbuf.data() : nullptr) <= 0)
      return value ? "TAG_SET_ERROR" : "TAG_LENGTH_SET_ERROR";
  }
  if (EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, c.key.data(), c.has_iv ? c.iv.data() : nullptr,
                        -1) != 1)
    return "KEY_SET_ERROR";
  if (!c.xts_standard.empty()) {
    std::string standard = c.xts_standard;
    const OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("xts_standard", standard.data(), 0),
                            OSSL_PARAM_construct_end()};
    if (EVP_CIPHER_CTX_set_params(ctx.get(), p) != 1) return "XTS_STANDARD_SET_ERROR";
  }
  if (!aead) EVP_CIPHER_CTX_set_padding(ctx.get(), c.padding ? 1 : 0);
  const Bytes& in = enc ? c.plaintext : c.ciphertext;
  const bool pieces = how == Variant::kPieces;
  int l = 0;
  // kNullEmpty: an empty payload is never handed over (CCM announces its
  // length with a NULL input only when AAD follows), so final finishes it.
  const bool null_empty = how == Variant::kNullEmpty && in.empty();
  const bool announce = ccm && !(null_empty && c.aad.empty());
  if (announce &&
      EVP_CipherUpdate(ctx.get(), nullptr, &l, nullptr, static_cast<int>(in.size())) != 1)
    return "CCM_PLAINTEXT_LENGTH_SET_ERROR";
  for (const Bytes& a : c.aad) {
    if (null_empty && a.empty()) continue;  // NULL, 0 would announce a length
    if (!feed(nonnull(a), a.size(), pieces, [&](const std::uint8_t* p, std::size_t n) {
          return EVP_CipherUpdate(ctx.get(), nullptr, &l, p, static_cast<int>(n)) == 1;
        }))
      return "AAD_SET_ERROR";
  }
  if (aead && !enc && c.tag_late &&
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tagbuf.size()),
                          tagbuf.data()) <= 0)
    return "TAG_SET_ERROR";
  // Output room for padding; misaligned runs start both buffers at offset 1.
  Bytes buf(in.size() + 64), shifted;
  const std::uint8_t* src = nonnull(in);
  std::uint8_t* dst = buf.data();
  if (how == Variant::kInPlace) {
    std::copy(in.begin(), in.end(), buf.begin());
    src = buf.data();
  } else if (how == Variant::kMisaligned) {
    shifted.assign(in.size() + 1, 0);
    std::copy(in.begin(), in.end(), shifted.begin() + 1);
    src = shifted.data() + 1;
    dst = buf.data() + 1;
  }
  int total = 0;
  // CCM takes its payload in one update even when empty; others skip an
  // empty update as evp_test does.
  if (!in.empty() || (ccm && !null_empty)) {
    if (!feed(src, in.size(), pieces, [&](const std::uint8_t* p, std::size_t n) {
          const bool ok = EVP_CipherUpdate(ctx.get(), dst + total, &l, p, static_cast<int>(n)) == 1;
          total += l;
          return ok;
        }))
      return "CIPHERUPDATE_ERROR";
  }
  if (EVP_CipherFinal_ex(ctx.get(), dst + total, &l) != 1) return "CIPHERFINAL_ERROR";
  total += l;
  out->assign(dst, dst + total);
  if (aead && enc && tag != nullptr) {
    tag->assign(c.tag.size(), 0);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag->size()),
                            tag->data()) <= 0)
      return "TAG_RETRIEVE_ERROR";
  }
  if (next_iv != nullptr) {
    next_iv->assign(c.has_next_iv ? c.next_iv.size() : 16, 0);
    if (EVP_CIPHER_CTX_get_updated_iv(ctx.get(), next_iv->data(), next_iv->size()) != 1)
      return "GET_IV_ERROR";
  }
  return "";
}

void check_cipher_case(EVP_CIPHER* cipher, const CipherCase& c, int line) {
  const int mode = EVP_CIPHER_get_mode(cipher);
  const bool one_update = mode == EVP_CIPH_CCM_MODE || mode == EVP_CIPH_XTS_MODE;
  for (bool enc : {true, false}) {
    if (c.operation == (enc ? "DECRYPT" : "ENCRYPT")) continue;
    for (Variant how : {Variant::kWhole, Variant::kPieces, Variant::kInPlace, Variant::kMisaligned,
                        Variant::kNullEmpty}) {
      if (how == Variant::kPieces && one_update) continue;
      if (how == Variant::kNullEmpty && (enc ? c.plaintext : c.ciphertext).size() != 0) continue;
      SCOPED_TRACE(::testing::Message() << c.cipher << " line " << line << (enc ? " enc" : " dec")
                                        << " variant " << static_cast<int>(how));
      Bytes out, tag, next_iv;
      const std::string err =
          run_cipher_case(cipher, c, enc, how, &out, &tag, c.has_next_iv ? &next_iv : nullptr);
      const std::string errors = drain_errors();
      if (!c.result.empty()) {
        // Without a payload update, a CCM tag is checked at final.
        const bool moved = how == Variant::kNullEmpty && c.result == "CIPHERUPDATE_ERROR";
        EXPECT_EQ(err, moved ? "CIPHERFINAL_ERROR" : c.result);
        continue;
      }
      ASSERT_EQ(err, "") << errors;
      EXPECT_EQ(to_hex(out), to_hex(enc ? c.ciphertext : c.plaintext));
      if (enc && !c.tag.empty()) {
        EXPECT_EQ(to_hex(tag), to_hex(c.tag));
      }
      if (enc && c.has_next_iv) {
        EXPECT_EQ(to_hex(next_iv), to_hex(c.next_iv));
      }
    }
  }
}

std::string aead_run(const AeadOp& op, bool enc, Bytes* out, Bytes* tag) {
  CipherCase c;
  c.cipher = op.cipher;
  c.key = op.key;
  c.iv = op.iv;
  c.has_iv = true;
  if (!op.aad.empty()) c.aad.push_back(op.aad);
  (enc ? c.plaintext : c.ciphertext) = op.in;
  if (enc) {
    c.tag.assign(op.taglen, 0);
  } else {
    c.tag = op.tag;
  }
  CipherPtr cipher = armaccel_cipher(op.cipher);
  return run_cipher_case(cipher.get(), c, enc, Variant::kWhole, out, tag);
}
}  // namespace armaccel::test
