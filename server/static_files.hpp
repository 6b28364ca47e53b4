#pragma once
// static_files: the browser client's files, answered from memory (they are built into the
// binary, see embedded_file.hpp). `/` is index.html; every file has a Content-Type from its
// name, a strong ETag (304 on a matching If-None-Match), `Cache-Control: no-cache` (the names
// carry no hash, so a browser revalidates) and its gzip copy when the request accepts gzip
// and the copy is smaller. Nothing is read from disk: a path that is not one of these files
// is not found, whatever dots or escapes it holds. The headers every answer carries for a
// browser's safety (nosniff, the Content-Security-Policy, ...) are the session's to add: see
// security_headers.

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ringside::server {

class static_files {
 public:
  using request = boost::beast::http::request<boost::beast::http::string_body>;
  // The body points into the binary's data: nothing is copied.
  using response = boost::beast::http::response<boost::beast::http::span_body<const char>>;

  // The client built into this binary (built once, on first use; read-only after).
  static const static_files& embedded();

  // `path` names one of the files.
  bool has(std::string_view path) const { return by_path_.contains(path); }
  // The answer to a GET or HEAD of `path` (the target without its query), or nothing when
  // `path` names none of the files.
  std::optional<response> answer(const request& req, std::string_view path) const;

  // How many files, and their total size as stored and as sent to a browser that takes gzip
  // (for the startup log).
  std::size_t count() const { return count_; }
  std::size_t bytes() const { return bytes_; }
  std::size_t gzip_bytes() const { return gzip_bytes_; }

 private:
  struct file {
    std::string_view body;
    std::string_view gzip;  // empty when gzip would not make it smaller
    std::string content_type;
    std::string etag;       // of body
    std::string gzip_etag;  // of the gzip copy: another representation, another tag
  };

  static_files();

  std::unordered_map<std::string_view, file> by_path_;
  std::size_t count_ = 0;
  std::size_t bytes_ = 0;
  std::size_t gzip_bytes_ = 0;
};

}  // namespace ringside::server
