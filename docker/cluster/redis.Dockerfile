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
# A password as well as a network of its own: anything else in that network that can reach
# Redis could otherwise take a room's lease. The nodes get it from the same variable.
ENV RINGSIDE_REDIS_PASSWORD=""
HEALTHCHECK --interval=5s --timeout=3s --retries=5 \
  CMD ["sh", "-c", "REDISCLI_AUTH=\"$RINGSIDE_REDIS_PASSWORD\" redis-cli ping | grep -q PONG"]
# Only the compose network reaches it (no port is published); protected mode is off because
# the nodes connect from other containers, and without a password (RINGSIDE_REDIS_PASSWORD
# empty) it would refuse them.
CMD ["sh", "-c", "exec redis-server --bind 0.0.0.0 --protected-mode no --dir /data \
--appendonly yes --appendfsync everysec --save '' \
${RINGSIDE_REDIS_PASSWORD:+--requirepass \"$RINGSIDE_REDIS_PASSWORD\"}"]
