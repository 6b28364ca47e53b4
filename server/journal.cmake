# ringside_journal: the durable journal on SQLite or PostgreSQL and the token digest
# (server/journal*.cpp, the two store connections, server/token_digest.cpp: SHA-256 from
# OpenSSL's libcrypto). Included from server/CMakeLists.txt with include(journal.cmake).
include_guard(GLOBAL)
find_package(SQLite3 REQUIRED)
find_package(OpenSSL 3 REQUIRED)
find_package(PostgreSQL REQUIRED)
include(${CMAKE_CURRENT_LIST_DIR}/rating.cmake)

add_library(ringside_journal STATIC
  ${CMAKE_CURRENT_LIST_DIR}/journal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/journal_players.cpp
  ${CMAKE_CURRENT_LIST_DIR}/journal_statement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/postgres_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sqlite_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/store_copy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/token_digest.cpp)
# Includes are written from the repository root ("server/journal.hpp", "engine/common/...").
target_include_directories(ringside_journal PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(ringside_journal PUBLIC SQLite::SQLite3 OpenSSL::Crypto PostgreSQL::PostgreSQL
  ringside_common ringside_rating)
ringside_warnings(ringside_journal)
