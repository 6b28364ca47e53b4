// message_buffer: small at rest, as large as a message while it arrives, small again after.
#include "server/message_buffer.hpp"

#include <doctest/doctest.h>

#include <boost/asio/buffer.hpp>
#include <string>

namespace ringside::server {

namespace {

// What a read of `text` into the buffer does: prepare at most the limit, copy, commit.
void arrive(message_buffer& b, const std::string& text) {
  REQUIRE(text.size() <= b.next_read_limit());
  auto room = b.bytes().prepare(text.size());
  boost::asio::buffer_copy(room, boost::asio::buffer(text));
  b.bytes().commit(text.size());
}

}  // namespace

TEST_CASE("message_buffer: a resting connection holds a small buffer, a long message grows it") {
  const std::size_t limit = 1024 * 1024;
  message_buffer b(limit);
  CHECK(b.capacity() == 0);
  CHECK(b.next_read_limit() == message_buffer::at_rest);

  arrive(b, R"({"type":"hello","name":"alice"})");
  CHECK(b.take() == R"({"type":"hello","name":"alice"})");
  CHECK(b.capacity() <= message_buffer::at_rest);

  // A message of exactly the limit, in pieces: the reads may take it all, and one byte more.
  const std::string first(message_buffer::at_rest, 'a');
  arrive(b, first);
  CHECK(b.next_read_limit() == limit + 1 - first.size());
  arrive(b, std::string(limit - first.size(), 'b'));
  CHECK_FALSE(b.over_limit());
  CHECK(b.next_read_limit() == 1);
  CHECK(b.capacity() >= limit);
  CHECK(b.take().size() == limit);
  CHECK(b.capacity() <= message_buffer::at_rest);  // given back
  CHECK(b.next_read_limit() == message_buffer::at_rest);

  // One byte past the limit is seen, and dropping it gives the memory back too.
  arrive(b, first);
  arrive(b, std::string(limit + 1 - first.size(), 'c'));
  CHECK(b.over_limit());
  b.drop();
  CHECK(b.capacity() <= message_buffer::at_rest);
  CHECK_FALSE(b.over_limit());
}

}  // namespace ringside::server
