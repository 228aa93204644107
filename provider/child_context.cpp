// SPDX-License-Identifier: Apache-2.0
#include "child_context.h"

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <atomic>
#include <cstddef>
#include <mutex>

#include "dispatch/common/dispatch_util.h"
#include "errors.h"

namespace armaccel::prov {

namespace {

using CreateCb = int (*)(const OSSL_CORE_HANDLE* provider, void* cbdata);
using RemoveCb = int (*)(const OSSL_CORE_HANDLE* provider, void* cbdata);
using PropsCb = int (*)(const char* props, void* cbdata);

// One child context's callbacks as registered with its parent.  `live`
// turns the trampolines off once the child is freed; a record whose
// registration was never withdrawn (torn down after OPENSSL_cleanup()
// started) is never reused.
struct Registration {
  std::atomic<bool> live{false};
  bool in_use = false;
  const OSSL_CORE_HANDLE* handle = nullptr;
  CreateCb create = nullptr;
  RemoveCb remove = nullptr;
  PropsCb props = nullptr;
  void* cbdata = nullptr;
};

// Enough for the provider instances of a process (one per library context
// armaccel is loaded into at a time); past it a child is registered
// unwrapped, as without this file.
constexpr std::size_t kRegistrations = 64;

struct Registry {
  std::mutex lock;
  Registration slots[kRegistrations];
  // The core's functions (one libcrypto per process).
  std::atomic<OSSL_FUNC_provider_register_child_cb_fn*> core_register{nullptr};
  std::atomic<OSSL_FUNC_provider_deregister_child_cb_fn*> core_deregister{nullptr};
};

Registry& registry() {
  static Registry r;
  return r;
}

int create_trampoline(const OSSL_CORE_HANDLE* provider, void* cbdata) {
  auto* r = static_cast<Registration*>(cbdata);
  return r->live.load() ? r->create(provider, r->cbdata) : 1;
}
int remove_trampoline(const OSSL_CORE_HANDLE* provider, void* cbdata) {
  auto* r = static_cast<Registration*>(cbdata);
  return r->live.load() ? r->remove(provider, r->cbdata) : 1;
}
int props_trampoline(const char* props, void* cbdata) {
  auto* r = static_cast<Registration*>(cbdata);
  return r->live.load() ? r->props(props, r->cbdata) : 1;
}

int register_child_cb(const OSSL_CORE_HANDLE* handle, CreateCb create, RemoveCb remove,
                      PropsCb props, void* cbdata) noexcept {
  Registry& reg = registry();
  OSSL_FUNC_provider_register_child_cb_fn* core = reg.core_register.load();
  Registration* r = nullptr;
  {
    std::lock_guard<std::mutex> hold(reg.lock);
    for (Registration& s : reg.slots) {
      if (!s.in_use) {
        r = &s;
        break;
      }
    }
    if (r != nullptr) {
      r->in_use = true;
      r->handle = handle;
      r->create = create;
      r->remove = remove;
      r->props = props;
      r->cbdata = cbdata;
      r->live.store(true);
    }
  }
  if (r == nullptr) return core(handle, create, remove, props, cbdata);
  const int ok = core(handle, &create_trampoline, &remove_trampoline, &props_trampoline, r);
  if (!ok) {
    std::lock_guard<std::mutex> hold(reg.lock);
    r->live.store(false);
    r->in_use = false;
  }
  return ok;
}

void deregister_child_cb(const OSSL_CORE_HANDLE* handle) noexcept {
  Registry& reg = registry();
  Registration* r = nullptr;
  {
    std::lock_guard<std::mutex> hold(reg.lock);
    for (Registration& s : reg.slots) {
      if (s.in_use && s.live.load() && s.handle == handle) {
        r = &s;
        break;
      }
    }
    if (r != nullptr) r->live.store(false);
  }
  // Once OPENSSL_cleanup() has started, the parent's store is being freed
  // or gone: the registration stays (its trampolines now do nothing) and
  // its record is not reused.
  if (openssl_stopped()) return;
  reg.core_deregister.load()(handle);
  if (r != nullptr) {
    std::lock_guard<std::mutex> hold(reg.lock);
    r->in_use = false;
  }
}

}  // namespace

bool child_context_new(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in,
                       ChildContext* out) noexcept {
  *out = ChildContext{};
  std::size_t n = 0;
  bool have_register = false, have_deregister = false;
  for (; in[n].function_id != 0; ++n) {
    have_register |= in[n].function_id == OSSL_FUNC_PROVIDER_REGISTER_CHILD_CB;
    have_deregister |= in[n].function_id == OSSL_FUNC_PROVIDER_DEREGISTER_CHILD_CB;
  }
  auto* copy = static_cast<OSSL_DISPATCH*>(OPENSSL_malloc((n + 1) * sizeof *in));
  if (copy == nullptr) return false;
  Registry& reg = registry();
  for (std::size_t i = 0; i <= n; ++i) {
    copy[i] = in[i];
    // Both or neither: a core without them cannot make a child anyway.
    if (!have_register || !have_deregister) continue;
    if (in[i].function_id == OSSL_FUNC_PROVIDER_REGISTER_CHILD_CB) {
      reg.core_register.store(
          reinterpret_cast<OSSL_FUNC_provider_register_child_cb_fn*>(in[i].function));
      copy[i].function = as_dispatch(&register_child_cb);
    } else if (in[i].function_id == OSSL_FUNC_PROVIDER_DEREGISTER_CHILD_CB) {
      reg.core_deregister.store(
          reinterpret_cast<OSSL_FUNC_provider_deregister_child_cb_fn*>(in[i].function));
      copy[i].function = as_dispatch(&deregister_child_cb);
    }
  }
  out->core = copy;
  out->libctx = OSSL_LIB_CTX_new_child(handle, copy);
  if (out->libctx == nullptr || !EVP_set_default_properties(out->libctx, "provider!=armaccel")) {
    child_context_free(out);
    return false;
  }
  return true;
}

void child_context_free(ChildContext* child) noexcept {
  OSSL_LIB_CTX_free(child->libctx);
  OPENSSL_free(child->core);
  *child = ChildContext{};
}

}  // namespace armaccel::prov
