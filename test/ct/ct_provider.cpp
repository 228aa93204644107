// Constant-time check of the provider's secret-handling paths through EVP
// with armaccel loaded (run under memcheck, see ct_check.h): keys,
// plaintexts being encrypted and ML-KEM secret keys and messages are marked
// secret; ciphertexts, tags given by a peer and the records libssl hands in
// are public.  Checked: the tag comparisons and decrypt failure paths of
// AES-128/192/256-GCM, AES-128/192/256-CCM and ChaCha20-Poly1305 (a good
// and a forged tag), the PKCS#7 check of EVP_DecryptFinal_ex (AES-128/192/
// 256-CBC, good and bad padding), the TLS 1.x CBC record mode's padding and
// MAC removal (TLS 1.0 and 1.2 with MACs of 20, 32 and 48 bytes, and
// encrypt-then-MAC; good and bad padding), and ML-KEM-512/768/1024 through
// EVP_PKEY_fromdata (priv: the key checks; seed: key generation),
// EVP_PKEY_encapsulate (ikme) and EVP_PKEY_decapsulate (unmodified and
// modified ciphertexts).  Values from Wycheproof, OpenSSL's evp_test CCM
// file (NIST CAVS) and NIST's ML-KEM ACVP files in ../shared/vectors.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include <openssl/provider.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>

#include "ct_check.h"

namespace armaccel::ct_test {
namespace {

int g_checks = 0;
OSSL_LIB_CTX* g_libctx = nullptr;
constexpr const char* kPropq = "provider=armaccel";

void load_armaccel() {
  g_libctx = OSSL_LIB_CTX_new();
  OSSL_PROVIDER_set_default_search_path(g_libctx, ARMACCEL_MODULE_DIR);
  if (OSSL_PROVIDER_load(g_libctx, "armaccel") == nullptr ||
      OSSL_PROVIDER_load(g_libctx, "default") == nullptr) {
    std::fprintf(stderr, "cannot load armaccel from %s\n", ARMACCEL_MODULE_DIR);
    ERR_print_errors_fp(stderr);
    std::exit(2);
  }
}

EVP_CIPHER* fetch(const std::string& name) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(g_libctx, name.c_str(), kPropq);
  if (c == nullptr) {
    std::fprintf(stderr, "armaccel has no %s\n", name.c_str());
    std::exit(2);
  }
  return c;
}

Bytes hex(const nlohmann::json& v) {
  return from_hex(v.get<std::string>());
}

// One AEAD message: key, nonce, AAD, plaintext, ciphertext, tag.
struct AeadCase {
  std::string cipher;
  Bytes key, iv, aad, msg, ct, tag;
};

// Encrypts c.msg (secret) under c.key (secret); checks ciphertext and tag.
void aead_encrypt(const AeadCase& c, bool ccm) {
  EVP_CIPHER* cipher = fetch(c.cipher);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes key = c.key, msg = c.msg, out(c.msg.size() + 16), tag(c.tag.size());
  secret(key);
  secret(msg);
  int n = 0, m = 0;
  bool ok = EVP_EncryptInit_ex2(ctx, cipher, nullptr, nullptr, nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(c.iv.size()),
                                nullptr) == 1;
  if (ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(c.tag.size()),
                                   nullptr) == 1;
  ok = ok && EVP_EncryptInit_ex2(ctx, nullptr, key.data(), c.iv.data(), nullptr) == 1;
  if (ccm) ok = ok && EVP_EncryptUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(msg.size()));
  ok = ok && EVP_EncryptUpdate(ctx, nullptr, &n, c.aad.data(), static_cast<int>(c.aad.size()));
  ok = ok && EVP_EncryptUpdate(ctx, out.data(), &n, msg.data(), static_cast<int>(msg.size()));
  ok = ok && EVP_EncryptFinal_ex(ctx, out.data() + n, &m);
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()),
                                 tag.data()) == 1;
  expect_true(ok, c.cipher + " encrypt");
  expect_bytes(out.data(), static_cast<std::size_t>(n + m), c.ct, c.cipher + " ciphertext");
  expect_bytes(tag, c.tag, c.cipher + " tag");
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  g_checks += 3;
}

