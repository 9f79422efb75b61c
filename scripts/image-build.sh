#!/usr/bin/env bash
# The container image's build steps, in one place: the Dockerfile RUNs this
# script, and CI runs it with --probe on the host (where no container runtime
# is available) to prove the same steps give an app that starts and answers.
#
#   scripts/image-build.sh OUT_DIR            install, build, prune to production deps, copy the app to OUT_DIR
#   scripts/image-build.sh OUT_DIR --probe    ... then start OUT_DIR as the image would (embedded PostgreSQL,
#                                             a fresh data folder) and probe /api/health, then stop it
set -euo pipefail
out="${1:?usage: scripts/image-build.sh OUT_DIR [--probe]}"
probe="${2:-}"
src="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export NEXT_TELEMETRY_DISABLED=1

echo "[image] copying the sources (tracked files only)"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$src" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work" 2>/dev/null || true)
else
  (cd "$src" && tar --exclude=./node_modules --exclude=./.next --exclude=./.data -cf - .) | tar -C "$work" -xf -
fi
cd "$work"

echo "[image] npm ci (all dependencies, to build)"
npm ci --no-audit --no-fund --loglevel=error
echo "[image] npm run build"
npm run build >"$work/build.log" 2>&1 || { tail -50 "$work/build.log"; exit 1; }
echo "[image] pruning to production dependencies"
npm prune --omit=dev --no-audit --no-fund --loglevel=error
rm -rf .next/cache

echo "[image] copying the app to $out"
mkdir -p "$out"
# As root, the embedded PostgreSQL runs as a "postgres" user that must be able
# to enter the app's folder (a mktemp -d parent is private to root).
if [ "$(id -u)" = 0 ]; then chmod a+rx "$(dirname "$out")" "$out"; fi
# What `npm start` reads at run time: the built app, its server scripts and the
# TypeScript it runs through tsx (lib, migrations), nothing of the test suites.
for path in package.json package-lock.json next.config.mjs instrumentation.ts proxy.ts tsconfig.json \
  prisma prisma.config.ts scripts lib app components types public .next .generated node_modules; do
  [ -e "$path" ] && cp -a "$path" "$out/"
done
du -sh "$out" | sed 's/^/[image] app size: /'

if [ "$probe" = "--probe" ]; then
  data="$(mktemp -d)"
  port="${PROBE_PORT:-39$((RANDOM % 90 + 10))$((RANDOM % 10))}"
  pgport=$((port + 1))
  echo "[image] starting the app from $out on port $port (embedded PostgreSQL in $data)"
  (cd "$out" && NODE_ENV=production PORT="$port" HOST=127.0.0.1 MERIDIAN_DATA_DIR="$data" MERIDIAN_PG_PORT="$pgport" \
    exec env -u DATABASE_URL node scripts/start.mjs >"$data/start.log" 2>&1) &
  pid=$!
  ok=""
  for _ in $(seq 1 180); do
    if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then ok=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  [ -n "$ok" ] && echo "[image] /api/health answered 200"
  # The API reference is rendered at build time into .generated/: the image must carry it. The page's
  # HTML names the URL of its Redoc state (fetched after load), which must answer with the spec in it.
  if [ -n "$ok" ]; then
    # Each body goes to a file first: under pipefail, `curl | grep -q` fails when grep stops reading early.
    curl -fsS "http://127.0.0.1:$port/docs/api" >"$data/reference.html" 2>/dev/null || true
    state_path="$(grep -o '/docs/api/state/index?v=[A-Za-z0-9_-]*' "$data/reference.html" | head -1 || true)"
    [ -n "$state_path" ] && { curl -fsS "http://127.0.0.1:$port$state_path" >"$data/reference-state.json" 2>/dev/null || true; }
    if [ -z "$state_path" ] || ! grep -q '"openapi"' "$data/reference-state.json"; then
      ok=""
      echo "[image] /docs/api did not serve the rendered API reference (page or its state at ${state_path:-no state URL})" >&2
    else
      echo "[image] /docs/api served the rendered API reference and its state"
    fi
  fi
  grep -q "Admin password" "$data/start.log" && echo "[image] first-run credentials printed"
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" || true
  if [ -z "$ok" ]; then
    cat "$data/start.log"
    rm -rf "$data"
    echo "[image] the built app failed its probe (see the [image] lines above): fix that before building an image" >&2
    exit 1
  fi
  rm -rf "$data"
fi
