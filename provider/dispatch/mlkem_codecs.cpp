// Encoders and decoders for ML-KEM keys (placeholder lists until the codec
// work lands).
#include "../algorithms.h"

namespace armaccel::prov {

namespace {
const OSSL_ALGORITHM kNone[] = {{nullptr, nullptr, nullptr, nullptr}};
}  // namespace

const OSSL_ALGORITHM* encoder_algorithms() {
  return kNone;
}
const OSSL_ALGORITHM* decoder_algorithms() {
  return kNone;
}

}  // namespace armaccel::prov
