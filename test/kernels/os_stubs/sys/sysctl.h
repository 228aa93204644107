// SPDX-License-Identifier: Apache-2.0
// Stub for the type check of kernels/cpu/cpu_probe_macos.cpp (docs/lanes.md).
#pragma once
#include <stddef.h>
extern "C" int sysctlbyname(const char* name, void* oldp, size_t* oldlenp, void* newp,
                            size_t newlen);
