// SPDX-License-Identifier: Apache-2.0
// ML-KEM key encoders/decoders (mlkem_encoders.cpp, mlkem_decoders.cpp):
// the provider's config settings they honour, and what the two share
// (mlkem_codecs.cpp).
#pragma once

#include <openssl/bio.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "codec_util.h"
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "prov_ctx.h"

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

// The configured input (decoders) or output (encoders) private-key forms;
// "unknown ml-kem key format" on the queue when the setting does not parse.
bool codec_format_list(const ProvCtx* prov, bool output, MlkemFormList* list);

// A key of parameter set `set` from "seed", "priv" and "pub" octet-string
// parameters (those `selection` names); nullptr, with the error raised, on
// failure.  The encoders' import_object, the decoders' export.
MlkemKey* codec_key_from_params(ProvCtx* prov, const mlkem::Params* set, int selection,
                                const OSSL_PARAM params[]);

}  // namespace armaccel::prov
