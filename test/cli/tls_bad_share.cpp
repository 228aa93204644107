// SPDX-License-Identifier: Apache-2.0
// Sends one hand-built TLS 1.3 ClientHello (RFC 8446 §4.1.2) offering a
// single key share and prints what the server answers first:
//   "alert <description>"  (a TLS alert record, RFC 8446 §6)
//   "handshake <type>"     (a handshake record, e.g. 2 = ServerHello)
//   "closed" / "error ..."
// so the CLI test can check that libssl with armaccel refuses malformed
// ML-KEM key shares with an alert and accepts well-formed ones.
//
// With "serve" first it plays the server instead: it listens on PORT,
// prints "listening", answers the client's ClientHello with a ServerHello
// whose key share is built the same way, and prints what the client sends
// next ("alert <description>", or "silent" when the client accepted the
// share and waits for the rest of the server's flight).
//
// usage: tls_bad_share [serve] PORT GROUP_ID SHARE_LEN MODE
//   GROUP_ID  e.g. 0x0201 (MLKEM768) or 0x11EC (X25519MLKEM768)
//   SHARE_LEN bytes of key share sent
//   MODE      "zero"  : an all-zero share (every ML-KEM coefficient 0 < q,
//                       the X25519 part, if any, a valid nonzero point 9)
//             "big"   : as zero but the first 12-bit coefficient is 4095 >= q
//             "allzero": every byte 0 (for X25519MLKEM768 a low-order point)
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

void put16(Bytes& b, unsigned v) {
  b.push_back(static_cast<std::uint8_t>(v >> 8));
  b.push_back(static_cast<std::uint8_t>(v));
}
void put24(Bytes& b, std::size_t v) {
  b.push_back(static_cast<std::uint8_t>(v >> 16));
  put16(b, static_cast<unsigned>(v & 0xffff));
}
void extension(Bytes& out, unsigned type, const Bytes& body) {
  put16(out, type);
  put16(out, static_cast<unsigned>(body.size()));
  out.insert(out.end(), body.begin(), body.end());
}

Bytes client_hello(unsigned group, const Bytes& share) {
  Bytes body;
  put16(body, 0x0303);  // legacy_version
  for (int i = 0; i < 32; ++i) body.push_back(static_cast<std::uint8_t>(i * 7 + 1));  // random
  body.push_back(32);  // legacy_session_id
  for (int i = 0; i < 32; ++i) body.push_back(static_cast<std::uint8_t>(i));
  put16(body, 4);  // cipher_suites
  put16(body, 0x1301);
  put16(body, 0x1302);
  body.push_back(1);  // legacy_compression_methods
  body.push_back(0);
  Bytes ext;
  extension(ext, 0x002b, {2, 0x03, 0x04});  // supported_versions: TLS 1.3
  extension(ext, 0x000a,
            {0, 2, static_cast<std::uint8_t>(group >> 8),
             static_cast<std::uint8_t>(group)});                       // supported_groups
  extension(ext, 0x000d, {0, 6, 0x08, 0x04, 0x04, 0x01, 0x04, 0x03});  // signature_algorithms
  Bytes ks;
  put16(ks, static_cast<unsigned>(share.size() + 4));  // client_shares length
  put16(ks, group);
  put16(ks, static_cast<unsigned>(share.size()));
  ks.insert(ks.end(), share.begin(), share.end());
  extension(ext, 0x0033, ks);  // key_share
  put16(body, static_cast<unsigned>(ext.size()));
  body.insert(body.end(), ext.begin(), ext.end());

  Bytes hs{1};  // client_hello
  put24(hs, body.size());
  hs.insert(hs.end(), body.begin(), body.end());
  Bytes record{22, 0x03, 0x01};  // handshake, legacy_record_version
  put16(record, static_cast<unsigned>(hs.size()));
  record.insert(record.end(), hs.begin(), hs.end());
  return record;
}

bool read_exact(int fd, std::uint8_t* p, std::size_t n) {
  while (n > 0) {
    const ssize_t got = read(fd, p, n);
    if (got <= 0) return false;
    p += got;
    n -= static_cast<std::size_t>(got);
  }
  return true;
}

