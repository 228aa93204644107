// SPDX-License-Identifier: Apache-2.0
// The known-answer checks the AES and SM4 self-tests share: the entry
// points of a 16-byte block-cipher table (api/aes.h, api/sm4.h: the same
// shape over the cipher's key schedule type), each run on one published
// vector and every output byte compared.  Lengths are counts of 16-byte
// blocks, 1 to kMaxBlocks; plain and cipher are `blocks` blocks each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/block_fns.h"
#include "selftest/hex.h"

namespace armaccel::selftest {

// Kernel: AesKernel or Sm4Kernel; RoundKeys: its key schedule type.
template <class Kernel, class RoundKeys>
class BlockCipherKats {
 public:
  static constexpr std::size_t kMaxBlocks = 32;

  BlockCipherKats(const Kernel& lane, bool corrupt) : lane_(lane), check_(corrupt) {}

  // The encryption and decryption schedules of key_bytes bytes of key, for
  // the checks after it; false where the lane refuses the key.
  bool set_key(const std::uint8_t* key, std::size_t key_bytes) {
    return lane_.set_encrypt_key(&enc_, key, key_bytes) &&
           lane_.set_decrypt_key(&dec_, key, key_bytes);
  }

  // ECB (SP 800-38A §6.1) both ways: plain to cipher, cipher to plain.
  void ecb(const std::uint8_t* plain, const std::uint8_t* cipher, std::size_t blocks) {
    lane_.ecb_encrypt(&enc_, plain, out_, blocks);
    check_.expect(out_, cipher, 16 * blocks);
    lane_.ecb_decrypt(&dec_, cipher, out_, blocks);
    check_.expect(out_, plain, 16 * blocks);
  }

  // CBC (SP 800-38A §6.2) both ways from `iv`, each handing back the last
  // ciphertext block as the next call's IV, and CBC-MAC chaining, whose
  // value is that same block.
  void cbc(const std::uint8_t iv[16], const std::uint8_t* plain, const std::uint8_t* cipher,
           std::size_t blocks) {
    const std::uint8_t* const last = cipher + 16 * (blocks - 1);
    std::uint8_t chain[16];
    std::memcpy(chain, iv, 16);
    lane_.cbc_encrypt(&enc_, plain, out_, blocks, chain);
    check_.expect(out_, cipher, 16 * blocks);
    check_.expect(chain, last, 16);
    std::memcpy(chain, iv, 16);
    lane_.cbc_decrypt(&dec_, cipher, out_, blocks, chain);
    check_.expect(out_, plain, 16 * blocks);
    check_.expect(chain, last, 16);
    std::memcpy(chain, iv, 16);
    lane_.cbc_mac(&enc_, plain, blocks, chain);
    check_.expect(chain, last, 16);
  }

  // CTR from the counter block `counter` (SP 800-38A §6.5), with the
  // 128-bit increment and with GCM's inc32 (SP 800-38D §6.5): the same
  // keystream while the counter's last 32 bits do not wrap.
  void ctr(const std::uint8_t counter[16], const std::uint8_t* plain, const std::uint8_t* cipher,
           std::size_t blocks) {
    const ChainedFn<RoundKeys> increments[] = {lane_.ctr_encrypt, lane_.ctr32_encrypt};
    for (const ChainedFn<RoundKeys> crypt : increments) {
      std::uint8_t chain[16];
      std::memcpy(chain, counter, 16);
      crypt(&enc_, plain, out_, blocks, chain);
      check_.expect(out_, cipher, 16 * blocks);
    }
  }

  // E_K2(iv): a data unit's encrypted tweak under the tweak key, for
  // xts(); false where the lane refuses the key.
  bool encrypt_tweak(const std::uint8_t* tweak_key, std::size_t key_bytes,
                     const std::uint8_t iv[16], std::uint8_t tweak[16]) {
    RoundKeys k2{};
    if (!lane_.set_encrypt_key(&k2, tweak_key, key_bytes)) return false;
    lane_.ecb_encrypt(&k2, iv, tweak, 1);
    return true;
  }

  // XTS on whole blocks (IEEE 1619 §5.3) both ways from the encrypted
  // tweak, with a tweak rule's pair of entries; the schedules are the
  // data key's (set_key).
  void xts(ChainedFn<RoundKeys> encrypt, ChainedFn<RoundKeys> decrypt, const std::uint8_t tweak[16],
           const std::uint8_t* plain, const std::uint8_t* cipher, std::size_t blocks) {
    std::uint8_t chain[16];
    std::memcpy(chain, tweak, 16);
    encrypt(&enc_, plain, out_, blocks, chain);
    check_.expect(out_, cipher, 16 * blocks);
    std::memcpy(chain, tweak, 16);
    decrypt(&dec_, cipher, out_, blocks, chain);
    check_.expect(out_, plain, 16 * blocks);
  }

  bool passed() const { return check_.passed(); }

 private:
  const Kernel& lane_;
  KatCheck check_;
  RoundKeys enc_{}, dec_{};
  std::uint8_t out_[16 * kMaxBlocks];
};

}  // namespace armaccel::selftest
