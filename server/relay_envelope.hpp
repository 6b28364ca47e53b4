#pragma once
// relay_envelope: what nodes of a cluster say to each other on their Redis channels about
// clients: a client's request forwarded to the node owning its room (`node:<id>:requests`),
// that client's connection gone, and the owner's answers (`node:<id>:replies`): a frame for
// the client, the client now in or out of a room, the request fully handled. Decoding checks
// every field: a garbled or forged message is refused, never half read.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringside::server {

struct relay_envelope {
  enum class kind { request, gone, frame, attached, detached, done };

  kind what = kind::request;
  std::string from;        // the node that sent it
  std::uint64_t peer = 0;  // the client's connection, as its own node numbers it
  std::uint64_t req = 0;   // request, done: the forwarding node's number for the request
  std::string run;         // request: the sending node's run token (empty from older nodes)
  std::string token;       // request: the client's own credentials, checked by the owner
  std::string address;     // request: the client's address, which some limits count by
  std::string room;        // attached, detached
  std::string text;        // request: the client's message; frame: the frame, as sent

  std::string encode() const;
  static std::optional<relay_envelope> decode(std::string_view payload);
};

// Whether `id` may name a node (letters, digits, - _ ., at most 64): also checked at start.
bool valid_node_id(std::string_view id);

// The channel a node reads other nodes' requests on, and the one its answers come back on.
std::string requests_channel(std::string_view node);
std::string replies_channel(std::string_view node);

}  // namespace ringside::server
