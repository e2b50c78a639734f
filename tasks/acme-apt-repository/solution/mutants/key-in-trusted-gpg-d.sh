#!/bin/bash
# Installs the archive key into /etc/apt/trusted.gpg.d instead of /usr/share/keyrings and leaves Signed-By out, so apt trusts the Acme key for every repository.
set -euo pipefail
sed -e 's#^install -m 0644 /srv/apt/acme/acme-archive-keyring.gpg /usr/share/keyrings/acme-archive-keyring.gpg$#install -m 0644 /srv/apt/acme/acme-archive-keyring.gpg /etc/apt/trusted.gpg.d/acme-archive-keyring.gpg#' \
    -e '/^Signed-By: \/usr\/share\/keyrings\/acme-archive-keyring.gpg$/d' \
    -e 's#^gpgv --keyring /usr/share/keyrings/acme-archive-keyring.gpg #gpgv --keyring /etc/apt/trusted.gpg.d/acme-archive-keyring.gpg #' \
    /solution/solve.sh > /tmp/mutant-solve.sh
if grep -q '^Signed-By: /usr/share/keyrings/acme' /tmp/mutant-solve.sh \
    || ! grep -q '/etc/apt/trusted.gpg.d/acme-archive-keyring.gpg$' /tmp/mutant-solve.sh; then
    echo "patch did not apply" >&2
    exit 3
fi
bash /tmp/mutant-solve.sh
