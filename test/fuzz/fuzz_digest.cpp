// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's digests and XOFs (SHA-2, SHA-3, SHAKE,
// KECCAK, KECCAK-KMAC, SM3) against OpenSSL's default provider through the
// same EVP calls chosen by the input: init, updates of any length (zero
// length with a NULL input too), copies mid-stream, EVP_DigestFinal_ex or,
// for XOFs, EVP_DigestFinalXOF of any length, and re-init.  Every return
// value and output byte must agree, and so must the errors each compared
// call left on the queue (library and reason, in order), except the rules
// docs/behaviour.md documents for OpenSSL 3.0: an update or final after
// final is refused by armaccel (the default provider accepts it; the pair
// is compared again from the next init).  A final that failed may not have
// reached the provider (OpenSSL 3.4+'s EVP_DigestFinal_ex refuses SHAKE
// without "xoflen" itself), so only after a successful one must armaccel
// refuse an update.  (A second final after
// EVP_DigestFinalXOF makes the default write that call's "xoflen" again,
// which 3.0's EVP leaves set: the final buffers have room for it.)
#include <openssl/core_names.h>
#include <openssl/err.h>

#include <memory>

#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

struct CtxFree {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
using CtxPtr = std::unique_ptr<EVP_MD_CTX, CtxFree>;

void run(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const Fetched<EVP_MD>& list = armaccel_digests();
  const std::size_t which = in.choose(list.names);
  const struct {
    const std::string& name;
    EVP_MD *mine, *ref;
  } d{list.names[which], list.mine[which], list.ref[which]};
  const bool xof = (EVP_MD_get_flags(d.mine) & EVP_MD_FLAG_XOF) != 0;
  CtxPtr a(EVP_MD_CTX_new()), b(EVP_MD_CTX_new());
  bool started = false, synced = false, finished = false;
  bool final_ok = false;  // the last final succeeded
  for (int step = 0; step < 64 && !in.done(); ++step) {
    const std::uint8_t op = in.u8();
    had_error();  // each call's errors are its own
    switch (op % 5) {
      case 0: {
        const int ra = EVP_DigestInit_ex2(a.get(), d.mine, nullptr);
        const Errors ea = take_errors();
        const int rb = EVP_DigestInit_ex2(b.get(), d.ref, nullptr);
        const Errors eb = take_errors();
        expect_same("init", d.name, ra, rb);
        expect_same_errors("init", d.name, ea, eb);
        started = synced = ra == 1;
        finished = false;
        break;
      }
      case 1:
      case 2: {
        if (!started) break;
        const std::size_t n = in.below(op % 5 == 1 ? 40 : 1000);
        const Bytes msg = in.bytes(n);
        const std::uint8_t* p = n == 0 && (op & 0x80) != 0 ? nullptr : msg.data();
        const int ra = EVP_DigestUpdate(a.get(), p, n);
        const Errors ea = take_errors();
        const int rb = EVP_DigestUpdate(b.get(), p, n);
        const Errors eb = take_errors();
        if (!synced) break;
        if (finished) {
          if (ra == 1 && n != 0 && final_ok) finding("update after final accepted", d.name, "");
          synced = false;
          break;
        }
        expect_same("update", d.name, ra, rb);
        expect_same_errors("update", d.name, ea, eb);
        break;
      }
      case 3: {
        if (!started) break;
        CtxPtr ca(EVP_MD_CTX_new()), cb(EVP_MD_CTX_new());
        const int ra = EVP_MD_CTX_copy_ex(ca.get(), a.get());
        const Errors ea = take_errors();
        const int rb = EVP_MD_CTX_copy_ex(cb.get(), b.get());
        const Errors eb = take_errors();
        if (synced) {
          expect_same("copy", d.name, ra, rb);
          expect_same_errors("copy", d.name, ea, eb);
        }
        if (ra == 1 && rb == 1) {
          a = std::move(ca);
          b = std::move(cb);
        }
        break;
      }
      case 4: {
        if (!started) break;
        Bytes oa, ob;
        int ra = 0, rb = 0;
        Errors ea, eb;
        if (xof && (op & 0x10) != 0) {
          const std::size_t n = in.below(600);
          oa.assign(n, 0);
          ob.assign(n, 0);
          ra = EVP_DigestFinalXOF(a.get(), oa.data(), n);
          ea = take_errors();
          rb = EVP_DigestFinalXOF(b.get(), ob.data(), n);
          eb = take_errors();
        } else {
          // Room for the default's left-over "xoflen" (see the header).
          unsigned la = 0, lb = 0;
          oa.assign(1024, 0);
          ob.assign(1024, 0);
          ra = EVP_DigestFinal_ex(a.get(), oa.data(), &la);
          ea = take_errors();
          rb = EVP_DigestFinal_ex(b.get(), ob.data(), &lb);
          eb = take_errors();
          oa.resize(la);
          ob.resize(lb);
        }
        if (!synced) break;
        if (finished) {
          synced = false;  // documented: armaccel refuses a second final
          break;
        }
        expect_same("final", d.name, ra, rb);
        expect_same_errors("final", d.name, ea, eb);
        if (ra == 1) expect_same("digest", d.name, oa, ob);
        finished = true;
        final_ok = ra == 1;
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
