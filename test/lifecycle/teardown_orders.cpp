// SPDX-License-Identifier: Apache-2.0
// Objects fetched from armaccel outlive the usual order of things, as they
// do in real programs, and the process must still end cleanly (exit status
// 0; under valgrind, no invalid access and no definite leak):
//
//   after-cleanup      freed after OPENSSL_cleanup() (Python's _hashlib at
//                      exit, a static destructor)
//   atexit             freed by an atexit handler registered before OpenSSL
//                      initialised (it runs after OpenSSL's own clean-up)
//   thread-after-main  freed by a thread that outlives main (main ends with
//                      pthread_exit; the process ends with the thread)
//   thread-after-cleanup  freed by a thread after main's OPENSSL_cleanup()
//   thread-at-exit     still held by a blocked thread when main returns
//   unload-alive       the provider unloaded while its objects live: they
//                      still work, and are freed afterwards
//
// armaccel comes in through openssl.cnf (OPENSSL_CONF, as
// openssl.cnf.example turns it on) in the default library context, except
// for unload-alive, which loads it into its own context.  The objects:
// digests, ciphers (a keyed context), MACs over algorithms armaccel
// fetches through its child library context (HMAC-SHA1, CMAC over
// DES-EDE3), an ML-KEM-768 key and an X25519 key with their operation
// contexts.  Exit status 0, 1 for a wrong result, 2 for a setup failure.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <pthread.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Objects {
  EVP_MD* md = nullptr;
  EVP_MD_CTX* md_ctx = nullptr;
  EVP_CIPHER* cipher = nullptr;
  EVP_CIPHER_CTX* cipher_ctx = nullptr;
  EVP_MAC* hmac = nullptr;
  EVP_MAC_CTX* hmac_ctx = nullptr;
  EVP_MAC* cmac = nullptr;
  EVP_MAC_CTX* cmac_ctx = nullptr;
  EVP_PKEY* mlkem = nullptr;
  EVP_PKEY_CTX* encap = nullptr;
  EVP_PKEY* x25519 = nullptr;
  EVP_PKEY_CTX* derive = nullptr;
};

Objects g_objects;
OSSL_LIB_CTX* g_libctx = nullptr;  // nullptr: the default context

[[noreturn]] void fail(int status, const char* what) {
  std::fprintf(stderr, "teardown_orders: %s\n", what);
  ERR_print_errors_fp(stderr);
  std::exit(status);
}

// The provider that serves `prov` must be armaccel.
void expect_armaccel(const OSSL_PROVIDER* prov, const char* what) {
  if (prov == nullptr || std::strcmp(OSSL_PROVIDER_get0_name(prov), "armaccel") != 0) fail(2, what);
}

EVP_MAC_CTX* keyed_mac(EVP_MAC* mac, const char* param, const char* alg, std::size_t key_bytes) {
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  const unsigned char key[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(param, const_cast<char*>(alg), 0),
                    OSSL_PARAM_construct_end()};
  if (ctx == nullptr || EVP_MAC_init(ctx, key, key_bytes, p) != 1 ||
      EVP_MAC_update(ctx, key, 7) != 1)
    fail(2, "MAC");
  return ctx;
}

EVP_PKEY* generate(const char* alg) {
  EVP_PKEY* key = nullptr;
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(g_libctx, alg, nullptr);
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx) != 1 || EVP_PKEY_generate(ctx, &key) != 1)
    fail(2, alg);
  EVP_PKEY_CTX_free(ctx);
  return key;
}

void make(Objects& o) {
  o.md = EVP_MD_fetch(g_libctx, "SHA256", nullptr);
  if (o.md == nullptr) fail(2, "SHA256");
  expect_armaccel(EVP_MD_get0_provider(o.md), "SHA256 is not armaccel's");
  o.md_ctx = EVP_MD_CTX_new();
  if (EVP_DigestInit_ex2(o.md_ctx, o.md, nullptr) != 1 || EVP_DigestUpdate(o.md_ctx, "abc", 3) != 1)
    fail(2, "digest");
  o.cipher = EVP_CIPHER_fetch(g_libctx, "AES-128-GCM", nullptr);
  if (o.cipher == nullptr) fail(2, "AES-128-GCM");
  expect_armaccel(EVP_CIPHER_get0_provider(o.cipher), "AES-128-GCM is not armaccel's");
  o.cipher_ctx = EVP_CIPHER_CTX_new();
  const unsigned char key[16] = {}, iv[12] = {};
  if (EVP_EncryptInit_ex2(o.cipher_ctx, o.cipher, key, iv, nullptr) != 1) fail(2, "cipher");
  o.hmac = EVP_MAC_fetch(g_libctx, "HMAC", nullptr);
  o.cmac = EVP_MAC_fetch(g_libctx, "CMAC", nullptr);
  if (o.hmac == nullptr || o.cmac == nullptr) fail(2, "MACs");
  expect_armaccel(EVP_MAC_get0_provider(o.hmac), "HMAC is not armaccel's");
  expect_armaccel(EVP_MAC_get0_provider(o.cmac), "CMAC is not armaccel's");
  o.hmac_ctx = keyed_mac(o.hmac, OSSL_MAC_PARAM_DIGEST, "SHA1", 20);
  o.cmac_ctx = keyed_mac(o.cmac, OSSL_MAC_PARAM_CIPHER, "DES-EDE3-CBC", 24);
  o.mlkem = generate("ML-KEM-768");
  o.encap = EVP_PKEY_CTX_new_from_pkey(g_libctx, o.mlkem, nullptr);
  if (o.encap == nullptr || EVP_PKEY_encapsulate_init(o.encap, nullptr) != 1) fail(2, "encap");
  o.x25519 = generate("X25519");
  o.derive = EVP_PKEY_CTX_new_from_pkey(g_libctx, o.x25519, nullptr);
  if (o.derive == nullptr || EVP_PKEY_derive_init(o.derive) != 1 ||
      EVP_PKEY_derive_set_peer(o.derive, o.x25519) != 1)
    fail(2, "derive");
}

