// The one instantiation of the common search for DVONN.
#include "engine/dvonn/search.hpp"

#include "engine/common/search_impl.hpp"

template class ringside::searcher<ringside::dvonn::search_traits>;
