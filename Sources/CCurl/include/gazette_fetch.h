#ifndef GAZETTE_FETCH_H
#define GAZETTE_FETCH_H

#include <stddef.h>

/// What one GET came to. `body` is malloc'd (free it with gazette_fetch_free); `error` is a
/// static or curl-owned message, empty on success.
typedef struct {
    int curl_code;          /* 0 when the transfer completed */
    long status;            /* HTTP status, 0 when there was no response */
    int timed_out;          /* the whole-fetch deadline passed */
    int over_limit;         /* the body passed max_bytes (by Content-Length or as received) */
    unsigned char *body;
    size_t length;
    char error[256];
} gazette_fetch_result;

/// One GET with libcurl: a deadline for the whole transfer (connect, headers and body), a size
/// limit, redirects followed (at most 5, http and https only), the given Accept header.
void gazette_fetch(const char *url, long timeout_ms, size_t max_bytes, const char *accept,
                   const char *user_agent, gazette_fetch_result *result);

void gazette_fetch_free(gazette_fetch_result *result);

#endif
