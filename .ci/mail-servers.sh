#!/usr/bin/env bash
# Postfix and Dovecot for the tests that deliver for real: Postfix on the loopback, delivering
# into Maildirs, STARTTLS offered on 25 and required on 587 (submission) with a self-signed
# certificate and SASL through Dovecot, and a message size limit it offers as SIZE.
#
#   eval "$(.ci/mail-servers.sh start DIR)"   # starts both; prints the GAZETTE_TEST_SMTP_* exports
#   .ci/mail-servers.sh stop DIR
#
# DIR holds the certificate, the password file and Dovecot's run folder. Needs root and the
# Debian packages postfix, dovecot-core and openssl. The Swift tests (SendingTests/PostfixTests)
# read the exports; .ci/smtp-test.sh delivers the demo's messages through the same servers.
set -euo pipefail
action=${1:?start or stop}
work=${2:?a folder for the servers\' files}
mailbox=gazettemail
testbox=gazettetest
size_limit=10240000

if [ "$action" = stop ]; then
    postfix stop >/dev/null 2>&1 || true
    [ -f "$work/dovecot-run/master.pid" ] && kill "$(cat "$work/dovecot-run/master.pid")" 2>/dev/null || true
    exit 0
fi

mkdir -p "$work"
chmod 755 "$work"
# 1. The mailboxes' owners, the sender's password (Dovecot's), a certificate for localhost.
for user in "$mailbox" "$testbox"; do
    id "$user" >/dev/null 2>&1 || useradd -m -s /usr/sbin/nologin "$user"
    rm -rf "$(getent passwd "$user" | cut -d: -f6)/Maildir"
done
home=$(getent passwd "$mailbox" | cut -d: -f6)
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
echo "sender@localhost:{PLAIN}ci-s3cret" >"$work/users"
chmod 644 "$work/users" "$work/cert.pem"

# 2. Dovecot for SASL only: no mail protocols, one user, an auth socket inside Postfix's spool.
mkdir -p /var/spool/postfix/private
cat >"$work/dovecot.conf" <<CONF
protocols =
base_dir = $work/dovecot-run
log_path = $work/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $work/users
}
userdb {
  driver = static
  args = uid=$mailbox gid=$mailbox home=$home
}
service auth {
  unix_listener /var/spool/postfix/private/auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}
CONF
dovecot -c "$work/dovecot.conf" >&2

# 3. Postfix: loopback only, local delivery into ~/Maildir/, STARTTLS offered on 25 and required
#    on 587 (submission) with SASL through Dovecot.
postconf -e "compatibility_level=3.6" "inet_interfaces=loopback-only" "inet_protocols=ipv4" \
    "myhostname=localhost" "mydestination=localhost" "home_mailbox=Maildir/" "alias_maps=" "alias_database=" \
    "smtpd_tls_cert_file=$work/cert.pem" "smtpd_tls_key_file=$work/key.pem" "smtpd_tls_security_level=may" \
    "smtpd_sasl_type=dovecot" "smtpd_sasl_path=private/auth" "maillog_file=/var/log/gazette-ci-postfix.log" \
    "message_size_limit=$size_limit" "recipient_delimiter=+" >&2
postconf -M "submission/inet=submission inet n - n - - smtpd" >&2
postconf -P "submission/inet/smtpd_tls_security_level=encrypt" "submission/inet/smtpd_sasl_auth_enable=yes" \
    "submission/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject" \
    "submission/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject" >&2
postconf -M "postlog/unix-dgram=postlog unix-dgram n - n - 1 postlogd" >&2
postfix check >&2
postfix start >/dev/null 2>&1 || postfix reload >/dev/null 2>&1
open=no
for _ in $(seq 30); do
    if (exec 3<>/dev/tcp/127.0.0.1/587) 2>/dev/null; then open=yes; break; fi
    sleep 1
done
# A server that did not come up fails here, not later as a test that cannot connect.
if [ "$open" != yes ]; then
    echo "mail-servers.sh: Postfix's submission port 587 is still closed after 30 s" >&2
    tail -20 /var/log/gazette-ci-postfix.log >&2 2>/dev/null || true
    exit 1
fi

cat <<ENV
export GAZETTE_TEST_SMTP_URL=smtp://localhost:587
export GAZETTE_TEST_SMTP_CA=$work/cert.pem
export GAZETTE_TEST_SMTP_USER=sender@localhost
export GAZETTE_TEST_SMTP_PASSWORD=ci-s3cret
export GAZETTE_TEST_SMTP_RECIPIENT=$testbox@localhost
export GAZETTE_TEST_SMTP_SIZE_LIMIT=$size_limit
export GAZETTE_TEST_MAILBOX_HOME=$home
ENV
