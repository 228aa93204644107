// SPDX-License-Identifier: Apache-2.0
// ML-KEM (FIPS 203) over the portable polynomial arithmetic and a Keccak
// kernel: K-PKE (Algorithms 13-15) and the KEM (Algorithms 16-18).
#include "mlkem/mlkem.h"

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
// noise one polynomial at a time: no lane there gains from two Keccak
// states at once, and the workspace halves (two polynomials for the
// matrix instead of four, no noise pair), which is what bounds the stack.
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
constexpr bool kOneAtATime = true;
#else
constexpr bool kOneAtATime = false;
#endif
constexpr unsigned kMatrixWork = kOneAtATime ? 2 : 4;  // polynomials

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

// Two Keccak states side by side (the matrix and the noise come in pairs,
// and permute_x2 costs about what one permutation does on the vector lanes).
struct StatePair {
  std::uint64_t a[2][kKeccakLanes];
};

// The states after absorbing one message each (seed || suffix, shorter
// than rate, padded with pad10*1 and the domain bits, FIPS 202 §4 and
// §6.2) into the zero state, then permuted: ready to squeeze their first
// block.  With two = false only the first state is used.
void absorb_short_x2(const KeccakKernel* k, StatePair* s, std::size_t rate,
                     const std::uint8_t* seed, const std::uint8_t* const suffix[2],
                     std::size_t suffix_len, bool two) {
  for (int x = 0; x < (two ? 2 : 1); ++x) {
    std::uint8_t block[kSpongeMaxRate] = {};
    std::memcpy(block, seed, 32);
    std::memcpy(block + 32, suffix[x], suffix_len);
    block[32 + suffix_len] ^= kShakePad;
    block[rate - 1] ^= 0x80;
    for (std::size_t w = 0; w < kKeccakLanes; ++w)
      s->a[x][w] = w < rate / 8 ? bytes::load_le64(block + 8 * w) : 0;
    wipe(block, sizeof block);
  }
  if (two) {
    k->permute_x2(s->a[0], s->a[1]);
  } else {
    k->permute(s->a[0]);
  }
}

// The first `len` bytes of a state's output block (len <= rate).
void squeeze_block(const std::uint64_t a[kKeccakLanes], std::uint8_t* out, std::size_t len) {
  for (std::size_t w = 0; w * 8 < len; ++w) {
    std::uint8_t lane[8];
    bytes::store_le64(lane, a[w]);
    std::memcpy(out + 8 * w, lane, len - 8 * w < 8 ? len - 8 * w : 8);
  }
}

