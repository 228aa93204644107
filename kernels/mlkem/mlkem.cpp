// SPDX-License-Identifier: Apache-2.0
// ML-KEM (FIPS 203) over the portable polynomial arithmetic and a Keccak
// kernel: K-PKE (Algorithms 13-15) and the KEM (Algorithms 16-18).
#include "mlkem/mlkem.h"

#include <bit>
#include <cstring>

#include "mlkem/mlkem_poly.h"
#include "modes/sha3_driver.h"
#include "util/always_inline.h"
#include "util/ct_declassify.h"
#include "util/wipe.h"

namespace armaccel::mlkem {

const Params kMlkem512 = {"ML-KEM-512", 2, 3, 2, 10, 4, 800, 1632, 768};
const Params kMlkem768 = {"ML-KEM-768", 3, 2, 2, 10, 4, 1184, 2400, 1088};
const Params kMlkem1024 = {"ML-KEM-1024", 4, 2, 2, 11, 5, 1568, 3168, 1568};

namespace {

// Microcontroller builds (Arm M-profile) sample the matrix entries and the
// noise one polynomial at a time: no lane there gains from several Keccak
// states at once, and the workspace shrinks (two polynomials for the
// matrix instead of six, no noise sampled ahead), which is what bounds the
// stack.
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
constexpr bool kOneAtATime = true;
#else
constexpr bool kOneAtATime = false;
#endif
constexpr unsigned kMatrixWork = kOneAtATime ? 2 : 6;  // polynomials (matrix_rows)

constexpr unsigned kMaxK = 4;
constexpr std::size_t kPolyBytes = 384;  // ByteEncode_12

struct Vec {
  Poly p[kMaxK];
};

// Hash functions (§4.1): H = SHA3-256, J = SHAKE256 to 32 bytes, G =
// SHA3-512, PRF_eta = SHAKE256 to 64 eta bytes, XOF = SHAKE128.
// On a lane with the lane-form sponge (keccak.h) the state is never
// converted whole; outlen is 32 or 64, a multiple of 8 as it requires.
void sponge(const KeccakKernel* k, std::size_t rate, std::uint8_t pad, const std::uint8_t* a,
            std::size_t alen, const std::uint8_t* b, std::size_t blen, std::uint8_t* out,
            std::size_t outlen) {
  if (k->sponge_start != nullptr) {
    KeccakLaneState s;
    k->sponge_start(&s, rate, pad, a, alen, b, blen);
    k->sponge_squeeze(&s, out, outlen, rate);
    wipe(&s, sizeof s);
    return;
  }
  SpongeState s;
  sponge_init(&s, rate, pad);
  sponge_absorb(k, &s, a, alen);
  if (blen != 0) sponge_absorb(k, &s, b, blen);
  sponge_squeeze(k, &s, out, outlen);
  sponge_wipe(&s);
}

void hash_h(const KeccakKernel* k, const std::uint8_t* in, std::size_t len, std::uint8_t out[32]) {
  sponge(k, 136, kSha3Pad, in, len, nullptr, 0, out, 32);
}
void hash_g(const KeccakKernel* k, const std::uint8_t* a, std::size_t alen, const std::uint8_t* b,
            std::size_t blen, std::uint8_t out[64]) {
  sponge(k, 72, kSha3Pad, a, alen, b, blen, out, 64);
}
void hash_j(const KeccakKernel* k, const std::uint8_t z[32], const std::uint8_t* c,
            std::size_t clen, std::uint8_t out[32]) {
  sponge(k, 136, kShakePad, z, 32, c, clen, out, 32);
}

// Up to kBatch Keccak states side by side: the matrix entries and the
// noise polynomials come in batches, and a lane's permute_x4 costs far less
// than four permutations (the AArch64 lanes run two states in vector
// registers beside two in general-purpose registers).  Microcontroller
// builds take one state at a time.
constexpr unsigned kBatch = kOneAtATime ? 1 : 4;
struct StateBatch {
  std::uint64_t a[kBatch][kKeccakLanes];
};

// Keccak-f[1600] on the n states s[0..n-1] (1 <= n <= 4, distinct) with the
// lane's widest call: three go through permute_x4 with a zero state as the
// fourth (on the lanes that batch, one x4 call costs less than an x2 and a
// single one).
void permute_states(const KeccakKernel* k, std::uint64_t* const* s, unsigned n) {
  if constexpr (kBatch == 4) {  // (microcontroller builds: always one)
    if (n == 4) {
      k->permute_x4(s[0], s[1], s[2], s[3]);
      return;
    }
    if (n == 3) {
      std::uint64_t unused[kKeccakLanes] = {};
      k->permute_x4(s[0], s[1], s[2], unused);
      return;
    }
    if (n == 2) {
      k->permute_x2(s[0], s[1]);
      return;
    }
  }
  k->permute(s[0]);
}

// The first n states after absorbing one message each (seed || suffix[x],
// shorter than rate, padded with pad10*1 and the domain bits, FIPS 202 §4
// and §6.2) into the zero state, then permuted: ready to squeeze their
// first block.
void absorb_short(const KeccakKernel* k, StateBatch* s, unsigned n, std::size_t rate,
                  const std::uint8_t* seed, const std::uint8_t* const* suffix,
                  std::size_t suffix_len) {
  std::uint64_t* states[kBatch];
  for (unsigned x = 0; x < n; ++x) {
    std::uint8_t block[kSpongeMaxRate] = {};
    std::memcpy(block, seed, 32);
    std::memcpy(block + 32, suffix[x], suffix_len);
    block[32 + suffix_len] ^= kShakePad;
    block[rate - 1] ^= 0x80;
    for (std::size_t w = 0; w < kKeccakLanes; ++w)
      s->a[x][w] = w < rate / 8 ? bytes::load_le64(block + 8 * w) : 0;
    wipe(block, sizeof block);
    states[x] = s->a[x];
  }
  permute_states(k, states, n);
}

// The first `len` bytes of a state's output block (len <= rate).
void squeeze_block(const std::uint64_t a[kKeccakLanes], std::uint8_t* out, std::size_t len) {
  for (std::size_t w = 0; w * 8 < len; ++w) {
    std::uint8_t lane[8];
    bytes::store_le64(lane, a[w]);
    std::memcpy(out + 8 * w, lane, len - 8 * w < 8 ? len - 8 * w : 8);
  }
}

// The first `len` bytes of a state's output block, to be read before the
// state changes: on a little-endian host the lanes' own bytes (FIPS 202
// orders a lane's bytes least significant first), elsewhere a copy in
// `out` (len bytes of room).
const std::uint8_t* output_block(const std::uint64_t a[kKeccakLanes], std::uint8_t* out,
                                 std::size_t len) {
  if constexpr (std::endian::native == std::endian::little) {
    return reinterpret_cast<const std::uint8_t*>(a);
  } else {
    squeeze_block(a, out, len);
    return out;
  }
}

// f[x] <- SamplePolyCBD_eta(PRF_eta(seed, nonce + x)) for x < n, n <=
// kBatch (PRF_eta = SHAKE256(seed || N) to 64 eta bytes, §4.1), the n
// streams side by side; the eta bytes of one stream at a time.
ARMACCEL_NOINLINE void sample_noise_batch(const KeccakKernel* k, const MlkemKernel* arith,
                                          Poly* const* f, unsigned n, const std::uint8_t seed[32],
                                          std::uint8_t nonce, unsigned eta) {
  constexpr std::size_t kRate = 136;
  std::uint8_t nonces[kBatch];
  const std::uint8_t* suffix[kBatch];
  std::uint64_t* states[kBatch];
  StateBatch s;
  for (unsigned x = 0; x < n; ++x) {
    nonces[x] = static_cast<std::uint8_t>(nonce + x);
    suffix[x] = &nonces[x];
    states[x] = s.a[x];
  }
  absorb_short(k, &s, n, kRate, seed, suffix, 1);
  const std::size_t len = 64 * eta;  // 128 or 192: one or two blocks
  std::uint8_t buf[64 * 3];
  if (len <= kRate) {
    for (unsigned x = 0; x < n; ++x) arith->sample_cbd(f[x], output_block(s.a[x], buf, len), eta);
  } else {
    std::uint8_t first[kBatch][kRate];
    for (unsigned x = 0; x < n; ++x) squeeze_block(s.a[x], first[x], kRate);
    permute_states(k, states, n);
    for (unsigned x = 0; x < n; ++x) {
      std::memcpy(buf, first[x], kRate);
      squeeze_block(s.a[x], buf + kRate, len - kRate);
      arith->sample_cbd(f[x], buf, eta);
    }
    wipe(first, sizeof first);
  }
  wipe(buf, sizeof buf);
  wipe(&s, sizeof s);
}

// s <- SamplePolyCBD_eta(PRF_eta(seed, n)) on a lane with the lane-form
// sponge (keccak.h): 64 eta bytes squeezed at once.
ARMACCEL_NOINLINE void sample_noise_lane(const KeccakKernel* k, const MlkemKernel* arith, Poly* f,
                                         const std::uint8_t seed[32], std::uint8_t n,
                                         unsigned eta) {
  constexpr std::size_t kRate = 136;
  KeccakLaneState s;
  std::uint8_t buf[64 * 3];
  k->sponge_start(&s, kRate, kShakePad, seed, 32, &n, 1);
  k->sponge_squeeze(&s, buf, 64 * eta, kRate);
  arith->sample_cbd(f, buf, eta);
  wipe(buf, sizeof buf);
  wipe(&s, sizeof s);
}

// Noise polynomials *out[0], ..., *out[count - 1] from PRF_eta(seed, n),
// n counting up from *n: kBatch at a time, or one by one through the
// lane-form sponge where the lane has it.
void sample_noise_vec(const Kernels& kern, Poly* const* out, unsigned count,
                      const std::uint8_t seed[32], std::uint8_t* n, unsigned eta) {
  for (unsigned i = 0; i < count;) {
    const unsigned take = count - i < kBatch ? count - i : kBatch;
    if (kern.keccak->sponge_start != nullptr) {
      sample_noise_lane(kern.keccak, kern.arith, out[i], seed, *n, eta);
      i += 1;
      *n = static_cast<std::uint8_t>(*n + 1);
    } else {
      sample_noise_batch(kern.keccak, kern.arith, out + i, take, seed, *n, eta);
      i += take;
      *n = static_cast<std::uint8_t>(*n + take);
    }
  }
}

// SampleNTT (Algorithm 7) from XOF(rho || j || i) = SHAKE128 for n <=
// kBatch matrix entries: the n streams squeeze 168-byte blocks in lockstep
// (permute_states on those still short of 256 coefficients) and the
// arithmetic lane's rej_uniform parses them.  rho is public, so the
// branches are fine.  Gives exactly the one-stream result per entry.
ARMACCEL_NOINLINE void sample_ntt_batch(const Kernels& kern, Poly* const* f, unsigned n,
                                        const std::uint8_t rho[32], const std::uint8_t* const* ji) {
  constexpr std::size_t kRate = 168;
  StateBatch s;
  absorb_short(kern.keccak, &s, n, kRate, rho, ji, 2);
  unsigned count[kBatch] = {};
  std::uint8_t buf[kRate];
  for (;;) {
    std::uint64_t* open[kBatch];
    unsigned live = 0;
    for (unsigned x = 0; x < n; ++x) {
      if (count[x] == kN) continue;
      const std::uint8_t* const block = output_block(s.a[x], buf, kRate);
      count[x] += kern.arith->rej_uniform(f[x]->c + count[x], kN - count[x], block, kRate);
      if (count[x] < kN) open[live++] = s.a[x];
    }
    if (live == 0) break;
    permute_states(kern.keccak, open, live);
  }
}

// SampleNTT on a lane with the lane-form sponge (keccak.h): three blocks
// at once (504 bytes, 336 candidates of which 256 / (3329 / 4096) ~ 315 are
// needed on average, so three suffice but for ~1% of entries), then single
// blocks.  168 is a multiple of 3, so parsing in chunks of blocks gives the
// same coefficients as block by block.
ARMACCEL_NOINLINE void sample_ntt_lane(const Kernels& kern, Poly* f, const std::uint8_t rho[32],
                                       const std::uint8_t ji[2]) {
  constexpr std::size_t kRate = 168;
  constexpr std::size_t kFirst = 3;
  KeccakLaneState s;
  std::uint8_t buf[kFirst * kRate];
  kern.keccak->sponge_start(&s, kRate, kShakePad, rho, 32, ji, 2);
  kern.keccak->sponge_squeeze(&s, buf, kFirst * kRate, kRate);
  unsigned n = kern.arith->rej_uniform(f->c, kN, buf, kFirst * kRate);
  while (n < kN) {
    kern.keccak->sponge_squeeze(&s, buf, kRate, kRate);
    n += kern.arith->rej_uniform(f->c + n, kN - n, buf, kRate);
  }
}

// n <= kBatch entries, side by side where the lane has no lane-form
// sponge, else one by one.
void sample_ntt_entries(const Kernels& kern, Poly* const* f, unsigned n, const std::uint8_t rho[32],
                        const std::uint8_t* const* ji) {
  if (kern.keccak->sponge_start != nullptr) {
    for (unsigned x = 0; x < n; ++x) sample_ntt_lane(kern, f[x], rho, ji[x]);
  } else {
    sample_ntt_batch(kern, f, n, rho, ji);
  }
}

// h = (or with accumulate, +=) the sum of f[y] x g[y], y < n <= kBatch:
// the lane's multiply_ntts_sum where it has one, else n multiply_ntts.
void multiply_sum(const MlkemKernel* arith, Poly* h, const Poly* const* f, const Poly* const* g,
                  unsigned n, bool accumulate) {
  if (arith->multiply_ntts_sum != nullptr) {
    arith->multiply_ntts_sum(h, f, g, n, accumulate);
    return;
  }
  for (unsigned y = 0; y < n; ++y) arith->multiply_ntts(h, f[y], g[y], accumulate || y != 0);
}

// The rows of A-hat o v (or A-hat^T o v) in the NTT domain: entries are
// sampled from rho in row-major order (XOF(rho || j || i), or || i || j
// transposed), kBatch at a time, and multiplied into their row's
// accumulator at once, so the matrix is never stored.  A batch spans at
// most two rows (k >= 2), so two accumulators alternate: kBatch entries
// and two accumulators (6 polynomials, 3 KiB; one entry and one
// accumulator on microcontrollers, 1 KiB: kMatrixWork).  finish(i, row,
// scratch) is called as row i completes, in order; scratch is an entry
// already multiplied in, free until finish returns.  The caller may use
// work for anything once this returns.
template <class Finish>
void matrix_rows(const Params& p, const Kernels& kern, const std::uint8_t rho[32], bool transpose,
                 const Vec& v, Poly work[kMatrixWork], Finish&& finish) {
  Poly* const entry = work;
  Poly* const acc = work + kBatch;
  const unsigned total = p.k * p.k;
  for (unsigned e = 0; e < total; e += kBatch) {
    const unsigned n = total - e < kBatch ? total - e : kBatch;
    std::uint8_t ji[kBatch][2];
    const std::uint8_t* suffix[kBatch];
    Poly* f[kBatch];
    for (unsigned x = 0; x < n; ++x) {
      const unsigned i = (e + x) / p.k, j = (e + x) % p.k;
      ji[x][0] = static_cast<std::uint8_t>(transpose ? i : j);
      ji[x][1] = static_cast<std::uint8_t>(transpose ? j : i);
      suffix[x] = ji[x];
      f[x] = &entry[x];
    }
    sample_ntt_entries(kern, f, n, rho, suffix);
    // The batch's entries row by row: m of row i from column j on.
    for (unsigned x = 0; x < n;) {
      const unsigned i = (e + x) / p.k, j = (e + x) % p.k;
      const unsigned m = n - x < p.k - j ? n - x : p.k - j;
      Poly* const row = &acc[kOneAtATime ? 0 : i % 2];
      const Poly* fm[kBatch];
      const Poly* gm[kBatch];
      for (unsigned y = 0; y < m; ++y) {
        fm[y] = &entry[x + y];
        gm[y] = &v.p[j + y];
      }
      multiply_sum(kern.arith, row, fm, gm, m, j != 0);
      x += m;
      if (j + m == p.k) finish(i, row, &entry[x - 1]);
    }
  }
}

// The noise polynomials that complete the rows (K-PKE's e and e1): e_i =
// SamplePolyCBD_eta(PRF_eta(seed, base + i)) handed out as row i completes.
// Where the lane batches states, all `count` of them (the k rows', and
// with count = k + 1 also N = base + k: Encrypt's e2) are sampled at the
// first row, kBatch at a time, into slots of their own; one at a time,
// each goes into the row's scratch polynomial.
template <bool kOne>
struct RowNoise;

template <>
struct RowNoise<true> {
  Poly* get(const Kernels& kern, unsigned i, Poly* scratch, const std::uint8_t seed[32],
            unsigned base, unsigned eta, unsigned /*count*/) {
    std::uint8_t n = static_cast<std::uint8_t>(base + i);
    Poly* const out[1] = {scratch};
    sample_noise_vec(kern, out, 1, seed, &n, eta);
    return scratch;
  }
  // N = base + k (never: nothing is sampled ahead).
  Poly* spare(unsigned /*k*/) { return nullptr; }
  // Slots for the caller to sample e_0 .. e_(count-1) into ahead, with
  // noise of its own: none here.
  unsigned take_ahead(Poly** /*out*/, unsigned /*count*/) { return 0; }
};

template <>
struct RowNoise<false> {
  Poly e[kMaxK + 1];
  unsigned sampled = 0;
  Poly* get(const Kernels& kern, unsigned i, Poly* /*scratch*/, const std::uint8_t seed[32],
            unsigned base, unsigned eta, unsigned count) {
    if (i == 0 && sampled == 0) {
      Poly* out[kMaxK + 1];
      for (unsigned x = 0; x < count; ++x) out[x] = &e[x];
      std::uint8_t n = static_cast<std::uint8_t>(base);
      sample_noise_vec(kern, out, count, seed, &n, eta);
      sampled = count;
    }
    return &e[i];
  }
  // N = base + k, when it was sampled with the rows.
  Poly* spare(unsigned k) { return sampled > k ? &e[k] : nullptr; }
  // The slots of e_0 .. e_(count-1), for the caller to sample into ahead
  // in one batch with noise of its own (get then hands them out).
  unsigned take_ahead(Poly** out, unsigned count) {
    for (unsigned x = 0; x < count; ++x) out[x] = &e[x];
    sampled = count;
    return count;
  }
};

// Where K-PKE.Encrypt's ciphertext goes: written to `out`, or (decaps'
// re-encryption) compared with `expect`, the differences ORed into diff,
// without ever holding the whole re-encrypted ciphertext.
struct CiphertextSink {
  std::uint8_t* out;
  const std::uint8_t* expect;
  std::uint8_t diff;

