#ifndef GAZETTE_FILE_EXCHANGE_H
#define GAZETTE_FILE_EXCHANGE_H

/// Atomically swaps two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where unsupported).
int gazette_exchange_paths(const char *first, const char *second);

#endif
