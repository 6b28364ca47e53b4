# ringside_rating: Glicko-2 and the rating categories (server/rating/): pure arithmetic, no
# server types, used by the journal (which updates ratings with a game's end) and the rooms.
include_guard(GLOBAL)
add_library(ringside_rating STATIC
  ${CMAKE_CURRENT_LIST_DIR}/rating/glicko2.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rating/rating_category.cpp)
target_include_directories(ringside_rating PUBLIC ${PROJECT_SOURCE_DIR})
ringside_warnings(ringside_rating)
