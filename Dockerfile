# One image for every service; the compose file picks the entry point per service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared-events/package.json shared-events/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY command-api/package.json command-api/
COPY ui/package.json ui/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--max-old-space-size=512", "--heap-growing-percent=100", "--import", "tsx", "command-api/src/main.ts"]
