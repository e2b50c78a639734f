#!/bin/bash
# Reference solution: an expect script that drives ubxctl's console per inventory row, then one
# real run on the lab inventory.
set -euo pipefail
mkdir -p /app/provision/out

# 1. The driver: connect, check the fingerprint against the register, log in without logging the
#    password, apply the settings, commit or discard, save the committed config, summarize.
cat > /app/provision/provision.exp <<'EXP'
#!/usr/bin/expect -f
# provision.exp INVENTORY.csv: configure every UBX switch in the inventory through ubxctl's console.
if {[llength $argv] != 1} { puts stderr "usage: provision.exp INVENTORY.csv"; exit 2 }
set inventory [lindex $argv 0]
set base [file dirname [file normalize [info script]]]
set outdir "$base/out"
file mkdir $outdir
set secret [string trim [read [open /etc/ubx/device.secret]]]
array set register {}
foreach line [split [read [open /etc/ubx/fingerprints]] "\n"] {
    if {[regexp {^\s*#} $line] || [string trim $line] eq ""} continue
    set register([lindex $line 0]) [lindex $line 1]
}
log_user 0
set timeout 10
set rows {}
set first 1
foreach line [split [read [open $inventory]] "\n"] {
    set line [string trimright $line "\r"]
    if {$first} { set first 0; continue }
    if {[string trim $line] eq ""} continue
    lappend rows [split $line ","]
}
set summary [open "$base/summary.tsv" w]
puts $summary "device\tstatus\tdetail"
set failed 0

proc prompt {dev} {
    # the real prompt starts a line; the banner also names "$dev# " mid-line
    expect {
        -re "\n$dev# $" { return ok }
        -re {% Error: ([^\r\n]*)\r?\n} { set ::lasterror $expect_out(1,string); exp_continue }
        timeout { return timeout }
        eof { return eof }
    }
}

foreach row $rows {
    lassign $row dev hostname ntp vlans
    set status ok
    set detail ""
    set ::lasterror ""
    log_file -noappend "$outdir/$dev.log"
    set pid [spawn -noecho ubxctl connect $dev]
    set stage login
    expect {
        -re {fingerprint is (SHA256:[^\s]+)\.} {
            set fp $expect_out(1,string)
            exp_continue
        }
        -re {Trust this device\? \(yes/no\): $} {
            if {[info exists register($dev)] && $register($dev) eq $fp} {
                send "yes\r"
                exp_continue
            }
            send "no\r"
            set status mismatch
            set detail $fp
        }
        "Username: " {
            send "admin\r"
            expect "Password: "
            log_file
            send -- "$secret\r"
            expect {
                "Login incorrect" { set status error; set detail "login incorrect" }
                -re "\n" {}
            }
            log_file -a "$outdir/$dev.log"
            set stage shell
        }
        "no route to device" { set status unreachable; set detail "no route to device" }
        timeout { set status timeout; set detail "no answer within 10 seconds" }
        eof { set status unreachable; set detail "no route to device" }
    }
    if {$stage eq "shell" && $status eq "ok"} {
        set r [prompt $dev]
        set cmds [list "set hostname $hostname"]
        foreach s [split $ntp ";"] { if {$s ne ""} { lappend cmds "set ntp $s" } }
        foreach v [split $vlans ";"] {
            if {$v eq ""} continue
            lassign [split $v "="] vid vname
            lappend cmds "set vlan $vid $vname"
        }
        foreach c $cmds {
            if {$r ne "ok"} break
            send "$c\r"
            set r [prompt $dev]
            if {$::lasterror ne ""} break
        }
        if {$r ne "ok"} {
            set status timeout; set detail "no answer within 10 seconds"
        } elseif {$::lasterror ne ""} {
            set status error
            set detail $::lasterror
            send "exit\r"
            expect {
                -re {Discard \d+ uncommitted change\(s\)\? \[y/N\]: $} { send "y\r"; exp_continue }
                "Bye." {}
                timeout {}
            }
        } else {
            send "commit\r"
            expect {
                -re {Commit (\d+) change\(s\)\? \[y/N\]: $} { set n $expect_out(1,string); send "y\r"; exp_continue }
                "Committed." { set detail committed }
                "No changes to commit." { set detail "no changes" }
                timeout { set status timeout; set detail "no answer within 10 seconds" }
            }
            if {$status eq "ok"} {
                prompt $dev
                send "show config\r"
                set text ""
                expect {
                    -ex "--More-- " { append text $expect_out(buffer); send " "; exp_continue }
                    -re {[\r\n]end\r?\n} { append text $expect_out(buffer) }
                    timeout { set status timeout; set detail "no answer within 10 seconds" }
                }
                regsub -all {\-\-More\-\- } $text "" text
                regsub -all {\r +\r} $text "" text
                set text [string map {"\r" ""} $text]
                set lines {}
                set on 0
                foreach l [split $text "\n"] {
                    if {[string match "! UBX-*" $l]} { set on 1 }
                    if {$on} { lappend lines $l }
                    if {$on && $l eq "end"} break
                }
                set f [open "$outdir/$dev.conf" w]
                puts $f [join $lines "\n"]
                close $f
                prompt $dev
                send "exit\r"
                expect { "Bye." {} timeout {} }
            }
        }
    }
    log_file
    catch {close}
    catch {exec kill -9 $pid}
    catch {wait}
    if {$status ne "ok"} { set failed 1 }
    puts $summary "$dev\t$status\t$detail"
    puts "$dev: $status $detail"
}
close $summary
exit $failed
EXP
chmod 0755 /app/provision/provision.exp

# 2. The real run on the lab inventory (exit 1 is expected: some rows cannot be applied).
cd /app/provision
./provision.exp inventory.csv || true

# 3. Check: the summary, a saved config, no password in the logs.
cat summary.tsv
test -s out/lab-sw01.conf
! grep -rqF -- "$(cat /etc/ubx/device.secret)" out/ summary.tsv
