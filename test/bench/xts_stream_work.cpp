// SPDX-License-Identifier: Apache-2.0
// A fixed amount of AES-XTS work through EVP for instruction counting
// (scripts/icount.sh runs it under qemu with the icount plugin, as
// ../shared/tools/qemu-icount/evp_work does for other algorithms):
//
//   xts_stream_work ALG BYTES CHUNK REPS
//
// Each rep encrypts BYTES bytes with armaccel's ALG (AES-128-XTS or
// AES-256-XTS): CHUNK 0 is one data unit in one update (the one-shot
// behaviour); a number is one data unit fed in CHUNK-byte updates with
// "xts_streaming" on, then final; "uN" is the one-shot behaviour with
// N-byte data units (one update each, the same EVP calls as streaming in
// N-byte chunks).  Exits non-zero with the error queue on failure.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: xts_stream_work ALG BYTES CHUNK REPS\n");
    return 1;
  }
  const std::size_t bytes = std::strtoul(argv[2], nullptr, 10);
  const bool units = argv[3][0] == 'u';
  const std::size_t chunk = std::strtoul(argv[3] + (units ? 1 : 0), nullptr, 10);
  const long reps = std::strtol(argv[4], nullptr, 10);
  if (OSSL_PROVIDER_load(nullptr, "armaccel") == nullptr ||
      OSSL_PROVIDER_load(nullptr, "default") == nullptr) {
    ERR_print_errors_fp(stderr);
    return 2;
  }
  EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, argv[1], "provider=armaccel");
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (c == nullptr || ctx == nullptr) {
    ERR_print_errors_fp(stderr);
    return 2;
  }
  std::vector<unsigned char> in(bytes), out(bytes + 32);
  unsigned char key[64], iv[16] = {4, 5, 6};
  for (int k = 0; k < 64; ++k) key[k] = static_cast<unsigned char>(k * 7 + 1);
  int streaming = chunk != 0 && !units ? 1 : 0;
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_int("xts_streaming", &streaming),
                               OSSL_PARAM_construct_end()};
  for (long r = 0; r < reps; ++r) {
    if (!EVP_EncryptInit_ex2(ctx, c, key, iv, params)) {
      ERR_print_errors_fp(stderr);
      return 2;
    }
    int outl = 0, total = 0;
    const std::size_t step = chunk != 0 ? chunk : bytes;
    for (std::size_t done = 0; done < bytes; done += step) {
      const std::size_t n = bytes - done < step ? bytes - done : step;
      if (!EVP_EncryptUpdate(ctx, out.data() + total, &outl, in.data() + done,
                             static_cast<int>(n))) {
        ERR_print_errors_fp(stderr);
        return 2;
      }
      total += outl;
    }
    if (!EVP_EncryptFinal_ex(ctx, out.data() + total, &outl) ||
        static_cast<std::size_t>(total + outl) != bytes) {
      ERR_print_errors_fp(stderr);
      return 2;
    }
  }
  std::printf("provider %s\n", OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)));
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(c);
  return 0;
}
