// The one instantiation of the common search for ZÈRTZ.
#include "engine/zertz/search.hpp"

#include "engine/common/search_impl.hpp"

template class ringside::searcher<ringside::zertz::search_traits>;
