// SPDX-License-Identifier: Apache-2.0
// fork() with armaccel in use: the library context, pre-fetched
// algorithms, keys, keyed contexts and per-thread contexts are all made
// (and used from threads, since joined) before the fork.  The child
// finishes operations the parent left half done and runs the workload
// from several threads on those objects; the parent does the same
// meanwhile, then checks the child's exit status.  Random numbers must
// differ after the fork: both encapsulate to one ML-KEM key, and the
// parent decapsulates the child's ciphertext to the child's secret.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include "stress.h"

namespace armaccel::test::stress {
namespace {

constexpr unsigned kThreads = 4;

// A SHA3-256 digest and an AES-256-GCM encryption begun before the fork:
// half the message given, the rest and the final left for afterwards.
struct HalfDone {
  Bytes message = Rng(11).bytes(3001);
  Bytes key = Rng(12).bytes(32), iv = Rng(13).bytes(12), aad = Rng(14).bytes(20);
  Bytes digest, ciphertext;  // the default provider's
  MdCtxPtr md{EVP_MD_CTX_new()};
  CipherCtxPtr gcm{EVP_CIPHER_CTX_new()};
  Bytes gcm_out = Bytes(message.size() + 16);
  int gcm_done = 0;

  HalfDone(const MdPtr& sha3, const CipherPtr& aes_gcm) {
    const std::size_t half = message.size() / 2;
    int len = 0;
    bool ok =
        EVP_DigestInit_ex2(md.get(), sha3.get(), nullptr) == 1 &&
        EVP_DigestUpdate(md.get(), message.data(), half) == 1 &&
        EVP_EncryptInit_ex2(gcm.get(), aes_gcm.get(), key.data(), iv.data(), nullptr) == 1 &&
        EVP_EncryptUpdate(gcm.get(), nullptr, &len, aad.data(), int(aad.size())) == 1 &&
        EVP_EncryptUpdate(gcm.get(), gcm_out.data(), &gcm_done, message.data(), int(half)) == 1;
    EXPECT_TRUE(ok) << drain_errors();
    // The expected results, from the default provider in one go.
    const MdPtr ref_md = oracle_md("SHA3-256");
    const CipherPtr ref_gcm = oracle_cipher("AES-256-GCM");
    digest.assign(32, 0);
    unsigned int dlen = 0;
    CipherCtxPtr ref(EVP_CIPHER_CTX_new());
    ciphertext.assign(message.size() + 16, 0);
    int n1 = 0, n2 = 0;
    ok =
        EVP_Digest(message.data(), message.size(), digest.data(), &dlen, ref_md.get(), nullptr) &&
        EVP_EncryptInit_ex2(ref.get(), ref_gcm.get(), key.data(), iv.data(), nullptr) == 1 &&
        EVP_EncryptUpdate(ref.get(), nullptr, &len, aad.data(), int(aad.size())) == 1 &&
        EVP_EncryptUpdate(ref.get(), ciphertext.data(), &n1, message.data(), int(message.size())) ==
            1 &&
        EVP_EncryptFinal_ex(ref.get(), ciphertext.data() + n1, &n2) == 1 &&
        EVP_CIPHER_CTX_ctrl(ref.get(), EVP_CTRL_AEAD_GET_TAG, 16, ciphertext.data() + n1 + n2) == 1;
    EXPECT_TRUE(ok) << drain_errors();
  }

  // Finishes both (once, in each process); "" if the results are right.
  std::string finish() {
    const std::size_t half = message.size() / 2;
    Bytes got(32);
    unsigned int dlen = 0;
    if (EVP_DigestUpdate(md.get(), message.data() + half, message.size() - half) != 1 ||
        EVP_DigestFinal_ex(md.get(), got.data(), &dlen) != 1)
      return "SHA3-256 begun before the fork failed: " + drain_errors();
    if (got != digest) return "SHA3-256 begun before the fork: wrong digest";
    int n1 = 0, n2 = 0;
    if (EVP_EncryptUpdate(gcm.get(), gcm_out.data() + gcm_done, &n1, message.data() + half,
                          int(message.size() - half)) != 1 ||
        EVP_EncryptFinal_ex(gcm.get(), gcm_out.data() + gcm_done + n1, &n2) != 1 ||
        EVP_CIPHER_CTX_ctrl(gcm.get(), EVP_CTRL_AEAD_GET_TAG, 16,
                            gcm_out.data() + gcm_done + n1 + n2) != 1)
      return "AES-256-GCM begun before the fork failed: " + drain_errors();
    if (gcm_out != ciphertext) return "AES-256-GCM begun before the fork: wrong ciphertext or tag";
    return "";
  }
};

PkeyPtr mlkem_key() {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "ML-KEM-768", "provider=armaccel"));
  EVP_PKEY* pkey = nullptr;
  EXPECT_TRUE(ctx != nullptr && EVP_PKEY_keygen_init(ctx.get()) == 1 &&
              EVP_PKEY_generate(ctx.get(), &pkey) == 1)
      << drain_errors();
  return PkeyPtr(pkey);
}

