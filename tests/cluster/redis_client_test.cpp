// redis_client and redis_subscriber against a real redis-server: answers, Redis going away
// and coming back, a Redis that stops answering, and callbacks that throw.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <optional>
#include <stdexcept>

#include "server/redis/redis_client.hpp"
#include "server/redis/redis_subscriber.hpp"
#include "support/io_wait.hpp"
#include "support/redis_server.hpp"

using namespace std::chrono_literals;
using ringside::server::redis::link_settings;
using ringside::server::redis::redis_client;
using ringside::server::redis::redis_endpoint;
using ringside::server::redis::redis_reply;
using ringside::server::redis::redis_subscriber;
using ringside::test::redis_server;
using ringside::test::run_until;

namespace {

redis_endpoint at(const redis_server& r) {
  return *redis_endpoint::parse(r.url());
}

// Sends one command and runs the io_context until its answer.
std::optional<redis_reply> ask(boost::asio::io_context& ioc, redis_client& c,
                               std::vector<std::string> args,
                               std::chrono::milliseconds limit = 5s) {
  std::optional<redis_reply> got;
  c.command(std::move(args), [&](redis_reply r) { got = std::move(r); });
  if (!run_until(
          ioc, [&] { return got.has_value(); }, limit))
    return std::nullopt;
  return got;
}

// Asks PING until Redis answers it (the client reconnects by itself).
bool answers_again(boost::asio::io_context& ioc, redis_client& c, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    auto r = ask(ioc, c, {"PING"});
    if (r && r->ok()) return true;
    run_until(
        ioc, [] { return false; }, 20ms);
  }
  return false;
}

}  // namespace

TEST_CASE("redis_endpoint reads redis:// addresses and refuses anything else") {
  auto e = redis_endpoint::parse("redis://127.0.0.1:6390");
  REQUIRE(e);
  CHECK(e->host == "127.0.0.1");
  CHECK(e->port == 6390);
  CHECK(redis_endpoint::parse("redis://cache/")->port == 6379);
  CHECK_FALSE(redis_endpoint::parse("http://127.0.0.1:6379"));
  CHECK_FALSE(redis_endpoint::parse("redis://127.0.0.1:0"));
  CHECK_FALSE(redis_endpoint::parse("redis://127.0.0.1:70000"));
  CHECK_FALSE(redis_endpoint::parse("redis://user@127.0.0.1:6379"));  // a user, no password
  CHECK_FALSE(redis_endpoint::parse("redis://"));
  CHECK_FALSE(redis_endpoint::parse("redis://:secret@"));
  CHECK_FALSE(redis_endpoint::parse("redis://:@127.0.0.1"));       // an empty password
  CHECK_FALSE(redis_endpoint::parse("redis://:bad%4@127.0.0.1"));  // an escape cut short
  CHECK_FALSE(redis_endpoint::parse("redis://:bad%zz@127.0.0.1"));
  CHECK_FALSE(redis_endpoint::parse("redis://127.0.0.1:6379/0"));  // no database yet
  CHECK(redis_endpoint::parse("redis://127.0.0.1")->password.empty());

  auto plain = redis_endpoint::parse("redis://:s3cret@cache:6390/");
  REQUIRE(plain);
  CHECK(plain->user.empty());
  CHECK(plain->password == "s3cret");
  CHECK(plain->host == "cache");
  CHECK(plain->port == 6390);
  // An '@' or ':' in a password comes escaped; the last '@' ends the login.
  auto acl = redis_endpoint::parse("redis://ringside:p%40ss:w%3Ard@10.0.0.7");
  REQUIRE(acl);
  CHECK(acl->user == "ringside");
  CHECK(acl->password == "p@ss:w:rd");
  CHECK(acl->host == "10.0.0.7");
  // Logs name the address, never the password.
  CHECK(acl->to_string() == "redis://ringside:***@10.0.0.7:6379");
  CHECK(plain->to_string().find("s3cret") == std::string::npos);
  CHECK(redis_endpoint::parse("redis://cache")->to_string() == "redis://cache:6379");
}

