#pragma once
// Tolerant reads of server JSON: a missing field or one of the wrong type reads as absent,
// because a client must keep working against a server that adds or changes fields.

#include <nlohmann/json.hpp>
#include <string>

namespace ringside::cli {

// A shared null, returned for anything absent so callers can chain lookups.
inline const nlohmann::json& null_json() {
  static const nlohmann::json null;
  return null;
}

// `doc[key]` when doc is an object that has it; null otherwise (never inserts).
inline const nlohmann::json& field(const nlohmann::json& doc, const char* key) {
  if (!doc.is_object()) return null_json();
  const auto it = doc.find(key);
  return it == doc.end() ? null_json() : *it;
}
inline const nlohmann::json& field(const nlohmann::json& doc, const std::string& key) {
  return field(doc, key.c_str());
}

// The string at `key`, or "" when absent or not a string.
inline std::string field_string(const nlohmann::json& doc, const char* key) {
  const auto& v = field(doc, key);
  return v.is_string() ? v.get<std::string>() : std::string();
}
inline std::string field_string(const nlohmann::json& doc, const std::string& key) {
  return field_string(doc, key.c_str());
}

// The integer at `key`, or `fallback`.
inline int field_int(const nlohmann::json& doc, const char* key, int fallback) {
  const auto& v = field(doc, key);
  return v.is_number_integer() ? v.get<int>() : fallback;
}

}  // namespace ringside::cli
