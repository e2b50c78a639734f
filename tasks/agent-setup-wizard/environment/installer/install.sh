#!/bin/bash
# acme-agent installer (v1): writes the configuration with the values we used for the pilot.
# TODO (OPS-77): ask the questions instead (see README.md).
set -e
dir=/opt/acme-agent
mkdir -p $dir/etc
cat > $dir/etc/agent.conf <<CONF
# acme-agent configuration (written by install.sh)
collector_url = https://collector.acme.example:8443
agent_name = $(hostname -s)
interval_seconds = 30
tls_verify = true
CONF
echo "Configuration written to $dir/etc/agent.conf"
