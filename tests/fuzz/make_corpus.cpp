// fuzz_make_corpus DIR: writes the seed corpora under DIR/<target>/ from the engine itself
// (valid ZIPs for every board, legal move lines, records of whole games) plus hand-picked
// garbage. Run once and commit the result; rerun when the formats change:
//   build-dev/bin/fuzz_make_corpus tests/fuzz/corpus
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/zertz/game.hpp"
#include "tests/fuzz/fuzz_positions.hpp"

namespace fs = std::filesystem;
using namespace ringside::zertz;
using ringside::fuzz::walk;

namespace {

int written = 0;

void put(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
  ++written;
}

const char* variant_name(variant v) {
  return v == variant::blitz ? "blitz" : v == variant::tournament ? "tournament" : "standard";
}

void zip_corpus(const fs::path& dir) {
  const variant all[] = {variant::standard, variant::blitz, variant::tournament};
  for (variant v : all) {
    for (int rings : {37, 40, 43, 44, 48, 61}) {
      auto g = game::create(to_string(v), rings);
      if (!g) continue;
      const std::string tag = std::string(variant_name(v)) + "-" + std::to_string(rings);
      put(dir, tag + "-start", g->zip());
      for (unsigned seed = 1; seed <= 2; ++seed) {
        const auto mid =
            walk(*g, seed, 10 + 15 * static_cast<int>(seed), [](const game&) { return false; });
        put(dir, tag + "-walk" + std::to_string(seed), mid.zip());
      }
    }
  }
  auto t = game::create("tournament", 0);
  for (unsigned seed = 1; t && seed <= 3; ++seed) {
    const auto cap = walk(*t, seed, 80, [](const game& p) { return p.must_capture(); });
    put(dir, "capture" + std::to_string(seed), cap.zip());
    const auto end = walk(*t, seed, 400, [](const game&) { return false; });
    put(dir, "end" + std::to_string(seed), end.zip());
  }
  const char* garbage[] = {
      "",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 3",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 7/8/10 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo -1/8/10 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1 extra",
      "ooooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo 6/8/10 0/0/0 0/0/0 1",
      "WWWW/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 2/8/10 0/0/0 0/0/0 1",
      "oooo//oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1",
      "9999999999o/ooooo 6/8/10 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 2",
      "oXoo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10/1 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 99999999999999999999/8/10 0/0/0 0/0/0 1",
      "////////////// 0/0/0 0/0/0 0/0/0 1",
      "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo\t6/8/10 0/0/0 0/0/0 1",
  };
  int i = 0;
  for (const char* g : garbage) put(dir, "bad" + std::to_string(i++), g);
}

void move_corpus(const fs::path& dir) {
  const auto positions = ringside::fuzz::fuzz_positions();
  for (std::size_t p = 0; p < positions.size(); ++p) {
    // A legal line of a few moves from each position, as the fuzzer's input format wants.
    std::string line(1, static_cast<char>(p));
    const auto after =
        walk(positions[p], static_cast<unsigned>(p) + 3, 6, [](const game&) { return false; });
    const auto& h = after.history();
    for (std::size_t i = positions[p].history().size(); i < h.size(); ++i) {
      if (h[i] != "pass") line += h[i] + "\n";
    }
    put(dir, "line" + std::to_string(p), line);
    // Every legal move of small positions' first ply is too many; take a spread.
    const auto legal = positions[p].legal_moves();
    for (std::size_t i = 0; i < legal.size(); i += legal.size() / 3 + 1) {
      put(dir, "legal" + std::to_string(p) + "-" + std::to_string(i),
          std::string(1, static_cast<char>(p)) + legal[i]);
    }
  }
  const char* tokens[] = {"Wd4-a1",     "Gc3",    "Bd1xd3xd5", "pass",      "Wd4,a1",
                          "x d1Gd3Wd5", "Wz9-a1", "W",         "",          "Wd4-d4",
                          "Qd4-a1",     "wd4-a1", "Wd4-",      "Bd1xd3xd3", "Bd1xd3xd5xd7xd9xd11",
                          "Wd4-a1-b2",  "Wa0-a1", "Wd44-a1",   "x d1",      "x d1Gd3"};
  int i = 0;
  for (const char* t : tokens) put(dir, "token" + std::to_string(i++), std::string(1, '\0') + t);
}

void record_corpus(const fs::path& dir) {
  int i = 0;
  for (variant v : {variant::standard, variant::blitz, variant::tournament}) {
    for (int rings : {0, 40, 43, 61}) {
      auto g = game::create(to_string(v), rings);
      if (!g) continue;
      for (unsigned seed = 1; seed <= 2; ++seed) {
        const int plies = seed == 1 ? 8 : 400;  // one short game, one played to its end
        const auto played = walk(*g, seed, plies, [](const game&) { return false; });
        put(dir, "game" + std::to_string(i++),
            write_zen_record(played, zen_tags{"fuzz seed", "2026.11.23", "alice", "bob", ""}));
      }
    }
  }
  // A record starting from a ZIP position.
  if (auto t = game::create("tournament", 0)) {
    const auto mid = walk(*t, 5, 20, [](const game&) { return false; });
    if (auto from = game::from_zip(variant::tournament, mid.zip())) {
      const auto more = walk(*from, 6, 10, [](const game&) { return false; });
      put(dir, "zipstart", write_zen_record(more, zen_tags{"from zip", "", "p1", "p2", ""}));
    }
  }
  const char* garbage[] = {
      "",
      "[Event \"x\"]\n",
      "[Variant \"standard\"]\n[Board \"37\"]\n1. Wd4-a1 *",
      "[Variant \"standard\"]\n[Board \"37\"]\n[Result \"1-0\"]\n1. Wd4-a1 Gc3-g1 2. Zz9 1-0",
      "[Variant \"nope\"]\n1. Wd4-a1 *",
      "[Board \"1000\"]\n*",
      "[Event \"unterminated\n1. Wd4-a1",
      "1. Wd4-a1 Gc3-g1 2. Bd1xd3xd5 1/2-1/2",
      "1. 1. 1. 1. *",
      "[ZIP \"garbage\"]\n*",
      "[Result \"2-0\"]\n*",
      "{comment} 1. Wd4-a1 ; rest\n*",
  };
  for (const char* g : garbage) put(dir, "bad" + std::to_string(i++), g);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  const fs::path root = argv[1];
  zip_corpus(root / "fuzz_zip");
  move_corpus(root / "fuzz_zen_move");
  record_corpus(root / "fuzz_zen_record");
  std::printf("wrote %d files under %s\n", written, root.c_str());
  return 0;
}
