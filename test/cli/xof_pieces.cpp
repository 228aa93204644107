// SPDX-License-Identifier: Apache-2.0
// An ordinary EVP application that squeezes SHAKE-128 and SHAKE-256 in
// pieces (EVP_DigestSqueeze, OpenSSL 3.3+), as OpenSSL's own ML-DSA and
// ML-KEM do, in the default library context with no property query -- so
// openssl.cnf decides the provider.  For each XOF it squeezes 1, 7, 136 and
// 1000 bytes, and compares them with one long EVP_DigestFinalXOF output
// from the same implementation and from the default provider.  Prints one
// line per XOF with the provider that served it; exit status 1 on any
// difference, 2 when the library has no EVP_DigestSqueeze.
//
//   xof_pieces
#include <dlfcn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace {

using SqueezeFn = int (*)(EVP_MD_CTX*, unsigned char*, std::size_t);

bool one_long_output(EVP_MD* md, const unsigned char* msg, std::size_t msg_len,
                     std::vector<unsigned char>* out) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  const bool ok = ctx != nullptr && EVP_DigestInit_ex2(ctx, md, nullptr) == 1 &&
                  EVP_DigestUpdate(ctx, msg, msg_len) == 1 &&
                  EVP_DigestFinalXOF(ctx, out->data(), out->size()) == 1;
  EVP_MD_CTX_free(ctx);
  return ok;
}

}  // namespace

int main() {
  const auto squeeze = reinterpret_cast<SqueezeFn>(dlsym(RTLD_DEFAULT, "EVP_DigestSqueeze"));
  if (squeeze == nullptr) {
    std::printf("no EVP_DigestSqueeze in %s\n", OpenSSL_version(OPENSSL_VERSION));
    return 2;
  }
  const std::size_t pieces[] = {1, 7, 136, 1000};
  std::size_t total = 0;
  for (std::size_t n : pieces) total += n;
  unsigned char msg[200];
  for (std::size_t i = 0; i < sizeof msg; ++i) msg[i] = static_cast<unsigned char>(i * 7 + 1);
  int status = 0;
  for (const char* name : {"SHAKE-128", "SHAKE-256"}) {
    EVP_MD* md = EVP_MD_fetch(nullptr, name, nullptr);
    EVP_MD* ref = EVP_MD_fetch(nullptr, name, "provider=default");
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    std::vector<unsigned char> got(total), same(total), oracle(total);
    bool ok = md != nullptr && ref != nullptr && ctx != nullptr &&
              EVP_DigestInit_ex2(ctx, md, nullptr) == 1 &&
              EVP_DigestUpdate(ctx, msg, sizeof msg) == 1;
    std::size_t done = 0;
    for (std::size_t n : pieces) {
      ok = ok && squeeze(ctx, got.data() + done, n) == 1;
      done += n;
    }
    ok = ok && one_long_output(md, msg, sizeof msg, &same) &&
         one_long_output(ref, msg, sizeof msg, &oracle);
    const bool equal = ok && got == same && got == oracle;
    std::printf("%-10s pieces 1+7+136+1000 %s  [%s]\n", name,
                !ok     ? "FAILED"
                : equal ? "equal one long output"
                        : "DIFFER",
                md != nullptr ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)) : "-");
    if (!equal) {
      ERR_print_errors_fp(stderr);
      status = 1;
    }
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    EVP_MD_free(ref);
  }
  return status;
}
