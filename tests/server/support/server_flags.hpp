#pragma once
// Server flags shared by tests.

#include <string>
#include <vector>

namespace ringside::test {

// For tests that play faster than any person: the per-connection and per-address message
// limits lifted (the abuse suite tests them).
inline const std::vector<std::string> unlimited_messages{"--rate-limit", "100000",
                                                         "--address-rate-limit", "0"};

}  // namespace ringside::test
