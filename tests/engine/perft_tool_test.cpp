// ringside-perft as a user runs it: real process, its output and exit status.
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "tests/support/run_program.hpp"

#ifndef RINGSIDE_PERFT_TOOL
#error "RINGSIDE_PERFT_TOOL must name the ringside-perft executable"
#endif

namespace {

using ringside::test::run_program;

ringside::test::program_result run(const std::string& args) {
  return run_program(RINGSIDE_PERFT_TOOL, args);
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

TEST_CASE("ringside-perft: a malformed number, a stray word or a missing value exits 2") {
  // Each with the one line it prints, where that line is pinned down here.
  const std::pair<const char*, const char*> refused[] = {
      {"--depth 2x", "ringside-perft: --depth needs a number from 0 to 12, got '2x'\n"},
      {"--depth 1 3", "ringside-perft: unknown argument '3' (try --help)\n"},
      {"--depth ''", nullptr},
      {"--depth -1", nullptr},
      {"--board 37x", nullptr},
      {"--depth", nullptr},
      {"--game dvonn --depth 1x", nullptr},
      {"--game", nullptr}};
  for (const auto& [args_text, line_text] : refused) {
    // Named again: clang 14 cannot capture a structured binding, and CAPTURE's lambda does.
    const char* const args = args_text;
    const char* const line = line_text;
    CAPTURE(args);
    const auto r = run(args);
    CHECK(r.status == 2);
    if (line != nullptr) CHECK(r.out == line);
  }
  // A value may start with a dash: DVONN's empty board is "- 1 0".
  const auto empty = run("--game dvonn --position '- 1 0' --depth 1");
  CHECK(empty.status == 0);
  CHECK(last_line(empty.out) == "49");
}

namespace {
const std::string full_board =
    "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,i2:B,"
    "j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,f4:B,g4:W,"
    "h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W,k5:W 1 49";
}  // namespace

TEST_CASE("ringside-perft --game dvonn: the spec's figures, the empty start by default") {
  auto r = run("--game dvonn --depth 3");
  CHECK(r.status == 0);
  CHECK(last_line(r.out) == "110544");
  auto full = run("--game dvonn --position '" + full_board + "' --depth 3");
  CHECK(full.status == 0);
  CHECK(last_line(full.out) == "99854");
  // --game may come anywhere; --game zertz is the default game.
  auto later = run("--depth 2 --game dvonn");
  CHECK(last_line(later.out) == "2352");
  auto zertz = run("--game zertz --depth 1");
  CHECK(last_line(zertz.out) == "1944");
}

TEST_CASE("ringside-perft --game dvonn: --moves and --divide") {
  auto r = run("--game dvonn --position 'c3:B,d3:D,e3:DW,f3:D,g3:B 1 49' --moves");
  CHECK(r.status == 0);
  CHECK(r.out == "e3c3\ne3g3\n2\n");
  auto pass = run("--game dvonn --position 'd1:W,d2:W,e2:W,d3:D,e3:B,f3:D,e4:D,f4:W 2 49' --moves");
  CHECK(pass.out == "pass\n1\n");
  auto d = run("--game dvonn --position '" + full_board + "' --depth 2 --divide");
  CHECK(d.status == 0);
  CHECK(d.out.find("a3a2 ") != std::string::npos);
  CHECK(last_line(d.out) == "2018");
}

TEST_CASE("ringside-perft --game dvonn: bad arguments and positions exit 2 naming the fault") {
  auto game = run("--game chess");
  CHECK(game.status == 2);
  CHECK(game.out == "ringside-perft: --game needs zertz or dvonn, got 'chess'\n");
  auto pos = run("--game dvonn --position 'c3:D,d3:D 1 49'");
  CHECK(pos.status == 2);
  CHECK(pos.out ==
        "ringside-perft: bad --position: the board must hold all 3 DVONN pieces (they are never "
        "removed), not 2\n");
  auto zip = run("--game dvonn --zip x");
  CHECK(zip.status == 2);
  CHECK(zip.out == "ringside-perft: unknown argument '--zip' for --game dvonn (try --help)\n");
  auto depth = run("--game dvonn --depth 13");
  CHECK(depth.status == 2);
  auto position_for_zertz = run("--position '- 1 0'");
  CHECK(position_for_zertz.status == 2);
  auto help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.out.find("--game dvonn") != std::string::npos);
}

TEST_CASE("ringside-bench-perft: a smoke run counts right and reports its rates") {
  const auto r = run_program(RINGSIDE_BENCH_PERFT, "--runs 1 --depth 2 --positions 200");
  CHECK(r.status == 0);
  const std::string& out = r.out;
  CHECK(out.find("perft 2 on 37 rings: 3277260 leaves") != std::string::npos);
  CHECK(out.find("count_moves (bulk): ") != std::string::npos);
}

TEST_CASE("ringside-bench-perft: a malformed number is refused with the usage, exit 2") {
  for (const char* bad : {"--runs 15x", "--runs ''", "--runs -1", "--depth 0", "--board 39",
                          "--positions 1e3", "--game chess", "--runs", "stray"}) {
    CAPTURE(bad);
    const auto r = run_program(RINGSIDE_BENCH_PERFT, bad);
    CHECK(r.status == 2);
    CHECK(r.out.starts_with("ringside-bench-perft: "));
    CHECK(r.out.find("usage: ringside-bench-perft") != std::string::npos);
  }
}

TEST_CASE("ringside-bench-perft --game dvonn: a smoke run counts right") {
  const auto r = run_program(RINGSIDE_BENCH_PERFT, "--game dvonn --runs 1 --depth 3");
  CHECK(r.status == 0);
  const std::string& out = r.out;
  CHECK(out.find("dvonn perft 3 of the full board: 99854 leaves") != std::string::npos);
  CHECK(out.find("dvonn perft median: ") != std::string::npos);
}