TEST_CASE("a Redis that asks for a password: the client logs in on every connection") {
  redis_server redis("p@ss word");
  boost::asio::io_context ioc;
  redis_client c(ioc, at(redis));
  c.start();
  REQUIRE(answers_again(ioc, c, 5s));
  CHECK(ask(ioc, c, {"SET", "k", "v"})->ok());
  // A new connection (Redis started again) logs in again before any command.
  redis.restart();
  CHECK(answers_again(ioc, c, 5s));
  ioc.restart();
  CHECK(ask(ioc, c, {"SET", "k", "v"})->ok());
  CHECK(c.link().logins_refused() == 0);
  c.stop();

  // Without the password Redis refuses the commands themselves.
  redis_client anonymous(ioc, *redis_endpoint::parse(redis.bare_url()));
  anonymous.start();
  auto refused = ask(ioc, anonymous, {"SET", "k", "v"});
  REQUIRE(refused);
  CHECK(refused->type == redis_reply::kind::error);
  CHECK(refused->text.find("NOAUTH") != std::string::npos);
  anonymous.stop();

  // A wrong password: the link never counts as connected, answers no command with success,
  // and tries again (with its backoff) in case the password is fixed on Redis's side.
  auto wrong_at = at(redis);
  wrong_at.password = "wrong";
  redis_client wrong(ioc, wrong_at);
  wrong.start();
  CHECK_FALSE(ask(ioc, wrong, {"SET", "k", "v"})->ok());
  REQUIRE(run_until(
      ioc, [&] { return wrong.link().logins_refused() >= 2; }, 3s));
  CHECK_FALSE(wrong.connected());
  CHECK(wrong.link().connections_made() == 0);
  wrong.stop();
}

TEST_CASE("redis_client sends commands and gets each reply on its strand") {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client c(ioc, at(redis));
  c.start();

  auto set = ask(ioc, c, {"SET", "greeting", std::string("hello\0world", 11)});
  REQUIRE(set);
  CHECK(set->type == redis_reply::kind::status);
  auto got = ask(ioc, c, {"GET", "greeting"});
  REQUIRE(got);
  CHECK(got->type == redis_reply::kind::string);
  CHECK(got->text == std::string("hello\0world", 11));  // binary-safe both ways
  auto n = ask(ioc, c, {"INCRBY", "counter", "41"});
  REQUIRE(n);
  CHECK(n->integer == 41);
  auto missing = ask(ioc, c, {"GET", "nothing-here"});
  REQUIRE(missing);
  CHECK(missing->type == redis_reply::kind::nil);
  auto wrong = ask(ioc, c, {"INCR", "greeting"});
  REQUIRE(wrong);
  CHECK(wrong->type == redis_reply::kind::error);
  CHECK_FALSE(wrong->ok());

  // Replies come back in order however many are in flight.
  std::vector<std::int64_t> order;
  for (int i = 0; i < 200; ++i) {
    c.command({"INCR", "seq"}, [&](redis_reply r) { order.push_back(r.integer); });
  }
  REQUIRE(run_until(ioc, [&] { return order.size() == 200; }));
  for (std::size_t i = 0; i < order.size(); ++i)
    CHECK(order[i] == static_cast<std::int64_t>(i + 1));
  c.stop();
}

TEST_CASE("redis_client answers unavailable at once when Redis is down, and reconnects") {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client c(ioc, at(redis));
  c.start();
  REQUIRE(answers_again(ioc, c, 5s));

  redis.kill();
  const auto began = std::chrono::steady_clock::now();
  auto r = ask(ioc, c, {"PING"});
  REQUIRE(r);  // an answer, not a hang
  CHECK(r->type == redis_reply::kind::unavailable);
  CHECK(std::chrono::steady_clock::now() - began < 1s);

  redis.restart();
  CHECK(answers_again(ioc, c, 5s));
  ioc.restart();
  CHECK(ask(ioc, c, {"SET", "k", "v"})->ok());
  c.stop();
}

