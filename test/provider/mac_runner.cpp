// SPDX-License-Identifier: Apache-2.0
#include "mac_runner.h"

#include <gtest/gtest.h>

#include "ossl_helpers.h"

namespace armaccel::test {

std::string evp_mac_run(EVP_MAC* mac, const OSSL_PARAM params[], const Bytes& key,
                        const std::vector<Bytes>& inputs, Bytes* out, std::size_t* size,
                        std::size_t* block) {
  MacCtxPtr ctx(EVP_MAC_CTX_new(mac));
  if (ctx == nullptr) return "MAC_CREATE_ERROR";
  Bytes k = key;
  k.push_back(0);  // a valid pointer even for an empty key
  if (EVP_MAC_init(ctx.get(), k.data(), key.size(), params) != 1) return "MAC_INIT_ERROR";
  if (size != nullptr) *size = EVP_MAC_CTX_get_mac_size(ctx.get());
  if (block != nullptr) *block = EVP_MAC_CTX_get_block_size(ctx.get());
  for (const Bytes& in : inputs)
    if (EVP_MAC_update(ctx.get(), in.data(), in.size()) != 1) return "MAC_UPDATE_ERROR";
  out->assign(64, 0);
  std::size_t outl = 0;
  if (EVP_MAC_final(ctx.get(), out->data(), &outl, out->size()) != 1) return "MAC_FINAL_ERROR";
  out->resize(outl);
  return "";
}

void expect_mac_stanza(const Stanza& s, const std::string& err, const std::string& errors,
                       const Bytes& out, std::size_t size, std::size_t block) {
  if (s.has("Result")) {
    EXPECT_EQ(err, s.get("Result")) << errors;
    return;
  }
  ASSERT_EQ(err, "") << errors;
  EXPECT_EQ(to_hex(out), to_hex(evp_value(s.get("Output"))));
  if (s.has("OutputSize")) {
    EXPECT_EQ(size, std::stoul(s.get("OutputSize")));
  }
  if (s.has("BlockSize")) {
    EXPECT_EQ(block, std::stoul(s.get("BlockSize")));
  }
}

}  // namespace armaccel::test
