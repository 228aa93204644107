// SPDX-License-Identifier: Apache-2.0
#include "capabilities.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "errors.h"
#include "self_tests.h"

namespace armaccel::prov {

namespace {

// Raises "unknown cpu feature name" for the first unknown token of an
// override; false if there was one.
bool known_names_only(const ProvCtx* ctx, const OverrideParse& parsed, const char* where) {
  if (parsed.unknown_tokens == 0) return true;
  raise_error_message(ctx, kErrUnknownFeatureName, ErrorSite::current(),
                      "unknown CPU feature name '%s'%s in %s; known: asimd (neon), aes, pmull, "
                      "sha2, sha512, sha3, sm3, sm4, sve, sve2, all, none",
                      parsed.first_unknown, parsed.unknown_tokens > 1 ? " (and others)" : "",
                      where);
  return false;
}

// Reads the force setting from the environment and the config; false, with
// "invalid config value" naming the source, for a value that is neither
// yes nor no.
bool read_force(ProvCtx* ctx, const char* config_force) {
  const char* env_force = std::getenv(kForceEnv);
  bool from_env = false, from_config = false;
  const char* bad = !parse_force_setting(env_force, &from_env)         ? kForceEnv
                    : !parse_force_setting(config_force, &from_config) ? "the config's force_lanes"
                                                                       : nullptr;
  if (bad != nullptr) {
    raise_error_message(ctx, kErrInvalidConfigValue, ErrorSite::current(),
                        "%s must be yes or no (1/0, on/off, true/false), not '%s'", bad,
                        bad == kForceEnv ? env_force : config_force);
    return false;
  }
  CapabilityReport& caps = ctx->caps;
  caps.force_lanes = from_env || from_config;
  std::snprintf(caps.force_source, sizeof caps.force_source, "%s",
                from_env && from_config ? "environment+config"
                : from_env              ? "environment"
                : from_config           ? "config"
                                        : "none");
  return true;
}

// " (self-test failed: LANE ...)" for the lanes of report slot `slot`
// that failed their self-test, else "".
void self_test_note(const SelfTestReport& report, std::size_t slot, char* buf, std::size_t size) {
  buf[0] = '\0';
  for (std::size_t i = 0; i < report.failure_count; ++i) {
    if (report.failures[i].slot != slot) continue;
    const std::size_t used = std::strlen(buf);
    std::snprintf(buf + used, size - used, "%s%s",
                  used ? " " : " (self-test failed: ", report.failures[i].lane);
  }
  if (buf[0] != '\0') {
    const std::size_t used = std::strlen(buf);
    std::snprintf(buf + used, size - used, ")");
  }
}

template <class Kernel>
void append_lanes(LaneList<Kernel> list, char* buf, std::size_t size) {
  for (std::size_t i = 0; i < list.count; ++i) {
    const std::size_t used = std::strlen(buf);
    std::snprintf(buf + used, size - used, "%s%s", used ? " " : "", list.lanes[i]->lane);
  }
}

}  // namespace

bool probe_and_select(ProvCtx* ctx, const char* config_disable, const char* config_force,
                      const SelfTestHook& self_test_hook) {
  CapabilityReport& caps = ctx->caps;
  caps = CapabilityReport{};
  caps.probed = probe_cpu_features();

  const char* env_disable = std::getenv(kDisableEnv);
  const OverrideParse from_env = parse_disable_list(env_disable);
  const OverrideParse from_config = parse_disable_list(config_disable);
  if (!known_names_only(ctx, from_env, kDisableEnv) ||
      !known_names_only(ctx, from_config, "the config's disable"))
    return false;

  const bool env_given = env_disable != nullptr && env_disable[0] != '\0';
  const bool config_given = config_disable != nullptr && config_disable[0] != '\0';
  std::snprintf(caps.source, sizeof caps.source, "%s",
                env_given && config_given ? "environment+config"
                : env_given               ? "environment"
                : config_given            ? "config"
                                          : "none");

  caps.disabled = (from_env.disable | from_config.disable) & kFeatAll;
  caps.effective = apply_disable(caps.probed, caps.disabled);
  format_features(caps.probed, caps.probed_text, sizeof caps.probed_text);
  format_features(caps.effective, caps.effective_text, sizeof caps.effective_text);
  format_features(caps.disabled, caps.disabled_text, sizeof caps.disabled_text);
  ctx->kernels = select_self_tested(ctx, caps.effective, self_test_hook);
  if (!read_force(ctx, config_force)) return false;
  ctx->families = decide_families(ctx->kernels, ctx->host, caps.force_lanes);
  build_algorithm_tables(ctx->families, ctx->host, &ctx->tables);
  format_families(ctx->families, ctx->kernels, ctx->host, caps.families_text,
                  sizeof caps.families_text);
  const KernelSet& k = ctx->kernels;
  const char* lanes[] = {k.aes->lane,    k.ghash->lane,    k.sha256->lane,   k.sha512->lane,
                         k.keccak->lane, k.chacha20->lane, k.poly1305->lane, k.sm4->lane,
                         k.sm3->lane,    k.mlkem->lane};
  static_assert(sizeof lanes / sizeof lanes[0] == sizeof caps.lane_text / sizeof caps.lane_text[0]);
  char note[160];
  for (std::size_t i = 0; i < sizeof lanes / sizeof lanes[0]; ++i) {
    const char* reason = lane_deferral(ctx->families, ctx->kernels, ctx->host, kLanePrimitives[i]);
    self_test_note(caps.self_test, i, note, sizeof note);
    std::snprintf(caps.lane_text[i], sizeof caps.lane_text[i], "%s%s%s%s%s", lanes[i], note,
                  reason[0] ? ", deferred to the default provider (" : "", reason,
                  reason[0] ? ")" : "");
  }
  self_test_note(caps.self_test, sizeof lanes / sizeof lanes[0], note, sizeof note);
  std::snprintf(caps.gcm_lane_text, sizeof caps.gcm_lane_text, "%s%s",
                k.gcm != nullptr ? k.gcm->lane : "none", note);
  if (caps.self_test.passed[0] == '\0' && caps.self_test.failed[0] == '\0')
    std::snprintf(caps.self_test_text, sizeof caps.self_test_text,
                  "none run (portable lanes only; they are not self-tested)");
  else
    std::snprintf(caps.self_test_text, sizeof caps.self_test_text, "passed: %s; failed: %s",
                  caps.self_test.passed[0] ? caps.self_test.passed : "none",
                  caps.self_test.failed[0] ? caps.self_test.failed : "none");
  append_lanes(aes_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(ghash_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(gcm_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(sha256_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(sha512_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(keccak_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(chacha20_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(poly1305_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(sm4_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(sm3_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  append_lanes(mlkem_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  return true;
}

}  // namespace armaccel::prov

namespace armaccel::prov {

bool trace_requested() {
  const char* trace = std::getenv(kTraceEnv);
  return trace != nullptr && trace[0] != '\0' && std::strcmp(trace, "0") != 0;
}

void trace_new_context(const ProvCtx* ctx, const char* algorithm, const char* lane) noexcept {
  if (ctx != nullptr && ctx->trace) std::fprintf(stderr, "armaccel: %s on %s\n", algorithm, lane);
}

void trace_key_event(const ProvCtx* ctx, const char* algorithm, const char* event,
                     const char* lane) noexcept {
  if (ctx != nullptr && ctx->trace)
    std::fprintf(stderr, "armaccel: %s %s on %s\n", algorithm, event, lane);
}

void trace_free_context(const ProvCtx* ctx, const char* algorithm, std::uint64_t bytes) noexcept {
  if (ctx != nullptr && ctx->trace)
    std::fprintf(stderr, "armaccel: %s freed after %llu bytes\n", algorithm,
                 static_cast<unsigned long long>(bytes));
}

}  // namespace armaccel::prov
