#include "server/redis/redis_reply.hpp"

#include <hiredis/hiredis.h>

namespace ringside::server::redis {

redis_reply redis_reply::from_hiredis(const redisReply& r) {
  redis_reply out;
  switch (r.type) {
    case REDIS_REPLY_STRING:
      out.type = kind::string;
      out.text.assign(r.str, r.len);
      break;
    case REDIS_REPLY_STATUS:
      out.type = kind::status;
      out.text.assign(r.str, r.len);
      break;
    case REDIS_REPLY_ERROR:
      out.type = kind::error;
      out.text.assign(r.str, r.len);
      break;
    case REDIS_REPLY_INTEGER:
      out.type = kind::integer;
      out.integer = r.integer;
      break;
    case REDIS_REPLY_ARRAY:
      out.type = kind::array;
      out.elements.reserve(r.elements);
      for (std::size_t i = 0; i < r.elements; ++i) {
        if (r.element[i] != nullptr) out.elements.push_back(from_hiredis(*r.element[i]));
      }
      break;
    default:
      out.type = kind::nil;
      break;
  }
  return out;
}

redis_reply redis_reply::unavailable_because(std::string why) {
  redis_reply out;
  out.type = kind::unavailable;
  out.text = std::move(why);
  return out;
}

}  // namespace ringside::server::redis
