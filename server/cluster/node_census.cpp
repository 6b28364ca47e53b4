#include "server/cluster/node_census.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <tuple>

namespace ringside::server::cluster {

std::string node_info::encode() const {
  nlohmann::json j{{"address", address}, {"rooms", rooms}, {"online", online}, {"load", load}};
  if (!run.empty()) j["run"] = run;
  return j.dump();
}

std::optional<node_info> node_info::decode(const std::string& id, const std::string& value) {
  const auto j = nlohmann::json::parse(value, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto address = j.find("address");
  const auto rooms = j.find("rooms");
  const auto online = j.find("online");
  const auto load = j.find("load");
  if (address == j.end() || !address->is_string() || rooms == j.end() ||
      !rooms->is_number_integer() || online == j.end() || !online->is_number_integer() ||
      load == j.end() || !load->is_number()) {
    return std::nullopt;
  }
  node_info out;
  out.id = id;
  out.address = address->get<std::string>();
  out.rooms = rooms->get<std::int64_t>();
  out.online = online->get<std::int64_t>();
  out.load = load->get<double>();
  // Older nodes' heartbeats carry no run: such a node's restarts go unnoticed, as before.
  if (const auto run = j.find("run"); run != j.end() && run->is_string()) {
    out.run = run->get<std::string>();
  }
  return out;
}

std::optional<node_info> node_census::least_loaded(double load_margin) const {
  if (live.empty()) return std::nullopt;
  const auto lightest =
      std::min_element(live.begin(), live.end(), [](const node_info& a, const node_info& b) {
        return a.load < b.load;
      })->load;
  const node_info* best = nullptr;
  for (const auto& n : live) {
    if (n.load > lightest + load_margin) continue;
    if (!best || std::tie(n.rooms, n.online, n.id) < std::tie(best->rooms, best->online, best->id))
      best = &n;
  }
  return *best;
}

std::int64_t node_census::online() const {
  std::int64_t total = 0;
  for (const auto& n : live) total += n.online;
  return total;
}

bool node_census::is_live(const std::string& id) const {
  return std::any_of(live.begin(), live.end(), [&](const node_info& n) { return n.id == id; });
}

}  // namespace ringside::server::cluster
