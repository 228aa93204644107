// SPDX-License-Identifier: Apache-2.0
// SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202), KECCAK-224/256/384/512
// (the original Keccak padding, as OpenSSL 3.2+ names them) and
// KECCAK-KMAC-128/256 (the cSHAKE-padded sponge OpenSSL's KMAC builds on,
// SP 800-185) as EVP_MD implementations on the Keccak lane chosen for the
// provider instance.  The context is plain data: a copy is a memcpy.
//
// The XOFs (SHAKE, KECCAK-KMAC) take "xoflen" (bytes; "size" is the same
// setting, as in OpenSSL 3.4+; EVP_DigestFinalXOF sets it) and report both,
// and squeeze (OSSL_FUNC_DIGEST_SQUEEZE, EVP_DigestSqueeze in OpenSSL 3.3+)
// in any number of calls of any length, the concatenation equal to one
// long output.  State rules: absorbing -> (final | squeezing); once
// squeezing, only more squeezes (an update or final is refused: the
// default provider takes an update after a squeeze and corrupts the
// output); after final (successful or not), nothing until init.  SHAKE's
// default length is the host's: 16/32 bytes up to OpenSSL 3.3, none from
// 3.4 (final without "xoflen" fails, the algorithm's "size" is 0 and the
// context's "xoflen"/"size" read SIZE_MAX), as the default provider of each
// release; KECCAK-KMAC keeps 32/64.  The fixed-length digests refuse any
// other length: EVP_DigestFinalXOF with a length that is not the digest
// size fails rather than writing part of the buffer, while
// EVP_DigestFinal_ex (which asks for the digest size) still works.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>  // EVP_MAX_MD_SIZE
#include <openssl/params.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>

#include "capabilities.h"
#include "digest_common.h"
#include "dispatch/common/digest_dispatch.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "modes/sha3_driver.h"
#include "newer_core.h"
#include "prov_ctx.h"

namespace armaccel::prov {

namespace {

// "xoflen" not set on an XOF without a default length (OpenSSL 3.4+
// SHAKE): reported as SIZE_MAX, as the default provider does.
inline constexpr std::size_t kLengthUnset = SIZE_MAX;

enum class Phase : std::uint8_t { kNone, kAbsorbing, kSqueezing, kFinished };

struct Sha3Ctx {
  const ProvCtx* prov;
  const KeccakKernel* kernel;  // fixed at newctx
  SpongeState sponge;
  std::size_t out_bytes;  // the digest size, or the XOF length ("xoflen")
  Phase phase;
  bool length_refused;  // a fixed-length digest was last asked for another length
};
static_assert(std::is_trivially_copyable_v<Sha3Ctx>);

struct Sha3Spec {
  const char* name;
  std::size_t rate;       // bytes
  std::uint8_t pad;       // domain bits and the first padding bit
  std::size_t out_bytes;  // digest size, the XOF's default length, or kLengthUnset
  bool xof;
  bool algid_absent;
};

template <const Sha3Spec& Spec>
struct Sha3Digest {
  using Ctx = Sha3Ctx;
  static constexpr bool kXof = Spec.xof;
  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  // DigestDispatch's newctx.  The output length is the context's: init
  // keeps an XOF's "xoflen" for the next message, as the default
  // provider's init does (OpenSSL 3.5's EVP initialises the same context
  // again for the same digest; EVP_DigestFinalXOF sets "xoflen").
  static void setup(Ctx* c) {
    c->kernel = c->prov->kernels.keccak;
    c->out_bytes = Spec.out_bytes;
    c->phase = Phase::kNone;
    trace_new_context(c->prov, Spec.name, c->kernel->lane);
  }

  static int init(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    sponge_init(&c->sponge, Spec.rate, Spec.pad);
    c->phase = Phase::kAbsorbing;
    c->length_refused = false;
    return set_ctx_params(c, params);
  }

  // Input, final and the first squeeze need an absorbing context;
  // `after_final` is the reason when it is finished.
  static bool absorbing(const Ctx* c, Reason after_final = kErrUpdateAfterFinal) {
    switch (c->phase) {
      case Phase::kAbsorbing:
        return true;
      case Phase::kNone:
        raise_error(c->prov, kErrNotInitialised);
        return false;
      case Phase::kSqueezing:
        raise_error(c->prov, kErrSqueezeStarted);
        return false;
      case Phase::kFinished:
        break;
    }
    raise_error(c->prov, after_final);
    return false;
  }

