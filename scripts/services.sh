#!/usr/bin/env bash
# Start or stop the Docker engine realcli needs (tests start their own NATS servers).
#   scripts/services.sh start   start dockerd unless one answers already
#   scripts/services.sh stop    stop the dockerd this script started, if any (and unmount its disk)
#   scripts/services.sh disk    only prepare and mount the engine's disk; print its data root
#
# The engine is started with Docker's default networking (a bridge, iptables
# NAT), so that a sandbox with network gets a bridge network of its own:
# the internet, but not the host's loopback services such as the event log.
# Where the machine does not allow that (no iptables, no bridges), it falls
# back to an engine without bridged networking and says so: tasks that need
# network are then refused unless a run passes --allow-host-network.
#
# Its data root ($REALCLI_DOCKER_ROOT, default /var/lib/realcli/docker) is a
# btrfs filesystem with simple quotas (Linux 6.7+), kept in a sparse file
# ($REALCLI_DOCKER_DISK, default the data root's path + .btrfs) of
# $REALCLI_DOCKER_DISK_GB GiB (default 64, or 80% of the free space if less;
# it occupies only what the engine stores) and loop-mounted there.  Its
# storage driver (btrfs) then caps every sandbox's disk at the task's
# storage_mb, by blocks (docs/harbor-compat.md).  Where that cannot be had (no
# btrfs, no loop devices, an older kernel), dockerd starts on its default data
# root and says so: realcli then only polls storage_mb.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=.ci/started-dockerd
log=/tmp/realcli-dockerd.log
data=${REALCLI_DOCKER_ROOT:-/var/lib/realcli/docker}
disk=${REALCLI_DOCKER_DISK:-$data.btrfs}

docker_up() { timeout 5 docker info >/dev/null 2>&1; }

# Simple quotas on the btrfs mounted at $1, before dockerd starts: Docker 20.10 switches quotas off when it
# stops, and an engine that finds them off switches on full quota groups, which count a container's image
# against its cap.  So full quota groups are switched off and simple quotas on (BTRFS_IOC_QUOTA_CTL:
# btrfs-progs before 6.7 cannot ask for simple quotas).  The limits are the engine's: it sets them again
# from its own records when it mounts a layer.
simple_quotas() {
  python3 - "$1" <<'EOF'
import fcntl, os, struct, sys, uuid
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECTORY)
info = bytearray(1024)
fcntl.ioctl(fd, 0x8400941F, info)  # BTRFS_IOC_FS_INFO: the fsid names the sysfs directory
mode_file = f"/sys/fs/btrfs/{uuid.UUID(bytes=bytes(info[16:32]))}/qgroups/mode"
mode = open(mode_file).read().strip() if os.path.exists(mode_file) else "off"
if mode == "qgroup":
    fcntl.ioctl(fd, 0xC0109428, bytearray(struct.pack("=QQ", 2, 0)))  # DISABLE
    mode = "off"
if mode == "off":
    try:
        fcntl.ioctl(fd, 0xC0109428, bytearray(struct.pack("=QQ", 4, 0)))  # ENABLE_SIMPLE_QUOTA
    except OSError as e:
        sys.exit(f"simple quotas cannot be enabled ({e.strerror}): Linux 6.7 or later is needed")
    mode = open(mode_file).read().strip() if os.path.exists(mode_file) else "off"
if mode != "squota":
    sys.exit(f"the filesystem has quota mode {mode!r}, not simple quotas")
EOF
}

disk_gib() {
  local free_kib
  free_kib=$(df -Pk "$(dirname "$disk")" | awk 'NR == 2 { print $4 }')
  local fit=$((free_kib * 8 / 10 / 1024 / 1024))
  local want=${REALCLI_DOCKER_DISK_GB:-64}
  echo $((want < fit ? want : fit))
}

