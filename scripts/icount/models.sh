# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/icount/classes.sh and cycles.sh: the CPU classes and
# core models the counts are taken on.  model_setup NAME sets
#   qemu_cpu      the qemu -cpu value (it exposes what that core has, so the
#                 code takes the path it takes there; a MIDR where OpenSSL or
#                 armaccel picks code by core)
#   mca_model     the llvm-mca-19 scheduling model of the cycle estimate
#                 (none for the instruction-count classes)
#   dis           ARMACCEL_DISABLE for armaccel (features the core lacks)
#   armcap        OPENSSL_armcap for OpenSSL (the same restriction)
# and returns 1 for an unknown NAME.
#   reference            every extension, 128-bit SVE (instruction counts)
#   cortex-a53           AES, PMULL, SHA-256 (instruction counts)
#   no-crypto            a Cortex-A72 without its crypto extensions, the
#                        Raspberry Pi 4 class (instruction counts)
#   cortex-a72, neoverse-n1               qemu's model of that core
#   neoverse-v1          -cpu max, 256-bit SVE, a Neoverse V1's MIDR, no SVE2
#   neoverse-v2          -cpu max, 128-bit SVE, a Neoverse V2's MIDR
#   neoverse-n2          -cpu max, 128-bit SVE, a Neoverse N2's MIDR (for the
#                        Keccak choice of that class; not in the report)
#   cortex-a72-nocrypto  the no-crypto class on the cortex-a72 model
nocrypto_features=aes,pmull,sha2,sha512,sha3,sm3,sm4
model_setup() {
  qemu_cpu= mca_model= dis= armcap=
  case $1 in
    reference) qemu_cpu=max,sve-default-vector-length=16 ;;
    cortex-a53) qemu_cpu=cortex-a53 ;;
    no-crypto) qemu_cpu=cortex-a72 dis=$nocrypto_features armcap=1 ;;
    cortex-a72 | neoverse-n1) qemu_cpu=$1 mca_model=$1 ;;
    neoverse-v1)
      qemu_cpu=max,sve-default-vector-length=32,midr=0x410fd401 mca_model=neoverse-v1
      dis=sve2 armcap=0x13ffd ;;
    neoverse-v2) qemu_cpu=max,sve-default-vector-length=16,midr=0x410fd4f0 mca_model=neoverse-v2 ;;
    neoverse-n2) qemu_cpu=max,sve-default-vector-length=16,midr=0x410fd490 mca_model=neoverse-n2 ;;
    cortex-a72-nocrypto)
      qemu_cpu=cortex-a72 mca_model=cortex-a72 dis=$nocrypto_features armcap=1 ;;
    *) return 1 ;;
  esac
}
