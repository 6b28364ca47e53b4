#pragma once
// erased_handler: a completion handler of any type behind one type, so an asynchronous
// operation is compiled once, not once per handler type (transport.hpp's reason to exist).
// It keeps the handler's associated executor, so completions still run where the handler
// asked; the allocator and cancellation slot are not carried (nothing here uses them).
// (Boost 1.81's any_completion_handler would do, but its executor cannot be asked for
// blocking.never, which Beast's teardown posts with.)

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/associated_executor.hpp>
#include <memory>
#include <type_traits>
#include <utility>

namespace ringside::net {

template <class... Args>
class erased_handler {
 public:
  using executor_type = boost::asio::any_io_executor;

  template <class Handler>
  erased_handler(Handler&& handler, const executor_type& fallback)
      : executor_(boost::asio::get_associated_executor(handler, fallback)),
        call_(std::make_unique<model<std::decay_t<Handler>>>(std::forward<Handler>(handler))) {}

  executor_type get_executor() const noexcept { return executor_; }

  // Called once; the handler is freed after it returns.
  void operator()(Args... args) {
    const std::unique_ptr<callable> call = std::move(call_);
    call->invoke(std::move(args)...);
  }

 private:
  struct callable {
    virtual ~callable() = default;
    virtual void invoke(Args... args) = 0;
  };
  template <class Handler>
  struct model final : callable {
    explicit model(Handler&& h) : handler(std::move(h)) {}
    void invoke(Args... args) override { std::move(handler)(std::move(args)...); }
    Handler handler;
  };

  executor_type executor_;
  std::unique_ptr<callable> call_;
};

}  // namespace ringside::net
