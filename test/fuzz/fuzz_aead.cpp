// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305,
// SM4-GCM, SM4-CCM) against OpenSSL's default provider.  Each input is a
// series of messages: the nonce and tag lengths, the AAD and payload split
// into updates chosen by the input (zero-length updates, with a NULL
// input too, an empty payload left out entirely), a context copy at a
// chosen point, encryption then decryption with the right or a forged tag,
// the tag given before or after the data (GCM).  Return values, lengths,
// ciphertexts, tags and released plaintexts must agree, and so must the
// errors each message left on the queue (library and reason, in order: the
// message stops at its first failing step), except the rule
// docs/behaviour.md documents: CCM takes its AAD in one update, and a
// second AAD update, which the default provider would mix in wrongly, is
// refused (neither is compared there).
#include <openssl/core_names.h>
#include <openssl/err.h>

#include <memory>

#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using CtxPtr = std::unique_ptr<EVP_CIPHER_CTX, CtxFree>;

// One message's shape, read once and run on both providers.
struct Message {
  Bytes key, nonce, aad, payload, tag;
  std::vector<std::size_t> aad_cuts, payload_cuts;  // update lengths
  bool null_empty = false;                          // zero-length updates get a NULL input
  bool skip_empty_payload = false;
  bool tag_late = false;  // GCM decrypt: tag set after the data
  int copy_at = -1;       // copy the context before this update
  std::size_t taglen = 16;
};

std::vector<std::size_t> cuts(Reader& in, std::size_t total, bool one) {
  std::vector<std::size_t> out;
  if (one) return {total};
  const std::size_t parts = 1 + in.below(4);
  for (std::size_t i = 0; i + 1 < parts && total > 0; ++i) {
    const std::size_t n = in.below(total + 1);
    out.push_back(n);
    total -= n;
  }
  out.push_back(total);
  return out;
}

struct Outcome {
  int rc = 0;  // 1 only if every step succeeded
  Bytes out, tag;
  int failed_step = -1;
  Errors errors;  // what the message's steps left on the queue
};

// Runs the message on one provider; `aad2` records a CCM second AAD
// update's result instead of going on.
Outcome run_steps(EVP_CIPHER* cipher, const Message& m, bool enc, const Bytes& tag_in, int* aad2) {
  Outcome o;
  const int mode = EVP_CIPHER_get_mode(cipher);
  const bool ccm = mode == EVP_CIPH_CCM_MODE;
  const bool gcm = mode == EVP_CIPH_GCM_MODE;
  CtxPtr ctx(EVP_CIPHER_CTX_new());
  int step = 0;
  auto fail = [&](int at) {
    o.failed_step = at;
    o.rc = 0;
    return o;
  };
  if (EVP_CipherInit_ex2(ctx.get(), cipher, nullptr, nullptr, enc, nullptr) != 1) return fail(step);
  ++step;
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(m.nonce.size()),
                          nullptr) <= 0)
    return fail(step);
  ++step;
  Bytes tag = tag_in;
  const bool tag_now = !enc && !(gcm && m.tag_late);
  if ((ccm || tag_now) &&
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(m.taglen),
                          tag_now ? tag.data() : nullptr) <= 0)
    return fail(step);
  ++step;
  if (EVP_CipherInit_ex2(ctx.get(), nullptr, m.key.data(), m.nonce.data(), enc, nullptr) != 1)
    return fail(step);
  ++step;
  int l = 0;
  const bool announce = ccm && !(m.skip_empty_payload && m.payload.empty() && m.aad.empty());
  if (announce &&
      EVP_CipherUpdate(ctx.get(), nullptr, &l, nullptr, static_cast<int>(m.payload.size())) != 1)
    return fail(step);
  ++step;
  int update_no = 0;
  auto maybe_copy = [&]() {
    if (update_no++ != m.copy_at) return true;
    CtxPtr copy(EVP_CIPHER_CTX_new());
    if (EVP_CIPHER_CTX_copy(copy.get(), ctx.get()) != 1) return false;
    ctx = std::move(copy);  // go on with the copy; the original is freed
    return true;
  };
  std::size_t at = 0;
  int nonempty_aad = 0;
  for (std::size_t i = 0; i < m.aad_cuts.size(); ++i) {
    const std::size_t n = m.aad_cuts[i];
    if (ccm && n == 0 && m.null_empty) continue;  // (NULL, 0) would announce a length
    if (!maybe_copy()) return fail(step);
    const std::uint8_t* p = n == 0 && m.null_empty ? nullptr : m.aad.data() + at;
    const int r = EVP_CipherUpdate(ctx.get(), nullptr, &l, p, static_cast<int>(n));
    at += n;
    if (ccm && n != 0 && ++nonempty_aad == 2 && aad2 != nullptr) {
      *aad2 = r;
      return fail(step);
    }
    if (r != 1) return fail(step);
  }
  ++step;
  o.out.assign(m.payload.size() + 32, 0);
  std::size_t done = 0;
  at = 0;
  if (!(m.skip_empty_payload && m.payload.empty())) {
    for (std::size_t n : m.payload_cuts) {
      if (!maybe_copy()) return fail(step);
      const std::uint8_t* p = n == 0 && m.null_empty ? nullptr : m.payload.data() + at;
      std::uint8_t* q = n == 0 && m.null_empty && !ccm ? nullptr : o.out.data() + done;
      if (q == nullptr) q = o.out.data() + done;
      if (EVP_CipherUpdate(ctx.get(), q, &l, p, static_cast<int>(n)) != 1) return fail(step);
      at += n;
      done += static_cast<std::size_t>(l);
    }
  }
  ++step;
  if (!enc && gcm && m.tag_late &&
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(m.taglen),
                          tag.data()) <= 0)
    return fail(step);
  ++step;
  if (EVP_CipherFinal_ex(ctx.get(), o.out.data() + done, &l) != 1) return fail(step);
  done += static_cast<std::size_t>(l);
  o.out.resize(done);
  ++step;
  if (enc) {
    o.tag.assign(m.taglen, 0);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(m.taglen),
                            o.tag.data()) <= 0)
      return fail(step);
  }
  o.rc = 1;
  return o;
}

