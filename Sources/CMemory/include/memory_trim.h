#ifndef GAZETTE_MEMORY_TRIM_H
#define GAZETTE_MEMORY_TRIM_H

/// Returns heap memory freed by the program to the system (glibc's malloc_trim); a no-op elsewhere.
void gazette_return_freed_memory(void);

/// Bytes the program holds from malloc (not what the allocator keeps for reuse); 0 where unknown.
#include <stddef.h>
size_t gazette_heap_in_use(void);

#endif
