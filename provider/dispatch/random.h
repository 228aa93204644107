// Random bytes for armaccel's own needs (GCM IV generation), drawn through
// the provider's child library context -- so from the application's DRBG.
// Never called on a path the default provider's DRBG itself drives.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../prov_ctx.h"

namespace armaccel::prov {

// False (with an error queued) if no random bytes could be had.
bool random_bytes(const ProvCtx* prov, std::uint8_t* out, std::size_t len);

}  // namespace armaccel::prov