Outcome run_one(EVP_CIPHER* cipher, const Message& m, bool enc, const Bytes& tag_in, int* aad2) {
  had_error();
  Outcome o = run_steps(cipher, m, enc, tag_in, aad2);
  o.errors = take_errors();
  return o;
}

void compare(const char* what, const std::string& alg, const Outcome& a, const Outcome& b) {
  if (a.rc != b.rc || a.failed_step != b.failed_step)
    finding(what, alg,
            "armaccel " + std::to_string(a.rc) + " (failed step " + std::to_string(a.failed_step) +
                "), default " + std::to_string(b.rc) + " (failed step " +
                std::to_string(b.failed_step) + ")");
  expect_same_errors(what, alg, a.errors, b.errors);
  if (a.rc == 1) {
    expect_same(what, alg, a.out, b.out);
    expect_same(what, alg, a.tag, b.tag);
  }
}

void run(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const Fetched<EVP_CIPHER>& list = armaccel_ciphers(true);
  const std::size_t which = in.choose(list.names);
  const struct {
    const std::string& name;
    EVP_CIPHER *mine, *ref;
  } c{list.names[which], list.mine[which], list.ref[which]};
  const int mode = EVP_CIPHER_get_mode(c.mine);
  const bool ccm = mode == EVP_CIPH_CCM_MODE;
  const bool gcm = mode == EVP_CIPH_GCM_MODE;
  const std::size_t key_len = static_cast<std::size_t>(EVP_CIPHER_get_key_length(c.mine));
  for (int msg = 0; msg < 6 && !in.done(); ++msg) {
    Message m;
    const std::uint8_t shape = in.u8();
    m.key = in.bytes(key_len);
    const std::size_t nonce_len = ccm ? 7 + in.below(7) : gcm ? 1 + in.below(32) : 12;
    m.nonce = in.bytes(nonce_len);
    m.taglen = ccm ? 4 + 2 * in.below(7) : gcm ? 4 + in.below(13) : 16;
    m.aad = in.bytes(in.below(300));
    m.payload = in.bytes(in.below(600));
    m.null_empty = (shape & 1) != 0;
    m.skip_empty_payload = (shape & 2) != 0;
    m.tag_late = (shape & 4) != 0;
    const bool split_aad = (shape & 8) != 0;
    m.copy_at = (shape & 0x10) != 0 ? static_cast<int>(in.below(4)) : -1;
    m.aad_cuts = cuts(in, m.aad.size(), !split_aad);
    m.payload_cuts = cuts(in, m.payload.size(), ccm);
    int aad2_mine = -1, aad2_ref = -1;
    const Outcome ea = run_one(c.mine, m, true, {}, &aad2_mine);
    const Outcome eb = run_one(c.ref, m, true, {}, &aad2_ref);
    if (aad2_mine != -1) {
      // Documented: armaccel refuses a second non-empty CCM AAD update
      // (empty ones change nothing).
      if (aad2_mine == 1) finding("second CCM AAD update accepted", c.name, "");
      had_error();
      continue;
    }
    compare("encrypt", c.name, ea, eb);
    if (ea.rc != 1) continue;
    Bytes tag = ea.tag;
    const std::uint8_t forge = in.u8();
    if ((forge & 3) == 1 && !tag.empty()) tag[forge % tag.size()] ^= 1 + (forge >> 2);
    Message d = m;
    d.payload = ea.out;
    d.payload_cuts = cuts(in, d.payload.size(), ccm);
    const Outcome da = run_one(c.mine, d, false, tag, nullptr);
    const Outcome db = run_one(c.ref, d, false, tag, nullptr);
    compare("decrypt", c.name, da, db);
    if (da.rc == 1) expect_same("round trip", c.name, da.out, m.payload);
  }
}

}  // namespace
}  // namespace armaccel::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  armaccel::fuzz::run(data, size);
  return 0;
}
