# Production image: one image for the app replicas and the media workers (docker-compose.yml).
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx astro build && npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
EXPOSE 3000
# `node` directly (not npm) so SIGTERM reaches the process and it drains its requests.
CMD ["node", "api/server.ts"]
