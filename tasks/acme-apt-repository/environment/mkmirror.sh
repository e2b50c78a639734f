#!/bin/bash
# Build the host's local Debian mirror snapshot (/srv/mirror/debian), signed with a mirror key
# whose private half does not survive the image build; point apt at it and nothing else.
set -euo pipefail
mirror=/srv/mirror/debian
pool=$mirror/pool/main
mkdir -p "$pool" "$mirror/dists/bookworm/main/binary-amd64"
python3 /tmp/build/mkdebs.py mirror "$pool"
cd "$mirror"
apt-ftparchive packages pool/main > dists/bookworm/main/binary-amd64/Packages
gzip -9nk dists/bookworm/main/binary-amd64/Packages
apt-ftparchive \
    -o APT::FTPArchive::Release::Origin=Debian \
    -o APT::FTPArchive::Release::Label=Debian \
    -o APT::FTPArchive::Release::Suite=stable \
    -o APT::FTPArchive::Release::Codename=bookworm \
    -o APT::FTPArchive::Release::Architectures=amd64 \
    -o APT::FTPArchive::Release::Components=main \
    -o "APT::FTPArchive::Release::Description=Debian 12 snapshot (local mirror)" \
    release dists/bookworm > dists/bookworm/Release
export GNUPGHOME
GNUPGHOME=$(mktemp -d)
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
    --quick-gen-key 'Acme Mirror Signing Key <mirror@acme.example>' rsa3072 sign never
gpg --batch --yes --clearsign -o dists/bookworm/InRelease dists/bookworm/Release
gpg --batch --yes -abs -o dists/bookworm/Release.gpg dists/bookworm/Release
gpg --export > /usr/share/keyrings/acme-mirror-keyring.gpg
gpgconf --kill all
rm -rf "$GNUPGHOME"
rm -f /etc/apt/sources.list /etc/apt/sources.list.d/*
cat > /etc/apt/sources.list.d/debian.sources <<'EOF'
# Offline host: Debian comes from the local mirror snapshot only.
Types: deb
URIs: file:/srv/mirror/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/acme-mirror-keyring.gpg
EOF
chmod -R a+rX /srv/mirror
