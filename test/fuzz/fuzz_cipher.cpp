// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's ciphers without AEAD (AES ECB/CBC/CTR/XTS,
// ChaCha20, the SM4 modes) against OpenSSL's default provider, driven by
// the same EVP call sequence chosen by the input: init with or without key
// and IV in either direction, padding on or off, updates of any length
// (zero-length ones with a NULL input too), context copies mid-stream,
// final, the updated IV.  Every return value, length and output byte must
// agree, and so must the errors each compared call left on the queue
// (library and reason, in order), except where docs/behaviour.md documents a
// stricter or different answer (there neither is compared):
//  - an update or final after final is refused by armaccel (XTS, where
//    each update is a data unit, takes the next one, as the default does);
//  - re-initialising ECB/CBC/XTS without a key for the other direction
//    decrypts with armaccel (the default keeps the encryption schedule);
//  - an AES-XTS key with equal halves, accepted for decryption, is refused
//    by armaccel for encryption also when the context is re-initialised to
//    encrypt without a new key (the default then encrypts with it; SM4-XTS
//    takes equal halves, as the default's does);
//  - XTS with armaccel's opt-in "xts_streaming" takes a data unit in any
//    number of updates and completes it at final: the outputs laid end to
//    end must equal the default provider's one-update data unit;
//  - ChaCha20's "updated-iv" is armaccel's counter || nonce after the
//    blocks used (the IV given plus one per started 64-byte block in its
//    first 8 bytes, a 64-bit little-endian counter: the 32-bit block
//    counter carries into the first nonce word, as in OpenSSL); OpenSSL
//    3.0's default provider answers zeros;
// after such a step the pair is compared again from the next init with a
// key and IV.
#include <openssl/core_names.h>
#include <openssl/err.h>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using CtxPtr = std::unique_ptr<EVP_CIPHER_CTX, CtxFree>;

