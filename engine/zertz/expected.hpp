#pragma once
// The engine-neutral expected<T> (engine/common/expected.hpp), under the names the ZÈRTZ
// engine has always used.

#include "engine/common/expected.hpp"

namespace ringside::zertz {

using ringside::expected;
using ringside::fail;
using ringside::failure;

}  // namespace ringside::zertz
