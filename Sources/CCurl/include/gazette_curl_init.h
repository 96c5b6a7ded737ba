#ifndef GAZETTE_CURL_INIT_H
#define GAZETTE_CURL_INIT_H

/// libcurl's global set-up, done once for the process whichever thread asks first.
void gazette_curl_init(void);

#endif
