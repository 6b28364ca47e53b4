#pragma once
// The edits a state document makes to itself, each recorded as the RFC 6902 op that a client
// applies to make the same edit to its copy.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

// A JSON Pointer reference token (RFC 6901): '~' and '/' must be escaped in a path.
inline std::string escape_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// Sets `slot`, the document's value at `path`, to `value` and records the replace.
inline void replace(patch_ops& ops, std::string_view path, nlohmann::json& slot,
                    nlohmann::json value) {
  slot = std::move(value);
  ops.append("replace", path, &slot);
}

// Sets `slot`, the document's array at `path`, from `before` to `after` and records whichever is
// shorter: the entries that left and came (remove and add at an index, which every RFC 6902
// applier knows), or one replace of the whole list. The lists the engine recomputes each move
// (free rings, capture chains, legal moves) mostly keep their entries and order, so a move's
// patch need not repeat them. The middle past the common ends is matched by a longest common
// subsequence, given up for a whole replace when too large to be worth it.
template <class T>
void edit_list(patch_ops& ops, std::string_view path, nlohmann::json& slot,
               const std::vector<T>& before, const std::vector<T>& after) {
  if (before == after) return;
  patch_ops whole;
  nlohmann::json value = after;
  whole.append("replace", path, &value);
  std::size_t head = 0;
  while (head < before.size() && head < after.size() && before[head] == after[head]) ++head;
  std::size_t tail = 0;
  while (tail < before.size() - head && tail < after.size() - head &&
         before[before.size() - 1 - tail] == after[after.size() - 1 - tail]) {
    ++tail;
  }
  const std::size_t n = before.size() - head - tail;
  const std::size_t m = after.size() - head - tail;
  constexpr std::size_t max_table = 64 * 64;
  if ((n + 1) * (m + 1) <= max_table) {
    // lcs[i * (m + 1) + j]: the longest common subsequence of before's middle from i and
    // after's from j.
    std::vector<std::uint16_t> lcs((n + 1) * (m + 1), 0);
    const auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& {
      return lcs[i * (m + 1) + j];
    };
    for (std::size_t i = n; i-- > 0;) {
      for (std::size_t j = m; j-- > 0;) {
        at(i, j) = before[head + i] == after[head + j]
                       ? static_cast<std::uint16_t>(at(i + 1, j + 1) + 1)
                       : std::max(at(i + 1, j), at(i, j + 1));
      }
    }
    patch_ops edits;
    std::string entry(path);
    entry += '/';
    const std::size_t prefix = entry.size();
    std::size_t i = 0;
    std::size_t j = 0;
    std::size_t index = head;  // where the next edit lands in the list as edited so far
    while (i < n || j < m) {
      if (i < n && j < m && before[head + i] == after[head + j]) {
        ++i, ++j, ++index;
        continue;
      }
      entry.resize(prefix);
      entry += std::to_string(index);
      if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
        const nlohmann::json added = after[head + j];
        edits.append("add", entry, &added);
        ++j, ++index;
      } else {
        edits.append("remove", entry, nullptr);
        ++i;
      }
    }
    if (edits.text_size() < whole.text_size()) {
      ops.append_all(edits);
      slot = std::move(value);
      return;
    }
  }
  ops.append_all(whole);
  slot = std::move(value);
}

}  // namespace ringside::protocol
