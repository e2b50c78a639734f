#!/bin/bash
# Reference solution: reprepro with its config and database outside the served tree, signed
# with the 2026 key; a deb822 sources entry with Signed-By; pins by package name.
set -euo pipefail
FPR=9FC82561886229523F07C1DEC59E454C826BC6A1
IN=/app/incoming
REPREPRO=/srv/apt/reprepro

# The 2026 archive key (not the retired 2025 one) in root's keyring, for reprepro's SignWith.
gpg --batch --import /app/keys/acme-archive-2026.sec.asc

# reprepro's config and database outside the served directory; it exports to /srv/apt/acme.
mkdir -p "$REPREPRO/conf" /srv/apt/acme
for codename in bookworm-acme bookworm-acme-staging; do
    printf 'Origin: Acme\nLabel: Acme\nCodename: %s\nArchitectures: amd64\nComponents: main patched\nDescription: Acme in-house packages\nSignWith: %s\n\n' "$codename" "$FPR"
done > "$REPREPRO/conf/distributions"
echo "outdir /srv/apt/acme" > "$REPREPRO/conf/options"

# The servers' distribution: own software in main.
reprepro -b "$REPREPRO" -C main includedeb bookworm-acme "$IN/acme-agent_2.4.1-1_amd64.deb"
reprepro -b "$REPREPRO" -C main includedeb bookworm-acme "$IN/acme-backup_1.0.3-1_all.deb"

# QA's distribution: the second release candidate (rc1 was pulled).
reprepro -b "$REPREPRO" -C main includedeb bookworm-acme-staging "$IN/acme-agent_2.5.0~rc2-1_amd64.deb"
reprepro -b "$REPREPRO" -C main includedeb bookworm-acme-staging "$IN/acme-backup_1.0.3-1_all.deb"

# The rebuilt Debian packages in patched, in both distributions.
for codename in bookworm-acme bookworm-acme-staging; do
    reprepro -b "$REPREPRO" -C patched includedeb "$codename" "$IN/haproxy_2.6.12-1+acme2_amd64.deb"
    reprepro -b "$REPREPRO" -C patched includedeb "$codename" "$IN/pigz_2.6-1+acme1_amd64.deb"
done

# The public key, binary, in the repository and in the hosts' keyring folder.
gpg --export "$FPR" > /srv/apt/acme/acme-archive-keyring.gpg
install -m 0644 /srv/apt/acme/acme-archive-keyring.gpg /usr/share/keyrings/acme-archive-keyring.gpg
chmod -R a+rX /srv/apt/acme

# The hosts' sources entry: this repository only trusts this key.
cat > /etc/apt/sources.list.d/acme.sources <<'EOF'
Types: deb
URIs: file:/srv/apt/acme
Suites: bookworm-acme
Components: main patched
Signed-By: /usr/share/keyrings/acme-archive-keyring.gpg
EOF

# Pinning: Acme never wins by default; haproxy always does (1001 also downgrades Debian's).
cat > /etc/apt/preferences.d/acme.pref <<'EOF'
Explanation: nothing from the Acme archive wins over Debian unless named below
Package: *
Pin: release o=Acme
Pin-Priority: 100

Explanation: our patched haproxy, also over an installed (newer) Debian build
Package: haproxy
Pin: release o=Acme
Pin-Priority: 1001
EOF

# The build team's publish command.
cat > /usr/local/sbin/acme-publish <<'EOF'
#!/bin/bash
# acme-publish DISTRIBUTION COMPONENT DEB...: add .debs to the Acme archive (each replacing the
# version of the same package there) and re-export the signed indices.
set -euo pipefail
if [ $# -lt 3 ]; then echo "usage: acme-publish DISTRIBUTION COMPONENT DEB..." >&2; exit 2; fi
dist=$1 component=$2
shift 2
for deb in "$@"; do
    reprepro -b /srv/apt/reprepro -C "$component" includedeb "$dist" "$deb"
done
reprepro -b /srv/apt/reprepro export "$dist"
chmod -R a+rX /srv/apt/acme
EOF
chmod 0755 /usr/local/sbin/acme-publish

# Install on this host from the repository, then check what apt chose.
apt-get update 2>&1 | tee /tmp/apt-update.log
! grep -E '^(W|E|Err):' /tmp/apt-update.log
DEBIAN_FRONTEND=noninteractive apt-get install -y acme-agent haproxy
gpgv --keyring /usr/share/keyrings/acme-archive-keyring.gpg /srv/apt/acme/dists/bookworm-acme/InRelease
apt-cache policy haproxy pigz acme-agent | grep -E '^[a-z]|Candidate'
dpkg-query -W acme-agent haproxy pigz