  // ByteEncode_d(Compress_d(f)) at byte offset `at` (32 d bytes);
  // `scratch` (a polynomial the caller no longer needs, 512 bytes) holds
  // the bytes to compare, so the stack carries no extra buffer.
  void put(const MlkemKernel* arith, std::size_t at, const Poly* f, unsigned d, Poly* scratch) {
    if (out != nullptr) {
      arith->compress_encode(out + at, f, d);
      return;
    }
    auto* chunk = reinterpret_cast<std::uint8_t*>(scratch->c);
    arith->compress_encode(chunk, f, d);
    // 32 d bytes, compared eight at a time (every byte, no early exit).
    std::uint64_t acc = 0;
    for (std::size_t b = 0; b < 32 * d; b += 8) {
      std::uint64_t x, y;
      std::memcpy(&x, chunk + b, 8);
      std::memcpy(&y, expect + at + b, 8);
      acc |= x ^ y;
    }
    acc |= acc >> 32;
    acc |= acc >> 16;
    acc |= acc >> 8;
    diff |= static_cast<std::uint8_t>(acc);
  }
};

// K-PKE.KeyGen (Algorithm 13): ek_pke = ByteEncode12(t-hat) || rho and
// dk_pke = ByteEncode12(s-hat).  t-hat is produced row by row; e_i is
// handed out as its row completes (RowNoise).
void pke_keygen(const Params& p, const Kernels& kern, const std::uint8_t d[32], std::uint8_t* ek,
                std::uint8_t* dk_pke) {
  const MlkemKernel* arith = kern.arith;
  std::uint8_t rho_sigma[64];
  const std::uint8_t kk = static_cast<std::uint8_t>(p.k);
  hash_g(kern.keccak, d, 32, &kk, 1, rho_sigma);
  const std::uint8_t* rho = rho_sigma;
  const std::uint8_t* sigma = rho_sigma + 32;
  // rho goes into ek as it is (step 20): public, so the matrix sampling
  // may branch on it (the constant-time check's declassification point).
  ct::declassify(rho, 32);
  // s = PRF outputs N = 0 .. k-1, e = N = k .. 2k-1, all with eta1: in one
  // run of batches where e can be sampled ahead (2k streams, four at a
  // time), else s now and each e_i as its row completes.
  Vec s;
  RowNoise<kOneAtATime> e;
  Poly* noise[2 * kMaxK];
  for (unsigned i = 0; i < p.k; ++i) noise[i] = &s.p[i];
  const unsigned ahead = e.take_ahead(noise + p.k, p.k);
  std::uint8_t n = 0;
  sample_noise_vec(kern, noise, p.k + ahead, sigma, &n, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) {
    arith->ntt(&s.p[i]);
    arith->compress_encode(dk_pke + kPolyBytes * i, &s.p[i], 12);
  }
  Poly work[kMatrixWork];
  matrix_rows(p, kern, rho, false, s, work, [&](unsigned i, Poly* t, Poly* scratch) {
    Poly* const e_i = e.get(kern, i, scratch, sigma, p.k, p.eta1, p.k);
    arith->ntt(e_i);
    arith->add(t, t, e_i);  // t-hat_i = (A-hat o s-hat)_i + e-hat_i
    arith->compress_encode(ek + kPolyBytes * i, t, 12);
  });
  std::memcpy(ek + kPolyBytes * p.k, rho, 32);
  wipe(rho_sigma, sizeof rho_sigma);
  wipe(&s, sizeof s);
  wipe(&e, sizeof e);
  wipe(work, sizeof work);
}

// K-PKE.Encrypt (Algorithm 14) into `sink`.  u is produced row by row of
// A-hat^T; e1_i is sampled as its row completes (RowNoise), e2 after the
// rows (or with e1's batch); t-hat is decoded one polynomial at a time.
void pke_encrypt(const Params& p, const Kernels& kern, const std::uint8_t* ek,
                 const std::uint8_t m[32], const std::uint8_t r[32], CiphertextSink* sink) {
  const MlkemKernel* arith = kern.arith;
  // y = PRF N = 0 .. k-1 (eta1), e1 = N = k .. 2k-1, e2 = N = 2k (eta2).
  Vec y;
  Poly* yv[kMaxK];
  for (unsigned i = 0; i < p.k; ++i) yv[i] = &y.p[i];
  std::uint8_t n = 0;
  sample_noise_vec(kern, yv, p.k, r, &n, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) arith->ntt(&y.p[i]);
  // u = NTT^-1(A-hat^T o y-hat) + e1 (e1_i = PRF N = k + i, and where
  // the lane batches states, e2 = N = 2k with them)
  RowNoise<kOneAtATime> e1;
  Poly work[kMatrixWork];
  matrix_rows(p, kern, ek + kPolyBytes * p.k, true, y, work,
              [&](unsigned i, Poly* u, Poly* scratch) {
                Poly* const e1_i = e1.get(kern, i, scratch, r, p.k, p.eta2, p.k + 1);
                arith->inv_ntt(u);
                arith->add(u, u, e1_i);
                sink->put(arith, 32 * p.du * i, u, p.du, e1_i);  // e1_i is spent
              });
  // v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(ByteDecode_1(m)), in
  // the matrix's workspace; e2 (N = 2k) in y's first polynomial once y is
  // spent, unless it came with e1's batch.
  // t-hat's polynomials are decoded into work[1..], as many at a time as
  // fit (all k, but one on microcontrollers), and summed in one call.
  Poly& v = work[0];
  Poly& t = work[1];
  constexpr unsigned kGroup = kBatch < kMatrixWork - 1 ? kBatch : kMatrixWork - 1;
  for (unsigned j = 0; j < p.k; j += kGroup) {
    const unsigned m = p.k - j < kGroup ? p.k - j : kGroup;
    const Poly* tm[kGroup];
    const Poly* ym[kGroup];
    for (unsigned x = 0; x < m; ++x) {
      arith->decode_decompress(&work[1 + x], ek + kPolyBytes * (j + x), 12);
      tm[x] = &work[1 + x];
      ym[x] = &y.p[j + x];
    }
    multiply_sum(arith, &v, tm, ym, m, j != 0);
  }
  arith->inv_ntt(&v);
  Poly* e2 = e1.spare(p.k);
  if (e2 == nullptr) {
    e2 = &y.p[0];
    std::uint8_t n2 = static_cast<std::uint8_t>(2 * p.k);
    Poly* const out[1] = {e2};
    sample_noise_vec(kern, out, 1, r, &n2, p.eta2);
  }
  arith->add(&v, &v, e2);
  arith->decode_decompress(&t, m, 1);
  arith->add(&v, &v, &t);
  sink->put(arith, 32 * p.du * p.k, &v, p.dv, &t);  // t is spent
  wipe(&y, sizeof y);
  wipe(&e1, sizeof e1);
  wipe(work, sizeof work);
}

// K-PKE.Decrypt (Algorithm 15): w = v - NTT^-1(s-hat^T o NTT(u)), one
// polynomial of u and s-hat at a time.
void pke_decrypt(const Params& p, const MlkemKernel* arith, const std::uint8_t* dk_pke,
                 const std::uint8_t* ct, std::uint8_t m[32]) {
  Poly w, u, s;
  for (unsigned j = 0; j < p.k; ++j) {
    arith->decode_decompress(&u, ct + 32 * p.du * j, p.du);
    arith->ntt(&u);
    arith->decode_decompress(&s, dk_pke + kPolyBytes * j, 12);
    arith->multiply_ntts(&w, &s, &u, j != 0);
  }
  arith->inv_ntt(&w);
  arith->decode_decompress(&u, ct + 32 * p.du * p.k, p.dv);  // v
  arith->sub(&w, &u, &w);
  arith->compress_encode(m, &w, 1);
  wipe(&s, sizeof s);
  wipe(&w, sizeof w);
}

}  // namespace

void keygen(const Params& p, const Kernels& kern, const std::uint8_t d[32],
            const std::uint8_t z[32], std::uint8_t* ek, std::uint8_t* dk) {
  pke_keygen(p, kern, d, ek, dk);
  ct::declassify(ek, p.ek_bytes);  // the public output, before dk's copy of it
  const std::size_t pke = kPolyBytes * p.k;
  std::memcpy(dk + pke, ek, p.ek_bytes);
  hash_h(kern.keccak, ek, p.ek_bytes, dk + pke + p.ek_bytes);
  std::memcpy(dk + pke + p.ek_bytes + 32, z, 32);
}

void encaps(const Params& p, const Kernels& kern, const std::uint8_t* ek, const std::uint8_t m[32],
            std::uint8_t* ct, std::uint8_t ss[32]) {
  const KeccakKernel* keccak = kern.keccak;
  std::uint8_t h[32], kr[64];
  hash_h(keccak, ek, p.ek_bytes, h);
  hash_g(keccak, m, 32, h, 32, kr);  // (K, r) = G(m || H(ek))
  CiphertextSink sink{ct, nullptr, 0};
  pke_encrypt(p, kern, ek, m, kr + 32, &sink);
  std::memcpy(ss, kr, 32);
  wipe(kr, sizeof kr);
}

void decaps(const Params& p, const Kernels& kern, const std::uint8_t* dk, const std::uint8_t* ct,
            std::uint8_t ss[32]) {
  const KeccakKernel* keccak = kern.keccak;
  const std::size_t pke = kPolyBytes * p.k;
  const std::uint8_t* ek = dk + pke;
  const std::uint8_t* h = ek + p.ek_bytes;
  const std::uint8_t* z = h + 32;
  std::uint8_t m[32], kr[64], kbar[32];
  pke_decrypt(p, kern.arith, dk, ct, m);
  hash_g(keccak, m, 32, h, 32, kr);
  hash_j(keccak, z, ct, p.ct_bytes, kbar);
  // Re-encryption compared with ct as it is produced (constant time: every
  // byte is compared), then the selection of §6.3: K' or K-bar.
  CiphertextSink sink{nullptr, ct, 0};
  pke_encrypt(p, kern, ek, m, kr + 32, &sink);
  const std::uint8_t diff = sink.diff;
  const std::uint8_t take_kbar = static_cast<std::uint8_t>(0u - ((diff | (0u - diff)) >> 31));
  for (int i = 0; i < 32; ++i)
    ss[i] = static_cast<std::uint8_t>((kr[i] & ~take_kbar) | (kbar[i] & take_kbar));
  wipe(m, sizeof m);
  wipe(kr, sizeof kr);
  wipe(kbar, sizeof kbar);
}

bool check_encapsulation_key(const Params& p, const std::uint8_t* ek) {
  // Also run on dk's ByteEncode12(s-hat), which is secret (the provider's
  // private-key import): every byte is compared, the differences ORed, and
  // only the verdict is public (the key is refused or taken).
  std::uint8_t again[kPolyBytes];
  Poly t;
  std::uint8_t diff = 0;
  for (unsigned i = 0; i < p.k; ++i) {
    byte_decode(&t, ek + kPolyBytes * i, 12);
    byte_encode(again, &t, 12);
    for (std::size_t b = 0; b < kPolyBytes; ++b)
      diff |= static_cast<std::uint8_t>(again[b] ^ ek[kPolyBytes * i + b]);
  }
  wipe(again, sizeof again);
  wipe(&t, sizeof t);
  return ct::declassify_value(diff) == 0;
}

bool check_decapsulation_key(const Params& p, const KeccakKernel* keccak, const std::uint8_t* dk) {
  const std::uint8_t* ek = dk + kPolyBytes * p.k;
  std::uint8_t h[32];
  hash_h(keccak, ek, p.ek_bytes, h);
  std::uint8_t diff = 0;
  for (int i = 0; i < 32; ++i) diff |= static_cast<std::uint8_t>(h[i] ^ ek[p.ek_bytes + i]);
  return diff == 0;
}

}  // namespace armaccel::mlkem
