// SPDX-License-Identifier: Apache-2.0
// The step-aside rule: per algorithm family, the primitives whose lanes
// serve it, the first 3.x release whose default provider has the family,
// and the reason shown when armaccel leaves it to the default provider for
// a portable lane.  How each lane was measured against OpenSSL's code is in
// the lane's own entry (kernels/cpu/lane_table.cpp, lane_facts.h); where
// one is slower on a core class, in kernels/cpu/slower_on_core.cpp.  The
// releases are those of OpenSSL's release notes (3.0, 3.5 and 3.6 are
// tested).
#include "step_aside.h"

#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "dispatch/common/names.h"

namespace armaccel::prov {

namespace {

struct Rule {
  Family family;
  const char* name;
  int default_since_minor;  // the default provider has the family from 3.<this>
  Primitive needs[2];       // the primitives whose lanes serve the family
  unsigned need_count;
  const char* reason;  // shown when deferred for a portable lane
};

// The reasons given to users carry no figure (they would be AArch64 qemu
// counts shown on every machine); the measurements behind each are in the
// comments here, in kernels/cpu/lane_table.cpp and in docs/report.
// aes-portable: 63.6 (ECB) to 250 (CBC encryption) instructions/byte
// against OpenSSL's 16.8-22.0; the portable AES-128-GCM 90.2 against
// 43.1-48.6 (qemu, reference CPU with NEON and the AES instructions turned
// off for both).
#define ARMACCEL_NO_AES "no NEON: aes-portable counts several times OpenSSL's instructions"
#define ARMACCEL_NO_GHASH                             \
  "no NEON: the portable AES-GCM counts about twice " \
  "OpenSSL's instructions"

constexpr Rule kRules[] = {
    {Family::kAesEcb, "aes-ecb", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kAesCbc, "aes-cbc", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kAesCtr, "aes-ctr", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kAesXts, "aes-xts", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kAesCcm, "aes-ccm", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kAesGcm, "aes-gcm", 0, {Primitive::kAes, Primitive::kGhash}, 2, ARMACCEL_NO_GHASH},
    {Family::kCmac, "cmac", 0, {Primitive::kAes}, 1, ARMACCEL_NO_AES},
    {Family::kGmac, "gmac", 0, {Primitive::kAes, Primitive::kGhash}, 2, ARMACCEL_NO_GHASH},
    {Family::kChacha20,
     "chacha20",
     0,
     {Primitive::kChacha20},
     1,
     "no NEON: chacha20-portable is plain C++"},
    {Family::kChacha20Poly1305,
     "chacha20-poly1305",
     0,
     {Primitive::kChacha20, Primitive::kPoly1305},
     2,
     "no NEON: the portable ChaCha20 and Poly1305 are plain C++"},
    {Family::kPoly1305,
     "poly1305",
     0,
     {Primitive::kPoly1305},
     1,
     "no NEON: poly1305-portable is plain C++"},
    {Family::kSha256,
     "sha256",
     0,
     {Primitive::kSha256},
     1,
     // 51.0 instructions/byte against OpenSSL's 26.3.
     "sha256-portable counts about twice OpenSSL's instructions"},
    {Family::kSha512,
     "sha512",
     0,
     {Primitive::kSha512},
     1,
     // 28.6 instructions/byte against OpenSSL's 18.8.
     "sha512-portable counts more instructions than OpenSSL's code"},
    // HMAC follows SHA-256, its most used digest; a digest whose family is
    // deferred is taken from the default provider inside armaccel's HMAC.
    {Family::kHmac,
     "hmac",
     0,
     {Primitive::kSha256},
     1,
     // 51.8 instructions/byte against OpenSSL's 26.9-27.1.
     "on sha256-portable HMAC-SHA256 counts about twice OpenSSL's instructions"},
    {Family::kSha3, "sha3", 0, {Primitive::kKeccak}, 1, "no NEON: keccak-portable is plain C++"},
    {Family::kKeccak,
     "keccak",
     2,
     {Primitive::kKeccak},
     1,
     "no NEON: keccak-portable is plain C++"},
    {Family::kKeccakKmac,
     "keccak-kmac",
     0,
     {Primitive::kKeccak},
     1,
     "no NEON: keccak-portable is plain C++"},
    {Family::kSm3,
     "sm3",
     0,
     {Primitive::kSm3},
     1,
     // 36.4 instructions/byte against OpenSSL's 32.2.
     "sm3-portable counts more instructions than OpenSSL's code"},
    {Family::kSm4, "sm4", 0, {Primitive::kSm4}, 1, "no NEON: sm4-portable is plain C++"},
    {Family::kSm4Gcm,
     "sm4-gcm",
     1,
     {Primitive::kSm4, Primitive::kGhash},
     2,
     "no NEON: sm4-portable and ghash-portable are plain C++"},
    {Family::kSm4Ccm, "sm4-ccm", 1, {Primitive::kSm4}, 1, "no NEON: sm4-portable is plain C++"},
    {Family::kSm4Xts, "sm4-xts", 2, {Primitive::kSm4}, 1, "no NEON: sm4-portable is plain C++"},
    {Family::kMlkem, "ml-kem", 5, {Primitive::kMlkem}, 1, "no NEON: mlkem-portable is plain C++"},
    {Family::kX25519Mlkem768,
     "x25519mlkem768",
     5,
     {Primitive::kMlkem},
     1,
     "no NEON: mlkem-portable is plain C++"},
    // x25519-portable: 901,471 instructions a scalar multiplication against
    // OpenSSL 3.5's 426,523 (reference CPU, scripts/icount/x25519.sh with
    // ARMACCEL_DISABLE=all).
    {Family::kX25519,
     "x25519",
     0,
     {Primitive::kX25519},
     1,
     "no NEON: x25519-portable counts about twice OpenSSL's instructions"},
};
constexpr bool rules_in_family_order() {
  if (sizeof kRules / sizeof kRules[0] != kFamilyCount) return false;
  for (std::size_t i = 0; i < kFamilyCount; ++i)
    if (static_cast<std::size_t>(kRules[i].family) != i) return false;
  return true;
}
static_assert(rules_in_family_order(), "one rule per family, in the order of enum Family");

#undef ARMACCEL_NO_AES
#undef ARMACCEL_NO_GHASH

// Whether the lanes selected for a rule beat the host OpenSSL's code.
enum class Standing { kFaster, kSlower, kSlowerThanThisRelease, kSlowerOnThisCore };

// Whether `name` is one of the space-separated names of `list`.
bool names_one_of(const char* list, const char* name) {
  const std::size_t n = std::strlen(name);
  for (const char* p = list; *p != '\0';) {
    const char* end = std::strchr(p, ' ');
    const std::size_t len = end != nullptr ? static_cast<std::size_t>(end - p) : std::strlen(p);
    if (len == n && std::strncmp(p, name, n) == 0) return true;
    p += len;
    while (*p == ' ') ++p;
  }
  return false;
}

// The slower-on-core fact (kernels/cpu/slower_on_core.cpp) that makes a
// lane selected for the rule slower in the rule's family on `core` against
// the host's release, or null.
const SlowerOnCore* slower_on(const Rule& r, const KernelSet& k, const HostVersion& host,
                              CoreClass core) {
  for (unsigned i = 0; i < r.need_count; ++i) {
    const char* lane = lane_name(k, r.needs[i]);
    for (const SlowerOnCore* s = kSlowerOnCore; s->lane != nullptr; ++s)
      if (s->core == core && at_least(host, 3, s->from_minor) && std::strcmp(s->lane, lane) == 0 &&
          names_one_of(s->families, r.name))
        return s;
  }
  return nullptr;
}

Standing standing(const Rule& r, const KernelSet& k, const HostVersion& host, CoreClass core) {
  Standing result = Standing::kFaster;
  for (unsigned i = 0; i < r.need_count; ++i) {
    const Measured m = chosen_facts(k, r.needs[i]).measured;
    if (m.below_minor == kPortableLane.below_minor) return Standing::kSlower;
    if (at_least(host, 3, m.below_minor)) result = Standing::kSlowerThanThisRelease;
  }
  if (result == Standing::kFaster && slower_on(r, k, host, core) != nullptr)
    return Standing::kSlowerOnThisCore;
  return result;
}

// The lane text of a rule: "aes-ce" or "aes-ce+ghash-pmull".
void rule_lanes(const Rule& r, const KernelSet& k, char* buf, std::size_t size) {
  std::snprintf(buf, size, "%s%s%s", lane_name(k, r.needs[0]), r.need_count > 1 ? "+" : "",
                r.need_count > 1 ? lane_name(k, r.needs[1]) : "");
}

// The one place a slower-on-core entry becomes words: "on neoverse-v1,
// chacha20-neon-ooo takes an estimated 1.66 cycles/byte for ChaCha20 (16
// KiB messages) against OpenSSL 3.5's 1.39".
void format_slower(const SlowerOnCore& s, const char* lanes, char* buf, std::size_t size) {
  const CycleFigure& f = s.figure;
  char bytes[24];
  if (f.message_bytes % 1024 == 0)
    std::snprintf(bytes, sizeof bytes, "%u KiB", f.message_bytes / 1024);
  else
    std::snprintf(bytes, sizeof bytes, "%u-byte", f.message_bytes);
  std::snprintf(buf, size,
                "on %s, %s takes an estimated %.3g cycles/byte for %s (%s messages) against "
                "OpenSSL %s's %.3g",
                core_class_name(s.core), lanes, f.lane, f.operation, bytes, kFiguresAgainst,
                f.openssl);
}

// The reason a deferred rule gives, into buf: its lanes' slower-on-core
// figure, or the rule's own reason for a portable lane.
void deferral_reason(const Rule& r, const KernelSet& k, const HostVersion& host, CoreClass core,
                     char* buf, std::size_t size) {
  const SlowerOnCore* s = slower_on(r, k, host, core);
  if (s == nullptr) {
    std::snprintf(buf, size, "%s", r.reason);
    return;
  }
  char lanes[96];
  rule_lanes(r, k, lanes, sizeof lanes);
  format_slower(*s, lanes, buf, size);
}

const Rule& rule_of(Family f) {
  return kRules[static_cast<std::size_t>(f)];
}

}  // namespace

FamilyDecisions decide_families(const KernelSet& kernels, const HostVersion& host, CoreClass core,
                                bool force) {
  FamilyDecisions d;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    const Rule& r = kRules[i];
    d.of[i] = standing(r, kernels, host, core) == Standing::kFaster ? Decision::kLane
              : !at_least(host, 3, r.default_since_minor)           ? Decision::kDefaultLacks
              : force                                               ? Decision::kForced
                                                                    : Decision::kDeferred;
  }
  return d;
}

