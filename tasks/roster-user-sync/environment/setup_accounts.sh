#!/bin/bash
# Accounts as they are before the first roster sync.
set -euo pipefail
useradd -m -u 1000 -U -s /bin/bash -c "Site Admin" admin
groupadd -r docker
groupadd -r team-ops
groupadd -r team-platform
groupadd -g 2004 legacy-build

key_line() { printf 'ssh-ed25519 %s %s\n' "$1" "$2"; }
make_user() {  # login uid gecos hash groups key
    useradd -m -u "$2" -U -s /bin/bash -c "$3" -p "$4" -G "$5" "$1"
    chmod 0750 "/home/$1"
    install -d -m 0700 -o "$1" -g "$1" "/home/$1/.ssh"
    printf '%s\n' "$6" > "/home/$1/.ssh/authorized_keys"
    chown "$1:$1" "/home/$1/.ssh/authorized_keys" && chmod 0600 "/home/$1/.ssh/authorized_keys"
}
make_user jdoe 2000 "Johnny Doe" '$6$Jd0eFixedSalt02$r0XsavNvF8cCZiSbM/NbFz9v27/.kRmuTRqtnRogvxZ14spevSLb2kB3NMC20mef6WDqkiq4QnC3bGbAedKuU.' \
    team-ops,docker "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFU6RglMTLIwq9pKe0NQ7V/tmghZKolNdLVHkKyM6MEH jdoe@old-laptop"
make_user asmith 2001 "Anna Smith" '$6$Xq7fixedSalt01$hQJAiQPtAZVNEY7BAai71USneR/EPxPQLsDM/WrXF/iOaRf2VommyU.GMu6/DrhKHQhPECfRax8C1fEdpT4Jy1' \
    team-ops "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKc1N3hKxY5Vt3Gq1dQp0mZ2C9yU7rS4fE8bW6aL0jHn anna@laptop"
make_user bwayne 2003 "Bruce Wayne" '$6$Bw4yneFixedSalt3$1kO8t0bq8bG2oX3pZ8lW5n9d7h6y4x2s0a8c6e4g2i0k8m6o4q2s0u8w6y4A2C0E8G6I4K2M0O8Q6S4U2W0Y8' \
    team-platform "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM3wQy7Rk2Lx9Vb4Nn6Tt8Pp0Ss2Uu4Ww6Yy8Aa0Cc2E bruce@cave"
printf 'Q3 planning notes\n' > /home/asmith/notes.txt && chown asmith:asmith /home/asmith/notes.txt
mkdir -p /srv/hr
