// SPDX-License-Identifier: Apache-2.0
// Start-up code for QEMU's MPS2 Cortex-M boards (mps2-an386: Cortex-M4,
// mps2-an500: Cortex-M7): the vector table at address 0 (initial stack
// pointer, reset handler, fault handlers), FPU access for hard-float code,
// then newlib's semihosting crt0 (_start: .bss, constructors, main, exit),
// so QEMU ends with main's return value.  A fault ends the run with exit
// status 70 instead of hanging the emulator.
#include <cstdint>
#include <cstdlib>

extern "C" {
extern char __stack_top;
void _start();
}

namespace {

[[noreturn]] void reset_handler() {
  // CPACR: full access to CP10/CP11 (the FPU) before any FP instruction.
  *reinterpret_cast<volatile std::uint32_t*>(0xE000ED88u) |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  _start();
  for (;;) {
  }
}

[[noreturn]] void fault_handler() {
  std::_Exit(70);
}

}  // namespace

// Initial SP, Reset, NMI, HardFault, MemManage, BusFault, UsageFault.
extern "C" __attribute__((section(".vectors"), used)) void (*const armaccel_vectors[16])() = {
    reinterpret_cast<void (*)()>(&__stack_top),
    reset_handler,
    fault_handler,
    fault_handler,
    fault_handler,
    fault_handler,
    fault_handler,
};
