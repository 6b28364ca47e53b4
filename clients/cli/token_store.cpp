#include "clients/cli/token_store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace ringside::cli {

namespace {

std::string safe_file_name(const std::string& address) {
  std::string out;
  std::string_view rest = address;
  if (rest.starts_with("ws://")) rest.remove_prefix(5);
  for (char c : rest) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-';
    out += keep ? c : '_';
  }
  return out.empty() ? "default" : out;
}

}  // namespace

std::filesystem::path config_dir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/')
    return std::filesystem::path(xdg) / "ringside";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home != nullptr ? home : ".") / ".config" / "ringside";
}

token_store::token_store(const std::string& server_address)
    : path_(config_dir() / (safe_file_name(server_address) + ".json")) {}

saved_identity token_store::load() const {
  saved_identity id;
  std::ifstream in(path_);
  if (!in) return id;
  const auto doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object()) return id;
  if (doc.contains("token") && doc["token"].is_string()) id.token = doc["token"];
  if (doc.contains("player") && doc["player"].is_string()) id.player = doc["player"];
  if (doc.contains("rooms") && doc["rooms"].is_object()) {
    for (const auto& [room, role] : doc["rooms"].items())
      if (role.is_string()) id.rooms[room] = role.get<std::string>();
  }
  return id;
}

bool token_store::save(const saved_identity& id) const {
  std::error_code ec;
  std::filesystem::create_directories(path_.parent_path(), ec);
  if (ec) return false;
  ::chmod(path_.parent_path().c_str(), 0700);
  const nlohmann::json doc = {{"token", id.token}, {"player", id.player}, {"rooms", id.rooms}};
  const std::string text = doc.dump(2) + "\n";
  const auto tmp = path_.string() + ".tmp";
  // Created 0600 from the start, so the token is never readable by others, not even briefly.
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  ::fchmod(fd, 0600);
  const auto n = ::write(fd, text.data(), text.size());
  const bool ok = n == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path_.c_str()) != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace ringside::cli
