#pragma once
// redis_reply: a copy of one hiredis reply that owns its data, so an answer can outlive the
// hiredis callback that produced it; `unavailable` stands for "no answer from Redis" (not
// connected, connection lost, or no reply within the command timeout).

#include <cstdint>
#include <string>
#include <vector>

struct redisReply;

namespace ringside::server::redis {

struct redis_reply {
  enum class kind { string, array, integer, nil, status, error, unavailable };

  kind type = kind::nil;
  std::string text;                   // string, status, error, unavailable: what it says
  std::int64_t integer = 0;           // integer
  std::vector<redis_reply> elements;  // array

  static redis_reply from_hiredis(const redisReply& r);
  static redis_reply unavailable_because(std::string why);

  // Redis answered, and not with an error.
  bool ok() const { return type != kind::error && type != kind::unavailable; }
};

}  // namespace ringside::server::redis
