// SPDX-License-Identifier: Apache-2.0
// One cipher operation through EVP in the order OpenSSL's evp_test uses
// (init, ivlen, tag or tag length, key and IV, CCM length, AAD, data,
// final, tag), reporting the step that failed under evp_test's names
// ("KEY_SET_ERROR", "CIPHERFINAL_ERROR", ...), so the "Result" lines of the
// evp files can be checked as written.
#pragma once

#include <openssl/evp.h>

#include <string>
#include <vector>

#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {

struct CipherCase {
  std::string cipher;  // upper-cased name
  Bytes key, iv, plaintext, ciphertext, tag, next_iv;
  std::vector<Bytes> aad;  // one update each
  bool has_iv = false;
  bool has_next_iv = false;
  bool tag_late = false;  // decrypt tag set after the AAD
  bool padding = false;
  std::string xts_standard;  // "XTSStandard": "GB", "IEEE" or "" (the cipher's default)
  std::string operation;     // "ENCRYPT", "DECRYPT" or "" (both)
  std::string result;        // expected failing step, "" for success
};

// kPieces feeds AAD and data one byte per update (not for CCM or XTS, whose
// payload is one update); kMisaligned offsets input and output by one byte.
// kNullEmpty (empty inputs only): the payload update and empty AAD are left
// out and the CCM length is announced (NULL, 0) only before AAD, as callers
// with no data do; a CCM tag is then made or checked at final.
enum class Variant { kWhole, kPieces, kInPlace, kMisaligned, kNullEmpty };

CipherCase cipher_case(const Stanza& s);

// Runs one direction; returns "" or the failing step.  *out gets the output,
// *tag (encrypting AEADs) the tag of the case's tag length, *next_iv the
// "updated-iv" (as long as the case's NextIV, else 16 bytes).
std::string run_cipher_case(EVP_CIPHER* cipher, const CipherCase& c, bool enc, Variant how,
                            Bytes* out, Bytes* tag = nullptr, Bytes* next_iv = nullptr);

// Every applicable variant and direction, with gtest expectations on the
// outputs and on the expected Result.
void check_cipher_case(EVP_CIPHER* cipher, const CipherCase& c, int line);

// One AEAD operation on armaccel's cipher with a fresh context, through
// run_cipher_case.
struct AeadOp {
  std::string cipher;
  Bytes key, iv, aad, in, tag;  // tag: expected (decrypt) or unused
  std::size_t taglen = 16;
};

// Encrypts (out = ciphertext, *tag = a tag of op.taglen bytes) or decrypts
// op.in (checked against op.tag); "" on success, else the failing step.
std::string aead_run(const AeadOp& op, bool enc, Bytes* out, Bytes* tag = nullptr);
inline std::string aead_encrypt(const AeadOp& op, Bytes* ct, Bytes* tag) {
  return aead_run(op, true, ct, tag);
}
inline std::string aead_decrypt(const AeadOp& op, Bytes* pt) {
  return aead_run(op, false, pt);
}

}  // namespace armaccel::test
