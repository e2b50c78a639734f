#!/bin/bash
# Reference solution (the recorded session's commands): cn=config from Debian's template with the
# indexes and ACLs, the start script, the base entries and the service account, the HR import,
# the initial passwords, then checks of the access rules.
set -euo pipefail
BASE=dc=harbourline,dc=lan
ADMIN=cn=admin,$BASE
SECRETS=/app/ldap/secrets
mkdir -p /root/build
cd /root/build
# The configuration: Debian's template with our suffix, the hashed admin password, our indexes and ACLs.
HASH=$(slappasswd -T "$SECRETS/admin-password")
sed -e "s/@SUFFIX@/$BASE/g" -e "s|@PASSWORD@|$HASH|" -e '/^olcDbIndex: /d' \
    /usr/share/slapd/slapd.init.ldif | sed '/^olcAccess: to attrs=userPassword/,$d' > config.ldif
cat >> config.ldif <<'EOF'
olcDbIndex: objectClass eq
olcDbIndex: uid,uidNumber,gidNumber,memberUid,employeeNumber eq
olcDbIndex: mail eq,sub
olcDbIndex: cn sub
olcAccess: to attrs=userPassword by self write by anonymous auth by * none
olcAccess: to dn.subtree="dc=harbourline,dc=lan" by dn.exact="cn=nss-reader,ou=services,dc=harbourline,dc=lan" read by users read by * none
EOF
mkdir -p /etc/ldap/slapd.d
slapadd -n0 -F /etc/ldap/slapd.d -l config.ldif
# The start script (slapd as openldap on 127.0.0.1:389 and ldapi:///), then start it.
install -m 0755 /solution/start.sh /app/ldap/start.sh
/app/ldap/start.sh
# The tree and the read-only service account.
NSSHASH=$(slappasswd -T "$SECRETS/nss-reader-password")
cat > base.ldif <<EOF
dn: $BASE
objectClass: dcObject
objectClass: organization
dc: harbourline
o: Harbourline Logistics

dn: ou=people,$BASE
objectClass: organizationalUnit
ou: people

dn: ou=groups,$BASE
objectClass: organizationalUnit
ou: groups

dn: ou=services,$BASE
objectClass: organizationalUnit
ou: services

dn: cn=nss-reader,ou=services,$BASE
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: nss-reader
description: read-only bind account (NSS clients, phone list)
userPassword: $NSSHASH
EOF
ldapadd -x -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -f base.ldif
# The HR converter and the import of the people and the groups.
install -m 0755 /solution/hr2ldif /app/ldap/hr2ldif
/app/ldap/hr2ldif /app/hr/staff.csv > staff.ldif
ldapadd -x -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -f staff.ldif > /dev/null
# The initial passwords (hashed by the server) for the people who were imported.
while IFS=$'\t' read -r uid pw; do
    case $uid in "#"* | "") continue ;; esac
    dn="uid=$uid,ou=people,$BASE"
    if ldapsearch -x -LLL -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -b "$dn" -s base dn >/dev/null 2>&1; then
        ldappasswd -x -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -s "$pw" "$dn"
    fi
done < "$SECRETS/initial-passwords"
# Checks: anonymous finds nothing, the service account reads but cannot write, the admin counts people.
test "$(ldapsearch -x -LLL -H ldap://127.0.0.1 -b "$BASE" '(objectClass=*)' dn 2>/dev/null | grep -c '^dn:')" = 0
ldapsearch -x -LLL -H ldap://127.0.0.1 -D "cn=nss-reader,ou=services,$BASE" -y "$SECRETS/nss-reader-password" \
    -b "ou=people,$BASE" '(uid=*)' uid | grep -c '^uid:'
ldapsearch -x -LLL -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -b "ou=groups,$BASE" '(cn=*)' cn memberUid | grep -c '^memberUid:'
