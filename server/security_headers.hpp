#pragma once
// security_headers: what every HTTP answer tells a browser about how the page may be used.
// The page loads only its own files, talks only to its own server (and to the origins the
// operator trusts with --allow-origin), runs no inline script or style, and may not be framed
// by another site (Content-Security-Policy); no answer is sniffed into another type
// (X-Content-Type-Options); no address leaves for another site in Referer (Referrer-Policy);
// and over TLS the browser is told to come back over TLS only (Strict-Transport-Security).

#include <boost/beast/http/fields.hpp>
#include <string>
#include <vector>

namespace ringside::server {

class security_headers {
 public:
  // `allowed_origins`: the --allow-origin values ("https://play.example.org", or "*").
  explicit security_headers(const std::vector<std::string>& allowed_origins);

  // Sets the headers on an answer; `tls` when the connection it goes on is TLS.
  void apply(boost::beast::http::fields& fields, bool tls) const;

  const std::string& content_security_policy() const { return csp_; }

 private:
  std::string csp_;
};

}  // namespace ringside::server