TEST_CASE("a Redis that stops answering fails the command within the timeout") {
  redis_server redis;
  boost::asio::io_context ioc;
  link_settings s;
  s.command_timeout = 400ms;
  redis_client c(ioc, at(redis), s);
  c.start();
  REQUIRE(answers_again(ioc, c, 5s));

  redis.pause();
  const auto began = std::chrono::steady_clock::now();
  auto r = ask(ioc, c, {"PING"}, 3s);
  REQUIRE(r);
  CHECK(r->type == redis_reply::kind::unavailable);
  const auto waited = std::chrono::steady_clock::now() - began;
  CHECK(waited >= 400ms);
  CHECK(waited < 1500ms);

  redis.resume();
  CHECK(answers_again(ioc, c, 5s));
  c.stop();
}

TEST_CASE("a callback that throws fails only itself") {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client c(ioc, at(redis));
  c.start();
  c.command({"PING"}, [](redis_reply) { throw std::runtime_error("handler bug"); });
  auto after = ask(ioc, c, {"ECHO", "still here"});
  REQUIRE(after);
  CHECK(after->text == "still here");
  std::uint64_t faults = 0;
  boost::asio::post(c.strand(), [&] { faults = c.link().callback_faults(); });
  run_until(
      ioc, [&] { return faults > 0; }, 1s);
  CHECK(faults == 1);
  c.stop();
}

TEST_CASE(
    "redis_subscriber delivers a channel's messages and subscribes again after Redis returns") {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client pub(ioc, at(redis));
  std::vector<std::pair<std::string, std::string>> got;
  int confirmed = 0;
  redis_subscriber sub(ioc, at(redis), [&](const std::string& ch, const std::string& payload) {
    got.emplace_back(ch, payload);
  });
  sub.on_subscribed([&](const std::string&) { ++confirmed; });
  pub.start();
  sub.start();
  sub.subscribe("room:a");
  sub.subscribe("room:b");
  REQUIRE(run_until(ioc, [&] { return confirmed == 2; }));

  ask(ioc, pub, {"PUBLISH", "room:a", "first"});
  ask(ioc, pub, {"PUBLISH", "room:c", "nobody listens"});
  ask(ioc, pub, {"PUBLISH", "room:b", "second"});
  REQUIRE(run_until(ioc, [&] { return got.size() == 2; }));
  CHECK(got[0] == std::pair<std::string, std::string>{"room:a", "first"});
  CHECK(got[1] == std::pair<std::string, std::string>{"room:b", "second"});

  sub.unsubscribe("room:a");
  ask(ioc, pub, {"PING"});
  run_until(
      ioc, [] { return false; }, 100ms);
  ask(ioc, pub, {"PUBLISH", "room:a", "after unsubscribe"});
  ask(ioc, pub, {"PUBLISH", "room:b", "third"});
  REQUIRE(run_until(ioc, [&] { return got.size() >= 3; }));
  run_until(
      ioc, [] { return false; }, 100ms);
  CHECK(got.size() == 3);
  CHECK(got[2].second == "third");

  // Redis restarts empty: the subscriber reconnects and subscribes to room:b again by itself.
  confirmed = 0;
  redis.restart();
  REQUIRE(run_until(
      ioc, [&] { return confirmed == 1; }, 10s));
  REQUIRE(answers_again(ioc, pub, 5s));
  ask(ioc, pub, {"PUBLISH", "room:b", "after restart"});
  REQUIRE(run_until(ioc, [&] { return got.size() == 4; }));
  CHECK(got[3].second == "after restart");
  sub.stop();
  pub.stop();
}