const char* family_name(Family f) {
  return rule_of(f).name;
}

std::size_t format_families(const FamilyDecisions& d, const KernelSet& kernels,
                            const HostVersion& host, CoreClass core, char* buf, std::size_t size) {
  if (size == 0) return 0;
  buf[0] = '\0';
  std::size_t used = 0;
  for (std::size_t i = 0; i < kFamilyCount && used + 1 < size; ++i) {
    const Rule& r = kRules[i];
    char lanes[96];
    rule_lanes(r, kernels, lanes, sizeof lanes);
    int n = 0;
    switch (d.of[i]) {
      case Decision::kLane:
        n = std::snprintf(buf + used, size - used, "%s%s: %s", used ? "; " : "", r.name, lanes);
        break;
      case Decision::kDefaultLacks:
        n = std::snprintf(buf + used, size - used,
                          "%s%s: %s (the default provider of OpenSSL %d.%d lacks it)",
                          used ? "; " : "", r.name, lanes, host.major, host.minor);
        break;
      case Decision::kForced:
        n = std::snprintf(buf + used, size - used, "%s%s: %s (forced)", used ? "; " : "", r.name,
                          lanes);
        break;
      case Decision::kDeferred:
        if (standing(r, kernels, host, core) == Standing::kSlowerThanThisRelease)
          n = std::snprintf(buf + used, size - used,
                            "%s%s: deferred to the default provider (OpenSSL %d.%d's own code "
                            "counts fewer instructions than %s)",
                            used ? "; " : "", r.name, host.major, host.minor, lanes);
        else {
          char reason[kReasonSize];
          deferral_reason(r, kernels, host, core, reason, sizeof reason);
          n = std::snprintf(buf + used, size - used, "%s%s: deferred to the default provider (%s)",
                            used ? "; " : "", r.name, reason);
        }
        break;
    }
    if (n < 0) break;
    used = static_cast<std::size_t>(n) >= size - used ? size - 1 : used + n;
  }
  return used;
}

