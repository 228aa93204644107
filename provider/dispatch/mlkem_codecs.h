// ML-KEM key encoders/decoders (mlkem_codecs.cpp): the provider's config
// settings they honour.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "../prov_ctx.h"

namespace armaccel::prov {

// Reads OpenSSL 3.5's ML-KEM settings from this instance's config section:
// ml-kem.retain_seed and ml-kem.prefer_seed (yes/no, true/false, on/off,
// 1/0), ml-kem.input_formats and ml-kem.output_formats (lists of
// private-key form names, see mlkem_der.h; an unknown name is refused when
// a key is encoded or decoded, as OpenSSL 3.5 does) into prov->mlkem.
// Absent values leave the defaults; a yes/no setting with any other value
// is false, with "invalid config value" naming it on the error queue (the
// instance is refused rather than run on a silent default).
bool mlkem_read_config(ProvCtx* prov, OSSL_FUNC_core_get_params_fn* core_get_params);

}  // namespace armaccel::prov
