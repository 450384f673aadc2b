# Hearth's container image: one Node.js process serving the API, the web app and the built-in sign-in.
# Three stages on the same Node base: one installs the server's production dependencies, one installs
# everything and builds, and the last keeps only those dependencies and the built output, and runs as the
# unprivileged `node` user (no compilers, dev dependencies, sources or server source maps).
#   docker build -t hearth .            (or: docker compose up -d, which builds it)
# NODE_IMAGE picks the base for every stage (a Debian-based Node.js 20.19+, 22 or 24 image with npm).
ARG NODE_IMAGE=node:24-bookworm-slim

# The server's production dependencies alone (not the web app's, which Vite bundles, nor any tool's).
FROM ${NODE_IMAGE} AS deps
# On Node 20 better-sqlite3 12 is compiled from source, against the headers under /usr/local (where the
# Node images keep them), so the tools come first unless the base already has them. Node 22 and later load
# the prebuilt Node-API binding: nothing is compiled and nothing is installed here.
RUN if [ "$(node -p 'process.versions.node.split(".")[0] < 22')" = true ] \
      && { ! command -v g++ >/dev/null || ! command -v make >/dev/null || ! command -v python3 >/dev/null; }; then \
      apt-get update \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
# The lockfile and the workspaces' manifests alone, so a change of source keeps these layers.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The server loads better-sqlite3 13 (Node-API, prebuilt in its package) on Node 22 and later, and 12 on
# Node 20, which is compiled here; install scripts run only for the one this Node loads. i18next names
# TypeScript as an optional peer, so npm keeps the compiler: the server never loads it. Last, the driver
# is opened once, so an image whose SQLite binding does not load is never built.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=@hearth/server --ignore-scripts \
    && if [ "$(node -p 'process.versions.node.split(".")[0] < 22')" = true ]; then npm rebuild better-sqlite3; fi \
    && rm -rf node_modules/typescript node_modules/@typescript e2e \
    && node -e "const m=+process.versions.node.split('.')[0]; const D=require(m>=22?'better-sqlite3-napi':'better-sqlite3'); new D(':memory:').prepare('select 1').get()"

# Everything, to build the web app, the shared packages and the server.
FROM ${NODE_IMAGE} AS build
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The build runs no native module of its own: install scripts are not needed here.
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY . .
RUN npm run build \
    && find apps/server/dist packages/contract/dist packages/i18n/dist -name '*.map' -delete

FROM ${NODE_IMAGE}
# Labels for registries and scanners. The project names no public repository or licence yet, so those come
# from build arguments (SPDX's NOASSERTION until a licence is chosen); VERSION follows package.json.
ARG VERSION=0.1.0
ARG REVISION=
ARG SOURCE=
ARG LICENSES=NOASSERTION
LABEL org.opencontainers.image.title="Hearth" \
      org.opencontainers.image.description="A self-hostable app for people who share a house" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="${LICENSES}"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/hearth.db
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/packages/contract/dist packages/contract/dist
COPY --from=build /src/packages/i18n/dist packages/i18n/dist
# The database lives in /data, the one place the server writes to; mount a volume there.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready means the database answers; node's own fetch, as the image has no curl.
HEALTHCHECK --interval=5s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server stops cleanly on SIGTERM (docker stop) and SIGINT; compose adds an init for reaping.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
