# ringside_journal: the durable SQLite journal and the token digest (server/journal*.cpp,
# server/sha256.cpp). Included from server/CMakeLists.txt with include(journal.cmake).
include_guard(GLOBAL)
find_package(SQLite3 REQUIRED)

add_library(ringside_journal STATIC
  ${CMAKE_CURRENT_LIST_DIR}/journal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/journal_statement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sha256.cpp)
# Includes are written from the repository root ("server/journal.hpp", "engine/common/...").
target_include_directories(ringside_journal PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(ringside_journal PUBLIC SQLite::SQLite3)
ringside_warnings(ringside_journal)
