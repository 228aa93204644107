// SPDX-License-Identifier: Apache-2.0
// armaccel's child library context (OSSL_LIB_CTX_new_child): it mirrors the
// application's providers and serves what armaccel fetches from them
// (CMAC over DES-EDE3, HMAC over SHA-1, HPKE's HKDF).
//
// Its teardown is safe in every order.  The last object fetched from
// armaccel may be freed after OPENSSL_cleanup() (an atexit handler, a
// static destructor, Python's _hashlib at exit): the core then tears
// armaccel down, and freeing the child context deregisters it from the
// application's provider store -- which OPENSSL_cleanup() has freed
// (OpenSSL 3.0 takes its freed lock and crashes).  Or armaccel is torn down
// by OPENSSL_cleanup() itself, while that store is being freed: then the
// deregistration must not be skipped, or the store would call the freed
// child context's callbacks for the providers it frees next.
//
// So the child context is made with the core's functions wrapped: its
// callbacks are registered with the parent through trampolines that do
// nothing once the child is gone, and after OPENSSL_cleanup() has started
// the deregistration is skipped (the trampolines make that safe whether the
// store is still being freed or is gone).  The trampolines' records live
// in a fixed table for the process, and the module stays loaded once
// loaded (linked with -z nodelete): the store may call them after the
// provider object that loaded armaccel is gone.
#pragma once

#include <openssl/core.h>
#include <openssl/types.h>

namespace armaccel::prov {

struct ChildContext {
  OSSL_LIB_CTX* libctx = nullptr;
  OSSL_DISPATCH* core = nullptr;  // the wrapped copy of the core's functions
};

// A child of the library context armaccel is loaded into, whose default
// properties keep armaccel's own algorithms out ("provider!=armaccel").
// False (nothing allocated) if it cannot be made.
bool child_context_new(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in,
                       ChildContext* out) noexcept;

// Frees it (nothing to do for an empty one), in any order relative to
// OPENSSL_cleanup().
void child_context_free(ChildContext* child) noexcept;

}  // namespace armaccel::prov
