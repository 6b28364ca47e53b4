# The browser client (clients/web/public) built into ringside-server: every file there becomes
# bytes in the binary (cmake/embed_files.cmake), so the server reads nothing from disk to
# serve the page, a copied binary or the container serves it too, and no path can reach a
# file outside the client. Included from server/CMakeLists.txt.
include_guard(GLOBAL)
find_program(GZIP_EXECUTABLE gzip REQUIRED)

set(web_client_root ${PROJECT_SOURCE_DIR}/clients/web/public)
# A glob, unlike the sources: the client's files are data, and a new module must be served
# without a second edit here. CONFIGURE_DEPENDS re-globs at build time.
file(GLOB_RECURSE web_client_paths RELATIVE ${web_client_root} CONFIGURE_DEPENDS
     ${web_client_root}/*)
list(SORT web_client_paths)
list(JOIN web_client_paths "\n" web_client_listing)
# Rewritten only when the set of files changes, so an added or removed file regenerates.
set(web_client_list ${CMAKE_CURRENT_BINARY_DIR}/web_client_files.txt)
file(CONFIGURE OUTPUT ${web_client_list} CONTENT "${web_client_listing}\n")
list(TRANSFORM web_client_paths PREPEND ${web_client_root}/ OUTPUT_VARIABLE web_client_files)

set(web_client_cpp ${CMAKE_CURRENT_BINARY_DIR}/web_client_files.cpp)
add_custom_command(
  OUTPUT ${web_client_cpp}
  COMMAND ${CMAKE_COMMAND} -DROOT=${web_client_root} -DLIST=${web_client_list}
          -DGZIP=${GZIP_EXECUTABLE} -DOUTPUT=${web_client_cpp}
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${web_client_files} ${web_client_list} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Embedding the browser client (clients/web/public)"
  VERBATIM)

# Only data: no warnings flags (a generated array has nothing to warn about).
add_library(ringside_web_client STATIC ${web_client_cpp})
target_include_directories(ringside_web_client PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_features(ringside_web_client PUBLIC cxx_std_20)
