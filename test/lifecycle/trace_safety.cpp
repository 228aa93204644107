// SPDX-License-Identifier: Apache-2.0
// ARMACCEL_TRACE must never change what a program does.  Each case runs in
// a child process set up as a real program might be -- standard error a
// file beyond RLIMIT_FSIZE (sshd's sandboxed pre-auth child has a limit of
// 0), a pipe whose reader has gone, a full pipe nobody reads, closed; a
// seccomp filter like sshd's (fstat refused with EACCES, sigtimedwait and
// getrlimit fatal) -- and must do its crypto (SHA-256 of "abc", checked
// against FIPS 180-4) and exit 0 with its signal mask as it was: not killed
// by SIGXFSZ or SIGPIPE, not blocked.  The trace goes where ARMACCEL_TRACE
// says: standard error for "1", the named file for a path.
//
//   trace_safety CASE    (the cases below; no argument: all of them)
//
// armaccel comes in through OPENSSL_CONF (openssl.cnf.example) and
// OPENSSL_MODULES, as set by the test's environment.
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace {

const unsigned char kSha256Abc[32] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};

std::string g_dir;  // scratch directory for the case's files

// In the child: loads OpenSSL's configuration (armaccel) and checks that
// armaccel serves SHA-256.  Exits 3 if not.
void load() {
  OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, nullptr);
  EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (md == nullptr || std::strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)), "armaccel"))
    _exit(3);
  EVP_MD_free(md);
}

// In the child: SHA-256("abc") through EVP, several contexts (each traced).
// Exits 4 on a wrong digest.
void work() {
  for (int i = 0; i < 50; ++i) {
    unsigned char d[32];
    unsigned int n = 0;
    EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    if (md == nullptr || EVP_Digest("abc", 3, d, &n, md, nullptr) != 1 || n != 32 ||
        std::memcmp(d, kSha256Abc, 32) != 0)
      _exit(4);
    EVP_MD_free(md);
  }
}

// In the child: the signal mask still has neither SIGPIPE nor SIGXFSZ
// blocked (exit 5), as the program left it.
void mask_unchanged() {
  sigset_t now;
  sigprocmask(SIG_BLOCK, nullptr, &now);
  if (sigismember(&now, SIGPIPE) || sigismember(&now, SIGXFSZ)) _exit(5);
}

void redirect_stderr(const std::string& path) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || dup2(fd, STDERR_FILENO) < 0) _exit(2);
  close(fd);
}

void file_size_limit_zero() {
  const struct rlimit zero = {0, 0};
  if (setrlimit(RLIMIT_FSIZE, &zero) != 0) _exit(2);
}

// A seccomp filter in the spirit of sshd's pre-auth sandbox
// (sandbox-seccomp-filter.c): the stat and open family refused with
// EACCES, and calls a sandbox would not expect -- sigtimedwait, prlimit --
// fatal.  Everything else allowed.
void sshd_like_sandbox() {
#if defined(__x86_64__)
  constexpr unsigned kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
  constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
#endif
  auto deny = [](unsigned nr) {
    return std::vector<sock_filter>{
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA))};
  };
  auto kill = [](unsigned nr) {
    return std::vector<sock_filter>{BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
                                    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS)};
  };
  std::vector<sock_filter> prog = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
  };
  for (unsigned nr : {static_cast<unsigned>(__NR_fstat), static_cast<unsigned>(__NR_newfstatat),
                      static_cast<unsigned>(__NR_statx), static_cast<unsigned>(__NR_openat)}) {
    const auto d = deny(nr);
    prog.insert(prog.end(), d.begin(), d.end());
  }
  for (unsigned nr :
       {static_cast<unsigned>(__NR_rt_sigtimedwait), static_cast<unsigned>(__NR_prlimit64)}) {
    const auto k = kill(nr);
    prog.insert(prog.end(), k.begin(), k.end());
  }
  prog.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  struct sock_fprog fprog = {static_cast<unsigned short>(prog.size()), prog.data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) _exit(2);
  // qemu-aarch64 (user mode) has no seccomp for its guest: skipped there.
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0) _exit(errno == EINVAL ? 77 : 2);
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int g_failures = 0;

void fail(const std::string& name, const std::string& why) {
  std::fprintf(stdout, "FAIL %s: %.300s\n", name.c_str(), why.c_str());
  ++g_failures;
}

// Runs `child` in a child process with ARMACCEL_TRACE=trace (unset if
// null); it must exit 0 within 60 s.  Returns true if it did.
bool run(const std::string& name, const char* trace, const std::function<void()>& child) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    fail(name, "fork");
    return false;
  }
  if (pid == 0) {
    if (trace != nullptr) setenv("ARMACCEL_TRACE", trace, 1);
    alarm(60);  // a blocked trace write would hang the child
    child();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    fail(name, std::string("killed by signal ") + strsignal(WTERMSIG(status)));
    return false;
  }
  if (WEXITSTATUS(status) == 77) {
    std::fprintf(stdout, "skip %s: not possible here\n", name.c_str());
    return false;
  }
  if (WEXITSTATUS(status) != 0) {
    fail(name, "exit status " + std::to_string(WEXITSTATUS(status)));
    return false;
  }
  std::fprintf(stdout, "ok   %s\n", name.c_str());
  return true;
}

