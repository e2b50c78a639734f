#!/bin/bash
# Builds the internal CA, a foreign "vendor" CA and the certificates in /etc/ssl/internal.
# Expiry dates are relative to the build: three certificates are due within 30 days, one has
# expired, two are good for a year or more, and the vendor's certificate is not ours.
set -euo pipefail
CA=/etc/pki/internal-ca
OUT=/etc/ssl/internal
WORK=$(mktemp -d)
mkdir -p "$CA" "$OUT" "$WORK/newcerts"
chmod 0700 "$CA"

at() { date -u -d "$1" +%Y%m%d%H%M%SZ; }

cat > "$WORK/ca.cnf" <<CNF
[ ca ]
default_ca = build
[ build ]
dir = $WORK
database = \$dir/index.txt
new_certs_dir = \$dir/newcerts
serial = \$dir/serial
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
[ any ]
countryName = optional
organizationName = optional
organizationalUnitName = optional
commonName = supplied
[ ca_ext ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
CNF

openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -keyout "$CA/ca.key" -out "$CA/ca.crt" \
    -subj "/C=DE/O=Example Corp/CN=Example Internal CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
mkdir -p "$WORK/vendor"
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -keyout "$WORK/vendor/ca.key" -out "$WORK/vendor/ca.crt" \
    -subj "/C=US/O=Vendor Inc/CN=Vendor Root CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
chmod 0600 "$CA/ca.key"

# issue NAME SERIAL SUBJECT SAN START END [CADIR]
issue() {
    local name=$1 serial=$2 subject=$3 san=$4 start=$5 end=$6 cadir=${7:-$CA}
    : > "$WORK/index.txt"
    echo "$serial" > "$WORK/serial"
    openssl req -new -newkey rsa:2048 -nodes -keyout "$OUT/$name.key" -out "$WORK/$name.csr" -subj "$subject" 2>/dev/null
    {
        echo "[ leaf ]"
        echo "basicConstraints = critical, CA:FALSE"
        echo "keyUsage = critical, digitalSignature, keyEncipherment"
        echo "extendedKeyUsage = serverAuth"
        [ -n "$san" ] && echo "subjectAltName = $san"
    } > "$WORK/$name.ext"
    openssl ca -batch -notext -preserveDN -config "$WORK/ca.cnf" -cert "$cadir/ca.crt" -keyfile "$cadir/ca.key" \
        -in "$WORK/$name.csr" -out "$OUT/$name.crt" -startdate "$(at "$start")" -enddate "$(at "$end")" \
        -extfile "$WORK/$name.ext" -extensions leaf 2>/dev/null
    chmod 0600 "$OUT/$name.key"
    chmod 0644 "$OUT/$name.crt"
    if [ "$cadir" = "$CA" ]; then
        cat "$OUT/$name.crt" "$CA/ca.crt" > "$OUT/$name.fullchain.pem"
        chmod 0644 "$OUT/$name.fullchain.pem"
    fi
}

issue api 1001 "/C=DE/O=Example Corp/OU=Platform/CN=api.internal.example.com" \
    "DNS:api.internal.example.com, DNS:api, IP:10.20.0.15" "-355 days" "+10 days"
issue ldap 1002 "/O=Example Corp/CN=ldap.internal.example.com" \
    "DNS:ldap.internal.example.com, DNS:ldap-replica.internal.example.com, IP:10.20.0.21, IP:10.20.0.22" \
    "-400 days" "-5 days"
issue mq 1003 "/C=DE/O=Example Corp/CN=mq.internal.example.com" \
    "DNS:mq.internal.example.com, IP:fd00:20::30" "-370 days" "+25 days"
issue legacy-ftp 1004 "/CN=ftp.internal.example.com" "" "-700 days" "+15 days"
issue grafana 1005 "/C=DE/O=Example Corp/CN=grafana.internal.example.com" \
    "DNS:grafana.internal.example.com" "-20 days" "+400 days"
issue wiki 1006 "/C=DE/O=Example Corp/CN=wiki.internal.example.com" \
    "DNS:wiki.internal.example.com, DNS:docs.internal.example.com" "-5 days" "+700 days"
issue vendor-portal 5001 "/C=US/O=Vendor Inc/CN=portal.vendor.example.net" \
    "DNS:portal.vendor.example.net" "-360 days" "+5 days" "$WORK/vendor"

cat > "$OUT/README" <<'TXT'
Internal TLS certificates. <name>.crt is the certificate, <name>.key its private key,
<name>.fullchain.pem the certificate followed by the internal CA (what the services load).
vendor-portal.* was installed by the vendor and is renewed by them.
TXT
rm -rf "$WORK"
