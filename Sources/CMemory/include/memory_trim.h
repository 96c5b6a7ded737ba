#ifndef GAZETTE_MEMORY_TRIM_H
#define GAZETTE_MEMORY_TRIM_H

/// Returns heap memory freed by the program to the system (glibc's malloc_trim); a no-op elsewhere.
void gazette_return_freed_memory(void);

#endif
