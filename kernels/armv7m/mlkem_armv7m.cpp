// SPDX-License-Identifier: Apache-2.0
// ML-KEM arithmetic lane for ARMv7E-M (Cortex-M4/M7 with the DSP
// extension): NTT, inverse NTT and MultiplyNTTs in Thumb-2 assembly
// (mlkem_ntt.S); rej_uniform, compress_encode / decode_decompress for
// d = 1, 4, 5, 10, 11, 12, sample_cbd (eta 2, 3), add and sub in
// mlkem_coding.S; other d fall back to the portable functions.  Built only
// when the compiler targets ARMv7E-M (__ARM_FEATURE_DSP), so the lane
// needs no run-time feature bit.
//
// The twiddle tables the assembly reads are generated here at compile time
// in the order and form it consumes them (see mlkem_ntt.S): int16, zeta^k
// times the Montgomery factor 2^16, reduced to (-q/2, q/2].
#include <cstddef>
#include <cstdint>

#include "api/mlkem_kernel.h"
#include "mlkem/mlkem_zetas.h"

#if !defined(__ARM_FEATURE_DSP)
#error "mlkem_armv7m.cpp needs the ARMv7E-M DSP instructions"
#endif

namespace armaccel::armv7m {

using mlkem::kQ;

using mlkem::zetas::bit_rev7;
using mlkem::zetas::pow_mod;

// x mod q as the representative in (-q/2, q/2].
constexpr std::int16_t centered(std::uint32_t x) {
  const auto r = static_cast<std::int32_t>(x % kQ);
  return static_cast<std::int16_t>(r > kQ / 2 ? r - kQ : r);
}

// zeta^BitRev7(k) 2^16 mod^± q (Algorithm 9/10's zeta_k in Montgomery form).
constexpr std::int16_t zm(unsigned k) {
  return centered(pow_mod(17, bit_rev7(k)) * 65536u);
}

constexpr std::uint32_t kInv128 = 3303;  // 128^-1 mod q

struct NttZetas {
  alignas(4) std::int16_t v[136];
};
struct InvZetas {
  alignas(4) std::int16_t v[148];
};
struct Gammas {
  alignas(4) std::int16_t v[128];
};

// Forward: [0..7] layers 1-3 {z1; z2 z3; z4..z7; pad}; [8 + 8 b ..] layers
// 4-6 of 32-coefficient block b {z(8+b); z(16+2b) z(17+2b); z(32+4b) ..
// z(35+4b); pad}; [72 + i] layer 7, group i: z(64+i).
constexpr NttZetas make_ntt_zetas() {
  NttZetas t{};
  const unsigned first[7] = {1, 2, 3, 4, 5, 6, 7};
  for (int j = 0; j < 7; ++j) t.v[j] = zm(first[j]);
  for (unsigned b = 0; b < 8; ++b) {
    std::int16_t* e = t.v + 8 + 8 * b;
    e[0] = zm(8 + b);
    e[1] = zm(16 + 2 * b);
    e[2] = zm(17 + 2 * b);
    for (unsigned j = 0; j < 4; ++j) e[3 + j] = zm(32 + 4 * b + j);
  }
  for (unsigned i = 0; i < 64; ++i) t.v[72 + i] = zm(64 + i);
  return t;
}

// Inverse (zetas used in reverse order, Algorithm 10): [8 b ..] pass 1
// (layers len 2, 4, 8) of 16-coefficient block b {z(127-4b) .. z(124-4b);
// z(63-2b) z(62-2b); z(31-b); pad}; [128 + 8 c ..] pass 2 (len 16, 32, 64)
// of half c {z(15-4c) .. z(12-4c); z(7-2c) z(6-2c); z(3-c); pad};
// [144] 128^-1 2^16, [145] zeta_1 128^-1 2^16 (mod^± q).
constexpr InvZetas make_inv_zetas() {
  InvZetas t{};
  for (unsigned b = 0; b < 16; ++b) {
    std::int16_t* e = t.v + 8 * b;
    for (unsigned j = 0; j < 4; ++j) e[j] = zm(127 - 4 * b - j);
    e[4] = zm(63 - 2 * b);
    e[5] = zm(62 - 2 * b);
    e[6] = zm(31 - b);
  }
  for (unsigned c = 0; c < 2; ++c) {
    std::int16_t* e = t.v + 128 + 8 * c;
    for (unsigned j = 0; j < 4; ++j) e[j] = zm(15 - 4 * c - j);
    e[4] = zm(7 - 2 * c);
    e[5] = zm(6 - 2 * c);
    e[6] = zm(3 - c);
  }
  t.v[144] = centered(kInv128 * 65536u);
  t.v[145] = centered(pow_mod(17, bit_rev7(1)) * kInv128 % kQ * 65536u);
  return t;
}

// gamma_i = zeta^(2 BitRev7(i) + 1) mod^± q (Algorithm 11), plain form: the
// base multiplication reduces with Barrett, not Montgomery.
constexpr Gammas make_gammas() {
  Gammas t{};
  for (unsigned i = 0; i < 128; ++i) t.v[i] = centered(pow_mod(17, 2 * bit_rev7(i) + 1));
  return t;
}

}  // namespace armaccel::armv7m

