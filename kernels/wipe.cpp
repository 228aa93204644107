#include "wipe.h"

namespace armaccel {

void wipe(void* p, std::size_t n) {
  volatile unsigned char* v = static_cast<volatile unsigned char*>(p);
  while (n-- != 0) *v++ = 0;
}

}  // namespace armaccel
