#pragma once
// embedded_file: one file of the browser client as built into the binary by
// cmake/embed_files.cmake (server/web_client.cmake): its bytes, its gzip copy, and a digest
// of its bytes for the ETag.

#include <cstddef>
#include <span>

namespace ringside::server {

struct embedded_file {
  const char* path;  // the URL path, "/js/app.js"
  const unsigned char* data;
  std::size_t size;
  const unsigned char* gzip;  // `gzip -9n` of data
  std::size_t gzip_size;
  const char* digest;  // the first 24 hex digits of the SHA-256 of data
};

// Every file under clients/web/public, sorted by path (generated at build time).
std::span<const embedded_file> web_client_files();

}  // namespace ringside::server
