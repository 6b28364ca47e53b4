// `ringside`'s command line: every flag as before, and a malformed number refused with a
// message and exit status 2 instead of being read as far as it looks like one.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "clients/cli/options.hpp"
#include "tests/support/run_program.hpp"

#ifndef RINGSIDE_CLI
#error "RINGSIDE_CLI must name the ringside executable"
#endif

using namespace ringside::cli;

namespace {

options parse(std::vector<std::string> args) {
  args.insert(args.begin(), "ringside");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_options(static_cast<int>(argv.size()), argv.data());
}

ringside::test::program_result run(const std::string& args) {
  return ringside::test::run_program(RINGSIDE_CLI, args + " </dev/null");
}

}  // namespace

TEST_CASE("every flag is read as before") {
  const auto o = parse({"--server", "wss://example.test:9/ws", "--name", "Zo\xc3\xab", "--ca",
                        "ca.pem", "--insecure", "--script", "--json", "--timeout", "2.5"});
  CHECK(o.error.empty());
  CHECK(o.server == "wss://example.test:9/ws");
  CHECK(o.name == "Zo\xc3\xab");
  CHECK(o.ca_file == "ca.pem");
  CHECK(o.insecure);
  CHECK(o.script);
  CHECK(o.raw_json);
  CHECK_FALSE(o.color);  // scripts are never coloured
  CHECK(o.timeout == std::chrono::milliseconds(2500));
  CHECK(parse({"--no-color"}).color == false);
  CHECK(parse({"--name=bob"}).name == "bob");
  CHECK(parse({"-h"}).show_help);
  CHECK(parse({"--help"}).show_help);
  const auto defaults = parse({});
  CHECK(defaults.error.empty());
  CHECK(defaults.server == "ws://127.0.0.1:8080/ws");
  CHECK(defaults.timeout == std::chrono::milliseconds(15000));
}

TEST_CASE("a malformed or out-of-range --timeout is refused, naming what was given") {
  for (const char* bad : {"15x", "", "-1", "0", "3601", "nan", "inf", " 15", "1e9"}) {
    CAPTURE(bad);
    const auto o = parse({"--timeout", bad});
    CHECK(o.error.find("--timeout wants seconds") == 0);
    CHECK(o.error.find(std::string("'") + bad + "'") != std::string::npos);
  }
  CHECK(parse({"--timeout", "3600"}).error.empty());
  CHECK(parse({"--timeout=0.5"}).timeout == std::chrono::milliseconds(500));
}

TEST_CASE("unknown flags, stray words and missing values are refused") {
  CHECK(parse({"--frobnicate"}).error == "unknown option --frobnicate");
  CHECK(parse({"stray"}).error == "unknown option stray");
  CHECK(parse({"--time", "5"}).error == "unknown option --time");  // no guessing from a prefix
  CHECK(parse({"--name"}).error.find("--name") != std::string::npos);
  CHECK_FALSE(parse({"--timeout"}).error.empty());
  CHECK_FALSE(parse({"--insecure=yes"}).error.empty());
}

TEST_CASE("the program exits 2 on a malformed number, saying why") {
  const auto r = run("--script --timeout 15x");
  CHECK(r.status == 2);
  CHECK(r.out.starts_with("ringside: --timeout wants seconds"));
  CHECK(r.out.find("'15x'") != std::string::npos);
  CHECK(run("--timeout ''").status == 2);
  CHECK(run("--timeout -1").status == 2);
  CHECK(run("--bogus").status == 2);
  CHECK(run("--help").status == 0);
}
