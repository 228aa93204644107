// SPDX-License-Identifier: Apache-2.0
// The dispatch tables each family file exports, for the algorithm lists in
// provider/algorithms.cpp.
#pragma once

#include <openssl/core.h>

namespace armaccel::prov {

// AES block modes (aes_ciphers.cpp).
extern const OSSL_DISPATCH* const kAes128EcbFunctions;
extern const OSSL_DISPATCH* const kAes192EcbFunctions;
extern const OSSL_DISPATCH* const kAes256EcbFunctions;
extern const OSSL_DISPATCH* const kAes128CbcFunctions;
extern const OSSL_DISPATCH* const kAes192CbcFunctions;
extern const OSSL_DISPATCH* const kAes256CbcFunctions;
extern const OSSL_DISPATCH* const kAes128CtrFunctions;
extern const OSSL_DISPATCH* const kAes192CtrFunctions;
extern const OSSL_DISPATCH* const kAes256CtrFunctions;

// AES-GCM (aes_gcm.cpp).
extern const OSSL_DISPATCH* const kAes128GcmFunctions;
extern const OSSL_DISPATCH* const kAes192GcmFunctions;
extern const OSSL_DISPATCH* const kAes256GcmFunctions;

// AES-CCM (aes_ccm.cpp).
extern const OSSL_DISPATCH* const kAes128CcmFunctions;
extern const OSSL_DISPATCH* const kAes192CcmFunctions;
extern const OSSL_DISPATCH* const kAes256CcmFunctions;

// AES-XTS (aes_xts.cpp).
extern const OSSL_DISPATCH* const kAes128XtsFunctions;
extern const OSSL_DISPATCH* const kAes256XtsFunctions;

// ChaCha20 and ChaCha20-Poly1305 (chacha20.cpp, chacha20_poly1305.cpp).
extern const OSSL_DISPATCH* const kChacha20Functions;
extern const OSSL_DISPATCH* const kSm4EcbFunctions;
extern const OSSL_DISPATCH* const kSm4CbcFunctions;
extern const OSSL_DISPATCH* const kSm4CtrFunctions;
extern const OSSL_DISPATCH* const kSm4OfbFunctions;
extern const OSSL_DISPATCH* const kSm4CfbFunctions;
extern const OSSL_DISPATCH* const kSm4GcmFunctions;
extern const OSSL_DISPATCH* const kSm4CcmFunctions;
extern const OSSL_DISPATCH* const kSm4XtsFunctions;
extern const OSSL_DISPATCH* const kSm3Functions;
extern const OSSL_DISPATCH* const kChacha20Poly1305Functions;

// MACs (gmac.cpp, cmac.cpp, poly1305_mac.cpp, hmac.cpp).
extern const OSSL_DISPATCH* const kGmacFunctions;
extern const OSSL_DISPATCH* const kCmacFunctions;
extern const OSSL_DISPATCH* const kPoly1305Functions;
extern const OSSL_DISPATCH* const kHmacFunctions;

// SHA-2 digests (sha2_digests.cpp).
extern const OSSL_DISPATCH* const kSha224Functions;
extern const OSSL_DISPATCH* const kSha256Functions;
extern const OSSL_DISPATCH* const kSha384Functions;
extern const OSSL_DISPATCH* const kSha512Functions;
extern const OSSL_DISPATCH* const kSha512_224Functions;
extern const OSSL_DISPATCH* const kSha512_256Functions;

// SHA-3, SHAKE, Keccak and the KMAC sponge (sha3_digests.cpp).
extern const OSSL_DISPATCH* const kSha3_224Functions;
extern const OSSL_DISPATCH* const kSha3_256Functions;
extern const OSSL_DISPATCH* const kSha3_384Functions;
extern const OSSL_DISPATCH* const kSha3_512Functions;
extern const OSSL_DISPATCH* const kShake128Functions;
extern const OSSL_DISPATCH* const kShake256Functions;
// SHAKE as OpenSSL 3.4+ defines it: no default output length.
extern const OSSL_DISPATCH* const kShake128NoDefaultFunctions;
extern const OSSL_DISPATCH* const kShake256NoDefaultFunctions;
extern const OSSL_DISPATCH* const kKeccak224Functions;
extern const OSSL_DISPATCH* const kKeccak256Functions;
extern const OSSL_DISPATCH* const kKeccak384Functions;
extern const OSSL_DISPATCH* const kKeccak512Functions;
extern const OSSL_DISPATCH* const kKeccakKmac128Functions;
extern const OSSL_DISPATCH* const kKeccakKmac256Functions;

// ML-KEM key management and KEM (mlkem_keymgmt.cpp, mlkem_kem.cpp) and the
// X25519MLKEM768 hybrid (mlkem_hybrid.cpp).
extern const OSSL_DISPATCH* const kMlkem512KeymgmtFunctions;
extern const OSSL_DISPATCH* const kMlkem768KeymgmtFunctions;
extern const OSSL_DISPATCH* const kMlkem1024KeymgmtFunctions;
extern const OSSL_DISPATCH* const kMlkemKemFunctions;
extern const OSSL_DISPATCH* const kX25519Mlkem768KeymgmtFunctions;
extern const OSSL_DISPATCH* const kX25519Mlkem768KemFunctions;

// X25519 key management and key exchange (x25519_keymgmt.cpp,
// x25519_exchange.cpp).
extern const OSSL_DISPATCH* const kX25519KeymgmtFunctions;
extern const OSSL_DISPATCH* const kX25519KeyexchFunctions;

}  // namespace armaccel::prov
