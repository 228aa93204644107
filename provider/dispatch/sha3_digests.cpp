// SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202), KECCAK-224/256/384/512
// (the original Keccak padding, as OpenSSL 3.2+ names them) and
// KECCAK-KMAC-128/256 (the cSHAKE-padded sponge OpenSSL's KMAC builds on,
// SP 800-185) as EVP_MD implementations on the Keccak lane chosen for the
// provider instance.  The XOFs take "xoflen" (bytes; EVP_DigestFinalXOF sets
// it); their default lengths and every parameter are the default
// provider's.  The context is plain data: a copy is a memcpy.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>  // EVP_MAX_MD_SIZE
#include <openssl/params.h>

#include <cstring>
#include <type_traits>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "digest_common.h"
#include "dispatch_util.h"
#include "sha3_driver.h"
#include "tables.h"

namespace armaccel::prov {

namespace {

struct Sha3Ctx {
  const ProvCtx* prov;
  const KeccakKernel* kernel;  // fixed at newctx
  SpongeState sponge;
  std::size_t out_bytes;  // the digest size, or the XOF length ("xoflen")
  bool initialised;
  bool finalized;
};
static_assert(std::is_trivially_copyable_v<Sha3Ctx>);

struct Sha3Spec {
  const char* name;
  std::size_t rate;       // bytes
  std::uint8_t pad;       // domain bits and the first padding bit
  std::size_t out_bytes;  // digest size, or the XOF's default length
  bool xof;
  bool algid_absent;
};

template <const Sha3Spec& Spec>
class Sha3Digest {
 public:
  static const OSSL_DISPATCH kDispatch[];

 private:
  using Ctx = Sha3Ctx;
  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static void* newctx(void* provctx) noexcept {
    auto* c = static_cast<Ctx*>(OPENSSL_zalloc(sizeof(Ctx)));
    if (c == nullptr) return nullptr;
    c->prov = static_cast<const ProvCtx*>(provctx);
    c->kernel = c->prov->kernels.keccak;
    trace_new_context(c->prov, Spec.name, c->kernel->lane);
    return c;
  }

  static void freectx(void* vctx) noexcept { OPENSSL_clear_free(vctx, sizeof(Ctx)); }

  static void* dupctx(void* vctx) noexcept {
    auto* copy = static_cast<Ctx*>(OPENSSL_malloc(sizeof(Ctx)));
    if (copy != nullptr) std::memcpy(copy, vctx, sizeof(Ctx));
    return copy;
  }

  static int init(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    sponge_init(&c->sponge, Spec.rate, Spec.pad);
    c->out_bytes = Spec.out_bytes;
    c->initialised = true;
    c->finalized = false;
    return set_ctx_params(c, params);
  }

  static bool ready(Ctx* c) { return digest_usable(c->prov, c->initialised, c->finalized); }

  static int update(void* vctx, const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    if (!digest_update_ok(c->prov, c->initialised, c->finalized, in, inl)) return 0;
    sponge_absorb(c->kernel, &c->sponge, in, inl);
    return 1;
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsz) noexcept {
    Ctx* c = self(vctx);
    *outl = 0;
    if (!ready(c)) return 0;
    // XOFs write "xoflen" bytes whatever size EVP passes (OpenSSL 3.0's
    // EVP_DigestFinal_ex passes the default length), as the default provider
    // does -- but never more than EVP_MAX_MD_SIZE beyond what the caller
    // declared: EVP_DigestFinal_ex promises to write at most that much, so
    // an "xoflen" above it through EVP_DigestFinal_ex would overrun the
    // caller's buffer (EVP_DigestFinalXOF passes the full length).
    const bool too_small =
        Spec.xof ? outsz < c->out_bytes && c->out_bytes > EVP_MAX_MD_SIZE : outsz < c->out_bytes;
    if (too_small || (out == nullptr && c->out_bytes != 0)) {
      raise_error(c->prov, kErrInvalidDigestSize);
      return 0;
    }
    sponge_squeeze(c->kernel, &c->sponge, out, c->out_bytes);
    sponge_wipe(&c->sponge);
    c->finalized = true;
    *outl = c->out_bytes;
    return 1;
  }

  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_DIGEST_PARAM_XOFLEN);
    // A fixed-length digest has no "xoflen" (so EVP_DigestFinalXOF fails on
    // it, as with the default provider, instead of filling part of the
    // buffer).
    if (!Spec.xof) {
      if (p == nullptr) return 1;
      raise_error(c->prov, kErrInvalidDigestSize);
      return 0;
    }
    if (p != nullptr && !OSSL_PARAM_get_size_t(p, &c->out_bytes)) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
    return 1;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, nullptr),
        OSSL_PARAM_END,
    };
    static const OSSL_PARAM kNone[] = {OSSL_PARAM_END};
    return Spec.xof ? kList : kNone;
  }

  static int get_params(OSSL_PARAM params[]) noexcept {
    return digest_get_params(params, Spec.rate, Spec.out_bytes, Spec.xof, Spec.algid_absent);
  }

  static const OSSL_PARAM* gettable_params(void*) noexcept { return digest_gettable_params(); }
};

