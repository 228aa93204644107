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

// Takes the core class from the environment, the config or MIDR_EL1;
// false, with "invalid config value" naming the source, for a name that is
// no class.
bool read_core(ProvCtx* ctx, const char* config_core) {
  CapabilityReport& caps = ctx->caps;
  caps.midr = probe_midr();
  caps.core = classify_midr(caps.midr);
  const char* env_core = std::getenv(kCoreEnv);
  const bool env_given = env_core != nullptr && env_core[0] != '\0';
  const char* value = env_given ? env_core : config_core;
  const char* source = env_given ? kCoreEnv : "the config's core";
  char midr[40];
  if (caps.midr != 0)
    std::snprintf(midr, sizeof midr, "MIDR_EL1 0x%08x", static_cast<unsigned>(caps.midr));
  else
    std::snprintf(midr, sizeof midr, "no MIDR_EL1 from the OS");
  if (value == nullptr || value[0] == '\0' || std::strcmp(value, "auto") == 0) {
    std::snprintf(caps.core_text, sizeof caps.core_text, "%s (%s)", core_class_name(caps.core),
                  midr);
    return true;
  }
  if (!parse_core_class(value, &caps.core)) {
    char names[320] = "";
    for (unsigned i = 1; i < kCoreClassCount; ++i) {
      const std::size_t used = std::strlen(names);
      std::snprintf(names + used, sizeof names - used, "%s, ",
                    core_class_name(static_cast<CoreClass>(i)));
    }
    raise_error_message(ctx, kErrInvalidConfigValue, ErrorSite::current(),
                        "%s must be auto, %sor other, not '%s'", source, names, value);
    return false;
  }
  std::snprintf(caps.core_text, sizeof caps.core_text, "%s (from %s; %s)",
                core_class_name(caps.core), env_given ? "environment" : "config", midr);
  return true;
}

// " (for <class>: <why>)" when the core table chose `chosen` for this
// class, " (<lane> passed over on <class>: <why>)" when it passed over a
// lane before it in `list` that the features allow, both
// (" (<lane> passed over on <class>: <why>; for <class>: <why>)") where it
// did both; else "".
template <class Kernel>
void core_note(LaneList<Kernel> list, const Kernel* chosen, CoreClass core, CpuFeatures effective,
               char* buf, std::size_t size) {
  buf[0] = '\0';
  const char* why = core_choice_reason(chosen, core);
  const char* passed_over = nullptr;
  const char* passed_why = "";
  for (std::size_t i = 0; passed_over == nullptr && i < list.count && list.lanes[i] != chosen;
       ++i) {
    const Kernel* k = list.lanes[i];
    if ((k->required & ~effective) == 0 && !lane_suits_core(k, core)) {
      passed_why = core_choice_reason(k, core);
      if (passed_why[0] != '\0') passed_over = k->lane;
    }
  }
  const char* name = core_class_name(core);
  if (passed_over != nullptr && why[0] != '\0')
    std::snprintf(buf, size, " (%s passed over on %s: %s; for %s: %s)", passed_over, name,
                  passed_why, name, why);
  else if (passed_over != nullptr)
    std::snprintf(buf, size, " (%s passed over on %s: %s)", passed_over, name, passed_why);
  else if (why[0] != '\0')
    std::snprintf(buf, size, " (for %s: %s)", name, why);
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
                      const char* config_core, const SelfTestHook& self_test_hook) {
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
  if (!read_core(ctx, config_core)) return false;
  ctx->kernels = select_self_tested(ctx, caps.effective, caps.core, self_test_hook);
  if (!read_force(ctx, config_force)) return false;
  ctx->families = decide_families(ctx->kernels, ctx->host, caps.core, caps.force_lanes);
  build_algorithm_tables(ctx->families, ctx->host, &ctx->tables);
  format_families(ctx->families, ctx->kernels, ctx->host, caps.core, caps.families_text,
                  sizeof caps.families_text);
  const KernelSet& k = ctx->kernels;
  char note[160], core[352];
  for_each_primitive(k, [&](Primitive p, auto list, auto chosen) {
    const auto i = static_cast<std::size_t>(p);
    char reason[kReasonSize];
    lane_deferral(ctx->families, ctx->kernels, ctx->host, caps.core, p, reason, sizeof reason);
    self_test_note(caps.self_test, i, note, sizeof note);
    core_note(list, chosen, caps.core, caps.effective, core, sizeof core);
    std::snprintf(caps.lane_text[i], sizeof caps.lane_text[i], "%s%s%s%s%s%s", chosen->lane, core,
                  note, reason[0] ? ", deferred to the default provider (" : "", reason,
                  reason[0] ? ")" : "");
  });
  self_test_note(caps.self_test, kPrimitiveCount, note, sizeof note);
  std::snprintf(caps.gcm_lane_text, sizeof caps.gcm_lane_text, "%s%s",
                k.gcm != nullptr ? k.gcm->lane : "none", note);
  if (caps.self_test.passed[0] == '\0' && caps.self_test.failed[0] == '\0')
    std::snprintf(caps.self_test_text, sizeof caps.self_test_text,
                  "none run (portable lanes only; they are not self-tested)");
  else
    std::snprintf(caps.self_test_text, sizeof caps.self_test_text, "passed: %s; failed: %s",
                  caps.self_test.passed[0] ? caps.self_test.passed : "none",
                  caps.self_test.failed[0] ? caps.self_test.failed : "none");
  for_each_primitive(k, [&](Primitive p, auto list, auto) {
    append_lanes(list, caps.lanes_built, sizeof caps.lanes_built);
    if (p == Primitive::kGhash)
      append_lanes(gcm_lanes(), caps.lanes_built, sizeof caps.lanes_built);
  });
  return true;
}

}  // namespace armaccel::prov
