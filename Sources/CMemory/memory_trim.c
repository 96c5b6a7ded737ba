#include "memory_trim.h"
// Any C library header defines __GLIBC__ on glibc; it must come before the checks below.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void gazette_return_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
