// Wrong passwords for one account, one after another on a connection and then from 24
// connections at once, beside the game. A login attempt costs the server a password hash, so
// unanswered guessing would cost CPU and try every password; the limiter answers each
// failure past a few after a delay that doubles, queues attempts on one account or address
// behind each other, and refuses outright those that would wait too long.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {

namespace {

json wrong_login(int i) {
  return {{"type", "login"},
          {"name", "victim"},
          {"password", "guess number " + std::to_string(i)},
          {"id", i}};
}

}  // namespace

TEST_CASE("a flood of wrong passwords: the same answer after a growing delay, then refused") {
  // Cheap hashes (libsodium's MIN cost): what is tested is the limiter, not the hash's cost.
  server_process srv({"--password-opslimit", "1", "--password-memlimit", "8192",
                      "--login-free-failures", "3", "--login-delay", "0.1", "--login-max-delay",
                      "0.8", "--login-max-wait", "2", "--hello-timeout", "0"});
  {
    ws_client owner(srv.port());
    owner.hello("victim");
    owner.request({{"type", "register"}, {"name", "victim"}, {"password", "the real one!"}},
                  "registered");
  }
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  // One connection, one guess at a time: each answer is bad_credentials, later ones later.
  ws_client guesser(srv.port());
  std::vector<double> answer_ms;
  std::string first_message;
  for (int i = 0; i < 8; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const json e = guesser.request(wrong_login(i), "error");
    answer_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    CHECK(e.at("code") == "bad_credentials");
    if (i == 0) first_message = e.at("message");
    CHECK(e.at("message") == first_message);
  }
  for (std::size_t i = 0; i < answer_ms.size(); ++i) MESSAGE("guess " << i << ": " << answer_ms[i] << " ms");
  CHECK(answer_ms[0] < 100);
  CHECK(answer_ms[3] >= 90);     // the first delayed guess: 0.1 s
  CHECK(answer_ms[5] >= 380);    // doubled twice
  CHECK(answer_ms[6] >= 750);    // at the cap (0.8 s)
  CHECK(answer_ms[5] > answer_ms[3]);

  // 24 connections guess at once: they queue 0.8 s apart, those past 2 s are refused at once.
  std::vector<std::unique_ptr<ws_client>> crowd;
  for (int i = 0; i < 24; ++i) crowd.push_back(std::make_unique<ws_client>(srv.port()));
  for (int i = 0; i < 24; ++i) crowd[static_cast<std::size_t>(i)]->send(wrong_login(100 + i));
  int credentials = 0;
  int limited = 0;
  for (auto& c : crowd) {
    const json e = c->expect("error", 5s);
    if (e.at("code") == "bad_credentials") ++credentials;
    if (e.at("code") == "login_limited") ++limited;
  }
  MESSAGE(credentials << " answered bad_credentials, " << limited << " login_limited");
  CHECK(credentials >= 1);
  CHECK(credentials <= 4);  // 2 s of queue at 0.8 s each, give or take the first
  CHECK(credentials + limited == 24);
  crowd.clear();

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  CHECK(metric(srv.port(), "ringside_logins_failed_total") >= 9);
  CHECK(metric(srv.port(), "ringside_logins_delayed_total") >= 5);
  CHECK(metric(srv.port(), "ringside_logins_limited_total") == limited);
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
