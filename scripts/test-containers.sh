#!/usr/bin/env bash
# The container test: Hearth's Dockerfile and both compose files, run for real (deploy/test/). Needs a
# Docker engine and Compose (v2's `docker compose` and/or v1's `docker-compose`), mmdebstrap and npm; with no
# image registry reachable, the three base images are local stand-ins made by deploy/test/base/images.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in dockerd mmdebstrap; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing: run npm run test:setup (it installs docker.io, docker-compose, mmdebstrap, caddy)" >&2
    exit 1
  fi
done

# Debian's client first: it matches Debian's engine and builds with BuildKit without the buildx plug-in.
docker=docker
[ -x /usr/bin/docker ] && docker=/usr/bin/docker

if ! "$docker" info >/dev/null 2>&1; then
  echo "Starting dockerd (log: /tmp/hearth-dockerd.log)"
  nohup dockerd >/tmp/hearth-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do
    "$docker" info >/dev/null 2>&1 && break
    sleep 0.5
  done
  "$docker" info >/dev/null 2>&1 || { echo "dockerd did not start; see /tmp/hearth-dockerd.log" >&2; exit 1; }
fi

started=$(date +%s)
# NODE_IMAGE=..., POSTGRES_IMAGE=..., CADDY_IMAGE=... (kept between runs, rebuilt when missing or changed)
while IFS= read -r line; do export "${line?}"; done < <(bash deploy/test/base/images.sh)
# A stand-in that was just rebuilt leaves its previous version untagged: drop those.
"$docker" image prune --force --filter label=org.hearth.test.key >/dev/null
echo "Base images ready in $(($(date +%s) - started)) s: $NODE_IMAGE, $POSTGRES_IMAGE, $CADDY_IMAGE"

# The compose files must work with Compose v2 (the `docker compose` plug-in) and with Debian's Compose v1
# (`docker-compose` 1.29): the test runs with each that is installed (the second build is all cache hits).
composes=()
"$docker" compose version >/dev/null 2>&1 && composes+=(v2)
command -v docker-compose >/dev/null && composes+=(v1)
[ "${#composes[@]}" -gt 0 ] || { echo "no Compose: run npm run test:setup" >&2; exit 1; }
for compose in "${composes[@]}"; do
  echo "Container test with Compose $compose"
  HEARTH_COMPOSE=$compose node --conditions=@hearth/source --import tsx --test --test-concurrency=1 \
    deploy/test/containers.test.ts
done
# The build cache (layers of earlier sources and lockfiles, the npm cache) is kept to speed up the next
# run, but not beyond a few gigabytes.
"$docker" builder prune --force --keep-storage 5GB >/dev/null 2>&1 || true
