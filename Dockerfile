# Sampark's container image (decision 055). Docker and podman both build it:
#
#   docker build -t sampark .
#   docker run -d --name sampark -p 3000:3000 -v sampark-data:/data sampark
#
# The base is a build argument: the official Node.js 24 image by default; the container test
# (scripts/container/test.sh) builds on a stand-in made from Debian's packages and the npm registry.
ARG BASE_IMAGE=docker.io/library/node:24-bookworm-slim

# The build: every dependency, the web bundles and the compiled server.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# The server's source maps point at TypeScript the image does not carry, and nothing reads them.
RUN npm run build:web && npm run build:server && find dist -name '*.map' -delete

# Production dependencies only: no compiler, no dev dependency (better-sqlite3, argon2 and sharp come prebuilt).
FROM ${BASE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force

FROM ${BASE_IMAGE}
# pg_dump and pg_restore, for backups of a PostgreSQL database (Debian 12's client: PostgreSQL 15 and older).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Owned by root and read-only to the server: only /data (and /tmp) are written.
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# Every setting comes from the environment, as outside a container (README, Configuration); these are the
# container's own defaults.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/sampark.db \
    BACKUP_DIR=/data/backups
RUN install -d -o node -g node -m 0750 /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready: the database answers and the server is not stopping. (podman keeps it with --format docker.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Last, so that a new revision rebuilds no layer: a changed build argument reruns every RUN after it.
# The version is package.json's (a test keeps them equal); the revision and the source's address are given at
# build time: --build-arg REVISION=$(git rev-parse HEAD) --build-arg SOURCE=<where the code is published>.
ARG VERSION=0.1.0
ARG REVISION=
ARG SOURCE=
LABEL org.opencontainers.image.title="Sampark" \
      org.opencontainers.image.description="Self-hosted contact directory, blog and back office for a small business that serves customers through chat apps" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}"
# Node is PID 1 and ends on SIGTERM itself: it finishes the requests under way within SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
# The young generation held to 2 × 16 MB, and V8's collector exposed for the memory given back when idle,
# as npm start does (docs/decisions/064 and 070).
CMD ["node", "--max-semi-space-size=16", "--expose-gc", "dist/server/main.js"]
