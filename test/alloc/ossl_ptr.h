// SPDX-License-Identifier: Apache-2.0
// Owning pointers for the OpenSSL objects the operations make, so every
// path frees what it made however it ends.
#pragma once

#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <memory>

namespace armaccel::alloc_test {

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
template <class T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, Deleter<T, Free>>;

using CipherPtr = Owned<EVP_CIPHER, EVP_CIPHER_free>;
using CipherCtxPtr = Owned<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;
using MdPtr = Owned<EVP_MD, EVP_MD_free>;
using MdCtxPtr = Owned<EVP_MD_CTX, EVP_MD_CTX_free>;
using MacPtr = Owned<EVP_MAC, EVP_MAC_free>;
using MacCtxPtr = Owned<EVP_MAC_CTX, EVP_MAC_CTX_free>;
using PkeyPtr = Owned<EVP_PKEY, EVP_PKEY_free>;
using PkeyCtxPtr = Owned<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;
using ParamsPtr = Owned<OSSL_PARAM, OSSL_PARAM_free>;
using EncoderCtxPtr = Owned<OSSL_ENCODER_CTX, OSSL_ENCODER_CTX_free>;
using DecoderCtxPtr = Owned<OSSL_DECODER_CTX, OSSL_DECODER_CTX_free>;

}  // namespace armaccel::alloc_test
