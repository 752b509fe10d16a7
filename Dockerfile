# syntax=docker/dockerfile:1
# Multi-stage build: build everything with dev dependencies, then ship only the API's
# production dependencies and the built web app, run as a non-root user.
ARG NODE_VERSION=20.19-bookworm-slim

FROM node:${NODE_VERSION} AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
 && pnpm exec turbo run build --filter=@repo/api --filter=@repo/web \
 && pnpm --filter @repo/api deploy --legacy --prod /out/api \
 && cp -r apps/web/dist /out/web

FROM node:${NODE_VERSION} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/.data WEB_DIST=/app/web
WORKDIR /app
COPY --from=build --chown=node:node /out/api ./
COPY --from=build --chown=node:node /out/web ./web
# /app/uploads: where docker-compose mounts the photos every replica shares (SHARED_UPLOADS_DIR).
RUN mkdir -p /app/.data /app/uploads && chown node:node /app/.data /app/uploads \
 && chmod 700 /app/.data /app/uploads
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A primary and WEB_CONCURRENCY workers (the container's cores by default); `node dist/migrate.js`
# runs the release steps alone before a rollout.
CMD ["node", "dist/server.js"]
