// SPDX-License-Identifier: Apache-2.0
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace armaccel::prov {

namespace {

// Where lines go, for the process: standard error, or a file armaccel
// opened (checked by identity before each line).  Shared by the instances
// that trace; opened by the first, closed after the last.
struct Sink {
  std::mutex lock;
  int users = 0;
  int fd = -1;            // the descriptor written to; -1: off
  bool own_file = false;  // fd is a file armaccel opened
  dev_t dev = 0;          // its identity (own_file)
  ino_t ino = 0;
  std::atomic<bool> broken{false};  // a write failed with EPIPE/EFBIG: off for good
};

Sink& sink() {
  static Sink s;
  return s;
}

bool env_traces(const char* v) {
  return v != nullptr && v[0] != '\0' && std::strcmp(v, "0") != 0;
}

// True when the process runs without a seccomp filter, as far as
// /proc/self/status tells ("Seccomp:\t0").  Under a filter (sshd's
// sandbox), a system call beyond the few it allows may kill the process,
// so the caller then makes none.
bool no_seccomp_filter() {
  const int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[4096];
  std::size_t have = 0;
  for (ssize_t r;
       have < sizeof buf - 1 && (r = read(fd, buf + have, sizeof buf - 1 - have)) != 0;) {
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    have += static_cast<std::size_t>(r);
  }
  close(fd);
  buf[have] = '\0';
  const char* line = std::strstr(buf, "\nSeccomp:");
  if (line == nullptr) return false;
  line += std::strlen("\nSeccomp:");
  while (*line == ' ' || *line == '\t') ++line;
  return line[0] == '0' && (line[1] == '\n' || line[1] == '\0');
}

// Writes one line to fd with SIGPIPE and SIGXFSZ blocked in this thread.
// A write that raised one of them (EPIPE, EFBIG) left it pending: it is
// taken back with sigtimedwait where that call is safe; otherwise it stays
// blocked in this thread rather than being delivered (its default action
// ends the process).  Tracing then stops.
void write_line(Sink& s, int fd, const char* text, std::size_t n) {
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGPIPE);
  sigaddset(&block, SIGXFSZ);
  if (pthread_sigmask(SIG_BLOCK, &block, &old) != 0) return;
  ssize_t r;
  do {
    r = write(fd, text, n);
  } while (r < 0 && errno == EINTR);
  int raised = 0;
  if (r < 0 && errno == EPIPE) raised = SIGPIPE;
  if (r < 0 && errno == EFBIG) raised = SIGXFSZ;
  if (raised != 0) {
    s.broken.store(true);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, raised);
    const struct timespec now = {0, 0};
    if (no_seccomp_filter()) {
      while (sigtimedwait(&one, nullptr, &now) < 0 && errno == EINTR) {
      }
    } else {
      sigaddset(&old, raised);  // stays pending, never delivered
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

void emit(const char* text, std::size_t n) {
  Sink& s = sink();
  if (s.broken.load()) return;
  const int fd = s.fd;
  if (fd < 0) return;
  struct stat st;
  // A closed descriptor is not written to; nor is the trace file's number
  // once the program has closed it and reused it for another file.  Under
  // sshd's seccomp sandbox fstat fails (EACCES): nothing is written there.
  if (fstat(fd, &st) != 0) return;
  if (s.own_file && (st.st_dev != s.dev || st.st_ino != s.ino)) return;
  // A pipe, socket or terminal that cannot take the line now (nobody reads
  // it, or the reader has gone) would block the program or raise SIGPIPE:
  // the line is dropped.
  if (!S_ISREG(st.st_mode)) {
    struct pollfd p = {fd, POLLOUT, 0};
    int r;
    do {
      r = poll(&p, 1, 0);
    } while (r < 0 && errno == EINTR);
    if (r != 1 || (p.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0 || (p.revents & POLLOUT) == 0)
      return;
  }
  write_line(s, fd, text, n);
}

void vtrace(const char* fmt, va_list args) {
  const int saved = errno;
  char line[512];
  int n = std::snprintf(line, sizeof line, "armaccel: ");
  const int m = std::vsnprintf(line + n, sizeof line - static_cast<std::size_t>(n), fmt, args);
  n = m < 0 ? n : n + m;
  if (n > static_cast<int>(sizeof line) - 2) n = static_cast<int>(sizeof line) - 2;
  line[n++] = '\n';
  emit(line, static_cast<std::size_t>(n));
  errno = saved;
}

}  // namespace

bool trace_acquire() noexcept {
  const char* v = std::getenv(kTraceEnv);
  if (!env_traces(v)) return false;
  Sink& s = sink();
  std::lock_guard<std::mutex> hold(s.lock);
  if (s.users++ > 0) return true;
  const int saved = errno;
  s.broken.store(false);
  s.own_file = std::strchr(v, '/') != nullptr;
  if (s.own_file) {
    s.fd = open(v, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644);
    struct stat st;
    if (s.fd >= 0 && fstat(s.fd, &st) == 0) {
      s.dev = st.st_dev;
      s.ino = st.st_ino;
    } else if (s.fd >= 0) {
      close(s.fd);
      s.fd = -1;
    }
  } else {
    // Standard error as it is when armaccel loads: if it is closed then,
    // nothing is written to whatever file later takes its number.
    struct stat st;
    s.fd = fstat(STDERR_FILENO, &st) == 0 ? STDERR_FILENO : -1;
  }
  errno = saved;
  return true;
}

void trace_release() noexcept {
  Sink& s = sink();
  std::lock_guard<std::mutex> hold(s.lock);
  if (s.users == 0 || --s.users > 0) return;
  if (s.own_file && s.fd >= 0) {
    const int saved = errno;
    struct stat st;
    // Closed only if it is still the trace file (not a number the program
    // reused).
    if (fstat(s.fd, &st) == 0 && st.st_dev == s.dev && st.st_ino == s.ino) close(s.fd);
    errno = saved;
  }
  s.fd = -1;
  s.own_file = false;
}

void trace_line(const ProvCtx* ctx, const char* fmt, ...) noexcept {
  if (ctx == nullptr || !ctx->trace) return;
  va_list args;
  va_start(args, fmt);
  vtrace(fmt, args);
  va_end(args);
}

void trace_new_context(const ProvCtx* ctx, const char* algorithm, const char* lane) noexcept {
  trace_line(ctx, "%s on %s", algorithm, lane);
}

void trace_key_event(const ProvCtx* ctx, const char* algorithm, const char* event,
                     const char* lane) noexcept {
  trace_line(ctx, "%s %s on %s", algorithm, event, lane);
}

void trace_free_context(const ProvCtx* ctx, const char* algorithm, std::uint64_t bytes) noexcept {
  trace_line(ctx, "%s freed after %llu bytes", algorithm, static_cast<unsigned long long>(bytes));
}

}  // namespace armaccel::prov