// Decrypts c.ct with tag (public) under c.key (secret).  The verdict is what
// the provider reports: GCM and ChaCha20-Poly1305 at final, CCM at the
// payload update.  A good tag must give c.msg, a forged one a failure.
void aead_decrypt(const AeadCase& c, bool ccm, bool forge) {
  EVP_CIPHER* cipher = fetch(c.cipher);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes key = c.key, tag = c.tag, out(c.ct.size() + 16);
  if (forge) tag[tag.size() - 1] ^= 0x01;
  secret(key);
  int n = 0, m = 0;
  bool ok = EVP_DecryptInit_ex2(ctx, cipher, nullptr, nullptr, nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(c.iv.size()),
                                nullptr) == 1;
  // CCM takes the tag (and so its length) before the key, the others after.
  if (ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                                   tag.data()) == 1;
  ok = ok && EVP_DecryptInit_ex2(ctx, nullptr, key.data(), c.iv.data(), nullptr) == 1;
  if (!ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                                   tag.data()) == 1;
  if (ccm) ok = ok && EVP_DecryptUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(c.ct.size()));
  ok = ok && EVP_DecryptUpdate(ctx, nullptr, &n, c.aad.data(), static_cast<int>(c.aad.size()));
  expect_true(ok, c.cipher + " decrypt set-up");
  const bool update =
      EVP_DecryptUpdate(ctx, out.data(), &n, c.ct.data(), static_cast<int>(c.ct.size())) == 1;
  const bool final = update && EVP_DecryptFinal_ex(ctx, out.data() + n, &m) == 1;
  ERR_clear_error();
  const std::string what = c.cipher + (forge ? " forged tag" : " good tag");
  if (forge) {
    expect_true(!final && (ccm ? !update : update), what + " refused where expected");
  } else {
    expect_true(final, what + " accepted");
    expect_bytes(out.data(), static_cast<std::size_t>(n + m), c.msg, what + " plaintext");
  }
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  g_checks += 2;
}

void check_aead(const AeadCase& c, bool ccm) {
  aead_encrypt(c, ccm);
  aead_decrypt(c, ccm, false);
  aead_decrypt(c, ccm, true);
}

// The first valid Wycheproof case with a 96-bit IV, a 128-bit tag and
// non-empty text and AAD, for each key size.
void check_wycheproof_aead(const char* file, const char* prefix, const char* suffix) {
  const auto doc = nlohmann::json::parse(read_vector_file(std::string("wycheproof/") + file));
  for (int bits : {128, 192, 256}) {
    for (const auto& g : doc["testGroups"]) {
      if (g["keySize"] != bits || g["ivSize"] != 96 || g["tagSize"] != 128) continue;
      bool done = false;
      for (const auto& t : g["tests"]) {
        if (t["result"] != "valid" || t["msg"] == "" || t["aad"] == "") continue;
        const std::string name = std::string(prefix) +
                                 (std::string(suffix).empty() ? "" : std::to_string(bits)) + suffix;
        check_aead({name, hex(t["key"]), hex(t["iv"]), hex(t["aad"]), hex(t["msg"]), hex(t["ct"]),
                    hex(t["tag"])},
                   false);
        done = true;
        break;
      }
      if (done) break;
    }
  }
}

// evp_test stanzas (Key = Value lines, blank-line separated).
std::vector<std::vector<std::pair<std::string, std::string>>> stanzas(const std::string& text) {
  std::vector<std::vector<std::pair<std::string, std::string>>> out(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      if (!out.back().empty()) out.emplace_back();
      continue;
    }
    if (line[0] == '#') continue;
    const auto eq = line.find(" = ");
    std::string key = eq == std::string::npos ? line : line.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : line.substr(eq + 3);
    if (!value.empty() && value.back() == '=') value.clear();
    out.back().emplace_back(key, value);
  }
  return out;
}

// AES-128/192/256-CCM: the first valid NIST CAVS stanza with AAD and
// payload for each key size.
void check_ccm() {
  const auto all = stanzas(read_vector_file("openssl-evp/evpciph_aes_ccm_cavs.txt"));
  for (const char* name : {"aes-128-ccm", "aes-192-ccm", "aes-256-ccm"}) {
    for (const auto& s : all) {
      std::map<std::string, std::string> f(s.begin(), s.end());
      if (f["Cipher"] != name || f.count("Result") != 0 || f["Plaintext"].empty() ||
          f["AAD"].empty())
        continue;
      check_aead({name, from_hex(f["Key"]), from_hex(f["IV"]), from_hex(f["AAD"]),
                  from_hex(f["Plaintext"]), from_hex(f["Ciphertext"]), from_hex(f["Tag"])},
                 true);
      break;
    }
  }
}