void run(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const Fetched<EVP_CIPHER>& list = armaccel_ciphers(false);
  const std::size_t which = in.choose(list.names);
  const struct {
    const std::string& name;
    EVP_CIPHER *mine, *ref;
  } c{list.names[which], list.mine[which], list.ref[which]};
  const int mode = EVP_CIPHER_get_mode(c.mine);
  const std::size_t key_len = static_cast<std::size_t>(EVP_CIPHER_get_key_length(c.mine));
  const std::size_t iv_len = static_cast<std::size_t>(EVP_CIPHER_get_iv_length(c.mine));
  const bool schedule_has_direction =
      mode == EVP_CIPH_ECB_MODE || mode == EVP_CIPH_CBC_MODE || mode == EVP_CIPH_XTS_MODE;
  CtxPtr a(EVP_CIPHER_CTX_new()), b(EVP_CIPHER_CTX_new());
  bool synced = false;    // both started from the same init with key and IV
  bool finished = false;  // final called since the last init
  bool key_set = false;
  const bool chacha = c.name == "ChaCha20";
  Bytes chacha_iv(16);             // the IV of the last init with one
  std::uint64_t chacha_bytes = 0;  // fed since then
  int key_dir = -1;                // direction the key was set for
  bool equal_halves = false;       // AES-XTS: key1 == key2
  bool streaming = false;          // XTS: armaccel's "xts_streaming" on
  Bytes unit_in, unit_out;         // streaming: the unit so far, armaccel's output
  for (int step = 0; step < 48 && !in.done(); ++step) {
    const std::uint8_t op = in.u8();
    had_error();  // each call's errors are its own
    switch (op % 6) {
      case 0:
      case 1: {  // init
        const std::uint8_t flags = in.u8();
        const int enc = flags & 1;
        const bool with_key = (flags & 2) != 0 || !key_set;
        const bool with_iv = (flags & 4) != 0 || with_key;
        const Bytes key = with_key ? in.bytes(key_len) : Bytes{};
        const Bytes iv = with_iv ? in.bytes(iv_len) : Bytes{};
        const std::uint8_t* k = with_key ? key.data() : nullptr;
        const std::uint8_t* v = with_iv && iv_len != 0 ? iv.data() : nullptr;
        const bool first = EVP_CIPHER_CTX_get0_cipher(a.get()) == nullptr;
        int stream = (flags & 8) != 0 ? 1 : 0;
        const OSSL_PARAM xts[] = {OSSL_PARAM_construct_int("xts_streaming", &stream),
                                  OSSL_PARAM_construct_end()};
        const OSSL_PARAM* pa = mode == EVP_CIPH_XTS_MODE ? xts : nullptr;
        const int ra = EVP_CipherInit_ex2(a.get(), first ? c.mine : nullptr, k, v, enc, pa);
        const Errors ea = take_errors();
        const int rb = EVP_CipherInit_ex2(b.get(), first ? c.ref : nullptr, k, v, enc, nullptr);
        const Errors eb = take_errors();
        if (first && !with_key) break;
        if (mode == EVP_CIPH_XTS_MODE && enc == 1 && !with_key && equal_halves) {
          if (ra == 1) finding("XTS encryption with equal key halves accepted", c.name, "");
          had_error();
          synced = key_set = false;  // documented: the refused key is gone
          break;
        }
        expect_same("init", c.name, ra, rb);
        expect_same_errors("init", c.name, ea, eb);
        if (ra != 1) {
          // A refused key leaves none behind in armaccel (the default may
          // keep the one before): the next init gives a key.
          if (with_key) key_set = false;
          synced = false;
          break;
        }
        if (with_iv) {
          chacha_iv = iv;
          chacha_bytes = 0;
        }
        streaming = mode == EVP_CIPH_XTS_MODE && stream == 1;
        unit_in.clear();
        unit_out.clear();
        if (with_key) {
          equal_halves =
              mode == EVP_CIPH_XTS_MODE && c.name.rfind("AES-", 0) == 0 &&
              std::equal(key.begin(), key.begin() + key_len / 2, key.begin() + key_len / 2);
          key_set = true;
          key_dir = enc;
          synced = with_iv || iv_len == 0;
        } else if (schedule_has_direction && enc != key_dir) {
          synced = false;  // documented: armaccel re-expands, the default does not
        }
        finished = false;
        break;
      }
      case 2: {  // update
        if (!key_set) break;
        const std::size_t n = in.below(700);
        const bool null_input = n == 0 && (in.u8() & 1) != 0;
        const Bytes msg = in.bytes(n);
        Bytes oa(n + 64), ob(n + 64);
        int la = 0, lb = 0;
        const std::uint8_t* src = null_input ? nullptr : msg.data();
        if (streaming) {  // the default gets the whole unit at final
          oa.resize(n + 48);
          const int ra = EVP_CipherUpdate(a.get(), oa.data(), &la, src, static_cast<int>(n));
          had_error();
          if (ra == 1) {
            unit_in.insert(unit_in.end(), msg.begin(), msg.end());
            unit_out.insert(unit_out.end(), oa.begin(), oa.begin() + la);
          } else if (synced) {
            // Only a unit beyond 2^20 blocks may be refused (not reachable here).
            finding("streaming XTS update refused", c.name, "");
          }
          break;
        }
        const int ra = EVP_CipherUpdate(a.get(), oa.data(), &la, src, static_cast<int>(n));
        const Errors ea = take_errors();
        const int rb = EVP_CipherUpdate(b.get(), ob.data(), &lb, src, static_cast<int>(n));
        const Errors eb = take_errors();
        if (!synced) break;
        if (finished && mode != EVP_CIPH_XTS_MODE) {
          if (ra == 1 && n != 0) finding("update after final accepted", c.name, "");
          synced = false;  // documented: armaccel refuses, the default may not
          break;
        }
        expect_same("update", c.name, ra, rb);
        expect_same_errors("update", c.name, ea, eb);
        if (ra != 1) {
          synced = false;  // a failed update leaves each provider's own state
          break;
        }
        expect_same("update length", c.name, la, lb);
        chacha_bytes += n;
        oa.resize(static_cast<std::size_t>(la));
        ob.resize(static_cast<std::size_t>(lb));
        expect_same("update output", c.name, oa, ob);
        break;
      }
      case 3: {  // padding
        const int pad = in.u8() & 1;
        EVP_CIPHER_CTX_set_padding(a.get(), pad);
        EVP_CIPHER_CTX_set_padding(b.get(), pad);
        break;
      }
      case 4: {  // copy mid-stream: go on with the copies
        if (EVP_CIPHER_CTX_get0_cipher(a.get()) == nullptr) break;
        CtxPtr ca(EVP_CIPHER_CTX_new()), cb(EVP_CIPHER_CTX_new());
        const int ra = EVP_CIPHER_CTX_copy(ca.get(), a.get());
        const Errors ea = take_errors();
        const int rb = EVP_CIPHER_CTX_copy(cb.get(), b.get());
        const Errors eb = take_errors();
        expect_same("copy", c.name, ra, rb);
        expect_same_errors("copy", c.name, ea, eb);
        if (ra == 1) {
          a = std::move(ca);
          b = std::move(cb);
        }
        break;
      }
      case 5: {  // final, or the updated IV
        if (!key_set) break;
        if (streaming && synced) {  // armaccel completes the unit; the default does it at once
          Bytes oa(64), ob(unit_in.size() + 16);
          int la = 0, lb = 0, lf = 0;
          const int ra = EVP_CipherFinal_ex(a.get(), oa.data(), &la);
          const Errors ea = take_errors();
          int rb = 1;
          if (!unit_in.empty())
            rb = EVP_CipherUpdate(b.get(), ob.data(), &lb, unit_in.data(),
                                  static_cast<int>(unit_in.size()));
          rb = rb == 1 && EVP_CipherFinal_ex(b.get(), ob.data() + lb, &lf) == 1 ? 1 : 0;
          const Errors eb = take_errors();
          expect_same("streamed XTS unit", c.name, ra, rb);
          // A unit under 16 bytes is refused at final with armaccel's own
          // "xts data unit is too short" (docs/behaviour.md, "Errors" and
          // "AES-XTS and the xts_streaming parameter": the default provider
          // has no streaming; its one-update unit fails with "cipher
          // operation failed"): the errors are compared where both succeed.
          if (ra == 1) expect_same_errors("streamed XTS unit", c.name, ea, eb);
          if (ra == 1) {
            unit_out.insert(unit_out.end(), oa.begin(), oa.begin() + la);
            ob.resize(static_cast<std::size_t>(lb + lf));
            expect_same("streamed XTS unit", c.name, unit_out, ob);
          }
          unit_in.clear();
          unit_out.clear();
          break;
        }
        if ((op & 0x10) != 0 && iv_len != 0) {
          Bytes ia(iv_len), ib(iv_len);
          const int ra = EVP_CIPHER_CTX_get_updated_iv(a.get(), ia.data(), iv_len);
          const Errors ea = take_errors();
          const int rb = EVP_CIPHER_CTX_get_updated_iv(b.get(), ib.data(), iv_len);
          const Errors eb = take_errors();
          if (!synced) break;
          expect_same("updated iv", c.name, ra, rb);
          expect_same_errors("updated iv", c.name, ea, eb);
          if (ra == 1 && chacha) {
            Bytes want = chacha_iv;
            std::uint64_t carry = (chacha_bytes + 63) / 64;
            for (std::size_t i = 0; i < 8; ++i) {
              carry += want[i];
              want[i] = static_cast<std::uint8_t>(carry);
              carry >>= 8;
            }
            expect_same("ChaCha20 counter || nonce", c.name, ia, want);
          } else if (ra == 1) {
            expect_same("updated iv", c.name, ia, ib);
          }
          break;
        }
        Bytes oa(64), ob(64);
        int la = 0, lb = 0;
        const int ra = EVP_CipherFinal_ex(a.get(), oa.data(), &la);
        const Errors ea = take_errors();
        const int rb = EVP_CipherFinal_ex(b.get(), ob.data(), &lb);
        const Errors eb = take_errors();
        if (!synced) break;
        if (finished) {
          synced = false;  // documented: a second final is refused by armaccel
          break;
        }
        expect_same("final", c.name, ra, rb);
        expect_same_errors("final", c.name, ea, eb);
        if (ra == 1) {
          expect_same("final length", c.name, la, lb);
          oa.resize(static_cast<std::size_t>(la));
          ob.resize(static_cast<std::size_t>(lb));
          expect_same("final output", c.name, oa, ob);
        }
        finished = true;
        break;
      }
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
