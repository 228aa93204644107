// SPDX-License-Identifier: Apache-2.0
// Stub for the type check of kernels/cpu/cpu_probe_freebsd.cpp (docs/lanes.md):
// FreeBSD's elf_aux_info(3) and its AT_HWCAP/AT_HWCAP2 numbers.
#pragma once
#define AT_HWCAP 25
#define AT_HWCAP2 26
extern "C" int elf_aux_info(int aux, void* buf, int buflen);
