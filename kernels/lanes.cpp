// Lane lists (which lanes this build has) and selection (lanes.h).
#include "lanes.h"

namespace armaccel {

#if ARMACCEL_HAVE_AES_CE
extern const AesKernel kAesCe;
#endif
#if ARMACCEL_HAVE_SHA256_CE
extern const Sha256Kernel kSha256Ce;
#endif
#if ARMACCEL_HAVE_SHA512_CE
extern const Sha512Kernel kSha512Ce;
#endif

namespace {

const AesKernel* const kAesLanes[] = {
#if ARMACCEL_HAVE_AES_CE
    &kAesCe,
#endif
    &kAesPortable,
};

const Sha256Kernel* const kSha256Lanes[] = {
#if ARMACCEL_HAVE_SHA256_CE
    &kSha256Ce,
#endif
    &kSha256Portable,
};

const Sha512Kernel* const kSha512Lanes[] = {
#if ARMACCEL_HAVE_SHA512_CE
    &kSha512Ce,
#endif
    &kSha512Portable,
};

template <class Kernel, std::size_t N>
const Kernel* first_usable(const Kernel* const (&lanes)[N], CpuFeatures effective) {
  for (const Kernel* k : lanes) {
    if ((k->required & ~effective) == 0) return k;
  }
  return lanes[N - 1];
}

}  // namespace

LaneList<AesKernel> aes_lanes() {
  return {kAesLanes, sizeof kAesLanes / sizeof kAesLanes[0]};
}
LaneList<Sha256Kernel> sha256_lanes() {
  return {kSha256Lanes, sizeof kSha256Lanes / sizeof kSha256Lanes[0]};
}
LaneList<Sha512Kernel> sha512_lanes() {
  return {kSha512Lanes, sizeof kSha512Lanes / sizeof kSha512Lanes[0]};
}

KernelSet select_kernels(CpuFeatures effective) {
  return {first_usable(kAesLanes, effective), first_usable(kSha256Lanes, effective),
          first_usable(kSha512Lanes, effective)};
}

}  // namespace armaccel
