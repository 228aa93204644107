// SPDX-License-Identifier: Apache-2.0
// Stub for the type check of kernels/cpu/cpu_probe_windows.cpp (docs/lanes.md).
#pragma once
typedef unsigned long DWORD;
typedef int BOOL;
extern "C" BOOL IsProcessorFeaturePresent(DWORD ProcessorFeature);
