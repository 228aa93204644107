// ML-KEM (FIPS 203) over the portable polynomial arithmetic and a Keccak
// kernel: K-PKE (Algorithms 13-15) and the KEM (Algorithms 16-18).
#include "mlkem.h"

#include <cstring>

#include "mlkem_poly.h"
#include "sha3_driver.h"
#include "wipe.h"

namespace armaccel::mlkem {

const Params kMlkem512 = {"ML-KEM-512", 2, 3, 2, 10, 4, 800, 1632, 768};
const Params kMlkem768 = {"ML-KEM-768", 3, 2, 2, 10, 4, 1184, 2400, 1088};
const Params kMlkem1024 = {"ML-KEM-1024", 4, 2, 2, 11, 5, 1568, 3168, 1568};

namespace {

constexpr unsigned kMaxK = 4;
constexpr std::size_t kPolyBytes = 384;  // ByteEncode_12

struct Vec {
  Poly p[kMaxK];
};

// Hash functions (§4.1): H = SHA3-256, J = SHAKE256 to 32 bytes, G =
// SHA3-512, PRF_eta = SHAKE256 to 64 eta bytes, XOF = SHAKE128.
void sponge(const KeccakKernel* k, std::size_t rate, std::uint8_t pad, const std::uint8_t* a,
            std::size_t alen, const std::uint8_t* b, std::size_t blen, std::uint8_t* out,
            std::size_t outlen) {
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

// Absorbs one message of len < rate bytes per state (seed || suffix, padded
// with pad10*1 and the domain bits, FIPS 202 §4 and §6.2) into zero states,
// then permutes both: the states are ready to squeeze their first block.
void absorb_short_x2(const KeccakKernel* k, StatePair* s, std::size_t rate,
                     const std::uint8_t* seed, const std::uint8_t* const suffix[2],
                     std::size_t suffix_len) {
  for (int x = 0; x < 2; ++x) {
    std::uint8_t block[kSpongeMaxRate] = {};
    std::memcpy(block, seed, 32);
    std::memcpy(block + 32, suffix[x], suffix_len);
    block[32 + suffix_len] ^= kShakePad;
    block[rate - 1] ^= 0x80;
    for (std::size_t w = 0; w < kKeccakLanes; ++w)
      s->a[x][w] = w < rate / 8 ? bytes::load_le64(block + 8 * w) : 0;
    wipe(block, sizeof block);
  }
  k->permute_x2(s->a[0], s->a[1]);
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
void sample_noise_x2(const KeccakKernel* k, const MlkemKernel* arith, Poly* f0, Poly* f1,
                     const std::uint8_t seed[32], std::uint8_t n0, std::uint8_t n1, unsigned eta) {
  constexpr std::size_t kRate = 136;
  const std::uint8_t* const suffix[2] = {&n0, &n1};
  StatePair s;
  absorb_short_x2(k, &s, kRate, seed, suffix, 1);
  std::uint8_t buf[2][64 * 3];
  const std::size_t len = 64 * eta;
  for (int x = 0; x < 2; ++x) squeeze_block(s.a[x], buf[x], len < kRate ? len : kRate);
  if (len > kRate) {
    k->permute_x2(s.a[0], s.a[1]);
    for (int x = 0; x < 2; ++x) squeeze_block(s.a[x], buf[x] + kRate, len - kRate);
  }
  arith->sample_cbd(f0, buf[0], eta);
  if (f1 != nullptr) arith->sample_cbd(f1, buf[1], eta);
  wipe(buf, sizeof buf);
  wipe(&s, sizeof s);
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

// SampleNTT (Algorithm 7) from XOF(rho || j || i) = SHAKE128, for two
// matrix entries at once: both streams squeeze 168-byte blocks in lockstep
// through permute_x2 (one stream alone once the other is full) and the
// arithmetic lane's rej_uniform parses them.  rho is public, so the
// branches are fine.  Gives exactly the one-stream result for each entry.
void sample_ntt_x2(const Kernels& kern, Poly* f0, Poly* f1, const std::uint8_t rho[32],
                   const std::uint8_t ji0[2], const std::uint8_t ji1[2]) {
  constexpr std::size_t kRate = 168;
  const std::uint8_t* const suffix[2] = {ji0, ji1};
  StatePair s;
  absorb_short_x2(kern.keccak, &s, kRate, rho, suffix, 2);
  Poly* const f[2] = {f0, f1};
  unsigned n[2] = {0, 0};
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

// A-hat (or its transpose) from rho: a[i].p[j] = A-hat[i][j], built from
// XOF(rho || j || i) (or || i || j), two entries at a time.
void expand_matrix(const Params& p, const Kernels& kern, Vec a[kMaxK], const std::uint8_t rho[32],
                   bool transpose) {
  const unsigned total = p.k * p.k;
  for (unsigned e = 0; e < total; e += 2) {
    Poly* f[2];
    std::uint8_t ji[2][2];
    for (unsigned x = 0; x < 2; ++x) {
      const unsigned idx = e + x < total ? e + x : e;  // odd count: the last one twice
      const unsigned i = idx / p.k, j = idx % p.k;
      f[x] = &a[i].p[j];
      ji[x][0] = static_cast<std::uint8_t>(transpose ? i : j);
      ji[x][1] = static_cast<std::uint8_t>(transpose ? j : i);
    }
    Poly spare;
    sample_ntt_x2(kern, f[0], e + 1 < total ? f[1] : &spare, rho, ji[0], ji[1]);
  }
}

// r = sum_j a.p[j] x b.p[j] (NTT domain).
void inner_product(const Params& p, const MlkemKernel* arith, Poly* r, const Vec& a, const Vec& b) {
  arith->multiply_ntts(r, &a.p[0], &b.p[0], false);
  for (unsigned j = 1; j < p.k; ++j) arith->multiply_ntts(r, &a.p[j], &b.p[j], true);
}

// K-PKE.KeyGen (Algorithm 13): ek_pke = ByteEncode12(t-hat) || rho and
// dk_pke = ByteEncode12(s-hat).
void pke_keygen(const Params& p, const Kernels& kern, const std::uint8_t d[32], std::uint8_t* ek,
                std::uint8_t* dk_pke) {
  const KeccakKernel* k = kern.keccak;
  std::uint8_t rho_sigma[64];
  const std::uint8_t kk = static_cast<std::uint8_t>(p.k);
  hash_g(k, d, 32, &kk, 1, rho_sigma);
  const std::uint8_t* rho = rho_sigma;
  const std::uint8_t* sigma = rho_sigma + 32;
  Vec a[kMaxK], s, e;
  expand_matrix(p, kern, a, rho, false);
  // s and e are consecutive PRF outputs (N = 0 .. 2k-1), all with eta1.
  Poly* se[2 * kMaxK];
  for (unsigned i = 0; i < p.k; ++i) {
    se[i] = &s.p[i];
    se[p.k + i] = &e.p[i];
  }
  std::uint8_t n = 0;
  sample_noise_vec(kern, se, 2 * p.k, sigma, &n, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) {
    kern.arith->ntt(&s.p[i]);
    kern.arith->ntt(&e.p[i]);
  }
  for (unsigned i = 0; i < p.k; ++i) {
    Poly t;
    inner_product(p, kern.arith, &t, a[i], s);
    kern.arith->add(&t, &t, &e.p[i]);
    kern.arith->compress_encode(ek + kPolyBytes * i, &t, 12);
    kern.arith->compress_encode(dk_pke + kPolyBytes * i, &s.p[i], 12);
  }
  std::memcpy(ek + kPolyBytes * p.k, rho, 32);
  wipe(rho_sigma, sizeof rho_sigma);
  wipe(&s, sizeof s);
  wipe(&e, sizeof e);
}

// K-PKE.Encrypt (Algorithm 14).
void pke_encrypt(const Params& p, const Kernels& kern, const std::uint8_t* ek,
                 const std::uint8_t m[32], const std::uint8_t r[32], std::uint8_t* ct) {
  const MlkemKernel* arith = kern.arith;
  Vec t, at[kMaxK], y, e1;
  for (unsigned i = 0; i < p.k; ++i) arith->decode_decompress(&t.p[i], ek + kPolyBytes * i, 12);
  expand_matrix(p, kern, at, ek + kPolyBytes * p.k, true);
  // y (eta1), then e1 and e2 (eta2): PRF N = 0 .. 2k.  With eta1 = eta2
  // (ML-KEM-768/1024) all 2k + 1 are sampled in pairs; else y and e1 || e2
  // separately.
  Poly e2;
  Poly* noise[2 * kMaxK + 1];
  for (unsigned i = 0; i < p.k; ++i) {
    noise[i] = &y.p[i];
    noise[p.k + i] = &e1.p[i];
  }
  noise[2 * p.k] = &e2;
  std::uint8_t n = 0;
  if (p.eta1 == p.eta2) {
    sample_noise_vec(kern, noise, 2 * p.k + 1, r, &n, p.eta1);
  } else {
    sample_noise_vec(kern, noise, p.k, r, &n, p.eta1);
    sample_noise_vec(kern, noise + p.k, p.k + 1, r, &n, p.eta2);
  }
  for (unsigned i = 0; i < p.k; ++i) arith->ntt(&y.p[i]);
  // u = NTT^-1(A-hat^T o y-hat) + e1
  std::uint8_t* c1 = ct;
  for (unsigned i = 0; i < p.k; ++i) {
    Poly u;
    inner_product(p, arith, &u, at[i], y);
    arith->inv_ntt(&u);
    arith->add(&u, &u, &e1.p[i]);
    arith->compress_encode(c1 + 32 * p.du * i, &u, p.du);
  }
  // v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(ByteDecode_1(m))
  Poly v, mu;
  inner_product(p, arith, &v, t, y);
  arith->inv_ntt(&v);
  arith->add(&v, &v, &e2);
  arith->decode_decompress(&mu, m, 1);
  arith->add(&v, &v, &mu);
  arith->compress_encode(c1 + 32 * p.du * p.k, &v, p.dv);
  wipe(&y, sizeof y);
  wipe(&e1, sizeof e1);
  wipe(&e2, sizeof e2);
  wipe(&mu, sizeof mu);
  wipe(&v, sizeof v);
}

// K-PKE.Decrypt (Algorithm 15).
void pke_decrypt(const Params& p, const MlkemKernel* arith, const std::uint8_t* dk_pke,
                 const std::uint8_t* ct, std::uint8_t m[32]) {
  Vec u, s;
  for (unsigned i = 0; i < p.k; ++i) {
    arith->decode_decompress(&u.p[i], ct + 32 * p.du * i, p.du);
    arith->ntt(&u.p[i]);
    arith->decode_decompress(&s.p[i], dk_pke + kPolyBytes * i, 12);
  }
  Poly v, w;
  arith->decode_decompress(&v, ct + 32 * p.du * p.k, p.dv);
  inner_product(p, arith, &w, s, u);
  arith->inv_ntt(&w);
  arith->sub(&w, &v, &w);
  arith->compress_encode(m, &w, 1);
  wipe(&s, sizeof s);
  wipe(&w, sizeof w);
}

}  // namespace

void keygen(const Params& p, const Kernels& kern, const std::uint8_t d[32],
            const std::uint8_t z[32], std::uint8_t* ek, std::uint8_t* dk) {
  pke_keygen(p, kern, d, ek, dk);
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
  pke_encrypt(p, kern, ek, m, kr + 32, ct);
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
  std::uint8_t ct2[1568];
  pke_decrypt(p, kern.arith, dk, ct, m);
  hash_g(keccak, m, 32, h, 32, kr);
  hash_j(keccak, z, ct, p.ct_bytes, kbar);
  pke_encrypt(p, kern, ek, m, kr + 32, ct2);
  // Constant-time comparison and selection (§6.3: K' or K-bar).
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < p.ct_bytes; ++i) diff |= static_cast<std::uint8_t>(ct[i] ^ ct2[i]);
  const std::uint8_t take_kbar = static_cast<std::uint8_t>(0u - ((diff | (0u - diff)) >> 31));
  for (int i = 0; i < 32; ++i)
    ss[i] = static_cast<std::uint8_t>((kr[i] & ~take_kbar) | (kbar[i] & take_kbar));
  wipe(m, sizeof m);
  wipe(kr, sizeof kr);
  wipe(kbar, sizeof kbar);
  wipe(ct2, sizeof ct2);
}

bool check_encapsulation_key(const Params& p, const std::uint8_t* ek) {
  std::uint8_t again[kPolyBytes];
  for (unsigned i = 0; i < p.k; ++i) {
    Poly t;
    byte_decode(&t, ek + kPolyBytes * i, 12);
    byte_encode(again, &t, 12);
    if (std::memcmp(again, ek + kPolyBytes * i, kPolyBytes) != 0) return false;  // public data
  }
  return true;
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
