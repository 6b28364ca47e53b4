#include "server/static_files.hpp"

#include <algorithm>
#include <cctype>

#include "server/embedded_file.hpp"

namespace ringside::server {

namespace http = boost::beast::http;

namespace {

// By the name's ending; a file the client adds with another ending is sent as plain bytes.
std::string content_type_of(std::string_view path) {
  struct mapping {
    std::string_view ending;
    std::string_view type;
  };
  static constexpr mapping types[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/markdown; charset=utf-8"},
  };
  for (const auto& [ending, type] : types) {
    if (path.ends_with(ending)) return std::string(type);
  }
  return "application/octet-stream";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// Calls `each(item)` for every comma-separated item of a header value, trimmed.
template <class Each>
void for_each_item(std::string_view value, Each each) {
  while (!value.empty()) {
    const auto comma = value.find(',');
    each(trim(value.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
}

// Accept-Encoding names gzip (or `*`) without q=0 (RFC 9110 §12.5.3).
bool accepts_gzip(std::string_view accept_encoding) {
  bool yes = false;
  for_each_item(accept_encoding, [&](std::string_view item) {
    const auto semi = item.find(';');
    const auto coding = trim(item.substr(0, semi));
    if (!same_word(coding, "gzip") && !same_word(coding, "x-gzip") && coding != "*") return;
    bool refused = false;
    if (semi != std::string_view::npos) {
      auto param = trim(item.substr(semi + 1));
      if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
        param.remove_prefix(2);
        refused = param.find_first_not_of("0.") == std::string_view::npos;
      }
    }
    if (!refused) yes = true;
  });
  return yes;
}

// If-None-Match lists `etag` (weak comparison, as RFC 9110 §13.1.2 asks) or is `*`.
bool matches(std::string_view if_none_match, std::string_view etag) {
  bool hit = false;
  for_each_item(if_none_match, [&](std::string_view tag) {
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == "*" || tag == etag) hit = true;
  });
  return hit;
}

}  // namespace

const static_files& static_files::embedded() {
  static const static_files files;
  return files;
}

static_files::static_files() {
  for (const auto& f : web_client_files()) {
    file entry;
    entry.body = {reinterpret_cast<const char*>(f.data), f.size};
    if (f.gzip_size < f.size) entry.gzip = {reinterpret_cast<const char*>(f.gzip), f.gzip_size};
    entry.content_type = content_type_of(f.path);
    entry.etag = std::string("\"") + f.digest + "\"";
    entry.gzip_etag = std::string("\"") + f.digest + "-gzip\"";
    ++count_;
    bytes_ += entry.body.size();
    gzip_bytes_ += entry.gzip.empty() ? entry.body.size() : entry.gzip.size();
    by_path_.emplace(f.path, std::move(entry));
  }
  if (const auto index = by_path_.find("/index.html"); index != by_path_.end()) {
    by_path_.emplace("/", index->second);
  }
}

std::optional<static_files::response> static_files::answer(const request& req,
                                                           std::string_view path) const {
  const auto it = by_path_.find(path);
  if (it == by_path_.end()) return std::nullopt;
  const file& f = it->second;
  const bool gzip = !f.gzip.empty() && accepts_gzip(req[http::field::accept_encoding]);
  const std::string& etag = gzip ? f.gzip_etag : f.etag;

  response res;
  res.version(req.version());
  res.keep_alive(req.keep_alive());
  res.set(http::field::etag, etag);
  res.set(http::field::cache_control, "no-cache");
  if (!f.gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
  if (matches(req[http::field::if_none_match], etag)) {
    res.result(http::status::not_modified);
    return res;
  }
  const std::string_view body = gzip ? f.gzip : f.body;
  res.result(http::status::ok);
  res.set(http::field::content_type, f.content_type);
  if (gzip) res.set(http::field::content_encoding, "gzip");
  res.content_length(body.size());
  // HEAD: the same headers, Content-Length included, and no body.
  if (req.method() != http::verb::head) res.body() = {body.data(), body.size()};
  return res;
}

}  // namespace ringside::server
