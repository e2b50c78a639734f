#!/bin/bash
# Reference solution: certwatch.1 written section by section in man(7) macros, checked with groff's
# warnings, installed gzip'd reproducibly under /usr/local/share/man/man1, the man database updated.
set -euo pipefail
M=/app/certwatch/doc/certwatch.1
cat > "$M" <<'ROFF'
.TH CERTWATCH 1 "2024-11-30" "certwatch 2.3.0" "User Commands"
.SH NAME
certwatch \- warn before TLS certificates expire
.SH SYNOPSIS
.B certwatch
.RB [ \-c
.IR file ]
.RB [ \-d
.IR n ]
.RB [ \-t
.IR seconds ]
.RB [ \-j ]
.RB [ \-q ]
.RB [ \-\-sni
.IR name ]
.br
.B certwatch
.BR \-h " | " \-V
ROFF
cat >> "$M" <<'ROFF'
.SH DESCRIPTION
.B certwatch
connects to each host of its host list, reads the TLS certificate the host presents and warns
when it expires within the warning window, has expired, or cannot be checked.
It prints a table, one line per host, or JSON with
.BR \-\-json .
ROFF
cat >> "$M" <<'ROFF'
.SH OPTIONS
.TP
.BR \-c ", " \-\-config " \fIfile\fR"
Read the host list from
.I file
(default:
.IR /etc/certwatch/hosts.conf ).
.TP
.BR \-d ", " \-\-days " \fIn\fR"
Warn about certificates that expire within
.I n
days (default: 21).
.TP
.BR \-t ", " \-\-timeout " \fIseconds\fR"
Give up connecting to a host after
.I seconds
(default: 5.0).
.TP
.BR \-j ", " \-\-json
Print one JSON object per host instead of a table.
.TP
.BR \-q ", " \-\-quiet
Print only the hosts that need attention.
.TP
.BI \-\-sni " name"
Send
.I name
as the server name instead of each host's own.
.TP
.BR \-h ", " \-\-help
Show a summary of the options and exit.
.TP
.BR \-V ", " \-\-version
Show the version and exit.
ROFF
cat >> "$M" <<'ROFF'
.SH EXIT STATUS
.TP
.B 0
All certificates are valid beyond the warning window.
.TP
.B 1
At least one certificate expires within the warning window.
.TP
.B 2
At least one certificate has expired or could not be checked.
.TP
.B 3
Usage or configuration error.
ROFF
cat >> "$M" <<'ROFF'
.SH FILES
.TP
.I /etc/certwatch/hosts.conf
The default host list: one
.IR host [: port ]
per line; lines starting with
.B #
are comments.
.SH EXAMPLES
Warn two weeks ahead, only about hosts that need attention:
.PP
.RS
.B certwatch \-d 14 \-q
.RE
.SH SEE ALSO
.BR openssl (1),
.BR cron (8)
ROFF
groff -man -ww -z -Tutf8 "$M"
install -d /usr/local/share/man/man1
gzip -9 -n -c "$M" > /usr/local/share/man/man1/certwatch.1.gz
mandb -q
whatis certwatch
man -w certwatch
MANWIDTH=80 man certwatch | head -n 20
