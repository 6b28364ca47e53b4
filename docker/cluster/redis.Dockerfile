# The cluster profile's Redis: Debian 12's redis-server 7.0. The cluster keeps its node
# registry, room leases and their epochs here; the epochs must survive a restart (they fence
# stale owners), so the append-only file is on, kept in the /data volume.
FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
USER redis
WORKDIR /data
VOLUME ["/data"]
EXPOSE 6379
HEALTHCHECK --interval=5s --timeout=3s --retries=5 CMD ["redis-cli", "ping"]
# Only the compose network reaches it (no port is published): protected mode would refuse
# the nodes, which connect from other containers without a password.
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data", \
     "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]