template <const Sha3Spec& Spec>
const OSSL_DISPATCH Sha3Digest<Spec>::kDispatch[] = {
    {OSSL_FUNC_DIGEST_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_DIGEST_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_DIGEST_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_DIGEST_INIT, as_dispatch(&init)},
    {OSSL_FUNC_DIGEST_UPDATE, as_dispatch(&update)},
    {OSSL_FUNC_DIGEST_FINAL, as_dispatch(&final)},
    {OSSL_FUNC_DIGEST_GET_PARAMS, as_dispatch(&get_params)},
    {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, as_dispatch(&gettable_params)},
    {OSSL_FUNC_DIGEST_SET_CTX_PARAMS, as_dispatch(&set_ctx_params)},
    {OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, as_dispatch(&settable_ctx_params)},
    {0, nullptr},
};

// Rates are 200 - 2 * security bytes (FIPS 202 §5-6).
constexpr Sha3Spec kSha3_224{"SHA3-224", 144, kSha3Pad, 28, false, true};
constexpr Sha3Spec kSha3_256{"SHA3-256", 136, kSha3Pad, 32, false, true};
constexpr Sha3Spec kSha3_384{"SHA3-384", 104, kSha3Pad, 48, false, true};
constexpr Sha3Spec kSha3_512{"SHA3-512", 72, kSha3Pad, 64, false, true};
constexpr Sha3Spec kShake128{"SHAKE-128", 168, kShakePad, 16, true, true};
constexpr Sha3Spec kShake256{"SHAKE-256", 136, kShakePad, 32, true, true};
constexpr Sha3Spec kKeccak224{"KECCAK-224", 144, kKeccakPad, 28, false, true};
constexpr Sha3Spec kKeccak256{"KECCAK-256", 136, kKeccakPad, 32, false, true};
constexpr Sha3Spec kKeccak384{"KECCAK-384", 104, kKeccakPad, 48, false, true};
constexpr Sha3Spec kKeccak512{"KECCAK-512", 72, kKeccakPad, 64, false, true};
constexpr Sha3Spec kKmac128{"KECCAK-KMAC-128", 168, kCshakePad, 32, true, false};
constexpr Sha3Spec kKmac256{"KECCAK-KMAC-256", 136, kCshakePad, 64, true, false};

}  // namespace

const OSSL_DISPATCH* const kSha3_224Functions = Sha3Digest<kSha3_224>::kDispatch;
const OSSL_DISPATCH* const kSha3_256Functions = Sha3Digest<kSha3_256>::kDispatch;
const OSSL_DISPATCH* const kSha3_384Functions = Sha3Digest<kSha3_384>::kDispatch;
const OSSL_DISPATCH* const kSha3_512Functions = Sha3Digest<kSha3_512>::kDispatch;
const OSSL_DISPATCH* const kShake128Functions = Sha3Digest<kShake128>::kDispatch;
const OSSL_DISPATCH* const kShake256Functions = Sha3Digest<kShake256>::kDispatch;
const OSSL_DISPATCH* const kKeccak224Functions = Sha3Digest<kKeccak224>::kDispatch;
const OSSL_DISPATCH* const kKeccak256Functions = Sha3Digest<kKeccak256>::kDispatch;
const OSSL_DISPATCH* const kKeccak384Functions = Sha3Digest<kKeccak384>::kDispatch;
const OSSL_DISPATCH* const kKeccak512Functions = Sha3Digest<kKeccak512>::kDispatch;
const OSSL_DISPATCH* const kKeccakKmac128Functions = Sha3Digest<kKmac128>::kDispatch;
const OSSL_DISPATCH* const kKeccakKmac256Functions = Sha3Digest<kKmac256>::kDispatch;

}  // namespace armaccel::prov
