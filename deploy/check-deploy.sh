#!/usr/bin/env bash
# Validates the deployment files without a container engine or a running systemd:
#
#   docker-compose.yml   `docker-compose config -q` (Compose's schema and interpolation); the
#                        file is refused without GF_ADMIN_PASSWORD; check-compose-contract.py
#                        (versions, privileges, mounts and configs agree with the repository),
#                        which must also reject a copy with a known defect
#   systemd unit         `systemd-analyze verify` accepts it without a single warning, and the
#                        JVM accepts the flags of its ExecStart
#   alertmanager.yml     the one DEPLOYMENT.md shows, `amtool check-config` (when amtool is here)
#   shell scripts        parse (bash -n)
#
# Installs docker-compose, python3-yaml and systemd's systemd-analyze with apt-get when they
# are missing and this is a root shell on Debian/Ubuntu; otherwise says what to install.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)

say() { echo "check-deploy: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

# --- tools ---------------------------------------------------------------------------------
declare -A package_of=([docker-compose]=docker-compose [python3-yaml]=python3-yaml [systemd-analyze]=systemd)
have() {
  case "$1" in
    python3-yaml) python3 -c 'import yaml' >/dev/null 2>&1 ;;
    docker-compose) command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1 ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}
missing=()
for tool in docker-compose python3-yaml systemd-analyze; do
  have "$tool" || missing+=("${package_of[$tool]}")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "needs ${missing[*]}: install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run again"
    exit 2
  fi
fi
if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
else
  compose=(docker compose)
fi

# --- docker-compose.yml ------------------------------------------------------------------------
# A placeholder password: the check is that the file needs one, not what it is.
export GF_ADMIN_PASSWORD=check-deploy-placeholder
"${compose[@]}" -f docker-compose.yml config -q || fail "docker-compose.yml is not a valid Compose file (${compose[*]} config)"
if GF_ADMIN_PASSWORD= "${compose[@]}" -f docker-compose.yml config -q 2>/dev/null; then
  fail "docker-compose.yml starts without GF_ADMIN_PASSWORD: Grafana's admin password must have no default"
fi
resolved=$("${compose[@]}" -f docker-compose.yml config)
python3 deploy/check-compose-contract.py "$repo" <<<"$resolved" || fail "docker-compose.yml breaks the contract above"
# the contract check must see a writable /proc mount for the collector
if sed 's|/proc:/host/proc:ro|/proc:/host/proc:rw|' <<<"$resolved" | python3 deploy/check-compose-contract.py "$repo" >/dev/null; then
  fail "check-compose-contract.py accepted a collector with a writable /proc: the check itself is broken"
fi
say "docker-compose.yml: valid for ${compose[*]} $("${compose[@]}" version --short 2>/dev/null || true), contract kept"

# --- systemd unit ------------------------------------------------------------------------------
unit=deploy/systemd/raidpulse-collector.service
# verify checks that ExecStart's program exists; Java is the one thing it needs from this machine
command -v java >/dev/null 2>&1 || fail "java not found, which $unit runs (/usr/bin/java)"
[ -x /usr/bin/java ] || fail "$unit runs /usr/bin/java, which does not exist here"
out=$(systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify $unit: $out"
[ -z "$out" ] || fail "systemd-analyze verify $unit warns: $out"
# ExecStart's JVM flags: every -X/-XX/-D option up to -jar, run with -version
mapfile -t jvm_flags < <(awk '/^ExecStart=/ {f = 1} f {print} f && !/\\$/ {exit}' "$unit" \
  | tr -d '\\' | tr -s ' \t\n' '\n' | sed -n '/^ExecStart=/d; /^-jar$/q; /^-/p')
((${#jvm_flags[@]} > 3)) || fail "could not read the JVM flags of $unit"
java "${jvm_flags[@]/-Djava.io.tmpdir=*/-Djava.io.tmpdir=/tmp}" -version >/dev/null 2>&1 \
  || fail "the JVM refuses the flags of $unit: ${jvm_flags[*]}"
say "$unit: systemd-analyze $(systemd-analyze --version | awk 'NR == 1 {print $2}') verify clean, JVM flags accepted"

# --- DEPLOYMENT.md's alertmanager.yml ---------------------------------------------------------
# the Alertmanager configuration the docs show for raidpulse's alerts (amtool comes with Debian's
# prometheus-alertmanager, which ./run-tests installs for the Alertmanager tests)
if command -v amtool >/dev/null 2>&1; then
  am_yml=$(mktemp)
  trap 'rm -f "$am_yml"' EXIT
  python3 - "$am_yml" <<'PY' || fail "DEPLOYMENT.md has no yaml block under its Alertmanager heading"
import sys
text = open("DEPLOYMENT.md").read()
section = text[text.index("### Alertmanager"):]
start = section.index("```yaml\n") + len("```yaml\n")
open(sys.argv[1], "w").write(section[start:section.index("```", start)])
PY
  out=$(amtool check-config "$am_yml" 2>&1) || fail "DEPLOYMENT.md's alertmanager.yml: $out"
  say "DEPLOYMENT.md's alertmanager.yml: amtool check-config accepts it"
else
  say "amtool not found (Debian: prometheus-alertmanager): DEPLOYMENT.md's alertmanager.yml not checked"
fi

# --- scripts -----------------------------------------------------------------------------------
for script in deploy/kafka/create-topics deploy/check-deploy.sh images/src/main/sh/build-rootfs images/src/main/sh/jlink-runtime \
    images/src/test/sh/run-in-rootfs packages/src/main/sh/build-packages packages/src/test/sh/debian-root packages/src/test/sh/in-root; do
  bash -n "$script" || fail "$script does not parse"
done
say "all deployment files check out"