// AES-CBC with PKCS#7 padding: EVP_DecryptFinal_ex's padding check for a
// good (Wycheproof "valid") and a bad ("BadPadding") message per key size.
void check_cbc_padding() {
  const auto doc = nlohmann::json::parse(read_vector_file("wycheproof/aes_cbc_pkcs5_test.json"));
  for (const auto& g : doc["testGroups"]) {
    const std::string name = "AES-" + std::to_string(g["keySize"].get<int>()) + "-CBC";
    bool good = false, bad = false;
    for (const auto& t : g["tests"]) {
      const bool valid = t["result"] == "valid";
      const bool bad_padding = !t["flags"].empty() && t["flags"][0] == "BadPadding";
      if (valid ? (good || t["msg"].get<std::string>().size() < 40) : (bad || !bad_padding))
        continue;
      (valid ? good : bad) = true;
      EVP_CIPHER* cipher = fetch(name);
      EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
      Bytes key = hex(t["key"]), ct = hex(t["ct"]), out(ct.size() + 16);
      secret(key);
      int n = 0, m = 0;
      const bool ok =
          EVP_DecryptInit_ex2(ctx, cipher, key.data(), hex(t["iv"]).data(), nullptr) &&
          EVP_DecryptUpdate(ctx, out.data(), &n, ct.data(), static_cast<int>(ct.size()));
      const bool final = ok && EVP_DecryptFinal_ex(ctx, out.data() + n, &m) == 1;
      ERR_clear_error();
      if (valid) {
        expect_true(final, name + " good padding accepted");
        expect_bytes(out.data(), static_cast<std::size_t>(n + m), hex(t["msg"]),
                     name + " good padding plaintext");
      } else {
        expect_true(ok && !final, name + " bad padding refused at final");
      }
      g_checks += valid ? 2 : 1;
      EVP_CIPHER_CTX_free(ctx);
      EVP_CIPHER_free(cipher);
    }
  }
}

