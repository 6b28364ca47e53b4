# The cluster profile's store: Debian 12's PostgreSQL 15. The first start makes the cluster
# in the /var/lib/postgresql/data volume, a `ringside` user (password from
# RINGSIDE_DB_PASSWORD) and its database; the nodes migrate the schema themselves.
FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
COPY docker/cluster/postgres-start /usr/local/bin/ringside-postgres-start
USER postgres
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s --retries=10 \
  CMD ["pg_isready", "-h", "127.0.0.1", "-U", "ringside", "-d", "ringside"]
CMD ["ringside-postgres-start"]
