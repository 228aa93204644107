# SPDX-License-Identifier: Apache-2.0
# Cross build for AArch64 Linux on a Debian x86-64 host: the
# g++-aarch64-linux-gnu compilers, libssl-dev:arm64 (multiarch), and tests
# run through qemu-aarch64 (QEMU_CPU picks the emulated CPU per test).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# -L / (the multiarch libc6:arm64 and libstdc++6:arm64), not the cross
# toolchain's /usr/aarch64-linux-gnu: with that libc qemu-aarch64 7.2 hangs
# in a program's first pthread_create or fork (docs/architecture.md, "Toolchain facts").
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/)
# Without this, FindOpenSSL/pkg-config find the host's x86-64 libcrypto.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
