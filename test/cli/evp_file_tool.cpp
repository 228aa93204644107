// SPDX-License-Identifier: Apache-2.0
// An ordinary EVP application that knows nothing about armaccel: it hashes a
// file with SHA-256, SHA-512, SHA3-256 and SHAKE256, encrypts it with
// AES-256-CBC, AES-128-CTR, ChaCha20, AES-256-GCM and ChaCha20-Poly1305
// (fixed key/IV, streamed in 64 KiB updates; the AEAD results include the
// tag) and with AES-128-XTS (its first MiB as one data unit), and MACs it
// with CMAC (AES-256-CBC), GMAC (AES-256-GCM), HMAC (SHA-256) and Poly1305,
// using the default library context
// and no property query -- so openssl.cnf decides which provider serves
// each algorithm.  Prints one line per result, tab-separated: the label,
// the result in hex and the provider that computed it, for comparison with
// another run or the `openssl` command.
//
//   evp_file_tool FILE
#include <openssl/core_names.h>
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
  std::printf("%s\t", label);
  for (unsigned i = 0; i < len; ++i) std::printf("%02x", d[i]);
  std::printf("\t%s\n", provider);
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

  for (const char* name : {"SHA256", "SHA512", "SHA3-256", "SHAKE256"}) {
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

  for (const char* name : {"AES-256-CBC", "AES-128-CTR", "ChaCha20"}) {
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
  // AEADs: 12-byte IV, AAD, the text in 64 KiB updates, 16-byte tag.
  for (const char* name : {"AES-256-GCM", "ChaCha20-Poly1305"}) {
    EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, name, nullptr);
    if (c == nullptr) return fail(name);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    std::vector<unsigned char> out(data.size() + 16);
    int total = 0, outl = 0;
    const unsigned char aad[] = "armaccel main job";
    if (!EVP_EncryptInit_ex2(ctx, c, kKey, kIv, nullptr) ||
        !EVP_EncryptUpdate(ctx, nullptr, &outl, aad, sizeof aad))
      return fail("gcm init");
    for (std::size_t off = 0; off < data.size(); off += sizeof chunk) {
      const int take =
          static_cast<int>(data.size() - off < sizeof chunk ? data.size() - off : sizeof chunk);
      if (!EVP_EncryptUpdate(ctx, out.data() + total, &outl, data.data() + off, take))
        return fail("gcm update");
      total += outl;
    }
    if (!EVP_EncryptFinal_ex(ctx, out.data() + total, &outl) ||
        !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out.data() + total + outl))
      return fail("gcm final");
    total += outl + 16;
    unsigned char d[32];
    unsigned len = 0;
    if (!EVP_Digest(out.data(), static_cast<std::size_t>(total), d, &len, EVP_sha256(), nullptr))
      return fail("digest of the ciphertext");
    print_hex((std::string("sha256 of ") + name).c_str(),
              OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)), d, len);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
  }
  // AES-128-XTS: the first MiB as one data unit, tweak = the IV.
  {
    EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, "AES-128-XTS", nullptr);
    if (c == nullptr) return fail("AES-128-XTS");
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    const std::size_t unit = data.size() < (1u << 20) ? data.size() : (1u << 20);
    std::vector<unsigned char> out(unit);
    int outl = 0, fin = 0;
    if (!EVP_EncryptInit_ex2(ctx, c, kKey, kIv, nullptr) ||
        !EVP_EncryptUpdate(ctx, out.data(), &outl, data.data(), static_cast<int>(unit)) ||
        !EVP_EncryptFinal_ex(ctx, out.data() + outl, &fin))
      return fail("xts");
    unsigned char d[32];
    unsigned len = 0;
    if (!EVP_Digest(out.data(), unit, d, &len, EVP_sha256(), nullptr))
      return fail("digest of the ciphertext");
    print_hex("sha256 of AES-128-XTS", OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)), d,
              len);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
  }
  // CMAC, GMAC, HMAC and Poly1305 over the whole file.
  for (const char* name : {"CMAC", "GMAC", "HMAC", "POLY1305"}) {
    const std::string n = name;
    EVP_MAC* mac = EVP_MAC_fetch(nullptr, name, nullptr);
    if (mac == nullptr) return fail(name);
    EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
    char cipher[16], digest[8] = "SHA256";
    std::snprintf(cipher, sizeof cipher, "%s", n == "GMAC" ? "AES-256-GCM" : "AES-256-CBC");
    OSSL_PARAM params[3] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end(),
                            OSSL_PARAM_construct_end()};
    if (n == "CMAC" || n == "GMAC")
      params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    if (n == "GMAC")
      params[1] =
          OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, const_cast<unsigned char*>(kIv), 12);
    if (n == "HMAC") params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0);
    unsigned char m[EVP_MAX_MD_SIZE];
    std::size_t mlen = 0;
    if (!EVP_MAC_init(ctx, kKey, 32, params) || !EVP_MAC_update(ctx, data.data(), data.size()) ||
        !EVP_MAC_final(ctx, m, &mlen, sizeof m))
      return fail(name);
    print_hex((std::string("mac ") + name).c_str(),
              OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(mac)), m, static_cast<unsigned>(mlen));
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
  }
  return 0;
}
