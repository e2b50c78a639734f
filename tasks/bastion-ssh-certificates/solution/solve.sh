#!/bin/bash
# Reference solution: the two CAs, the user and host certificates, the KRL for bob's stolen key,
# sshd trusting the user CA through per-account principals, the clients trusting the host CA, and
# the issuing script for the next certificates.
set -euo pipefail

# The user CA and the host CA: separate ed25519 keys, root-only.
install -d -m 0700 /etc/ssh/ca
ssh-keygen -q -t ed25519 -N '' -C corp-user-ca -f /etc/ssh/ca/user_ca
ssh-keygen -q -t ed25519 -N '' -C corp-host-ca -f /etc/ssh/ca/host_ca

# alice and bob: 90-day certificates with their principals (bob is on call too).
ssh-keygen -q -s /etc/ssh/ca/user_ca -I alice@corp -n alice,ops-oncall -z 1001 -V +90d /srv/ssh-ca/keys/alice.pub
ssh-keygen -q -s /etc/ssh/ca/user_ca -I bob@corp -n bob,ops-oncall -z 1002 -V +90d /srv/ssh-ca/keys/bob.pub

# The CI deploy key: 30 days, nothing but the deploy hook, only from the CI network and the bastion itself.
ssh-keygen -q -s /etc/ssh/ca/user_ca -I deploy-ci -n deploy-ci -z 1003 -V +30d -O clear \
    -O force-command=/usr/local/sbin/run-deploy -O source-address=127.0.0.1/32,10.20.0.0/16 /srv/ssh-ca/keys/deploy.pub

# The serial counter and the issue log, for the certificates issued from now on.
echo 1003 > /etc/ssh/ca/serial
printf '%s\n' '1001 alice@corp alice,ops-oncall' '1002 bob@corp bob,ops-oncall' '1003 deploy-ci deploy-ci' > /etc/ssh/ca/issued.log

# The host certificate for the bastion's ed25519 host key, one year.
ssh-keygen -q -s /etc/ssh/ca/host_ca -h -I bastion-host -n bastion.corp.example,bastion,localhost -z 1 -V +52w \
    /etc/ssh/ssh_host_ed25519_key.pub

# The KRL: bob's stolen laptop key (SEC-4411), whatever certificate it comes with.
ssh-keygen -q -k -f /etc/ssh/revoked_keys.krl /srv/ssh-ca/keys/bob-laptop-2023.pub

# Which principals each account accepts.
install -d -m 0755 /etc/ssh/auth_principals
echo alice > /etc/ssh/auth_principals/alice
echo bob > /etc/ssh/auth_principals/bob
echo deploy-ci > /etc/ssh/auth_principals/deploy
echo ops-oncall > /etc/ssh/auth_principals/ops
chmod 0644 /etc/ssh/auth_principals/*

# sshd: certificates from the user CA only, the host certificate, the KRL.
cat > /etc/ssh/sshd_config.d/10-ca.conf <<'EOF'
TrustedUserCAKeys /etc/ssh/ca/user_ca.pub
AuthorizedPrincipalsFile /etc/ssh/auth_principals/%u
AuthorizedKeysFile none
RevokedKeys /etc/ssh/revoked_keys.krl
HostKey /etc/ssh/ssh_host_ed25519_key
HostCertificate /etc/ssh/ssh_host_ed25519_key-cert.pub
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
EOF

# Clients trust host certificates from the host CA for the bastion's names.
echo "@cert-authority bastion.corp.example,bastion,localhost $(cat /etc/ssh/ca/host_ca.pub)" > /etc/ssh/ssh_known_hosts

# The issuing script for the next user certificates.
cat > /usr/local/sbin/ca-issue-user <<'EOF'
#!/bin/bash
# ca-issue-user PUBKEY IDENTITY PRINCIPALS: a 90-day user certificate with the next serial, next to PUBKEY.
set -euo pipefail
if [ $# -ne 3 ]; then
    echo "usage: ca-issue-user PUBKEY IDENTITY PRINCIPALS" >&2
    exit 2
fi
pub=$1 identity=$2 principals=$3
if ! ssh-keygen -Q -f /etc/ssh/revoked_keys.krl "$pub" >/dev/null; then
    echo "refusing: $pub is revoked" >&2
    exit 1
fi
serial=$(( $(cat /etc/ssh/ca/serial) + 1 ))
ssh-keygen -q -s /etc/ssh/ca/user_ca -I "$identity" -n "$principals" -z "$serial" -V +90d "$pub"
echo "$serial" > /etc/ssh/ca/serial
echo "$serial $identity $principals" >> /etc/ssh/ca/issued.log
echo "${pub%.pub}-cert.pub"
EOF
chmod 0755 /usr/local/sbin/ca-issue-user

# Check: the configuration parses and the stolen key is revoked.
sshd -t
if ssh-keygen -Q -f /etc/ssh/revoked_keys.krl /srv/ssh-ca/keys/bob-laptop-2023.pub; then echo "the stolen key is not revoked" >&2; exit 1; fi
