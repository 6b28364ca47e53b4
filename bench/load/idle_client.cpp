#include "idle_client.hpp"

#include <nlohmann/json.hpp>

#include "shard.hpp"

namespace ringside::load {

idle_client::idle_client(shard& owner, int index) : shard_(owner), index_(index) {}

idle_client::~idle_client() {
  if (conn_) conn_->shut();
}

void idle_client::start() {
  client::ws_connection::handlers cb;
  cb.on_open = [this] {
    conn_->send(
        nlohmann::json{{"type", "hello"}, {"name", "idle" + std::to_string(index_)}}.dump());
  };
  cb.on_message = [this](std::string_view t) { on_message(t); };
  cb.on_close = [this](const client::ws_close_info& info) { on_close(info.tag(), info.was_open); };
  conn_ = shard_.open(std::move(cb));
}

void idle_client::on_message(std::string_view text) {
  const auto msg = nlohmann::json::parse(text, nullptr, false);
  const auto type = msg.is_object() ? msg.value("type", "") : "";
  if (type == "welcome" && !welcomed_) {
    welcomed_ = true;
    ++shard_.stats().opened;
    shard_.stats().held.fetch_add(1, std::memory_order_relaxed);
    opening_ = false;
    shard_.opening_done();
  } else if (type == "error") {
    shard_.stats().error(msg.value("code", "error"));
  }
}

void idle_client::on_close(const std::string& why, bool was_open) {
  shard_.stats().closed(why, was_open);
  if (welcomed_) shard_.stats().held.fetch_sub(1, std::memory_order_relaxed);
  if (opening_) {
    opening_ = false;
    shard_.opening_done();
  }
}

}  // namespace ringside::load
