#!/usr/bin/env bash
# Real delivery (issue 25): Postfix, delivering into a Maildir and offering STARTTLS on a
# self-signed certificate with SASL on the submission port, and Dovecot, which answers Postfix's
# SASL questions (.ci/mail-servers.sh: started here unless .ci/run started them for the tests);
# `gazette build --email --pdf --send` delivers the demo's messages; each is read back from the Maildir and must equal its report.eml but for the headers
# delivery adds and its `Date:` (`send` dates each message when it sends it); a second `gazette send`
# must deliver nothing. Stops the daemons it started.
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

# 1–3. The servers: the ones .ci/run started for the tests (GAZETTE_TEST_SMTP_*), else our own.
if [ -z "${GAZETTE_TEST_SMTP_CA:-}" ]; then
    servers="$work/servers"
    eval "$("$here/.ci/mail-servers.sh" start "$servers")"
    stop() {
        "$here/.ci/mail-servers.sh" stop "$servers"
        sleep 1
        rm -rf "$work"
    }
else
    stop() { rm -rf "$work"; }
fi
trap stop EXIT
home=$GAZETTE_TEST_MAILBOX_HOME
cp "$GAZETTE_TEST_SMTP_CA" "$work/cert.pem"

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
    # The message is dated when it is sent, not when its report was built.
    dates = [f for f in kept if f.lower().startswith(b"date:")]
    if len(dates) != 1:
        sys.exit(f"smtp: {name}: {len(dates)} Date: fields delivered")
    kept = [f for f in kept if not f.lower().startswith(b"date:")]
    want_fields = [f for f in want_fields if not f.lower().startswith(b"date:")]
    if kept != want_fields:
        sys.exit(f"smtp: {name}: the delivered headers differ:\n{kept}\n{want_fields}")
    if body != want_body:
        sys.exit(f"smtp: {name}: the delivered body differs from report.eml")
    print(f"  delivered {name}: headers (but its Date, {dates[0][6:].decode()}) and {len(body)} bytes of body equal to report.eml")
PY

# 6. A second send delivers nothing.
timeout 120 "$gazette" send "$work/site" --smtp smtp://localhost:587 --smtp-ca "$work/cert.pem" | tee "$work/again.out"
grep -q "Sent 0 messages, skipped $expected, failed 0." "$work/again.out" || { echo "smtp: the second send was not empty"; exit 1; }
sleep 3
[ "$(find "$home/Maildir/new" -type f | wc -l)" -eq "$expected" ] || { echo "smtp: the second send delivered again"; exit 1; }
echo "smtp: Postfix and Dovecot: $expected messages delivered once each, equal to their report.eml; a second send delivered none"

# 7. The README's cron line, on the real clock: three lifters, run twice a few seconds apart (the
#    second sends nothing), then after one lifter's log changed (that lifter alone gets one message,
#    whose References name the one before). Each lifter is an address of the test mailbox
#    (gazettetest+ann@localhost: Postfix's recipient_delimiter).
cron="$work/cron"
testbox=$(getent passwd gazettetest | cut -d: -f6)/Maildir/new
mkdir -p "$cron/logs"
for lifter in ann bob cat; do cp "$here/Tests/Fixtures/workouts.txt" "$cron/logs/$lifter.txt"; done
cat >"$cron/reports.yml" <<YAML
title: Lifters
reports:
  - kind: workouts
    title: Training log
    inputs: [logs/*.txt]
    each: true
    email: {from: "Coach <sender@localhost>"}
    recipients:
      ann: Ann <gazettetest+ann@localhost>
      bob: Bob <gazettetest+bob@localhost>
      cat: Cat <gazettetest+cat@localhost>
YAML
cron_line() { (cd "$cron" && unset SOURCE_DATE_EPOCH && timeout 300 "$gazette" build reports.yml --send \
    --smtp smtp://localhost:587 --smtp-ca "$work/cert.pem" "$@"); }
received() { grep -l "^To: .*gazettetest+$1@localhost" "$testbox"/* 2>/dev/null | wc -l; }
wait_for() { for _ in $(seq 60); do [ "$(received "$1")" -ge "$2" ] && return 0; sleep 1; done; return 1; }
cron_line -q
for lifter in ann bob cat; do wait_for "$lifter" 1 || { echo "smtp cron: $lifter got no message"; exit 1; }; done
sleep 2
cron_line | tee "$work/cron-again.out" >/dev/null
grep -q "Nothing changed since the last send: 3 reports." "$work/cron-again.out" \
    || { tail -3 "$work/cron-again.out"; echo "smtp cron: the rerun on the real clock was not empty"; exit 1; }
first_bob=$(grep -l "^To: .*gazettetest+bob@localhost" "$testbox"/*)
first_id=$(grep -m1 -i "^Message-ID:" "$first_bob" | cut -d' ' -f2)
{ echo "Nov 20 2023,Deadlift,1,1,500"; cat "$here/Tests/Fixtures/workouts.txt"; } >"$cron/logs/bob.txt"
cron_line -q
wait_for bob 2 || { echo "smtp cron: bob got no second message"; exit 1; }
sleep 3
[ "$(received ann)" -eq 1 ] && [ "$(received cat)" -eq 1 ] || { echo "smtp cron: a lifter whose log did not change got mail"; exit 1; }
second_bob=$(grep -l "^To: .*gazettetest+bob@localhost" "$testbox"/* | grep -vx "$first_bob")
grep -qi "^References: $first_id" "$second_bob" || { echo "smtp cron: bob's new message does not reference $first_id"; exit 1; }
second_id=$(grep -m1 -i "^Message-ID:" "$second_bob" | cut -d' ' -f2)
[ "$second_id" != "$first_id" ] || { echo "smtp cron: bob's new message kept the old Message-ID"; exit 1; }
echo "smtp cron: on the real clock a rerun sent nothing; after bob's log changed bob alone got $second_id, referencing $first_id"
