#!/bin/bash
# Reference solution: the renewal script, one run on /etc/ssl/internal, the cron job.
set -euo pipefail

install -d -m 0755 /usr/local/sbin
cat > /usr/local/sbin/renew-internal-certs <<'SCRIPT'
#!/bin/bash
# renew-internal-certs [DIR]: re-issue the internal CA's certificates in DIR that expire within
# 30 days (or have expired): same subject, same key, same subjectAltNames, 397 days.
set -u
export LC_ALL=C
DIR=${1:-/etc/ssl/internal}
CA_DIR=${CA_DIR:-/etc/pki/internal-ca}
CA_CRT=$CA_DIR/ca.crt
CA_KEY=$CA_DIR/ca.key
DUE_SECONDS=$((30 * 24 * 3600))
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pub_of_cert() { openssl x509 -noout -pubkey -in "$1" 2>/dev/null; }
pub_of_key() { openssl pkey -pubout -in "$1" 2>/dev/null; }

renew() {
    local crt=$1 name=$2 key=$3 san serial_old
    # The old certificate's subjectAltName, in extension-config syntax (IP Address: -> IP:).
    san=$(openssl x509 -noout -ext subjectAltName -in "$crt" 2>/dev/null | sed -n '2,$p' \
          | sed -e 's/^ *//' -e 's/IP Address:/IP:/g' | paste -sd, -)
    {
        echo "[ leaf ]"
        echo "basicConstraints = critical, CA:FALSE"
        echo "keyUsage = critical, digitalSignature, keyEncipherment"
        echo "extendedKeyUsage = serverAuth"
        echo "subjectKeyIdentifier = hash"
        echo "authorityKeyIdentifier = keyid"
        if [ -n "$san" ]; then echo "subjectAltName = $san"; fi
    } > "$work/$name.ext"
    # A request with the old subject, signed by the old key; the CA signs it with fresh dates.
    openssl x509 -x509toreq -in "$crt" -signkey "$key" -out "$work/$name.csr" 2>/dev/null || return 1
    openssl x509 -req -in "$work/$name.csr" -CA "$CA_CRT" -CAkey "$CA_KEY" \
        -set_serial "0x$(openssl rand -hex 16)" -days 397 -sha256 \
        -extfile "$work/$name.ext" -extensions leaf -out "$work/$name.crt" 2>/dev/null || return 1
    openssl verify -CAfile "$CA_CRT" -purpose sslserver "$work/$name.crt" >/dev/null 2>&1 || return 1
    serial_old=$(openssl x509 -noout -serial -in "$crt" | cut -d= -f2)
    mkdir -p "$DIR/archive"
    mv -- "$crt" "$DIR/archive/$name-$serial_old.crt"
    install -m 0644 "$work/$name.crt" "$crt"
    cat "$work/$name.crt" "$CA_CRT" > "$work/$name.fullchain.pem"
    install -m 0644 "$work/$name.fullchain.pem" "$DIR/$name.fullchain.pem"
}

for crt in "$DIR"/*.crt; do
    [ -f "$crt" ] || continue
    name=$(basename -- "$crt" .crt)
    key="$DIR/$name.key"
    if ! openssl verify -no_check_time -CAfile "$CA_CRT" "$crt" >/dev/null 2>&1; then
        echo "$name: foreign"
        continue
    fi
    if openssl x509 -noout -checkend "$DUE_SECONDS" -in "$crt" >/dev/null; then
        echo "$name: valid"
        continue
    fi
    if [ ! -f "$key" ] || [ "$(pub_of_key "$key")" != "$(pub_of_cert "$crt")" ]; then
        echo "renew-internal-certs: $name: key $key is missing or does not match $crt" >&2
        echo "$name: error"
        status=1
        continue
    fi
    if renew "$crt" "$name" "$key"; then
        echo "$name: renewed"
    else
        echo "renew-internal-certs: $name: re-issuing failed" >&2
        echo "$name: error"
        status=1
    fi
done
exit $status
SCRIPT
chmod 0755 /usr/local/sbin/renew-internal-certs

/usr/local/sbin/renew-internal-certs /etc/ssl/internal

cat > /etc/cron.d/renew-internal-certs <<'CRON'
# Renew internal TLS certificates that expire within 30 days.
SHELL=/bin/bash
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
15 3 * * * root /usr/local/sbin/renew-internal-certs >> /var/log/renew-internal-certs.log 2>&1
CRON
chmod 0644 /etc/cron.d/renew-internal-certs

# Check: a second run renews nothing, the exporter is happy, the chains verify.
/usr/local/sbin/renew-internal-certs /etc/ssl/internal
python3 /opt/monitoring/cert_exporter.py --check >/dev/null
ls /etc/ssl/internal/archive
