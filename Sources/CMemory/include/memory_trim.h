#ifndef GAZETTE_MEMORY_TRIM_H
#define GAZETTE_MEMORY_TRIM_H

/// Returns heap memory freed by the program to the system (glibc's malloc_trim); a no-op elsewhere.
void gazette_return_freed_memory(void);

/// Makes every thread allocate from one glibc arena (M_ARENA_MAX 1); a no-op elsewhere. Call it
/// before the program starts threads.
void gazette_share_one_arena(void);

/// Bytes the program holds from malloc (not what the allocator keeps for reuse); 0 where unknown.
#include <stddef.h>
size_t gazette_heap_in_use(void);

#endif