bool has_trace(const std::string& text) {
  return text.find("armaccel: SHA2-256 on ") != std::string::npos ||
         text.find("armaccel: SHA256 on ") != std::string::npos;
}

void case_stderr() {
  const std::string err = g_dir + "/stderr-1";
  if (run("stderr", "1",
          [&] {
            redirect_stderr(err);
            load();
            work();
          }) &&
      !has_trace(slurp(err)))
    fail("stderr", "no trace line on standard error: " + slurp(err));
}

void case_file() {
  const std::string err = g_dir + "/stderr-2", log = g_dir + "/trace.log";
  if (!run("file", log.c_str(), [&] {
        redirect_stderr(err);
        load();
        work();
      }))
    return;
  if (!has_trace(slurp(log))) fail("file", "no trace line in the file: " + slurp(log));
  if (slurp(err).find("armaccel:") != std::string::npos)
    fail("file", "trace lines on standard error: " + slurp(err));
}

void case_fsize_stderr() {
  const std::string err = g_dir + "/stderr-3";
  if (run("fsize-stderr", "1",
          [&] {
            redirect_stderr(err);
            file_size_limit_zero();
            load();
            work();
            mask_unchanged();
          }) &&
      !slurp(err).empty())
    fail("fsize-stderr", "wrote beyond RLIMIT_FSIZE: " + slurp(err));
}

void case_fsize_file() {
  const std::string log = g_dir + "/trace-4.log";
  run("fsize-file", log.c_str(), [&] {
    file_size_limit_zero();
    load();
    work();
    mask_unchanged();
  });
}

void case_broken_pipe() {
  run("broken-pipe", "1", [] {
    int p[2];
    if (pipe(p) != 0 || dup2(p[1], STDERR_FILENO) < 0) _exit(2);
    close(p[0]);  // the reader has gone
    close(p[1]);
    load();
    work();
    mask_unchanged();
  });
}

void case_full_pipe() {
  run("full-pipe", "1", [] {
    int p[2];
    if (pipe(p) != 0) _exit(2);
    // Fill it: the read end stays open but nobody reads.
    const int flags = fcntl(p[1], F_GETFL);
    fcntl(p[1], F_SETFL, flags | O_NONBLOCK);
    char block[4096] = {};
    while (write(p[1], block, sizeof block) > 0) {
    }
    fcntl(p[1], F_SETFL, flags);
    if (dup2(p[1], STDERR_FILENO) < 0) _exit(2);
    load();
    work();
  });
}

void case_closed_stderr() {
  const std::string later = g_dir + "/later";
  if (run("closed-stderr", "1",
          [&] {
            close(STDERR_FILENO);
            load();
            // The program's next file takes descriptor 2: no trace goes there.
            const int fd = open(later.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd != STDERR_FILENO) _exit(2);
            work();
          }) &&
      !slurp(later).empty())
    fail("closed-stderr", "trace lines in the program's own file: " + slurp(later));
}

void case_sshd_sandbox() {
  const std::string err = g_dir + "/stderr-8";
  if (run("sshd-sandbox", "1",
          [&] {
            redirect_stderr(err);
            load();  // sshd loads OpenSSL before it sandboxes the child
            file_size_limit_zero();
            sshd_like_sandbox();
            work();
          }) &&
      !slurp(err).empty())
    fail("sshd-sandbox", "wrote in the sandbox: " + slurp(err));
}

void case_errno_kept() {
  const std::string err = g_dir + "/stderr-9";
  run("errno-kept", "1", [&] {
    redirect_stderr(err);
    file_size_limit_zero();  // the trace writes fail
    load();
    EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    if (md == nullptr || ctx == nullptr) _exit(2);
    errno = 1234;
    const int ok = EVP_DigestInit_ex2(ctx, md, nullptr);  // a new context: a trace line
    if (errno != 1234) _exit(6);
    if (ok != 1) _exit(2);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
  });
}

}  // namespace

int main(int argc, char** argv) {
  char dir[] = "/tmp/armaccel-trace-XXXXXX";
  if (mkdtemp(dir) == nullptr) return 2;
  g_dir = dir;
  const std::vector<std::pair<std::string, void (*)()>> cases = {
      {"stderr", case_stderr},
      {"file", case_file},
      {"fsize-stderr", case_fsize_stderr},
      {"fsize-file", case_fsize_file},
      {"broken-pipe", case_broken_pipe},
      {"full-pipe", case_full_pipe},
      {"closed-stderr", case_closed_stderr},
      {"sshd-sandbox", case_sshd_sandbox},
      {"errno-kept", case_errno_kept},
  };
  const std::string only = argc > 1 ? argv[1] : "";
  bool ran = false;
  for (const auto& [name, fn] : cases) {
    if (!only.empty() && only != name) continue;
    fn();
    ran = true;
  }
  std::string cleanup = "rm -rf " + g_dir;
  if (std::system(cleanup.c_str()) != 0) std::fprintf(stdout, "note: %s failed\n", cleanup.c_str());
  if (!ran) {
    std::fprintf(stdout, "unknown case '%s'\n", only.c_str());
    return 2;
  }
  return g_failures == 0 ? 0 : 1;
}
