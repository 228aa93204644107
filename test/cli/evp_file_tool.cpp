// An ordinary EVP application that knows nothing about armaccel: it hashes a
// file with SHA-256 and SHA-512 and encrypts it with AES-256-CBC and
// AES-128-CTR (fixed key/IV, streamed in 64 KiB updates), using the default
// library context and no property query -- so openssl.cnf decides which
// provider serves each algorithm.  Prints one line per result with the
// provider that computed it, for comparison with the `openssl` command.
//
//   evp_file_tool FILE
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

const unsigned char kKey[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                                0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
                                0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
const unsigned char kIv[16] = {0xf0, 0xe0, 0xd0, 0xc0, 0xb0, 0xa0, 0x90, 0x80,
                               0x70, 0x60, 0x50, 0x40, 0x30, 0x20, 0x10, 0x00};

int fail(const char* what) {
  std::fprintf(stderr, "evp_file_tool: %s failed\n", what);
  ERR_print_errors_fp(stderr);
  return 1;
}

void print_hex(const char* label, const char* provider, const unsigned char* d, unsigned len) {
  std::printf("%-28s", label);
  for (unsigned i = 0; i < len; ++i) std::printf("%02x", d[i]);
  std::printf("  [%s]\n", provider);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: evp_file_tool FILE\n");
    return 2;
  }
  std::FILE* f = std::fopen(argv[1], "rb");
  if (f == nullptr) return fail("opening the file");
  std::vector<unsigned char> data;
  unsigned char chunk[65536];
  std::size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) data.insert(data.end(), chunk, chunk + n);
  std::fclose(f);

  for (const char* name : {"SHA256", "SHA512"}) {
    EVP_MD* md = EVP_MD_fetch(nullptr, name, nullptr);
    if (md == nullptr) return fail(name);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned len = 0;
    if (!EVP_DigestInit_ex2(ctx, md, nullptr)) return fail("digest init");
    for (std::size_t off = 0; off < data.size(); off += sizeof chunk) {
      const std::size_t take = data.size() - off < sizeof chunk ? data.size() - off : sizeof chunk;
      if (!EVP_DigestUpdate(ctx, data.data() + off, take)) return fail("digest update");
    }
    if (!EVP_DigestFinal_ex(ctx, d, &len)) return fail("digest final");
    print_hex((std::string("digest ") + name).c_str(),
              OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)), d, len);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
  }

  for (const char* name : {"AES-256-CBC", "AES-128-CTR"}) {
    EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, name, nullptr);
    if (c == nullptr) return fail(name);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    std::vector<unsigned char> out(data.size() + 32);
    int total = 0, outl = 0;
    if (!EVP_EncryptInit_ex2(ctx, c, kKey, kIv, nullptr)) return fail("cipher init");
    for (std::size_t off = 0; off < data.size(); off += sizeof chunk) {
      const int take =
          static_cast<int>(data.size() - off < sizeof chunk ? data.size() - off : sizeof chunk);
      if (!EVP_EncryptUpdate(ctx, out.data() + total, &outl, data.data() + off, take))
        return fail("cipher update");
      total += outl;
    }
    if (!EVP_EncryptFinal_ex(ctx, out.data() + total, &outl)) return fail("cipher final");
    total += outl;
    unsigned char d[32];
    unsigned len = 0;
    if (!EVP_Digest(out.data(), static_cast<std::size_t>(total), d, &len, EVP_sha256(), nullptr))
      return fail("digest of the ciphertext");
    print_hex((std::string("sha256 of ") + name).c_str(),
              OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)), d, len);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
  }
  return 0;
}
