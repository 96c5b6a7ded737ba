#!/usr/bin/env bash
# Real delivery (issue 25): Postfix, delivering into a Maildir and offering STARTTLS on a
# self-signed certificate with SASL on the submission port, and Dovecot, which answers Postfix's
# SASL questions, are started here; `gazette build --email --pdf --send` delivers the demo's
# messages; each is read back from the Maildir and must equal its report.eml but for the headers
# delivery adds; a second `gazette send` must deliver nothing. Stops both daemons.
#
#   .ci/smtp-test.sh GAZETTE
#
# Needs root and the Debian packages postfix, dovecot-core and openssl.
set -euo pipefail
gazette=$(readlink -f "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gazette-smtp.XXXXXX)
chmod 755 "$work"
mailbox=gazettemail

stop() {
    postfix stop >/dev/null 2>&1 || true
    [ -f "$work/dovecot-run/master.pid" ] && kill "$(cat "$work/dovecot-run/master.pid")" 2>/dev/null || true
    sleep 1
    rm -rf "$work"
}
trap stop EXIT

# 1. The mailbox's owner, the sender's password (Dovecot's), a certificate for localhost.
id "$mailbox" >/dev/null 2>&1 || useradd -m -s /usr/sbin/nologin "$mailbox"
home=$(getent passwd "$mailbox" | cut -d: -f6)
rm -rf "$home/Maildir"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
echo "sender@localhost:{PLAIN}ci-s3cret" >"$work/users"
chmod 644 "$work/users"

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
dovecot -c "$work/dovecot.conf"

# 3. Postfix: loopback only, local delivery into ~/Maildir/, STARTTLS offered on 25 and required
#    on 587 (submission) with SASL through Dovecot.
postconf -e "compatibility_level=3.6" "inet_interfaces=loopback-only" "inet_protocols=ipv4" \
    "myhostname=localhost" "mydestination=localhost" "home_mailbox=Maildir/" "alias_maps=" "alias_database=" \
    "smtpd_tls_cert_file=$work/cert.pem" "smtpd_tls_key_file=$work/key.pem" "smtpd_tls_security_level=may" \
    "smtpd_sasl_type=dovecot" "smtpd_sasl_path=private/auth" "maillog_file=/var/log/gazette-ci-postfix.log" \
    "message_size_limit=20480000"
postconf -M "submission/inet=submission inet n - n - - smtpd"
postconf -P "submission/inet/smtpd_tls_security_level=encrypt" "submission/inet/smtpd_sasl_auth_enable=yes" \
    "submission/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject" \
    "submission/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject"
postconf -M "postlog/unix-dgram=postlog unix-dgram n - n - 1 postlogd"
postfix check
postfix start >/dev/null 2>&1 || postfix reload >/dev/null 2>&1
for _ in $(seq 30); do (exec 3<>/dev/tcp/127.0.0.1/587) 2>/dev/null && break; sleep 1; done

# 4. Build the demo with e-mail and PDFs, and send it.
export GAZETTE_SMTP_USER=sender@localhost GAZETTE_SMTP_PASSWORD=ci-s3cret
cd "$work"
timeout 600 "$gazette" build --now 2023-11-04T05:50:00Z --email --pdf --output "$work/site" \
    --email-from 'Gazette CI <sender@localhost>' --email-to "Mail Box <$mailbox@localhost>" \
    --send --smtp smtp://localhost:587 --smtp-ca "$work/cert.pem" | tee "$work/send.out"
expected=$(find "$work/site" -name report.eml | wc -l)
grep -c "^sent " "$work/send.out" | grep -qx "$expected" || { echo "smtp: expected $expected messages sent"; exit 1; }

# 5. Read every delivered message back (within a minute) and compare it with its report.eml.
for _ in $(seq 60); do
    [ "$(find "$home/Maildir/new" -type f 2>/dev/null | wc -l)" -ge "$expected" ] && break
    sleep 1
done
python3 - "$work/site" "$home/Maildir/new" "$expected" <<'PY'
import pathlib, sys
site, maildir, expected = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
added = (b"received:", b"return-path:", b"delivered-to:", b"x-original-to:", b"bcc:")

def split(raw):
    """Header fields (with their folded lines) and the body, line ends made LF."""
    text = raw.replace(b"\r\n", b"\n")
    head, _, body = text.partition(b"\n\n")
    fields = []
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1] += b"\n" + line
        else:
            fields.append(line)
    return fields, body

def message_id(fields):
    for field in fields:
        if field.lower().startswith(b"message-id:"):
            return field.split(b":", 1)[1].strip()

built = {}
for eml in site.rglob("report.eml"):
    fields, body = split(eml.read_bytes())
    built[message_id(fields)] = (eml.relative_to(site), [f for f in fields if not f.lower().startswith(b"bcc:")], body)
delivered = sorted(maildir.iterdir()) if maildir.exists() else []
if len(delivered) != expected:
    sys.exit(f"smtp: {len(delivered)} messages delivered, expected {expected}")
seen = set()
for path in delivered:
    fields, body = split(path.read_bytes())
    kept = [f for f in fields if not f.lower().startswith(added)]
    key = message_id(kept)
    if key not in built:
        sys.exit(f"smtp: {path.name} has a Message-ID no report.eml has: {key!r}")
    if key in seen:
        sys.exit(f"smtp: {key!r} was delivered twice")
    seen.add(key)
    name, want_fields, want_body = built[key]
    if kept != want_fields:
        sys.exit(f"smtp: {name}: the delivered headers differ:\n{kept}\n{want_fields}")
    if body != want_body:
        sys.exit(f"smtp: {name}: the delivered body differs from report.eml")
    print(f"  delivered {name}: headers and {len(body)} bytes of body equal to report.eml")
PY

# 6. A second send delivers nothing.
timeout 120 "$gazette" send "$work/site" --smtp smtp://localhost:587 --smtp-ca "$work/cert.pem" | tee "$work/again.out"
grep -q "Sent 0 messages, skipped $expected, failed 0." "$work/again.out" || { echo "smtp: the second send was not empty"; exit 1; }
sleep 3
[ "$(find "$home/Maildir/new" -type f | wc -l)" -eq "$expected" ] || { echo "smtp: the second send delivered again"; exit 1; }
echo "smtp: Postfix and Dovecot: $expected messages delivered once each, equal to their report.eml; a second send delivered none"