void lane_deferral(const FamilyDecisions& d, const KernelSet& kernels, const HostVersion& host,
                   CoreClass core, Primitive primitive, char* buf, std::size_t size) {
  if (size == 0) return;
  buf[0] = '\0';
  const Rule* first = nullptr;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    const Rule& r = kRules[i];
    if (r.needs[0] != primitive) continue;
    if (d.of[i] != Decision::kDeferred) return;
    if (first == nullptr) first = &r;
  }
  if (first == nullptr) return;
  if (standing(*first, kernels, host, core) == Standing::kSlowerThanThisRelease)
    std::snprintf(buf, size, "this OpenSSL release's own code counts fewer instructions");
  else
    deferral_reason(*first, kernels, host, core, buf, size);
}

bool is_family_name(const char* name) {
  for (const Rule& r : kRules)
    if (std::strcmp(r.name, name) == 0) return true;
  return false;
}

bool parse_force_setting(const char* text, bool* force) {
  *force = false;
  if (text == nullptr || text[0] == '\0') return true;
  for (const char* yes : {"1", "yes", "on", "true"})
    if (names_equal(text, yes)) return *force = true;
  for (const char* no : {"0", "no", "off", "false"})
    if (names_equal(text, no)) return true;
  return false;
}

}  // namespace armaccel::prov
