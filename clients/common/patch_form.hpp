#pragma once
// patch_form — a patch's ops as RFC 6902 objects, whichever form they came in. A client that
// said `compact` at hello (docs/protocol.md) gets each op as an array: ["+", path, value] add,
// ["-", path] remove, ["=", path, value] replace; a frame relayed by another node of a cluster
// may still carry the objects, so each op is read as it comes.

#include <nlohmann/json.hpp>

namespace ringside::client {

// Whether any op of `ops` is in the compact form.
bool has_compact_op(const nlohmann::json& ops);
// The ops as RFC 6902 objects; throws std::invalid_argument on an op that is neither form.
nlohmann::json rfc6902_ops(const nlohmann::json& ops);

}  // namespace ringside::client
