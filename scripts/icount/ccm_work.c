// SPDX-License-Identifier: Apache-2.0
/* AES-CCM through EVP for the instruction counts (the shared evp_work has no
 * CCM: CCM needs the message length before the AAD).  One message per
 * repetition, the key kept (the TLS record pattern): a new 12-byte nonce,
 * the total length, 13 bytes of AAD, the message, the 16-byte tag.
 *
 *   ccm_work [-p PROV]... [-q PROPQ] ALG BYTES REPS
 *
 * Exit status 0 on success; the provider that served is printed.  Built and
 * run like the shared evp_work:
 *   aarch64-linux-gnu-gcc -O2 -o build/icount/ccm_work.arm64 \
 *     scripts/icount/ccm_work.c -lcrypto
 *   qemu-aarch64 -L / -cpu CPU -plugin build/icount/libicount.so \
 *     build/icount/ccm_work.arm64 [-p armaccel -p default -q provider=armaccel] \
 *     AES-128-CCM 16384 11
 * twice with different REPS, subtracted (scripts/icount/vs.sh's method). */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  const char* propq = NULL;
  int i = 1;
  for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
    if (strcmp(argv[i], "-p") == 0 && OSSL_PROVIDER_load(NULL, argv[i + 1]) == NULL) return 2;
    if (strcmp(argv[i], "-q") == 0) propq = argv[i + 1];
  }
  if (argc - i != 3) {
    fprintf(stderr, "usage: ccm_work [-p PROV]... [-q PROPQ] ALG BYTES REPS\n");
    return 2;
  }
  const char* alg = argv[i];
  int bytes = atoi(argv[i + 1]);
  long reps = atol(argv[i + 2]);
  unsigned char key[32], nonce[12] = {0}, aad[13] = {0}, tag[16];
  for (int k = 0; k < 32; k++) key[k] = (unsigned char)(k * 7 + 1);
  unsigned char *in = calloc((size_t)bytes + 16, 1), *out = calloc((size_t)bytes + 16, 1);
  EVP_CIPHER* c = EVP_CIPHER_fetch(NULL, alg, propq);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int outl = 0;
  if (c == NULL || in == NULL || out == NULL || !EVP_EncryptInit_ex2(ctx, c, NULL, NULL, NULL) ||
      !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) ||
      !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, NULL) ||
      !EVP_EncryptInit_ex2(ctx, NULL, key, NULL, NULL))
    return 1;
  for (long r = 0; r < reps; r++) {
    nonce[11] = (unsigned char)r;
    if (!EVP_EncryptInit_ex2(ctx, NULL, NULL, nonce, NULL) ||
        !EVP_EncryptUpdate(ctx, NULL, &outl, NULL, bytes) ||
        !EVP_EncryptUpdate(ctx, NULL, &outl, aad, sizeof aad) ||
        !EVP_EncryptUpdate(ctx, out, &outl, in, bytes) || !EVP_EncryptFinal_ex(ctx, out, &outl) ||
        !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag))
      return 1;
  }
  printf("provider %s\n", OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)));
  return 0;
}