  static int update(void* vctx, const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    if (!absorbing(c)) return 0;
    if (in == nullptr && inl != 0) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    sponge_absorb(c->kernel, &c->sponge, in, inl);
    return 1;
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsz) noexcept {
    Ctx* c = self(vctx);
    *outl = 0;
    if (!absorbing(c)) return 0;
    // XOFs write "xoflen" bytes whatever size EVP passes (OpenSSL 3.0's
    // EVP_DigestFinal_ex passes the default length), as the default provider
    // does -- but never more than EVP_MAX_MD_SIZE beyond what the caller
    // declared: EVP_DigestFinal_ex promises to write at most that much, so
    // an "xoflen" above it through EVP_DigestFinal_ex would overrun the
    // caller's buffer (EVP_DigestFinalXOF passes the full length).
    // A fixed-length digest whose length was refused fails when final is
    // asked for that other length (OpenSSL 3.4+'s EVP_DigestFinalXOF);
    // EVP_DigestFinal_ex asks for the digest size.
    const bool too_small =
        Spec.xof ? outsz < c->out_bytes && c->out_bytes > EVP_MAX_MD_SIZE : outsz < c->out_bytes;
    const bool refused = !Spec.xof && c->length_refused && outsz != c->out_bytes;
    if (refused || c->out_bytes == kLengthUnset || too_small ||
        (out == nullptr && c->out_bytes != 0)) {
      // A failed final ends the message too: no squeeze or second final
      // carries on from it.  No length set (an XOF in 3.4+) is the default
      // provider's PROV_R_INVALID_DIGEST_LENGTH; the rest it does not
      // refuse (it writes the whole output into a shorter buffer).
      sponge_wipe(&c->sponge);
      c->phase = Phase::kFinished;
      raise_error(c->prov,
                  c->out_bytes == kLengthUnset ? kErrInvalidDigestLength : kErrInvalidDigestSize);
      return 0;
    }
    sponge_squeeze(c->kernel, &c->sponge, out, c->out_bytes);
    sponge_wipe(&c->sponge);
    c->phase = Phase::kFinished;
    *outl = c->out_bytes;
    return 1;
  }

  // OSSL_FUNC_digest_squeeze: the next outsz bytes of the XOF's output
  // (none is a no-op, as the default provider).
  static int squeeze(void* vctx, unsigned char* out, std::size_t* outl,
                     std::size_t outsz) noexcept {
    Ctx* c = self(vctx);
    *outl = 0;
    if (c->phase != Phase::kSqueezing && !absorbing(c, kErrSqueezeAfterFinal)) return 0;
    if (out == nullptr && outsz != 0) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    if (outsz != 0) {
      sponge_squeeze(c->kernel, &c->sponge, out, outsz);
      c->phase = Phase::kSqueezing;
    }
    *outl = outsz;
    return 1;
  }

  // The output-length names, read and written in one pass (ParamScan).
  static constexpr const char* kLengthNames[] = {OSSL_DIGEST_PARAM_XOFLEN, OSSL_DIGEST_PARAM_SIZE};

  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    if (params == nullptr) return 1;
    const ParamScan<const OSSL_PARAM, std::size(kLengthNames)> f(params, kLengthNames);
    const OSSL_PARAM* p = f[0];  // "xoflen", else (an XOF in 3.4+) "size"
    if (p == nullptr && Spec.xof && size_is_xoflen(c->prov)) p = f[1];
    if (p == nullptr) return 1;
    std::size_t len = 0;
    // A fixed-length digest has no "xoflen": the default provider has no
    // parameters to set there, and EVP fails the call without an error (so
    // nothing that would raise one is called).
    if (!Spec.xof && p->data_type != OSSL_PARAM_UNSIGNED_INTEGER &&
        p->data_type != OSSL_PARAM_INTEGER)
      return 0;
    if (!OSSL_PARAM_get_size_t(p, &len)) {
      if (Spec.xof) raise_error(c->prov, kErrFailedToGetParameter);
      return 0;
    }
    // Its own size is harmless; any other is refused, and final asked for
    // that length fails too (OpenSSL 3.4+'s EVP_DigestFinalXOF goes on to
    // final when the setting fails).
    c->length_refused = !Spec.xof && len != Spec.out_bytes;
    if (c->length_refused) return 0;
    c->out_bytes = len;
    return 1;
  }

