#include "gazette_fetch.h"

#include "gazette_curl_init.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    gazette_fetch_result *result;
    size_t max_bytes;
    size_t capacity;
} sink;

/* Appends a chunk, or stops the transfer (by taking none of it) once the limit is passed. */
static size_t write_chunk(char *data, size_t size, size_t count, void *context) {
    sink *target = context;
    size_t bytes = size * count;
    gazette_fetch_result *result = target->result;
    if (result->length + bytes > target->max_bytes) {
        result->over_limit = 1;
        return 0;
    }
    if (result->length + bytes > target->capacity) {
        size_t capacity = target->capacity ? target->capacity : 16384;
        while (capacity < result->length + bytes) capacity *= 2;
        unsigned char *grown = realloc(result->body, capacity);
        if (!grown) return 0;
        result->body = grown;
        target->capacity = capacity;
    }
    memcpy(result->body + result->length, data, bytes);
    result->length += bytes;
    return bytes;
}

void gazette_fetch(const char *url, long timeout_ms, size_t max_bytes, const char *accept,
                   const char *user_agent, gazette_fetch_result *result) {
    gazette_curl_init();
    memset(result, 0, sizeof *result);
    CURL *curl = curl_easy_init();
    if (!curl) {
        result->curl_code = CURLE_FAILED_INIT;
        strncpy(result->error, "cannot start the HTTP client", sizeof result->error - 1);
        return;
    }
    sink target = {result, max_bytes, 0};
    struct curl_slist *headers = NULL;
    char accept_header[128];
    snprintf(accept_header, sizeof accept_header, "Accept: %s", accept);
    headers = curl_slist_append(headers, accept_header);

    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_bytes);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_chunk);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &target);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);

    CURLcode code = curl_easy_perform(curl);
    result->curl_code = (int)code;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    if (code == CURLE_OPERATION_TIMEDOUT) result->timed_out = 1;
    if (code == CURLE_FILESIZE_EXCEEDED) result->over_limit = 1;
    if (code != CURLE_OK && result->error[0] == 0) {
        strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
}

void gazette_fetch_free(gazette_fetch_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