// One TLS CBC record through the provider's record mode (as libssl drives
// it: tls-version and tls-mac-size, one in-place update per record; see
// test/provider/tls_record_test.cpp).  The record is built in the clear as
// RFC 5246 §6.2.3.2 lays it out -- explicit IV block (TLS 1.1+), payload,
// MAC, padding of pad+1 bytes of value pad -- and CBC-encrypted without
// padding; with bad_padding one padding byte is wrong.  The key is secret;
// the payload length and the MAC the provider returns are secret too until
// libssl's own MAC check, so they are published only to compare them.
void tls_cbc_record(unsigned version, std::size_t mac_bytes, bool bad_padding) {
  const std::string name = "AES-128-CBC";
  const std::size_t iv_block = version == TLS1_VERSION ? 0 : 16, payload = 37, pad = 10;
  Bytes clear;
  for (std::size_t i = 0; i < iv_block + payload + mac_bytes; ++i)
    clear.push_back(static_cast<std::uint8_t>(i * 7 + 1));
  std::size_t pad_len = pad;
  while ((clear.size() + pad_len + 1) % 16 != 0) ++pad_len;
  for (std::size_t i = 0; i <= pad_len; ++i) clear.push_back(static_cast<std::uint8_t>(pad_len));
  if (bad_padding) clear[clear.size() - 3] ^= 0x40;
  const Bytes key = from_hex("000102030405060708090a0b0c0d0e0f");
  const Bytes iv = from_hex("f0e0d0c0b0a090807060504030201000");
  EVP_CIPHER* cipher = fetch(name);
  // The record on the wire: encrypted with plain CBC (key not secret here;
  // this is the peer's side).
  Bytes record(clear.size() + 16);
  int n = 0;
  EVP_CIPHER_CTX* enc = EVP_CIPHER_CTX_new();
  bool ok = EVP_EncryptInit_ex2(enc, cipher, key.data(), iv.data(), nullptr) &&
            EVP_CIPHER_CTX_set_padding(enc, 0) &&
            EVP_EncryptUpdate(enc, record.data(), &n, clear.data(), static_cast<int>(clear.size()));
  record.resize(clear.size());
  EVP_CIPHER_CTX_free(enc);

  Bytes secret_key = key;
  secret(secret_key);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                         OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &mac_bytes),
                         OSSL_PARAM_construct_end()};
  ok = ok && EVP_DecryptInit_ex2(ctx, cipher, secret_key.data(), iv.data(), nullptr) &&
       EVP_CIPHER_CTX_set_params(ctx, params);
  int outl = 0;
  const bool update = ok && EVP_DecryptUpdate(ctx, record.data(), &outl, record.data(),
                                              static_cast<int>(record.size())) == 1;
  ERR_clear_error();
  char what[96];
  std::snprintf(what, sizeof what, "TLS CBC record version %x mac %zu %s padding", version,
                mac_bytes, bad_padding ? "bad" : "good");
  if (mac_bytes == 0) {
    // Encrypt-then-MAC: the MAC was checked first, the padding verdict is
    // public and a bad one fails the update.
    expect_true(update == !bad_padding, std::string(what) + ": verdict");
    if (!bad_padding)
      expect_bytes(record.data() + iv_block, static_cast<std::size_t>(outl),
                   Bytes(clear.begin() + iv_block, clear.begin() + iv_block + payload),
                   std::string(what) + ": payload");
  } else {
    expect_true(update, std::string(what) + ": record accepted for the MAC check");
    void* mac = nullptr;
    OSSL_PARAM get[] = {OSSL_PARAM_construct_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, &mac, mac_bytes),
                        OSSL_PARAM_construct_end()};
    expect_true(EVP_CIPHER_CTX_get_params(ctx, get) == 1 && mac != nullptr,
                std::string(what) + ": tls-mac");
    // libssl's MAC check, whose verdict is public: published here.
    publish(&outl, sizeof outl);
    publish(mac, mac_bytes);
    const Bytes want_mac(clear.begin() + iv_block + payload,
                         clear.begin() + iv_block + payload + mac_bytes);
    if (bad_padding) {
      expect_true(std::memcmp(mac, want_mac.data(), mac_bytes) != 0,
                  std::string(what) + ": the stand-in MAC, not the record's");
    } else {
      expect_true(static_cast<std::size_t>(outl) == payload, std::string(what) + ": length");
      expect_bytes(static_cast<std::uint8_t*>(mac), mac_bytes, want_mac,
                   std::string(what) + ": MAC");
    }
  }
  g_checks += 2;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
}

void check_tls_cbc() {
  for (bool bad : {false, true}) {
    tls_cbc_record(TLS1_VERSION, 32, bad);
    tls_cbc_record(TLS1_2_VERSION, 20, bad);
    tls_cbc_record(TLS1_2_VERSION, 48, bad);
    tls_cbc_record(TLS1_2_VERSION, 0, bad);
  }
}

// A TLS 1.2 AEAD record as libssl drives it (test/provider's
// gcm_oracle_test, ccm_oracle_test, chacha_test): the fixed IV part set
// once, then per record "tlsaad" (13 bytes, its length field the payload
// when sending, the whole record when receiving) and one in-place update.
// GCM and CCM records are explicit nonce (8) || payload || tag (16),
// ChaCha20-Poly1305's payload || tag.  Returns the update's output length,
// or -1 if it failed.
enum class TlsAead { kGcm, kCcm, kChacha };

int tls_aead_record(TlsAead kind, EVP_CIPHER* cipher, bool enc, const Bytes& key, Bytes* record) {
  const Bytes fixed = from_hex("a0a1a2a3a4a5a6a7a8a9aaab");  // 4 (GCM, CCM) or 12 bytes
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bool ok = EVP_CipherInit_ex2(ctx, cipher, nullptr, nullptr, enc ? 1 : 0, nullptr) == 1;
  if (kind == TlsAead::kCcm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr) > 0 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, nullptr) > 0;
  ok =
      ok && EVP_CipherInit_ex2(ctx, nullptr, key.data(),
                               kind == TlsAead::kChacha ? fixed.data() : nullptr, -1, nullptr) == 1;
  Bytes f = fixed;
  if (kind != TlsAead::kChacha)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IV_FIXED, 4, f.data()) > 0;
  const std::size_t len_field = enc ? record->size() - 16 : record->size();
  std::uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 7, 23, 3, 3};
  aad[11] = static_cast<std::uint8_t>(len_field >> 8);
  aad[12] = static_cast<std::uint8_t>(len_field);
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16;
  int outl = -1;
  const bool update = ok && EVP_CipherUpdate(ctx, record->data(), &outl, record->data(),
                                             static_cast<int>(record->size())) == 1;
  ERR_clear_error();
  EVP_CIPHER_CTX_free(ctx);
  return update ? outl : -1;
}

