#ifndef GAZETTE_SMTP_H
#define GAZETTE_SMTP_H

#include <stddef.h>

/// How to reach the server for one message.
typedef struct {
    const char *url;            /* smtp://host:port or smtps://host:port */
    const char *ca_file;        /* a private CA's certificates, or NULL for the system's */
    const char *user;           /* NULL: ~/.netrc, if it names the host */
    const char *password;
    int require_tls;            /* smtp://: STARTTLS or nothing; else STARTTLS when offered */
    long connect_timeout_ms;
    long timeout_ms;            /* the whole message: connect, dialogue and data */
} gazette_smtp_server;

/// What one delivery came to. `transcript` holds the server's reply lines and the commands sent
/// (each line prefixed "> " for sent, "< " for received), malloc'd; free with gazette_smtp_free.
typedef struct {
    int curl_code;              /* 0 when the server accepted the message */
    long reply_code;            /* the last reply's code, 0 when there was none */
    int timed_out;
    char *transcript;
    size_t transcript_length;
    char error[256];
} gazette_smtp_result;

/// Sends `message` (the bytes as they go out, CRLF lines) from `sender` to `recipients` (count
/// of them), AUTH as libcurl picks (PLAIN or LOGIN) when a user is given. A recipient the server
/// refuses does not stop the others; the transcript says which.
void gazette_smtp_send(const gazette_smtp_server *server, const char *sender, const char *const *recipients,
                       size_t recipient_count, const unsigned char *message, size_t length, gazette_smtp_result *result);

void gazette_smtp_free(gazette_smtp_result *result);

#endif
