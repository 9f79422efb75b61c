# Meridian's container image. Build: docker build -t meridian .
# Run:   docker run -p 3000:3000 -v meridian-data:/data meridian
#        (embedded PostgreSQL, data and generated credentials on the /data volume)
#   or   docker run -p 3000:3000 -e DATABASE_URL=postgresql://... meridian
# The build steps live in scripts/image-build.sh, which CI also runs on the host.

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN scripts/image-build.sh /app

FROM node:20-bookworm-slim AS runtime
# The embedded PostgreSQL ships its own libraries (it needs only glibc and libstdc++, in the base image).
RUN useradd --uid 10001 --create-home --shell /usr/sbin/nologin meridian \
  && mkdir -p /data && chown meridian:meridian /data
WORKDIR /app
COPY --from=build --chown=meridian:meridian /app /app
USER meridian
# Listen on every interface of the container (the port mapping decides who can
# reach it); a sandbox needs MERIDIAN_ALLOW_PUBLIC_SANDBOX for that, and warns.
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  MERIDIAN_DATA_DIR=/data \
  MERIDIAN_ALLOW_PUBLIC_SANDBOX=1 \
  NEXT_TELEMETRY_DISABLED=1
VOLUME ["/data"]
EXPOSE 3000
# Liveness; orchestrators should probe /api/health/ready for readiness.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
