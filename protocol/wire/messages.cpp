#include "protocol/wire/messages.hpp"

namespace ringside::protocol {

std::string_view to_string(error_code c) {
  switch (c) {
    case error_code::hello_first:
      return "hello_first";
    case error_code::bad_request:
      return "bad_request";
    case error_code::unknown_type:
      return "unknown_type";
    case error_code::no_such_room:
      return "no_such_room";
    case error_code::room_full:
      return "room_full";
    case error_code::not_a_player:
      return "not_a_player";
    case error_code::not_your_turn:
      return "not_your_turn";
    case error_code::illegal_move:
      return "illegal_move";
    case error_code::stale_version:
      return "stale_version";
    case error_code::game_over:
      return "game_over";
    case error_code::rate_limited:
      return "rate_limited";
    case error_code::bad_token:
      return "bad_token";
    case error_code::too_many_rooms:
      return "too_many_rooms";
    case error_code::too_many_connections:
      return "too_many_connections";
    case error_code::too_many_identities:
      return "too_many_identities";
    case error_code::bad_name:
      return "bad_name";
    case error_code::name_taken:
      return "name_taken";
    case error_code::too_many_seats:
      return "too_many_seats";
    case error_code::computer_busy:
      return "computer_busy";
    case error_code::not_rateable:
      return "not_rateable";
    case error_code::bad_clock:
      return "bad_clock";
    case error_code::internal_error:
      return "internal_error";
    case error_code::too_many_seeks:
      return "too_many_seeks";
    case error_code::no_such_seek:
      return "no_such_seek";
    case error_code::bad_settings:
      return "bad_settings";
    case error_code::not_creator:
      return "not_creator";
    case error_code::not_waiting:
      return "not_waiting";
    case error_code::no_offer:
      return "no_offer";
    case error_code::own_offer:
      return "own_offer";
    case error_code::nothing_to_take_back:
      return "nothing_to_take_back";
    case error_code::takebacks_off:
      return "takebacks_off";
    case error_code::game_not_over:
      return "game_not_over";
    case error_code::bad_credentials:
      return "bad_credentials";
    case error_code::name_reserved:
      return "name_reserved";
    case error_code::bad_password:
      return "bad_password";
    case error_code::already_registered:
      return "already_registered";
    case error_code::login_limited:
      return "login_limited";
    case error_code::room_unavailable:
      return "room_unavailable";
    case error_code::invalid:
      break;
  }
  return "internal_error";
}

const request_id& id_of(const client_message& m) {
  return std::visit([](const auto& x) -> const request_id& { return x.id; }, m);
}

}  // namespace ringside::protocol