// s <- SamplePolyCBD_eta(PRF_eta(seed, n)) for two polynomials at once
// (PRF_eta = SHAKE256(seed || n) to 64 eta bytes, §4.1), f1 may be null.
ARMACCEL_NOINLINE void sample_noise_pair(const KeccakKernel* k, const MlkemKernel* arith, Poly* f0,
                                         Poly* f1, const std::uint8_t seed[32], std::uint8_t n0,
                                         std::uint8_t n1, unsigned eta) {
  constexpr std::size_t kRate = 136;
  const std::uint8_t* const suffix[2] = {&n0, &n1};
  const bool two = f1 != nullptr;
  StatePair s;
  absorb_short_x2(k, &s, kRate, seed, suffix, 1, two);
  std::uint8_t buf[2][64 * 3];
  const std::size_t len = 64 * eta;
  for (int x = 0; x < (two ? 2 : 1); ++x) squeeze_block(s.a[x], buf[x], len < kRate ? len : kRate);
  if (len > kRate) {
    if (two) {
      k->permute_x2(s.a[0], s.a[1]);
    } else {
      k->permute(s.a[0]);
    }
    for (int x = 0; x < (two ? 2 : 1); ++x) squeeze_block(s.a[x], buf[x] + kRate, len - kRate);
  }
  arith->sample_cbd(f0, buf[0], eta);
  if (f1 != nullptr) arith->sample_cbd(f1, buf[1], eta);
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

// One noise polynomial, on either path.
void sample_noise_one(const KeccakKernel* k, const MlkemKernel* arith, Poly* f,
                      const std::uint8_t seed[32], std::uint8_t n, unsigned eta) {
  if (k->sponge_start != nullptr) {
    sample_noise_lane(k, arith, f, seed, n, eta);
  } else {
    sample_noise_pair(k, arith, f, nullptr, seed, n, 0, eta);
  }
}

// Two (f1 may be null: one), in a pair of states where the lane has no
// lane-form sponge (each path out of line: their buffers are on the stack
// only while they run).
void sample_noise_x2(const KeccakKernel* k, const MlkemKernel* arith, Poly* f0, Poly* f1,
                     const std::uint8_t seed[32], std::uint8_t n0, std::uint8_t n1, unsigned eta) {
  if (k->sponge_start != nullptr) {
    sample_noise_lane(k, arith, f0, seed, n0, eta);
    if (f1 != nullptr) sample_noise_lane(k, arith, f1, seed, n1, eta);
  } else {
    sample_noise_pair(k, arith, f0, f1, seed, n0, n1, eta);
  }
}

// Noise polynomials *out[0], ..., *out[count - 1] from PRF_eta(seed, n),
// n counting up from *n, two at a time.
void sample_noise_vec(const Kernels& kern, Poly* const* out, unsigned count,
                      const std::uint8_t seed[32], std::uint8_t* n, unsigned eta) {
  for (unsigned i = 0; i < count; i += 2) {
    const bool two = i + 1 < count;
    sample_noise_x2(kern.keccak, kern.arith, out[i], two ? out[i + 1] : nullptr, seed, *n,
                    static_cast<std::uint8_t>(*n + 1), eta);
    *n = static_cast<std::uint8_t>(*n + (two ? 2 : 1));
  }
}

// SampleNTT (Algorithm 7) from XOF(rho || j || i) = SHAKE128 for one or
// two matrix entries (f1 null: one): two streams squeeze 168-byte blocks
// in lockstep through permute_x2 (one stream alone once the other is full)
// and the arithmetic lane's rej_uniform parses them.  rho is public, so
// the branches are fine.  Gives exactly the one-stream result per entry.
ARMACCEL_NOINLINE void sample_ntt_pair(const Kernels& kern, Poly* f0, Poly* f1,
                                       const std::uint8_t rho[32], const std::uint8_t ji0[2],
                                       const std::uint8_t ji1[2]) {
  constexpr std::size_t kRate = 168;
  const std::uint8_t* const suffix[2] = {ji0, f1 != nullptr ? ji1 : ji0};
  StatePair s;
  absorb_short_x2(kern.keccak, &s, kRate, rho, suffix, 2, f1 != nullptr);
  Poly* const f[2] = {f0, f1};
  unsigned n[2] = {0, f1 != nullptr ? 0u : kN};
  std::uint8_t buf[kRate];
  for (;;) {
    for (int x = 0; x < 2; ++x) {
      if (n[x] == kN) continue;
      squeeze_block(s.a[x], buf, kRate);
      n[x] += kern.arith->rej_uniform(f[x]->c + n[x], kN - n[x], buf, kRate);
    }
    if (n[0] == kN && n[1] == kN) break;
    if (n[0] < kN && n[1] < kN) {
      kern.keccak->permute_x2(s.a[0], s.a[1]);
    } else {
      kern.keccak->permute(s.a[n[0] < kN ? 0 : 1]);
    }
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

// Two (f1 may be null: one), in a pair of states where the lane has no
// lane-form sponge.
void sample_ntt_x2(const Kernels& kern, Poly* f0, Poly* f1, const std::uint8_t rho[32],
                   const std::uint8_t ji0[2], const std::uint8_t ji1[2]) {
  if (kern.keccak->sponge_start != nullptr) {
    sample_ntt_lane(kern, f0, rho, ji0);
    if (f1 != nullptr) sample_ntt_lane(kern, f1, rho, ji1);
  } else {
    sample_ntt_pair(kern, f0, f1, rho, ji0, ji1);
  }
}

// The rows of A-hat o v (or A-hat^T o v) in the NTT domain, one row at a
// time: entries are sampled from rho in row-major order (XOF(rho || j ||
// i), or || i || j transposed) and multiplied into the row's accumulator
// at once, so the matrix is never stored.  Two entries at a time where the
// Keccak lane pairs states (two entries and two accumulators open, 2 KiB),
// else one (one entry and one accumulator, 1 KiB: kMatrixWork).
// finish(i, row, scratch) is called as row i completes, in order; scratch
// is an entry already multiplied in, free until finish returns.  The
// caller may use work for anything once this returns.
template <class Finish>
void matrix_rows(const Params& p, const Kernels& kern, const std::uint8_t rho[32], bool transpose,
                 const Vec& v, Poly work[kMatrixWork], Finish&& finish) {
  const auto xof_index = [&](unsigned i, unsigned j, std::uint8_t ji[2]) {
    ji[0] = static_cast<std::uint8_t>(transpose ? i : j);
    ji[1] = static_cast<std::uint8_t>(transpose ? j : i);
  };
  if constexpr (kOneAtATime) {
    Poly* const entry = &work[0];
    Poly* const acc = &work[1];
    for (unsigned i = 0; i < p.k; ++i) {
      for (unsigned j = 0; j < p.k; ++j) {
        std::uint8_t ji[2];
        xof_index(i, j, ji);
        sample_ntt_x2(kern, entry, nullptr, rho, ji, ji);
        kern.arith->multiply_ntts(acc, entry, &v.p[j], j != 0);
      }
      finish(i, acc, entry);
    }
  } else {
    Poly* const entry = work;
    Poly* const acc = work + 2;
    const unsigned total = p.k * p.k;
    for (unsigned e = 0; e < total; e += 2) {
      const unsigned count = e + 1 < total ? 2 : 1;
      std::uint8_t ji[2][2];
      for (unsigned x = 0; x < count; ++x) xof_index((e + x) / p.k, (e + x) % p.k, ji[x]);
      sample_ntt_x2(kern, &entry[0], count == 2 ? &entry[1] : nullptr, rho, ji[0], ji[1]);
      for (unsigned x = 0; x < count; ++x) {
        const unsigned i = (e + x) / p.k, j = (e + x) % p.k;
        kern.arith->multiply_ntts(&acc[i % 2], &entry[x], &v.p[j], j != 0);
        if (j + 1 == p.k) finish(i, &acc[i % 2], &entry[x]);
      }
    }
  }
}

// The noise polynomials that complete the rows (K-PKE's e and e1): e_i =
// SamplePolyCBD_eta(PRF_eta(seed, base + i)) handed out as row i completes.
// Where the lane pairs states they are sampled two at a time (e_i with
// e_i+1, or with whatever N = base + i + 1 names when `second` says so)
// into two slots of their own; one at a time, each goes into the row's
// scratch polynomial.
template <bool kOne>
struct RowNoise;

template <>
struct RowNoise<true> {
  Poly* get(const Kernels& kern, unsigned i, Poly* scratch, const std::uint8_t seed[32],
            unsigned base, unsigned eta, bool /*second*/) {
    sample_noise_one(kern.keccak, kern.arith, scratch, seed, static_cast<std::uint8_t>(base + i),
                     eta);
    return scratch;
  }
  // The second of the last pair (never: nothing is sampled ahead).
  Poly* spare(unsigned /*k*/) { return nullptr; }
};

template <>
struct RowNoise<false> {
  Poly e[2];
  Poly* get(const Kernels& kern, unsigned i, Poly* /*scratch*/, const std::uint8_t seed[32],
            unsigned base, unsigned eta, bool second) {
    if (i % 2 == 0)
      sample_noise_x2(kern.keccak, kern.arith, &e[0], second ? &e[1] : nullptr, seed,
                      static_cast<std::uint8_t>(base + i), static_cast<std::uint8_t>(base + i + 1),
                      eta);
    return &e[i % 2];
  }
  // N = base + k after k rows: sampled with the last row when k is odd.
  Poly* spare(unsigned k) { return k % 2 == 1 ? &e[1] : nullptr; }
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
// sampled as its row completes (RowNoise).
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
  // s = PRF outputs N = 0 .. k-1, e = N = k .. 2k-1, all with eta1.
  Vec s;
  Poly* sv[kMaxK];
  for (unsigned i = 0; i < p.k; ++i) sv[i] = &s.p[i];
  std::uint8_t n = 0;
  sample_noise_vec(kern, sv, p.k, sigma, &n, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) {
    arith->ntt(&s.p[i]);
    arith->compress_encode(dk_pke + kPolyBytes * i, &s.p[i], 12);
  }
  RowNoise<kOneAtATime> e;
  Poly work[kMatrixWork];
  matrix_rows(p, kern, rho, false, s, work, [&](unsigned i, Poly* t, Poly* scratch) {
    Poly* const e_i = e.get(kern, i, scratch, sigma, p.k, p.eta1, i + 1 < p.k);
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
// rows (or with the last pair); t-hat is decoded one polynomial at a time.
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
  // u = NTT^-1(A-hat^T o y-hat) + e1 (e1_i = PRF N = k + i, and with the
  // pairs, e2 as the last pair's second when k is odd)
  RowNoise<kOneAtATime> e1;
  Poly work[kMatrixWork];
  matrix_rows(p, kern, ek + kPolyBytes * p.k, true, y, work,
              [&](unsigned i, Poly* u, Poly* scratch) {
                Poly* const e1_i = e1.get(kern, i, scratch, r, p.k, p.eta2, true);
                arith->inv_ntt(u);
                arith->add(u, u, e1_i);
                sink->put(arith, 32 * p.du * i, u, p.du, e1_i);  // e1_i is spent
              });
  // v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(ByteDecode_1(m)), in
  // the matrix's workspace; e2 (N = 2k) in y's first polynomial once y is
  // spent, unless it came with the last pair.
  Poly& v = work[0];
  Poly& t = work[1];
  for (unsigned j = 0; j < p.k; ++j) {
    arith->decode_decompress(&t, ek + kPolyBytes * j, 12);
    arith->multiply_ntts(&v, &t, &y.p[j], j != 0);
  }
  arith->inv_ntt(&v);
  Poly* e2 = e1.spare(p.k);
  if (e2 == nullptr) {
    e2 = &y.p[0];
    sample_noise_one(kern.keccak, arith, e2, r, static_cast<std::uint8_t>(2 * p.k), p.eta2);
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