extern "C" {
// Read by mlkem_ntt.S.
extern const armaccel::armv7m::NttZetas armaccel_mlkem_armv7m_ntt_zetas;
extern const armaccel::armv7m::InvZetas armaccel_mlkem_armv7m_inv_zetas;
extern const armaccel::armv7m::Gammas armaccel_mlkem_armv7m_gammas;
constexpr armaccel::armv7m::NttZetas armaccel_mlkem_armv7m_ntt_zetas =
    armaccel::armv7m::make_ntt_zetas();
constexpr armaccel::armv7m::InvZetas armaccel_mlkem_armv7m_inv_zetas =
    armaccel::armv7m::make_inv_zetas();
constexpr armaccel::armv7m::Gammas armaccel_mlkem_armv7m_gammas = armaccel::armv7m::make_gammas();

void armaccel_mlkem_armv7m_ntt(std::uint16_t* f);
void armaccel_mlkem_armv7m_inv_ntt(std::uint16_t* f);
void armaccel_mlkem_armv7m_basemul(std::uint16_t* h, const std::uint16_t* f,
                                   const std::uint16_t* g);
void armaccel_mlkem_armv7m_basemul_acc(std::uint16_t* h, const std::uint16_t* f,
                                       const std::uint16_t* g);

// mlkem_coding.S.
void armaccel_mlkem_armv7m_add(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);
void armaccel_mlkem_armv7m_sub(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);
unsigned armaccel_mlkem_armv7m_rej_uniform(std::uint16_t* out, unsigned room,
                                           const std::uint8_t* buf, std::size_t len);
void armaccel_mlkem_armv7m_cbd2(std::uint16_t* f, const std::uint8_t* bytes);
void armaccel_mlkem_armv7m_cbd3(std::uint16_t* f, const std::uint8_t* bytes);
void armaccel_mlkem_armv7m_cenc1(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_cenc4(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_cenc5(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_cenc10(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_cenc11(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_cenc12(std::uint8_t* out, const std::uint16_t* f);
void armaccel_mlkem_armv7m_ddec1(std::uint16_t* f, const std::uint8_t* in);
void armaccel_mlkem_armv7m_ddec4(std::uint16_t* f, const std::uint8_t* in);
void armaccel_mlkem_armv7m_ddec5(std::uint16_t* f, const std::uint8_t* in);
void armaccel_mlkem_armv7m_ddec10(std::uint16_t* f, const std::uint8_t* in);
void armaccel_mlkem_armv7m_ddec11(std::uint16_t* f, const std::uint8_t* in);
void armaccel_mlkem_armv7m_ddec12(std::uint16_t* f, const std::uint8_t* in);
}

namespace armaccel {
namespace {

void ntt(mlkem::Poly* f) {
  armaccel_mlkem_armv7m_ntt(f->c);
}
void inv_ntt(mlkem::Poly* f) {
  armaccel_mlkem_armv7m_inv_ntt(f->c);
}

void multiply_ntts(mlkem::Poly* h, const mlkem::Poly* f, const mlkem::Poly* g, bool accumulate) {
  // The assembly reads pair i of f and g before writing pair i of h, so h
  // may be f or g.
  if (accumulate) {
    armaccel_mlkem_armv7m_basemul_acc(h->c, f->c, g->c);
  } else {
    armaccel_mlkem_armv7m_basemul(h->c, f->c, g->c);
  }
}

// The assembly's coding routines by width, in kCodingWidths order.
using CencFn = void (*)(std::uint8_t* out, const std::uint16_t* f);
using DdecFn = void (*)(std::uint16_t* f, const std::uint8_t* in);
constexpr CencFn kCenc[6] = {armaccel_mlkem_armv7m_cenc1,  armaccel_mlkem_armv7m_cenc4,
                             armaccel_mlkem_armv7m_cenc5,  armaccel_mlkem_armv7m_cenc10,
                             armaccel_mlkem_armv7m_cenc11, armaccel_mlkem_armv7m_cenc12};
constexpr DdecFn kDdec[6] = {armaccel_mlkem_armv7m_ddec1,  armaccel_mlkem_armv7m_ddec4,
                             armaccel_mlkem_armv7m_ddec5,  armaccel_mlkem_armv7m_ddec10,
                             armaccel_mlkem_armv7m_ddec11, armaccel_mlkem_armv7m_ddec12};

// Compress_d + ByteEncode_d (Alg. 5, §4.2.1) from 256 coefficients into
// 32 d bytes.
void compress_encode(std::uint8_t* out, const mlkem::Poly* f, unsigned d) {
  by_coding_width(
      d, [&](auto i) { kCenc[i](out, f->c); }, [&] { mlkem::compress_encode(out, f, d); });
}

// ByteDecode_d + Decompress_d (Alg. 6, §4.2.1) from 32 d bytes.
void decode_decompress(mlkem::Poly* f, const std::uint8_t* in, unsigned d) {
  by_coding_width(
      d, [&](auto i) { kDdec[i](f->c, in); }, [&] { mlkem::decode_decompress(f, in, d); });
}

// SamplePolyCBD_eta (Alg. 8) from 64 eta bytes, eta 2 or 3.
void sample_cbd(mlkem::Poly* f, const std::uint8_t* bytes, unsigned eta) {
  if (eta == 2) {
    armaccel_mlkem_armv7m_cbd2(f->c, bytes);
  } else {
    armaccel_mlkem_armv7m_cbd3(f->c, bytes);
  }
}

void add(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
  armaccel_mlkem_armv7m_add(r->c, a->c, b->c);
}
void sub(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
  armaccel_mlkem_armv7m_sub(r->c, a->c, b->c);
}

}  // namespace

extern const MlkemKernel kMlkemArmv7m;
// clang-format off
const MlkemKernel kMlkemArmv7m = {
    .lane = "mlkem-armv7m", .required = 0, .ntt = ntt, .inv_ntt = inv_ntt,
    .multiply_ntts = multiply_ntts, .multiply_ntts_sum = nullptr,
    .rej_uniform = armaccel_mlkem_armv7m_rej_uniform,
    .compress_encode = compress_encode, .decode_decompress = decode_decompress,
    .sample_cbd = sample_cbd, .add = add, .sub = sub};
// clang-format on

}  // namespace armaccel