// A random encapsulation to pkey: ciphertext || secret (empty on failure).
Bytes encapsulate(EVP_PKEY* pkey) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pkey, "provider=armaccel"));
  Bytes out(1088 + 32);
  std::size_t clen = 1088, slen = 32;
  if (ctx == nullptr || EVP_PKEY_encapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_encapsulate(ctx.get(), out.data(), &clen, out.data() + 1088, &slen) != 1)
    return {};
  return out;
}

Bytes decapsulate(EVP_PKEY* pkey, const Bytes& ct) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pkey, "provider=armaccel"));
  Bytes secret(32);
  std::size_t slen = 32;
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) != 1 ||
      EVP_PKEY_decapsulate(ctx.get(), secret.data(), &slen, ct.data(), ct.size()) != 1)
    return {};
  return secret;
}

// The child's part; its exit status says what went wrong (0: nothing).
[[noreturn]] void child(const Suites& suites, std::vector<ThreadContexts>& premade, HalfDone& half,
                        EVP_PKEY* kem_key, int to_parent, std::size_t ops) {
  int status = 0;
  const Bytes kem = encapsulate(kem_key);
  if (kem.empty() || write(to_parent, kem.data(), kem.size()) != ssize_t(kem.size())) status |= 1;
  close(to_parent);
  if (const std::string why = half.finish(); !why.empty()) {
    std::fprintf(stderr, "child: %s\n", why.c_str());
    status |= 2;
  }
  const Tally tally = run_threads(suites, kThreads, ops, 2, &premade);
  if (tally.failures != 0 || tally.total() != kThreads * ops) {
    std::fprintf(stderr, "child: %zu failures in %zu operations: %s\n", tally.failures,
                 tally.total(), tally.first_failure.c_str());
    status |= 4;
  }
  std::fflush(nullptr);
  _exit(status);
}

TEST(Fork, ChildAndParentKeepWorkingOnWhatWasMadeBefore) {
  const Suites suites = make_suites(armaccel_libctx(), oracle_libctx());
  const MdPtr sha3 = armaccel_md("SHA3-256");
  const CipherPtr aes_gcm = armaccel_cipher("AES-256-GCM");
  HalfDone half(sha3, aes_gcm);
  const PkeyPtr kem_key = mlkem_key();
  ASSERT_FALSE(HasFailure());
  const std::size_t ops = operations_per_thread(2000, 400, 300);
  // The contexts the threads on both sides will use, made and used before.
  std::vector<ThreadContexts> premade(kThreads);
  const Tally before = run_threads(suites, kThreads, 2 * suites.size(), 3, &premade);
  ASSERT_EQ(before.failures, 0u) << before.first_failure;

  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(pipe_fds[0]);
    child(suites, premade, half, kem_key.get(), pipe_fds[1], ops);
  }
  close(pipe_fds[1]);

  // The parent, meanwhile: its own random encapsulation, its half-done
  // operations, the workload on the same premade contexts.
  const Bytes mine = encapsulate(kem_key.get());
  EXPECT_FALSE(mine.empty()) << drain_errors();
  EXPECT_EQ(half.finish(), "");
  const Tally tally = run_threads(suites, kThreads, ops, 4, &premade);
  EXPECT_EQ(tally.failures, 0u) << tally.first_failure;
  EXPECT_EQ(tally.total(), kThreads * ops);

  Bytes theirs(1088 + 32);
  std::size_t got = 0;
  for (ssize_t n; got < theirs.size() &&
                  (n = read(pipe_fds[0], theirs.data() + got, theirs.size() - got)) > 0;)
    got += std::size_t(n);
  close(pipe_fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "child ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0)
      << "child: 1 = encapsulation, 2 = operations begun before the fork, 4 = workload";
  ASSERT_EQ(got, theirs.size()) << "the child's encapsulation";
  const Bytes their_ct(theirs.begin(), theirs.begin() + 1088);
  const Bytes their_secret(theirs.begin() + 1088, theirs.end());
  EXPECT_NE(Bytes(mine.begin(), mine.begin() + 1088), their_ct)
      << "parent and child drew the same random numbers after fork()";
  EXPECT_EQ(decapsulate(kem_key.get(), their_ct), their_secret);

  // The parent goes on after the child is gone.
  const Tally after = run_threads(suites, kThreads, ops / 4 + 1, 5);
  EXPECT_EQ(after.failures, 0u) << after.first_failure;
  std::printf("fork: %u threads x %zu operations in the child and in the parent\n", kThreads, ops);
}

}  // namespace
}  // namespace armaccel::test::stress