// Each record is sealed by the peer (key public there), then opened with
// the key secret: intact it gives the payload back, with a flipped tag bit
// it fails (and the payload is wiped, not released).
void check_tls_aead() {
  const struct {
    TlsAead kind;
    const char* name;
    std::size_t key_bytes;
  } cases[] = {{TlsAead::kGcm, "AES-128-GCM", 16},
               {TlsAead::kGcm, "AES-256-GCM", 32},
               {TlsAead::kCcm, "AES-128-CCM", 16},
               {TlsAead::kCcm, "AES-256-CCM", 32},
               {TlsAead::kChacha, "ChaCha20-Poly1305", 32}};
  for (const auto& c : cases) {
    EVP_CIPHER* cipher = fetch(c.name);
    Bytes key(c.key_bytes);
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(0x30 + i);
    const std::size_t nonce = c.kind == TlsAead::kChacha ? 0 : 8, payload = 45;
    Bytes sealed(nonce + payload + 16);
    for (std::size_t i = 0; i < payload; ++i) sealed[nonce + i] = static_cast<std::uint8_t>(i);
    const Bytes clear = sealed;
    expect_true(
        tls_aead_record(c.kind, cipher, true, key, &sealed) == static_cast<int>(sealed.size()),
        std::string(c.name) + " TLS record sealed");
    Bytes secret_key = key;
    secret(secret_key);
    for (bool forge : {false, true}) {
      Bytes record = sealed;
      if (forge) record.back() ^= 0x01;
      const int outl = tls_aead_record(c.kind, cipher, false, secret_key, &record);
      const std::string what =
          std::string(c.name) + (forge ? " forged" : " intact") + " TLS record";
      if (forge) {
        expect_true(outl == -1, what + " refused");
        expect_bytes(record.data() + nonce, payload, Bytes(payload, 0), what + " wiped");
      } else {
        expect_true(outl == static_cast<int>(payload), what + " opened");
        expect_bytes(record.data() + nonce, payload,
                     Bytes(clear.begin() + nonce, clear.begin() + nonce + payload),
                     what + " payload");
      }
      g_checks += 2;
    }
    ++g_checks;
    EVP_CIPHER_free(cipher);
  }
}

// ML-KEM through EVP.
EVP_PKEY* mlkem_from_data(const std::string& alg, const char* name, const Bytes& value) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(g_libctx, alg.c_str(), kPropq);
  EVP_PKEY* pkey = nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             name, const_cast<std::uint8_t*>(value.data()), value.size()),
                         OSSL_PARAM_construct_end()};
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx) <= 0 ||
      EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0)
    pkey = nullptr;
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

Bytes mlkem_decapsulate(EVP_PKEY* pkey, const Bytes& ct) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(g_libctx, pkey, kPropq);
  Bytes ss(32);
  std::size_t len = ss.size();
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx, nullptr) <= 0 ||
      EVP_PKEY_decapsulate(ctx, ss.data(), &len, ct.data(), ct.size()) <= 0)
    ss.clear();
  EVP_PKEY_CTX_free(ctx);
  return ss;
}

// dk with its secret parts marked: ByteEncode12(s-hat) first, z last (the
// ek and H(ek) between are public).
Bytes secret_dk(const Bytes& dk, unsigned k) {
  Bytes out = dk;
  secret(out.data(), 384 * k);
  secret(out.data() + out.size() - 32, 32);
  return out;
}

unsigned mlkem_k(const std::string& alg) {
  return alg == "ML-KEM-512" ? 2 : alg == "ML-KEM-768" ? 3 : 4;
}

