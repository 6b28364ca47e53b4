#pragma once
// expected<T>: a value or a reason a person can act on. Every engine's parsers and checks,
// and the journal, return it instead of throwing (C++20 has no std::expected yet).

#include <string>
#include <utility>
#include <variant>

namespace ringside {

struct failure {
  std::string reason;
};

// Makes a failure; `return fail("e4 is not vacant");` converts into any expected<T>.
inline failure fail(std::string reason) {
  return failure{std::move(reason)};
}

template <class T>
class expected {
 public:
  using value_type = T;

  expected(T value) : state_(std::move(value)) {}
  expected(failure f) : state_(std::move(f)) {}

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  // Precondition: has_value().
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // Precondition: !has_value().
  const std::string& error() const { return std::get<1>(state_).reason; }

 private:
  std::variant<T, failure> state_;
};

}  // namespace ringside
