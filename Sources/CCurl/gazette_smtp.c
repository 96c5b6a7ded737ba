#include "gazette_smtp.h"

#include "gazette_curl_init.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *bytes;
    size_t length;
    size_t offset;
} source;

static size_t read_message(char *buffer, size_t size, size_t count, void *context) {
    source *message = context;
    size_t room = size * count, left = message->length - message->offset;
    size_t bytes = left < room ? left : room;
    memcpy(buffer, message->bytes + message->offset, bytes);
    message->offset += bytes;
    return bytes;
}

/* Keeps the dialogue (not the message's data) so the caller can name refused recipients and
   quote the server's reply. */
static int record(CURL *handle, curl_infotype type, char *data, size_t size, void *context) {
    (void)handle;
    if (type != CURLINFO_HEADER_IN && type != CURLINFO_HEADER_OUT) return 0;
    gazette_smtp_result *result = context;
    if (result->transcript_length > (1 << 20)) return 0;
    char *grown = realloc(result->transcript, result->transcript_length + size + 3);
    if (!grown) return 0;
    result->transcript = grown;
    result->transcript[result->transcript_length++] = type == CURLINFO_HEADER_IN ? '<' : '>';
    result->transcript[result->transcript_length++] = ' ';
    memcpy(result->transcript + result->transcript_length, data, size);
    result->transcript_length += size;
    result->transcript[result->transcript_length] = 0;
    return 0;
}

void gazette_smtp_send(const gazette_smtp_server *server, const char *sender, const char *const *recipients,
                       size_t recipient_count, const unsigned char *message, size_t length, gazette_smtp_result *result) {
    gazette_curl_init();
    memset(result, 0, sizeof *result);
    CURL *curl = curl_easy_init();
    if (!curl) {
        result->curl_code = CURLE_FAILED_INIT;
        strncpy(result->error, "cannot start the SMTP client", sizeof result->error - 1);
        return;
    }
    struct curl_slist *rcpt = NULL;
    for (size_t index = 0; index < recipient_count; index++) rcpt = curl_slist_append(rcpt, recipients[index]);
    source body = {message, length, 0};

    curl_easy_setopt(curl, CURLOPT_URL, server->url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(curl, CURLOPT_USE_SSL, server->require_tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
    if (server->ca_file) curl_easy_setopt(curl, CURLOPT_CAINFO, server->ca_file);
    if (server->user) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, server->user);
        if (server->password) curl_easy_setopt(curl, CURLOPT_PASSWORD, server->password);
    } else {
        curl_easy_setopt(curl, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
    }
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, sender);
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
#if LIBCURL_VERSION_NUM >= 0x080200
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT_ALLOWFAILS, 1L);
#else
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT_ALLLOWFAILS, 1L);
#endif
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    /* The size goes with MAIL FROM (SIZE=) where the server offers it: too big is refused before DATA. */
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)length);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_message);
    curl_easy_setopt(curl, CURLOPT_READDATA, &body);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, server->connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, server->timeout_ms);
    /* The wait for each reply, the QUIT after a failure included: libcurl's own default is 120 s,
       which would let a silent server hold a send for minutes past its deadline. */
    long reply_seconds = server->timeout_ms / 1000;
    curl_easy_setopt(curl, CURLOPT_SERVER_RESPONSE_TIMEOUT, reply_seconds > 0 ? reply_seconds : 1L);
    curl_easy_setopt(curl, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(curl, CURLOPT_DEBUGFUNCTION, record);
    curl_easy_setopt(curl, CURLOPT_DEBUGDATA, result);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);

    CURLcode code = curl_easy_perform(curl);
    result->curl_code = (int)code;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->reply_code);
    if (code == CURLE_OPERATION_TIMEDOUT) result->timed_out = 1;
    if (code != CURLE_OK && result->error[0] == 0) strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
    curl_slist_free_all(rcpt);
    curl_easy_cleanup(curl);
}

void gazette_smtp_free(gazette_smtp_result *result) {
    free(result->transcript);
    result->transcript = NULL;
    result->transcript_length = 0;
}
