#include "gazette_curl_init.h"

#include <curl/curl.h>
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void initialise(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

/* curl_global_init is not thread-safe: every transfer (a fetch, a delivery) calls this first. */
void gazette_curl_init(void) { pthread_once(&once, initialise); }
