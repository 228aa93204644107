// SPDX-License-Identifier: Apache-2.0
#include "alloc_hooks.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <openssl/crypto.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace armaccel::alloc_test {

namespace {

struct Block {
  bool armaccel;
  bool error_queue;  // libcrypto's error records keep buffers for reuse
};

struct State {
  std::mutex mutex;
  // Never destroyed: libcrypto frees its last blocks in its atexit
  // clean-up, after static destructors may have run.
  // Keyed by hidden(p): a plain pointer here would make every block
  // reachable to LeakSanitizer, which could then report no leak at all.
  std::unordered_map<std::uintptr_t, Block>* live = new std::unordered_map<std::uintptr_t, Block>;
  std::size_t live_armaccel = 0;
  std::size_t live_error_queue = 0;
  bool armed = false;
  Mode mode = Mode::kCount;
  Scope scope = Scope::kAll;
  std::size_t n = 0;
  Tally tally;
};

State& state() {
  static State* s = new State;
  return *s;
}

// True when a function of the armaccel module is among the callers.
bool armaccel_on_stack() {
  void* frames[64];
  const int n = backtrace(frames, 64);
  for (int i = 0; i < n; ++i) {
    Dl_info info;
    if (dladdr(frames[i], &info) != 0 && info.dli_fname != nullptr &&
        std::strstr(info.dli_fname, "armaccel.so") != nullptr)
      return true;
  }
  return false;
}

// A hash of the return addresses above the hooks (a dozen frames).
std::size_t stack_hash() {
  void* frames[16];
  const int n = backtrace(frames, 16);
  std::size_t h = 0;
  for (int i = 2; i < n; ++i) h = h * 1000003u ^ reinterpret_cast<std::uintptr_t>(frames[i]);
  return h;
}

// Called with the mutex held: whether this allocation is to fail.
bool should_fail(State& s, const char* file, int line) {
  if (!s.armed) return false;
  if (s.scope == Scope::kArmaccel && !is_armaccel_file(file)) return false;
  const std::size_t index = ++s.tally.counted;
  if (s.mode == Mode::kCount) s.tally.sites.push_back(Site{file, line, stack_hash()});
  const bool fail =
      (s.mode == Mode::kFailNth && index == s.n) || (s.mode == Mode::kFailFrom && index >= s.n);
  if (fail && !s.tally.armaccel_on_stack) s.tally.armaccel_on_stack = armaccel_on_stack();
  if (fail && s.tally.injected++ == 0) {
    char where[256];
    std::snprintf(where, sizeof where, "%s:%d", file != nullptr ? file : "?", line);
    s.tally.first_failed = where;
  }
  return fail;
}

// A block's address as no pointer scan recognises it.
std::uintptr_t hidden(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) ^ static_cast<std::uintptr_t>(0xa5a5a5a5a5a5a5a5u);
}

void remember(State& s, void* p, const Block& b) {
  (*s.live)[hidden(p)] = b;
  if (b.armaccel) ++s.live_armaccel;
  if (b.error_queue) ++s.live_error_queue;
}

void remember(State& s, void* p, const char* file) {
  remember(s, p,
           Block{is_armaccel_file(file), file != nullptr && std::strstr(file, "crypto/err/")});
}

void forget(State& s, void* p) {
  auto it = s.live->find(hidden(p));
  if (it == s.live->end()) return;
  if (it->second.armaccel) --s.live_armaccel;
  if (it->second.error_queue) --s.live_error_queue;
  s.live->erase(it);
}

void* hook_malloc(std::size_t size, const char* file, int line) {
  if (size == 0) return nullptr;  // as CRYPTO_malloc
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (should_fail(s, file, line)) return nullptr;
  void* p = std::malloc(size);
  if (p != nullptr) remember(s, p, file);
  return p;
}

void hook_free(void* p, const char*, int) {
  if (p == nullptr) return;
  State& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    forget(s, p);
  }
  std::free(p);
}

void* hook_realloc(void* p, std::size_t size, const char* file, int line) {
  if (p == nullptr) return hook_malloc(size, file, line);
  if (size == 0) {  // as CRYPTO_realloc
    hook_free(p, file, line);
    return nullptr;
  }
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (should_fail(s, file, line)) return nullptr;  // p stays valid
  auto it = s.live->find(hidden(p));
  const Block old = it != s.live->end() ? it->second : Block{false, false};
  forget(s, p);
  void* q = std::realloc(p, size);
  remember(s, q != nullptr ? q : p, old);  // p stays when realloc fails
  return q;
}

}  // namespace

bool is_armaccel_file(const char* file) {
  return file != nullptr && std::strncmp(file, "provider/", 9) == 0;
}

bool install() {
  void* frame[1];
  backtrace(frame, 1);  // loads the unwinder now, not inside a hook
  return CRYPTO_set_mem_functions(hook_malloc, hook_realloc, hook_free) == 1;
}

void arm(Mode mode, Scope scope, std::size_t n) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.mode = mode;
  s.scope = scope;
  s.n = n;
  s.tally = Tally{};
  s.armed = true;
}

Tally disarm() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.armed = false;
  return s.tally;
}

std::size_t live_blocks() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.live->size() - s.live_error_queue;
}

std::size_t live_armaccel_blocks() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.live_armaccel;
}

Pause::Pause() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  was_armed_ = s.armed;
  s.armed = false;
}

Pause::~Pause() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.armed = was_armed_;
}

}  // namespace armaccel::alloc_test
