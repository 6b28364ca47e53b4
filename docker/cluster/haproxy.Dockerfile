# The cluster profile's proxy: Debian 12's HAProxy 2.6 with docker/haproxy.cfg, whose
# addresses come from the environment (docker/compose.yaml sets them).
# Build from the repository root: docker build -f docker/cluster/haproxy.Dockerfile .
FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
COPY docker/haproxy.cfg /etc/haproxy/ringside.cfg
# Refuses a broken file at build time rather than at start (placeholder addresses).
RUN RINGSIDE_PROXY_BIND=:8080 RINGSIDE_STATS_BIND=:8404 RINGSIDE_NODE_A=127.0.0.1:1 \
    RINGSIDE_NODE_B=127.0.0.1:2 RINGSIDE_NODE_C=127.0.0.1:3 RINGSIDE_CHECK_INTER=2s \
    haproxy -c -q -f /etc/haproxy/ringside.cfg
USER haproxy
EXPOSE 8080 8404
# -W: master-worker, so SIGUSR2 reloads the file; -db: stay in the foreground.
CMD ["haproxy", "-W", "-db", "-f", "/etc/haproxy/ringside.cfg"]
