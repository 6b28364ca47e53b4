#include "clients/common/room_mirror.hpp"

#include <stdexcept>

#include "clients/common/patch_form.hpp"

namespace ringside::client {

using nlohmann::json;

void room_mirror::reset(json state, std::int64_t version) {
  state_ = std::move(state);
  version_ = version;
  awaiting_ = false;
}

bool room_mirror::adopt(json state, std::int64_t version) {
  if (!awaiting_ && has_state() && version < version_) return false;
  reset(std::move(state), version);
  return true;
}

room_mirror::patch_outcome room_mirror::check(std::int64_t version) const {
  if (awaiting_) return patch_outcome::awaiting;
  if (has_state() && version <= version_) return patch_outcome::stale;
  if (!has_state() || version != version_ + 1) return patch_outcome::gap;
  return patch_outcome::applied;
}

room_mirror::patch_outcome room_mirror::advance(std::int64_t version) {
  const auto outcome = check(version);
  if (outcome == patch_outcome::applied) version_ = version;
  return outcome;
}

room_mirror::patch_outcome room_mirror::apply(const json& ops, std::int64_t version) {
  const auto outcome = check(version);
  if (outcome != patch_outcome::applied) return outcome;
  try {
    json expanded;
    const json& rfc = has_compact_op(ops) ? (expanded = rfc6902_ops(ops)) : ops;
    if (policy_ == on_failure::keep_state)
      state_ = state_.patch(rfc);
    else
      state_.patch_inplace(rfc);
  } catch (const std::exception&) {
    // json's errors, and an op in neither form. Patched in place, the copy is now half
    // patched and worthless.
    if (policy_ == on_failure::patch_in_place) clear();
    return patch_outcome::failed;
  }
  version_ = version;
  return patch_outcome::applied;
}

void room_mirror::clear() {
  state_ = json::object();
  version_ = -1;
  awaiting_ = false;
}

}  // namespace ringside::client
