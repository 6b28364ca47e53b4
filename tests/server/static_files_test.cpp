// The browser client as the server sends it: every file under clients/web/public, from the
// binary, byte for byte; Content-Type, ETag and 304, gzip, HEAD; 404 for anything else, dots
// and escapes included; the API routes unchanged; the files outside --http-rate-limit.
#include <doctest/doctest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/zlib/inflate_stream.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace fs = std::filesystem;

using response = http::response<http::string_body>;

// One request on a fresh connection: `method target` with `headers`.
response fetch(std::uint16_t port, const std::string& target,
               const std::map<std::string, std::string>& headers = {},
               http::verb method = http::verb::get) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(16 * 1024 * 1024);
  parser.skip(method == http::verb::head);  // a HEAD answer has a Content-Length, no body
  http::read(stream, buffer, parser);
  return parser.release();
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The bytes a gzip stream holds (RFC 1952: a 10-byte header without the optional fields,
// as `gzip -n` writes it; raw deflate; the CRC and the size).
std::string gunzip(const std::string& gz) {
  REQUIRE(gz.size() > 18);
  REQUIRE(static_cast<unsigned char>(gz[0]) == 0x1f);
  REQUIRE(static_cast<unsigned char>(gz[1]) == 0x8b);
  REQUIRE(gz[2] == 8);
  REQUIRE(gz[3] == 0);  // no name, comment or extra field
  beast::zlib::inflate_stream inflater;
  std::string out(1024 * 1024, '\0');
  beast::zlib::z_params z;
  z.next_in = gz.data() + 10;
  z.avail_in = gz.size() - 18;
  z.next_out = out.data();
  z.avail_out = out.size();
  beast::error_code ec;
  inflater.write(z, beast::zlib::Flush::finish, ec);
  CHECK_MESSAGE((!ec || ec == beast::zlib::error::end_of_stream), ec.message());
  out.resize(z.total_out);
  return out;
}

const fs::path client_dir = RINGSIDE_WEB_CLIENT_DIR;

}  // namespace

TEST_CASE("web client: GET / is index.html, and HEAD answers the same headers without a body") {
  server_process srv;
  const auto get = fetch(srv.port(), "/");
  CHECK(get.result_int() == 200);
  CHECK(get[http::field::content_type] == "text/html; charset=utf-8");
  CHECK(get[http::field::cache_control] == "no-cache");
  CHECK(get[http::field::etag].starts_with("\""));
  CHECK(get.body() == read_file(client_dir / "index.html"));
  CHECK(fetch(srv.port(), "/index.html").body() == get.body());

  const auto head =
      fetch(srv.port(), "/js/app.js", {{"Accept-Encoding", "gzip"}}, http::verb::head);
  const auto full = fetch(srv.port(), "/js/app.js", {{"Accept-Encoding", "gzip"}});
  CHECK(head.result_int() == 200);
  CHECK(head.body().empty());
  CHECK(head[http::field::content_length] == std::to_string(full.body().size()));
  for (const auto field : {http::field::content_type, http::field::etag,
                           http::field::content_encoding, http::field::vary}) {
    CHECK(head[field] == full[field]);
  }
  // The routes that were there before keep their paths.
  const auto health = fetch(srv.port(), "/healthz");
  CHECK(health.result_int() == 200);
  CHECK(health[http::field::content_type] == "application/json");
  CHECK(fetch(srv.port(), "/api/rooms").result_int() == 200);
  CHECK(fetch(srv.port(), "/metrics").result_int() == 200);
}

TEST_CASE("web client: every file on disk is served byte-identical, gzipped when accepted") {
  server_process srv;
  const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},    {".svg", "image/svg+xml"},
      {".json", "application/json"},          {".txt", "text/plain; charset=utf-8"},
      {".md", "text/markdown; charset=utf-8"}};
  int files = 0;
  std::size_t sent_gzipped = 0;
  for (const auto& entry : fs::recursive_directory_iterator(client_dir)) {
    if (!entry.is_regular_file()) continue;
    const std::string path = "/" + fs::relative(entry.path(), client_dir).generic_string();
    INFO(path);
    ++files;
    const std::string disk = read_file(entry.path());

    const auto plain = fetch(srv.port(), path);
    REQUIRE(plain.result_int() == 200);
    CHECK(plain.body() == disk);
    CHECK(plain.count(http::field::content_encoding) == 0);
    if (const auto t = types.find(entry.path().extension().string()); t != types.end()) {
      CHECK(plain[http::field::content_type] == t->second);
    }
    CHECK(plain["X-Content-Type-Options"] == "nosniff");

    // What Chromium sends.
    const auto packed = fetch(srv.port(), path, {{"Accept-Encoding", "gzip, deflate, br, zstd"}});
    REQUIRE(packed.result_int() == 200);
    if (packed[http::field::content_encoding] == "gzip") {
      CHECK(packed.body().size() < disk.size());
      CHECK(gunzip(packed.body()) == disk);
      CHECK(packed[http::field::vary] == "Accept-Encoding");
      CHECK(packed[http::field::etag] != plain[http::field::etag]);
    } else {
      CHECK(packed.body() == disk);  // only when gzip would not make it smaller
      CHECK(disk.size() < 200);
    }
    sent_gzipped += packed.body().size();
    // gzip refused by q=0: the plain bytes.
    CHECK(fetch(srv.port(), path, {{"Accept-Encoding", "gzip;q=0, identity"}}).body() == disk);
  }
  MESSAGE(files << " files, " << sent_gzipped << " bytes as sent gzipped");
  CHECK(files >= 13);
  CHECK(sent_gzipped < 200 * 1000);  // a first visit on a slow phone link: the whole page under 200 KB as served
}

