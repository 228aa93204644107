// SPDX-License-Identifier: Apache-2.0
// ARMACCEL_TRACE: a line per algorithm context armaccel creates (with its
// lane), per key operation, per freed cipher context (with the bytes it
// was given), and per error raised while an instance starts -- so a user
// sees whether, how and how much an application uses armaccel, and why an
// instance refused to start where OpenSSL's config loader drops the error
// queue.
//
//   ARMACCEL_TRACE=1            lines go to the process's standard error
//   ARMACCEL_TRACE=/path/file   lines are appended to that file (a value
//                               with a '/' names a file; relative to the
//                               working directory at load)
//   unset, empty or 0           no tracing
//
// Tracing never changes what the program does: a line that cannot be
// written is dropped, without a signal (SIGPIPE for a pipe whose reader has
// gone, SIGXFSZ beyond RLIMIT_FSIZE -- sshd's sandboxed pre-auth child has
// a limit of 0), without blocking (a full pipe nobody reads) and without
// touching errno.  A write failure of the signalling kind ends tracing in
// the process.  A descriptor the program has closed is not written to,
// and neither is a number it reuses for another file (the trace file is
// checked by device and inode before every line; standard error closed
// when armaccel loads stays unused).  Under a seccomp filter that refuses
// fstat (sshd's sandbox), nothing is written at all.
#pragma once

#include <cstdint>

#include "prov_ctx.h"

namespace armaccel::prov {

inline constexpr char kTraceEnv[] = "ARMACCEL_TRACE";

// Reads ARMACCEL_TRACE and, for the first instance tracing, opens its
// destination; true when this instance traces (ctx->trace).  Every
// instance that got true calls trace_release at teardown.
bool trace_acquire() noexcept;
void trace_release() noexcept;

// Writes "armaccel: " + the formatted text + "\n" as one line (at most 511
// bytes; longer text is cut), if tracing is on for ctx.
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void trace_line(const ProvCtx* ctx, const char* fmt, ...) noexcept;

// "armaccel: <algorithm> on <lane>" for a new algorithm context.
void trace_new_context(const ProvCtx* ctx, const char* algorithm, const char* lane) noexcept;
// "armaccel: <algorithm> <event> on <lane>" for key work without a context
// of its own (ML-KEM key generation, decoding, encoding), so a test can tell
// which provider did it.
void trace_key_event(const ProvCtx* ctx, const char* algorithm, const char* event,
                     const char* lane) noexcept;
// "armaccel: <algorithm> freed after <n> bytes", the bytes a context was
// given, so a test can prove which provider did the work.
void trace_free_context(const ProvCtx* ctx, const char* algorithm, std::uint64_t bytes) noexcept;

}  // namespace armaccel::prov
