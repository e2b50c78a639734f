#!/bin/bash
# Reference solution: the baseline in a drop-in that sorts before cloud-init's (the first value
# sshd reads wins), the main file brought in line, partner Match blocks, chroot folders; checks.
set -euo pipefail
mkdir -p /run/sshd /root/ssh-config-backup
cp -n /etc/ssh/sshd_config /root/ssh-config-backup/sshd_config.orig

cat > /etc/ssh/sshd_config.d/00-baseline.conf <<'CONF'
# Security baseline. Named 00-* so it is read before 50-cloud-init.conf: for every keyword
# sshd uses the first value it reads, so these win over cloud-init's PasswordAuthentication yes.
PermitRootLogin no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitEmptyPasswords no
PubkeyAuthentication yes
MaxAuthTries 3
LoginGraceTime 30
X11Forwarding no
AllowAgentForwarding no
LogLevel VERBOSE
ClientAliveInterval 300
ClientAliveCountMax 2
AllowGroups ssh-users sftp-partners
Ciphers chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com
MACs hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com
KexAlgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org
CONF
chmod 0644 /etc/ssh/sshd_config.d/00-baseline.conf

# Keep the main file from contradicting the baseline (its values come after the drop-ins and
# never apply, but a reader should not be misled), and replace the partner Match block.
python3 - <<'PY'
import re
from pathlib import Path
p = Path("/etc/ssh/sshd_config")
text = p.read_text()
head = text.split("\n# Partners upload their files here.\n")[0]
for key, value in {"LogLevel": "VERBOSE", "LoginGraceTime": "30", "PermitRootLogin": "no", "MaxAuthTries": "3",
                   "PasswordAuthentication": "no", "AllowAgentForwarding": "no", "X11Forwarding": "no"}.items():
    head, n = re.subn(rf"(?m)^{key}\s+.*$", f"{key} {value}", head)
    assert n == 1, key
head = head.rstrip("\n") + "\n"
head += """
# SFTP partners: chrooted, SFTP only. Passwords only from their office network.
Match Group sftp-partners Address 203.0.113.0/24
    PasswordAuthentication yes

Match Group sftp-partners
    ChrootDirectory /srv/sftp/%u
    ForceCommand internal-sftp
    AllowTcpForwarding no
    X11Forwarding no
    PermitTTY no
"""
p.write_text(head)
PY
chmod 0644 /etc/ssh/sshd_config

# Chroot folders: root-owned path, a private upload folder per partner.
for p in $(getent group sftp-partners | cut -d: -f4 | tr ',' ' '); do
    install -d -o root -g root -m 0755 "/srv/sftp/$p"
    chown root:root "/srv/sftp/$p" && chmod 0755 "/srv/sftp/$p"
    install -d -o "$p" -g "$p" -m 0700 "/srv/sftp/$p/upload"
    chown "$p:$p" "/srv/sftp/$p/upload" && chmod 0700 "/srv/sftp/$p/upload"
done

sshd -t
for c in alice,198.51.100.20 acme,203.0.113.7 acme,198.51.100.20; do
    echo "== ${c}"
    sshd -T -C "user=${c%,*},host=client.example.com,addr=${c#*,}" \
        | grep -E '^(passwordauthentication|permitrootlogin|forcecommand|chrootdirectory|allowgroups) '
done
ls -ld /srv/sftp/*/ /srv/sftp/*/upload