// The ServerHello (RFC 8446 §4.1.3) for a ClientHello whose handshake
// body starts at ch[0] (msg_type), echoing its legacy_session_id.
Bytes server_hello(const Bytes& ch, unsigned group, const Bytes& share) {
  const std::size_t sid_at = 4 + 2 + 32;
  const std::size_t sid_len = ch.size() > sid_at ? ch[sid_at] : 0;
  Bytes body;
  put16(body, 0x0303);
  for (int i = 0; i < 32; ++i) body.push_back(static_cast<std::uint8_t>(0x40 + i));  // random
  body.push_back(static_cast<std::uint8_t>(sid_len));
  body.insert(body.end(), ch.begin() + static_cast<long>(sid_at) + 1,
              ch.begin() + static_cast<long>(sid_at + 1 + sid_len));
  put16(body, 0x1301);  // TLS_AES_128_GCM_SHA256
  body.push_back(0);
  Bytes ext;
  extension(ext, 0x002b, {0x03, 0x04});
  Bytes ks;
  put16(ks, group);
  put16(ks, static_cast<unsigned>(share.size()));
  ks.insert(ks.end(), share.begin(), share.end());
  extension(ext, 0x0033, ks);
  put16(body, static_cast<unsigned>(ext.size()));
  body.insert(body.end(), ext.begin(), ext.end());
  Bytes hs{2};
  put24(hs, body.size());
  hs.insert(hs.end(), body.begin(), body.end());
  Bytes record{22, 0x03, 0x03};
  put16(record, static_cast<unsigned>(hs.size()));
  record.insert(record.end(), hs.begin(), hs.end());
  return record;
}

int serve(int port, unsigned group, const Bytes& share) {
  const int lfd = socket(AF_INET, SOCK_STREAM, 0);
  const int one = 1;
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (lfd < 0 || bind(lfd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      listen(lfd, 1) != 0) {
    std::printf("error listen\n");
    return 1;
  }
  std::printf("listening\n");
  std::fflush(stdout);
  const int fd = accept(lfd, nullptr, nullptr);
  std::uint8_t header[5];
  if (fd < 0 || !read_exact(fd, header, sizeof header)) {
    std::printf("error accept\n");
    return 1;
  }
  Bytes ch((header[3] << 8) | header[4]);
  if (header[0] != 22 || !read_exact(fd, ch.data(), ch.size())) {
    std::printf("error client hello\n");
    return 1;
  }
  const Bytes hello = server_hello(ch, group, share);
  if (write(fd, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size())) {
    std::printf("error write\n");
    return 1;
  }
  // The client either answers at once (an alert) or waits for the rest of
  // the server's flight.
  pollfd p{fd, POLLIN, 0};
  std::uint8_t first[2];
  if (poll(&p, 1, 5000) <= 0) {
    std::printf("silent\n");
  } else if (!read_exact(fd, header, sizeof header) || !read_exact(fd, first, sizeof first)) {
    std::printf("closed\n");
  } else if (header[0] == 21) {
    std::printf("alert %u\n", first[1]);
  } else {
    std::printf("record %u\n", header[0]);
  }
  close(fd);
  close(lfd);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const bool server = argc == 6 && std::string(argv[1]) == "serve";
  if (server) {
    --argc;
    ++argv;
  }
  if (argc != 5) {
    std::fprintf(stderr, "usage: tls_bad_share [serve] PORT GROUP_ID SHARE_LEN zero|big\n");
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const unsigned group = static_cast<unsigned>(std::strtoul(argv[2], nullptr, 0));
  const std::size_t len = std::strtoul(argv[3], nullptr, 0);
  const std::string mode = argv[4];
  Bytes share(len, 0);
  if (group == 0x11EC && len >= 32 && mode != "allzero") share[len - 32] = 9;  // u = 9
  if (mode == "big" && len >= 2) {
    share[0] = 0xff;
    share[1] = 0x0f;  // coefficient 0 = 0xfff = 4095
  }
  if (server) return serve(port, group, share);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    std::printf("error connect\n");
    return 1;
  }
  const Bytes hello = client_hello(group, share);
  if (write(fd, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size())) {
    std::printf("error write\n");
    return 1;
  }
  std::uint8_t header[5], first[2];
  if (!read_exact(fd, header, sizeof header) || !read_exact(fd, first, sizeof first)) {
    std::printf("closed\n");
    return 0;
  }
  if (header[0] == 21)
    std::printf("alert %u\n", first[1]);
  else if (header[0] == 22)
    std::printf("handshake %u\n", first[0]);
  else
    std::printf("record %u\n", header[0]);
  close(fd);
  return 0;
}
