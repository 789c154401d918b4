# syntax=docker/dockerfile:1
# The production image (docs/operating.md, "Running in production"): build with every dependency, run with the
# production ones only, as the image's unprivileged `node` user. Configuration comes only from the
# environment and the file named in LOYALTY_CONFIG (twelve-factor); nothing secret is baked in.

# ---- build: the web app, its server-side renderer and the bundled server (npm run build) ----
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime ----
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The bundle (dist/server/app/main.js with its migrations), the SSR entry and the web build; the
# public content pages; the sources, for the operator CLI (npx tsx src/cli/main.ts).
COPY --from=build /app/dist ./dist
COPY content ./content
COPY src ./src
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Alive, not ready: /readyz also checks the shared database and outbox (use it for the load balancer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/app/main.js"]