  // OpenSSL 3.4+ lets "size" set and read an XOF's length and lists both
  // names; 3.0-3.3 know "xoflen" (settable) only.  The lists follow the host.
  static bool size_is_xoflen(const ProvCtx* prov) { return at_least(prov->host, 3, 4); }
  // "size" then "xoflen"; from the second entry, "xoflen" alone; the END.
  static constexpr OSSL_PARAM kXofLengths[] = {
      OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, nullptr),
      OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, nullptr),
      OSSL_PARAM_END,
  };

  static const OSSL_PARAM* settable_ctx_params(void*, void* provctx) noexcept {
    if (!Spec.xof) return &kXofLengths[2];  // the END alone
    return size_is_xoflen(static_cast<const ProvCtx*>(provctx)) ? kXofLengths : &kXofLengths[1];
  }

  // XOFs: "xoflen" and "size" read the output length in force (both are
  // answered whatever the host; only 3.4+ lists them).
  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    const ParamScan<OSSL_PARAM, std::size(kLengthNames)> f(params, kLengthNames);
    for (std::size_t i = 0; i < std::size(kLengthNames); ++i) {
      OSSL_PARAM* p = f[i];
      if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->out_bytes)) {
        raise_error(c->prov, kErrFailedToSetParameter);  // (named after the call that failed)
        return 0;
      }
    }
    return 1;
  }

  static const OSSL_PARAM* gettable_ctx_params(void*, void* provctx) noexcept {
    return size_is_xoflen(static_cast<const ProvCtx*>(provctx)) ? kXofLengths : &kXofLengths[2];
  }

  static int get_params(OSSL_PARAM params[]) noexcept {
    const std::size_t size = Spec.out_bytes == kLengthUnset ? 0 : Spec.out_bytes;
    return digest_get_params(params, Spec.rate, size, Spec.xof, Spec.algid_absent);
  }
};

// Rates are 200 - 2 * security bytes (FIPS 202 §5-6).
constexpr Sha3Spec kSha3_224{"SHA3-224", 144, kSha3Pad, 28, false, true};
constexpr Sha3Spec kSha3_256{"SHA3-256", 136, kSha3Pad, 32, false, true};
constexpr Sha3Spec kSha3_384{"SHA3-384", 104, kSha3Pad, 48, false, true};
constexpr Sha3Spec kSha3_512{"SHA3-512", 72, kSha3Pad, 64, false, true};
constexpr Sha3Spec kShake128{"SHAKE-128", 168, kShakePad, 16, true, true};
constexpr Sha3Spec kShake256{"SHAKE-256", 136, kShakePad, 32, true, true};
constexpr Sha3Spec kShake128NoDefault{"SHAKE-128", 168, kShakePad, kLengthUnset, true, true};
constexpr Sha3Spec kShake256NoDefault{"SHAKE-256", 136, kShakePad, kLengthUnset, true, true};
constexpr Sha3Spec kKeccak224{"KECCAK-224", 144, kKeccakPad, 28, false, true};
constexpr Sha3Spec kKeccak256{"KECCAK-256", 136, kKeccakPad, 32, false, true};
constexpr Sha3Spec kKeccak384{"KECCAK-384", 104, kKeccakPad, 48, false, true};
constexpr Sha3Spec kKeccak512{"KECCAK-512", 72, kKeccakPad, 64, false, true};
constexpr Sha3Spec kKmac128{"KECCAK-KMAC-128", 168, kCshakePad, 32, true, false};
constexpr Sha3Spec kKmac256{"KECCAK-KMAC-256", 136, kCshakePad, 64, true, false};

}  // namespace

const OSSL_DISPATCH* const kSha3_224Functions = DigestDispatch<Sha3Digest<kSha3_224>>::kTable;
const OSSL_DISPATCH* const kSha3_256Functions = DigestDispatch<Sha3Digest<kSha3_256>>::kTable;
const OSSL_DISPATCH* const kSha3_384Functions = DigestDispatch<Sha3Digest<kSha3_384>>::kTable;
const OSSL_DISPATCH* const kSha3_512Functions = DigestDispatch<Sha3Digest<kSha3_512>>::kTable;
const OSSL_DISPATCH* const kShake128Functions = DigestDispatch<Sha3Digest<kShake128>>::kTable;
const OSSL_DISPATCH* const kShake256Functions = DigestDispatch<Sha3Digest<kShake256>>::kTable;
const OSSL_DISPATCH* const kShake128NoDefaultFunctions =
    DigestDispatch<Sha3Digest<kShake128NoDefault>>::kTable;
const OSSL_DISPATCH* const kShake256NoDefaultFunctions =
    DigestDispatch<Sha3Digest<kShake256NoDefault>>::kTable;
const OSSL_DISPATCH* const kKeccak224Functions = DigestDispatch<Sha3Digest<kKeccak224>>::kTable;
const OSSL_DISPATCH* const kKeccak256Functions = DigestDispatch<Sha3Digest<kKeccak256>>::kTable;
const OSSL_DISPATCH* const kKeccak384Functions = DigestDispatch<Sha3Digest<kKeccak384>>::kTable;
const OSSL_DISPATCH* const kKeccak512Functions = DigestDispatch<Sha3Digest<kKeccak512>>::kTable;
const OSSL_DISPATCH* const kKeccakKmac128Functions = DigestDispatch<Sha3Digest<kKmac128>>::kTable;
const OSSL_DISPATCH* const kKeccakKmac256Functions = DigestDispatch<Sha3Digest<kKmac256>>::kTable;

}  // namespace armaccel::prov