// The objects still compute: SHA-256("abc"), an X25519 exchange, HMAC-SHA1.
void use(Objects& o) {
  static const unsigned char kAbc[32] = {0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
                                         0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
                                         0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
                                         0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
  unsigned char d[32];
  unsigned int dl = 0;
  if (EVP_DigestFinal_ex(o.md_ctx, d, &dl) != 1 || dl != 32 || std::memcmp(d, kAbc, 32) != 0)
    fail(1, "SHA-256(abc) is wrong");
  unsigned char secret[32];
  std::size_t sl = sizeof secret;
  if (EVP_PKEY_derive(o.derive, secret, &sl) != 1 || sl != 32) fail(1, "X25519 derive");
  unsigned char mac[20];
  std::size_t ml = 0;
  if (EVP_MAC_final(o.hmac_ctx, mac, &ml, sizeof mac) != 1 || ml != 20) fail(1, "HMAC-SHA1");
}

void release(Objects& o) {
  EVP_PKEY_CTX_free(o.derive);
  EVP_PKEY_free(o.x25519);
  EVP_PKEY_CTX_free(o.encap);
  EVP_PKEY_free(o.mlkem);
  EVP_MAC_CTX_free(o.cmac_ctx);
  EVP_MAC_free(o.cmac);
  EVP_MAC_CTX_free(o.hmac_ctx);
  EVP_MAC_free(o.hmac);
  EVP_CIPHER_CTX_free(o.cipher_ctx);
  EVP_CIPHER_free(o.cipher);
  EVP_MD_CTX_free(o.md_ctx);
  EVP_MD_free(o.md);
  o = Objects{};
}

void release_global() {
  release(g_objects);
}

pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t g_cond = PTHREAD_COND_INITIALIZER;
bool g_go = false;

void wait_for_go() {
  pthread_mutex_lock(&g_lock);
  while (!g_go) pthread_cond_wait(&g_cond, &g_lock);
  pthread_mutex_unlock(&g_lock);
}

void go() {
  pthread_mutex_lock(&g_lock);
  g_go = true;
  pthread_cond_broadcast(&g_cond);
  pthread_mutex_unlock(&g_lock);
}

// Waits for main's signal, then uses and frees the objects.
void* worker_after(void*) {
  wait_for_go();
  release_global();
  return nullptr;
}

// Holds the objects and blocks for ever (the process ends around it).
void* worker_holding(void*) {
  go();
  for (;;) pause();
  return nullptr;
}

pthread_t start(void* (*fn)(void*)) {
  pthread_t t;
  if (pthread_create(&t, nullptr, fn, nullptr) != 0) fail(2, "pthread_create");
  return t;
}

int unload_alive() {
  g_libctx = OSSL_LIB_CTX_new();
  const char* dir = std::getenv("OPENSSL_MODULES");
  if (dir != nullptr) OSSL_PROVIDER_set_default_search_path(g_libctx, dir);
  OSSL_PROVIDER* mine = OSSL_PROVIDER_load(g_libctx, "armaccel");
  OSSL_PROVIDER* dflt = OSSL_PROVIDER_load(g_libctx, "default");
  if (mine == nullptr || dflt == nullptr) fail(2, "loading the providers");
  if (!EVP_set_default_properties(g_libctx, "?provider=armaccel")) fail(2, "properties");
  Objects o;
  make(o);
  if (!OSSL_PROVIDER_unload(mine)) fail(2, "unloading armaccel");
  use(o);
  release(o);
  OSSL_PROVIDER_unload(dflt);
  OSSL_LIB_CTX_free(g_libctx);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "atexit") {
    std::atexit(release_global);  // before OpenSSL registers its own
    make(g_objects);
    use(g_objects);
    return 0;
  }
  if (mode == "unload-alive") return unload_alive();
  make(g_objects);
  use(g_objects);
  if (mode == "after-cleanup") {
    OPENSSL_cleanup();
    release_global();
    return 0;
  }
  if (mode == "thread-after-main") {
    start(worker_after);
    go();
    pthread_exit(nullptr);
  }
  if (mode == "thread-after-cleanup") {
    start(worker_after);
    OPENSSL_cleanup();
    go();
    pthread_exit(nullptr);
  }
  if (mode == "thread-at-exit") {
    pthread_mutex_lock(&g_lock);
    start(worker_holding);
    while (!g_go) pthread_cond_wait(&g_cond, &g_lock);
    pthread_mutex_unlock(&g_lock);
    return 0;
  }
  std::fprintf(stderr,
               "usage: teardown_orders after-cleanup|atexit|thread-after-main|"
               "thread-after-cleanup|thread-at-exit|unload-alive\n");
  return 2;
}