# Mount the engine's disk at $data (made on first use); fails, saying why, where the machine cannot.
prepare_disk() {
  if mountpoint -q "$data"; then
    simple_quotas "$data"
    return
  fi
  command -v mkfs.btrfs >/dev/null || { echo "services: mkfs.btrfs is missing (apt-get install btrfs-progs)"; return 1; }
  grep -qw btrfs /proc/filesystems || { echo "services: the kernel has no btrfs"; return 1; }
  mkdir -p "$(dirname "$disk")" "$data"
  if [ ! -f "$disk" ]; then
    local gib
    gib=$(disk_gib)
    [ "$gib" -ge 8 ] || { echo "services: less than 10 GiB free beside $disk"; return 1; }
    echo "services: making $disk (btrfs, ${gib} GiB, sparse) for the engine's data"
    truncate -s "${gib}G" "$disk"
    mkfs.btrfs -q -d single -m single "$disk" >/dev/null 2>&1 || { rm -f "$disk"; echo "services: mkfs.btrfs failed"; return 1; }
  fi
  mount -o loop,noatime "$disk" "$data" || { echo "services: cannot loop-mount $disk"; return 1; }
  if ! simple_quotas "$data"; then
    umount "$data"
    return 1
  fi
}

# Bridges that an engine left when it died, or whose data root went away, keep their subnets: a new engine
# then finds every address pool overlapping ("could not find an available, non-overlapping IPv4 address
# pool") and creates no network.  Called only when no engine answers, so none of them is live.
remove_stale_bridges() {
  command -v ip >/dev/null || return 0
  local dev
  for dev in $(ip -o link show type bridge 2>/dev/null | awk -F': ' '{ print $2 }' | grep -E '^br-[0-9a-f]{12}$' || true); do
    ip link delete "$dev" 2>/dev/null && echo "services: removed $dev, a bridge left by an engine that is gone"
  done
}

start_dockerd() {
  nohup dockerd "$@" >"$log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 60); do
    if docker_up; then echo "$pid" >"$marker"; return 0; fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.5
  done
  kill "$pid" 2>/dev/null || true
  return 1
}

case "${1:-start}" in
  start)
    if docker_up; then
      if ! docker network inspect bridge >/dev/null 2>&1; then
        echo "services: note: the running Docker engine has no bridged networking; sandboxes that need network" \
          "are refused unless a run passes --allow-host-network (restart dockerd with its default networking to fix)"
      fi
      driver=$(docker info --format '{{.Driver}}' 2>/dev/null || echo unknown)
      if [ "$driver" != btrfs ]; then
        echo "services: note: the running Docker engine (storage driver $driver) cannot cap sandbox disks:" \
          "a task's storage_mb is only polled (stop that dockerd and run this script to start one that caps them)"
      fi
      exit 0
    fi
    mkdir -p .ci
    storage=()
    if prepare_disk; then
      storage=(--storage-driver btrfs --data-root "$data")
      echo "$data" >.ci/mounted-disk
    else
      echo "services: WARNING: no btrfs disk with simple quotas for the engine: sandboxes' storage_mb is" \
        "only polled, not capped"
    fi
    remove_stale_bridges
    echo "services: starting dockerd (bridged networking${storage:+, data root $data})"
    if start_dockerd "${storage[@]}"; then exit 0; fi
    echo "services: dockerd could not start with bridged networking (see $log); starting it without:" \
      "sandboxes that need network are refused unless a run passes --allow-host-network"
    if start_dockerd "${storage[@]}" --iptables=false --ip-masq=false --bridge=none; then exit 0; fi
    echo "services: dockerd did not start; see $log" >&2
    exit 1
    ;;
  stop)
    if [ -f "$marker" ]; then
      pid=$(cat "$marker")
      echo "services: stopping dockerd ($pid)"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      rm -f "$marker"
    fi
    if [ -f .ci/mounted-disk ]; then
      mounted=$(cat .ci/mounted-disk)
      if mountpoint -q "$mounted"; then umount "$mounted" && echo "services: unmounted $mounted"; fi
      rm -f .ci/mounted-disk
    fi
    ;;
  disk)
    prepare_disk
    echo "$data"
    ;;
  *) echo "usage: scripts/services.sh start|stop|disk" >&2; exit 2 ;;
esac
