// SPDX-License-Identifier: Apache-2.0
// SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224 and SHA-512/256
// (FIPS 180-4), and SM3 (GB/T 32905-2016, SHA-256's block and padding), as
// EVP_MD implementations on the lanes chosen for the provider instance.  The context is plain data:
// EVP_MD_CTX_copy_ex (TLS transcripts) is a memcpy.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <type_traits>

#include "api/sm3.h"
#include "capabilities.h"
#include "digest_common.h"
#include "dispatch/common/digest_dispatch.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "modes/sha2_driver.h"
#include "prov_ctx.h"

namespace armaccel::prov {

namespace {

// The lane table a function runs on: SHA-256's or SHA-512's, or SM3's.
template <class Word, bool Sm3>
struct MdLane {
  using Kernel = typename Sha2Traits<Word>::Kernel;
  static const Kernel* get(const ProvCtx* prov) {
    if constexpr (sizeof(Word) == 4) {
      return prov->kernels.sha256;
    } else {
      return prov->kernels.sha512;
    }
  }
};
template <>
struct MdLane<std::uint32_t, true> {
  using Kernel = Sm3Kernel;
  static const Kernel* get(const ProvCtx* prov) { return prov->kernels.sm3; }
};

template <class Word, bool Sm3>
struct Sha2Ctx {
  const ProvCtx* prov;
  const typename MdLane<Word, Sm3>::Kernel* kernel;  // fixed at newctx
  Sha2State<Word> state;
  bool initialised;
  bool finalized;
};

// One function: word size, initial hash value, digest length, SM3 or SHA-2.
template <class Word, const Word (&Iv)[8], std::size_t DigestBytes, bool Sm3 = false>
struct Sha2Digest {
  using Ctx = Sha2Ctx<Word, Sm3>;
  static_assert(std::is_trivially_copyable_v<Ctx>);
  static constexpr std::size_t kBlockBytes = Sha2Traits<Word>::kBlockBytes;
  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static constexpr const char* name() {
    if constexpr (Sm3) return "SM3";
    if constexpr (sizeof(Word) == 4) return DigestBytes == 28 ? "SHA2-224" : "SHA2-256";
    return DigestBytes == 28   ? "SHA2-512/224"
           : DigestBytes == 32 ? "SHA2-512/256"
           : DigestBytes == 48 ? "SHA2-384"
                               : "SHA2-512";
  }

  // DigestDispatch's newctx: the lane is fixed for the context's life.
  static void setup(Ctx* c) {
    c->kernel = MdLane<Word, Sm3>::get(c->prov);
    trace_new_context(c->prov, name(), c->kernel->lane);
  }

  static int init(void* vctx, const OSSL_PARAM[]) noexcept {
    Ctx* c = self(vctx);
    sha2_init(&c->state, Iv);
    c->initialised = true;
    c->finalized = false;
    return 1;
  }

  static bool ready(Ctx* c) { return digest_usable(c->prov, c->initialised, c->finalized); }

  static int update(void* vctx, const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    if (!digest_update_ok(c->prov, c->initialised, c->finalized, in, inl)) return 0;
    if (inl != 0) sha2_update(&c->state, c->kernel, in, inl);
    return 1;
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsz) noexcept {
    Ctx* c = self(vctx);
    if (!ready(c)) return 0;
    if (outsz < DigestBytes || out == nullptr) return 0;  // (no error, as the default provider)
    sha2_final(&c->state, c->kernel, out, DigestBytes);
    sha2_wipe(&c->state);
    c->finalized = true;
    *outl = DigestBytes;
    return 1;
  }

  static int get_params(OSSL_PARAM params[]) noexcept {
    // SHA-2 AlgorithmIdentifiers omit the NULL parameter; SM3's do not.
    return digest_get_params(params, kBlockBytes, DigestBytes, false, !Sm3);
  }
};

}  // namespace

const OSSL_DISPATCH* const kSha224Functions =
    DigestDispatch<Sha2Digest<std::uint32_t, kSha224Iv, 28>>::kTable;
const OSSL_DISPATCH* const kSha256Functions =
    DigestDispatch<Sha2Digest<std::uint32_t, kSha256Iv, 32>>::kTable;
const OSSL_DISPATCH* const kSha384Functions =
    DigestDispatch<Sha2Digest<std::uint64_t, kSha384Iv, 48>>::kTable;
const OSSL_DISPATCH* const kSha512Functions =
    DigestDispatch<Sha2Digest<std::uint64_t, kSha512Iv, 64>>::kTable;
const OSSL_DISPATCH* const kSha512_224Functions =
    DigestDispatch<Sha2Digest<std::uint64_t, kSha512_224Iv, 28>>::kTable;
const OSSL_DISPATCH* const kSha512_256Functions =
    DigestDispatch<Sha2Digest<std::uint64_t, kSha512_256Iv, 32>>::kTable;

const OSSL_DISPATCH* const kSm3Functions =
    DigestDispatch<Sha2Digest<std::uint32_t, kSm3Iv, kSm3DigestBytes, true>>::kTable;

}  // namespace armaccel::prov