void check_mlkem() {
  const auto kem = nlohmann::json::parse(
      read_vector_file("mlkem/acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json"));
  for (const auto& g : kem["testGroups"]) {
    const std::string alg = g["parameterSet"];
    const unsigned k = mlkem_k(alg);
    if (g["function"] == "encapsulation") {
      // The key from priv (the provider's key checks run on the secret dk),
      // then encapsulation with a secret m and decapsulation of the result.
      const auto& t = g["tests"][0];
      EVP_PKEY* pkey = mlkem_from_data(alg, OSSL_PKEY_PARAM_PRIV_KEY, secret_dk(hex(t["dk"]), k));
      expect_true(pkey != nullptr, alg + " fromdata priv");
      if (pkey == nullptr) continue;
      Bytes m = hex(t["m"]);
      secret(m);
      EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(g_libctx, pkey, kPropq);
      OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string("ikme", m.data(), m.size()),
                             OSSL_PARAM_construct_end()};
      Bytes ct(hex(t["c"]).size()), ss(32);
      std::size_t ctlen = ct.size(), sslen = ss.size();
      expect_true(ctx != nullptr && EVP_PKEY_encapsulate_init(ctx, params) > 0 &&
                      EVP_PKEY_encapsulate(ctx, ct.data(), &ctlen, ss.data(), &sslen) > 0,
                  alg + " encapsulate");
      EVP_PKEY_CTX_free(ctx);
      expect_bytes(ct, hex(t["c"]), alg + " encapsulate c (ACVP)");
      expect_bytes(ss, hex(t["k"]), alg + " encapsulate K (ACVP)");
      expect_bytes(mlkem_decapsulate(pkey, hex(t["c"])), hex(t["k"]), alg + " decapsulate (ACVP)");
      EVP_PKEY_free(pkey);
      g_checks += 5;
      continue;
    }
    // Decapsulation: one unmodified and one modified ciphertext (implicit
    // rejection).
    EVP_PKEY* pkey = mlkem_from_data(alg, OSSL_PKEY_PARAM_PRIV_KEY, secret_dk(hex(g["dk"]), k));
    expect_true(pkey != nullptr, alg + " fromdata priv (decapsulation group)");
    if (pkey == nullptr) continue;
    bool seen_good = false, seen_modified = false;
    for (const auto& t : g["tests"]) {
      const bool modified = t["reason"] != "no modification";
      if (modified ? seen_modified : seen_good) continue;
      (modified ? seen_modified : seen_good) = true;
      expect_bytes(mlkem_decapsulate(pkey, hex(t["c"])), hex(t["k"]),
                   alg + (modified ? " decapsulate modified c: implicit rejection (ACVP)"
                                   : " decapsulate unmodified c (ACVP)"));
      ++g_checks;
    }
    EVP_PKEY_free(pkey);
    ++g_checks;
  }
  // Key generation from a secret seed d || z (EVP_PKEY_fromdata "seed").
  const auto keygen = nlohmann::json::parse(
      read_vector_file("mlkem/acvp/ML-KEM-keyGen-FIPS203/internalProjection.json"));
  for (const auto& g : keygen["testGroups"]) {
    const std::string alg = g["parameterSet"];
    const auto& t = g["tests"][0];
    Bytes seed = hex(t["d"]);
    const Bytes z = hex(t["z"]);
    seed.insert(seed.end(), z.begin(), z.end());
    secret(seed);
    EVP_PKEY* pkey = mlkem_from_data(alg, "seed", seed);
    expect_true(pkey != nullptr, alg + " fromdata seed");
    if (pkey == nullptr) continue;
    Bytes ek(hex(t["ek"]).size());
    std::size_t len = 0;
    expect_true(EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, ek.data(),
                                                ek.size(), &len) == 1,
                alg + " encoded-pub-key");
    expect_bytes(ek, hex(t["ek"]), alg + " ek from seed (ACVP)");
    EVP_PKEY_free(pkey);
    g_checks += 3;
  }
}

}  // namespace
}  // namespace armaccel::ct_test

int main() {
  using namespace armaccel::ct_test;
  require_valgrind("ct_provider");
  load_armaccel();
  check_wycheproof_aead("aes_gcm_test.json", "AES-", "-GCM");
  check_ccm();
  check_wycheproof_aead("chacha20_poly1305_test.json", "ChaCha20-Poly1305", "");
  check_cbc_padding();
  check_tls_cbc();
  check_tls_aead();
  check_mlkem();
  OSSL_LIB_CTX_free(g_libctx);
  return finish("ct_provider", g_checks);
}
