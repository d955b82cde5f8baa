# One multi-stage build for every deployable piece (the workspaces share one lockfile):
#   docker build --target backend .        API + built mini app (serves both on :3000)
#   docker build --target inference .      CPU inference worker
#   docker build --target inference-gpu .  CUDA 12 inference worker (onnxruntime-node's CUDA binaries)
#   docker build --target frontend .       nginx serving the mini app, proxying /api and /socket.io

FROM node:26-trixie-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY fake-bot-api/package.json fake-bot-api/
COPY media/package.json media/
COPY backend/package.json backend/
COPY inference/package.json inference/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json ./
COPY contracts contracts
COPY media media
COPY backend backend
COPY inference inference
COPY frontend frontend
# ffmpeg and ffprobe ship inside their npm packages (animations, video stickers); made runnable by the
# image's non-root user here (their tarballs and postinstalls leave them runnable by root at most).
# Dependencies npm cannot hoist (two versions of one package) stay in a workspace's own node_modules;
# the folders are made even when empty, so the COPY lines below always find them.
RUN npm run build -w contracts -w media && npm run build -w inference -w backend -w frontend \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p backend/node_modules inference/node_modules media/node_modules \
 && chmod a+x node_modules/@ffmpeg-installer/linux-x64/ffmpeg node_modules/@ffprobe-installer/linux-x64/ffprobe

FROM node:26-trixie-slim AS runtime
# glibc gives each thread that allocates its own malloc arena (up to 8 per core); libvips (sharp) and
# onnxruntime allocate from many threads, so RSS grows by arenas that are never given back. Two arenas
# keep the API and the worker inside their memory limits at no measurable speed cost
# (docs/OPERATIONS.md "Node.js and the container images").
ENV NODE_ENV=production MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
# The media store (a directory or an S3 bucket) both the API and the worker use.
COPY --from=build /app/media/package.json media/
COPY --from=build /app/media/node_modules media/node_modules
COPY --from=build /app/media/dist media/dist

FROM runtime AS backend
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/node_modules backend/node_modules
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
ENV PORT=3000 FRONTEND_DIST=/app/frontend/dist MEDIA_DIR=/media
EXPOSE 3000
USER node
CMD ["node", "backend/dist/main.js"]

# The API loads no model (faces are analysed by the worker), so only this image carries the library.
FROM runtime AS inference
COPY --from=build /app/inference/package.json inference/
COPY --from=build /app/inference/node_modules inference/node_modules
COPY --from=build /app/inference/dist inference/dist
COPY --from=build /app/inference/models inference/models
ENV MEDIA_DIR=/media INFERENCE_DEVICE=cpu
WORKDIR /app/inference
USER node
CMD ["node", "dist/worker.js"]

FROM nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04 AS inference-gpu
COPY --from=node:26-trixie-slim /usr/local/bin/node /usr/local/bin/node
WORKDIR /app
COPY --from=inference /app /app
# .npmrc skips onnxruntime-node's download of its CUDA binaries; the GPU image fetches them here.
RUN cd node_modules/onnxruntime-node && ONNXRUNTIME_NODE_INSTALL=cuda12 node script/install
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MEDIA_DIR=/media INFERENCE_DEVICE=cuda
WORKDIR /app/inference
CMD ["node", "dist/worker.js"]

FROM nginx:1.27-alpine AS frontend
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
