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

// s <- SamplePolyCBD_eta(PRF_eta(seed, n)).
void sample_noise(const KeccakKernel* k, Poly* f, const std::uint8_t seed[32], std::uint8_t n,
                  unsigned eta) {
  std::uint8_t buf[64 * 3];
  sponge(k, 136, kShakePad, seed, 32, &n, 1, buf, 64 * eta);
  sample_cbd(f, buf, eta);
  wipe(buf, sizeof buf);
}

// SampleNTT (Algorithm 7) from XOF(rho || j || i): rejection sampling of
// 12-bit values below q.  rho is public, so the branches are fine.
void sample_ntt(const KeccakKernel* k, Poly* f, const std::uint8_t rho[32], std::uint8_t j,
                std::uint8_t i) {
  SpongeState s;
  sponge_init(&s, 168, kShakePad);
  const std::uint8_t ji[2] = {j, i};
  sponge_absorb(k, &s, rho, 32);
  sponge_absorb(k, &s, ji, 2);
  std::uint8_t buf[168];
  int n = 0;
  while (n < kN) {
    sponge_squeeze(k, &s, buf, sizeof buf);
    for (std::size_t b = 0; b + 3 <= sizeof buf && n < kN; b += 3) {
      const std::uint16_t d1 = static_cast<std::uint16_t>(buf[b] | ((buf[b + 1] & 0x0f) << 8));
      const std::uint16_t d2 = static_cast<std::uint16_t>((buf[b + 1] >> 4) | (buf[b + 2] << 4));
      if (d1 < kQ) f->c[n++] = d1;
      if (d2 < kQ && n < kN) f->c[n++] = d2;
    }
  }
}

// A-hat (or its transpose) from rho: a[i].p[j] = A-hat[i][j].
void expand_matrix(const Params& p, const KeccakKernel* k, Vec a[kMaxK], const std::uint8_t rho[32],
                   bool transpose) {
  for (unsigned i = 0; i < p.k; ++i)
    for (unsigned j = 0; j < p.k; ++j)
      sample_ntt(k, &a[i].p[j], rho, static_cast<std::uint8_t>(transpose ? i : j),
                 static_cast<std::uint8_t>(transpose ? j : i));
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
  expand_matrix(p, k, a, rho, false);
  std::uint8_t n = 0;
  for (unsigned i = 0; i < p.k; ++i) sample_noise(k, &s.p[i], sigma, n++, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) sample_noise(k, &e.p[i], sigma, n++, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) {
    kern.arith->ntt(&s.p[i]);
    kern.arith->ntt(&e.p[i]);
  }
  for (unsigned i = 0; i < p.k; ++i) {
    Poly t;
    inner_product(p, kern.arith, &t, a[i], s);
    add(&t, &t, &e.p[i]);
    byte_encode(ek + kPolyBytes * i, &t, 12);
    byte_encode(dk_pke + kPolyBytes * i, &s.p[i], 12);
  }
  std::memcpy(ek + kPolyBytes * p.k, rho, 32);
  wipe(rho_sigma, sizeof rho_sigma);
  wipe(&s, sizeof s);
  wipe(&e, sizeof e);
}

// K-PKE.Encrypt (Algorithm 14).
void pke_encrypt(const Params& p, const Kernels& kern, const std::uint8_t* ek,
                 const std::uint8_t m[32], const std::uint8_t r[32], std::uint8_t* ct) {
  const KeccakKernel* k = kern.keccak;
  Vec t, at[kMaxK], y, e1;
  for (unsigned i = 0; i < p.k; ++i) byte_decode(&t.p[i], ek + kPolyBytes * i, 12);
  expand_matrix(p, k, at, ek + kPolyBytes * p.k, true);
  std::uint8_t n = 0;
  for (unsigned i = 0; i < p.k; ++i) sample_noise(k, &y.p[i], r, n++, p.eta1);
  for (unsigned i = 0; i < p.k; ++i) sample_noise(k, &e1.p[i], r, n++, p.eta2);
  Poly e2;
  sample_noise(k, &e2, r, n, p.eta2);
  for (unsigned i = 0; i < p.k; ++i) kern.arith->ntt(&y.p[i]);
  // u = NTT^-1(A-hat^T o y-hat) + e1
  std::uint8_t* c1 = ct;
  for (unsigned i = 0; i < p.k; ++i) {
    Poly u;
    inner_product(p, kern.arith, &u, at[i], y);
    kern.arith->inv_ntt(&u);
    add(&u, &u, &e1.p[i]);
    compress(&u, p.du);
    byte_encode(c1 + 32 * p.du * i, &u, p.du);
  }
  // v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(ByteDecode_1(m))
  Poly v, mu;
  inner_product(p, kern.arith, &v, t, y);
  kern.arith->inv_ntt(&v);
  add(&v, &v, &e2);
  byte_decode(&mu, m, 1);
  decompress(&mu, 1);
  add(&v, &v, &mu);
  compress(&v, p.dv);
  byte_encode(c1 + 32 * p.du * p.k, &v, p.dv);
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
    byte_decode(&u.p[i], ct + 32 * p.du * i, p.du);
    decompress(&u.p[i], p.du);
    arith->ntt(&u.p[i]);
    byte_decode(&s.p[i], dk_pke + kPolyBytes * i, 12);
  }
  Poly v, w;
  byte_decode(&v, ct + 32 * p.du * p.k, p.dv);
  decompress(&v, p.dv);
  inner_product(p, arith, &w, s, u);
  arith->inv_ntt(&w);
  sub(&w, &v, &w);
  compress(&w, 1);
  byte_encode(m, &w, 1);
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
