#pragma once
// erased_handler: a completion handler of any type behind one type, so an asynchronous
// operation is compiled once, not once per handler type (transport.hpp's reason to exist).
// It keeps the handler's associated executor, so completions still run where the handler
// asked; the allocator and cancellation slot are not carried (nothing here uses them).
// (Boost 1.81's any_completion_handler would do, but its executor cannot be asked for
// blocking.never, which Beast's teardown posts with.)

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/recycling_allocator.hpp>
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
        call_(make_model(std::forward<Handler>(handler))) {}

  executor_type get_executor() const noexcept { return executor_; }

  // Called once. The handler leaves its memory before it runs, so the write it starts next
  // reuses the same block.
  void operator()(Args... args) { call_.release()->invoke_and_destroy(std::move(args)...); }

 private:
  struct callable {
    virtual void invoke_and_destroy(Args... args) = 0;
    virtual void destroy() noexcept = 0;

   protected:
    ~callable() = default;
  };
  struct destroyer {
    void operator()(callable* c) const noexcept { c->destroy(); }
  };
  // Every read and write of every connection makes one of these: Asio's per-thread recycling
  // allocator hands back the block the last one freed instead of a trip through malloc.
  template <class Handler>
  struct model final : callable {
    using allocator = typename std::allocator_traits<
        boost::asio::recycling_allocator<void>>::template rebind_alloc<model>;
    explicit model(Handler&& h) : handler(std::move(h)) {}
    void invoke_and_destroy(Args... args) override {
      Handler h(std::move(handler));
      destroy();
      std::move(h)(std::move(args)...);
    }
    void destroy() noexcept override {
      allocator a;
      std::allocator_traits<allocator>::destroy(a, this);
      std::allocator_traits<allocator>::deallocate(a, this, 1);
    }
    Handler handler;
  };
  template <class Handler>
  static callable* make_model(Handler&& handler) {
    using m = model<std::decay_t<Handler>>;
    typename m::allocator a;
    m* p = std::allocator_traits<typename m::allocator>::allocate(a, 1);
    try {
      std::allocator_traits<typename m::allocator>::construct(a, p, std::forward<Handler>(handler));
    } catch (...) {
      std::allocator_traits<typename m::allocator>::deallocate(a, p, 1);
      throw;
    }
    return p;
  }

  executor_type executor_;
  std::unique_ptr<callable, destroyer> call_;
};

}  // namespace ringside::net