TEST_CASE("web client: If-None-Match with the ETag is 304 Not Modified, another tag 200") {
  server_process srv;
  for (const std::string encoding : {"", "gzip"}) {
    INFO("Accept-Encoding: " << encoding);
    const std::map<std::string, std::string> accept = {{"Accept-Encoding", encoding}};
    const auto first = fetch(srv.port(), "/style.css", accept);
    REQUIRE(first.result_int() == 200);
    const std::string etag(first[http::field::etag]);
    auto again = accept;
    again["If-None-Match"] = etag;
    const auto cached = fetch(srv.port(), "/style.css", again);
    CHECK(cached.result_int() == 304);
    CHECK(cached.body().empty());
    CHECK(cached[http::field::etag] == etag);
    CHECK(cached[http::field::cache_control] == "no-cache");
    again["If-None-Match"] = "\"something-else\", W/" + etag;  // a list; weak comparison
    CHECK(fetch(srv.port(), "/style.css", again).result_int() == 304);
    again["If-None-Match"] = "\"something-else\"";
    const auto changed = fetch(srv.port(), "/style.css", again);
    CHECK(changed.result_int() == 200);
    CHECK(changed.body() == first.body());
  }
}

TEST_CASE("web client: unknown paths, dots and escapes are 404, never a file from elsewhere") {
  server_process srv;
  for (const char* target : {"/nope.js",
                             "/js/",
                             "/js",
                             "/vendor",
                             "//index.html",
                             "/index.html/",
                             "/INDEX.HTML",
                             "/./index.html",
                             "/../CMakeLists.txt",
                             "/js/../index.html",
                             "/js/../../README.md",
                             "/%2e%2e/%2e%2e/etc/passwd",
                             "/%2E%2E/CMakeLists.txt",
                             "/js/%2e%2e/index.html",
                             "/..%2fserver%2fmain.cpp",
                             "/js/app.js%00",
                             "/etc/passwd",
                             "/clients/web/public/index.html",
                             "/public/index.html",
                             "/.git/config",
                             "/%2fetc%2fpasswd"}) {
    INFO(target);
    const auto res = fetch(srv.port(), target);
    CHECK(res.result_int() == 404);
    CHECK(res.body() == "not found\n");
  }
  // Only GET and HEAD read a file; other methods are refused by name (405, Allow: GET, HEAD).
  for (const auto verb : {http::verb::post, http::verb::delete_}) {
    const auto res = fetch(srv.port(), "/index.html", {}, verb);
    CHECK(res.result_int() == 405);
    CHECK(res[http::field::allow] == "GET, HEAD");
    CHECK(res.body().find("<html") == std::string::npos);
  }
  // A query string is not part of the path (the page takes ?server= while developing).
  CHECK(fetch(srv.port(), "/?server=ws://127.0.0.1:1/ws").result_int() == 200);
}

TEST_CASE("web client: the page's files are not counted by --http-rate-limit, the API is") {
  server_process srv({"--http-rate-limit", "5"});
  for (int load = 0; load < 4; ++load) {  // four loads of the page, 13 requests each
    for (const char* path :
         {"/", "/style.css", "/js/app.js", "/js/connection.js", "/js/room-mirror.js",
          "/js/lobby-view.js", "/js/room-view.js", "/js/dom.js", "/js/zertz-board.js",
          "/js/dvonn-board.js", "/js/board-keys.js", "/vendor/fast-json-patch/core.js",
          "/vendor/fast-json-patch/helpers.js"}) {
      INFO(path);
      REQUIRE(fetch(srv.port(), path).result_int() == 200);
    }
  }
  for (int i = 0; i < 5; ++i) CHECK(fetch(srv.port(), "/api/rooms").result_int() == 200);
  CHECK(fetch(srv.port(), "/api/rooms").result_int() == 429);
  CHECK(fetch(srv.port(), "/nope").result_int() == 429);  // a miss is counted
  CHECK(fetch(srv.port(), "/").result_int() == 200);
}

}  // namespace ringside::test
