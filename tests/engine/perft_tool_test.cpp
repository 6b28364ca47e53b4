// ringside-perft as a user runs it: real process, its output and exit status.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdio>
#include <string>

#ifndef RINGSIDE_PERFT_TOOL
#error "RINGSIDE_PERFT_TOOL must name the ringside-perft executable"
#endif

namespace {

struct run_result {
  int status = -1;
  std::string out;  // stdout and stderr together
};

run_result run(const std::string& args) {
  run_result r;
  const std::string cmd = std::string("'") + RINGSIDE_PERFT_TOOL + "' " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace

TEST_CASE("ringside-perft: the count is the last line") {
  auto r = run("--depth 2");
  CHECK(r.status == 0);
  CHECK(last_line(r.out) == "3277260");
  auto b = run("--board 61 --depth 1");
  CHECK(last_line(b.out) == "4320");
  auto blitz = run("--variant blitz --depth 1");
  CHECK(last_line(blitz.out) == "1944");
}

TEST_CASE("ringside-perft: --moves lists every legal move, sorted, then the count") {
  auto r =
      run("--zip 'oooo/ooooo/oooooo/ooooWoo/1oooGoo/2ooooo/3oooo 5/7/10 0/0/0 0/0/0 2' --moves");
  CHECK(r.status == 0);
  CHECK(r.out == "Ge4xc5\nWd5xf3\n2\n");  // W on d5, G on e4
}

TEST_CASE("ringside-perft: --divide counts per first move") {
  auto r = run("--depth 2 --divide");
  CHECK(r.status == 0);
  CHECK(r.out.find("Wd4-a1 ") != std::string::npos);
  CHECK(last_line(r.out) == "3277260");
}

TEST_CASE("ringside-perft: bad arguments and bad ZIPs exit 2 with one line naming the fault") {
  auto board = run("--board 39");
  CHECK(board.status == 2);
  CHECK(board.out == "ringside-perft: --board needs one of 37, 40, 43, 44, 48, 61, got '39'\n");
  auto zip = run("--zip 'oooo/ooooo 6/8/10 0/0/0 0/0/0 1'");
  CHECK(zip.status == 2);
  CHECK(zip.out == "ringside-perft: bad --zip: the layout has 2 columns; boards have 7, 8 or 9\n");
  auto variant = run("--variant speed");
  CHECK(variant.status == 2);
  auto depth = run("--depth x");
  CHECK(depth.status == 2);
  auto unknown = run("--frobnicate");
  CHECK(unknown.status == 2);
  CHECK(unknown.out == "ringside-perft: unknown argument '--frobnicate' (try --help)\n");
}

TEST_CASE("ringside-bench-perft: a smoke run counts right and reports its rates") {
  const std::string cmd =
      std::string("'") + RINGSIDE_BENCH_PERFT + "' --runs 1 --depth 2 --positions 200 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int raw = pclose(pipe);
  CHECK(WIFEXITED(raw));
  CHECK(WEXITSTATUS(raw) == 0);
  CHECK(out.find("perft 2 on 37 rings: 3277260 leaves") != std::string::npos);
  CHECK(out.find("count_moves (bulk): ") != std::string::npos);
}
