# Hearth's container image: one Node.js process serving the API, the web app and the built-in sign-in.
# Two stages on the same Node base: the first installs everything and builds, the second keeps only the
# built output and the server's production dependencies, and runs as the unprivileged `node` user.
#   docker build -t hearth .            (or: docker compose up -d, which builds it)
# NODE_IMAGE picks the base for both stages (a Debian-based Node.js 20.19+, 22 or 24 image with npm).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched, against the headers under
# /usr/local (where the Node images keep them), so the tools come first unless the base already has them.
RUN if ! command -v g++ >/dev/null || ! command -v make >/dev/null || ! command -v python3 >/dev/null; then \
      apt-get update \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /src
# The lockfile and the workspaces' manifests alone first, so a change of source keeps this layer.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build
# What the running server needs and nothing else: its production dependencies (the web app's and the
# tests' are bundled or not needed), the built packages, the web app, no TypeScript sources or source maps.
RUN npm prune --omit=dev --workspace=@hearth/server \
    && mkdir -p /app/apps/server /app/apps/web /app/packages/contract /app/packages/i18n \
    && cp package.json package-lock.json /app/ \
    && cp -r node_modules /app/ \
    && cp -r apps/server/package.json apps/server/dist /app/apps/server/ \
    && if [ -d apps/server/node_modules ]; then cp -r apps/server/node_modules /app/apps/server/; fi \
    && cp -r apps/web/dist /app/apps/web/ \
    && for p in contract i18n; do cp -r packages/$p/package.json packages/$p/dist /app/packages/$p/; done \
    && find /app/apps/server/dist /app/packages -name '*.map' -delete

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
COPY --from=build /app /app
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
