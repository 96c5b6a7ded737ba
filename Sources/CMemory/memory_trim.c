#include "memory_trim.h"
// Any C library header defines __GLIBC__ on glibc; it must come before the checks below.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void gazette_share_one_arena(void) {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 1);
#endif
}

void gazette_return_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

size_t gazette_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
