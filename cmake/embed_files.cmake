# Turns a directory's files into one C++ source, run at build time by
# `cmake -P embed_files.cmake` (see server/web_client.cmake). Each file becomes its bytes,
# its `gzip -9n` copy (-n: no name or time in the header, so a rebuild makes the same bytes)
# and a strong ETag from its SHA-256, all read by server/static_files.cpp at run time.
#
# In:  ROOT (the directory), LIST (a file naming ROOT's files, one per line, relative to
#      ROOT), GZIP (the gzip program), OUTPUT (the .cpp to write).
cmake_minimum_required(VERSION 3.25)
foreach(var ROOT LIST GZIP OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_files.cmake needs -D${var}=...")
  endif()
endforeach()

# "0x3c,0x21,..." for a file's bytes, 16 to a line.
function(bytes_of file out)
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(REPEAT "0x..," 16 line)  # CMake's regular expressions have no {16}
  string(REGEX REPLACE "(${line})" "\\1\n    " hex "${hex}")
  set(${out} "${hex}" PARENT_SCOPE)
endfunction()

file(STRINGS "${LIST}" files)
get_filename_component(work "${OUTPUT}" DIRECTORY)
set(arrays "")
set(entries "")
set(index 0)
foreach(name ${files})
  set(path "${ROOT}/${name}")
  set(packed "${work}/embedded.gz")
  execute_process(COMMAND "${GZIP}" -9 -n -c "${path}" OUTPUT_FILE "${packed}"
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "gzip ${path} failed")
  endif()
  bytes_of("${path}" plain)
  bytes_of("${packed}" gzipped)
  file(SIZE "${path}" plain_size)
  file(SIZE "${packed}" gzip_size)
  file(SHA256 "${path}" digest)
  string(SUBSTRING "${digest}" 0 24 digest)
  # An empty file still needs one byte in its array (C++ has no zero-length arrays).
  string(APPEND arrays
         "const unsigned char file_${index}[] = {\n    ${plain}0};\n"
         "const unsigned char file_${index}_gz[] = {\n    ${gzipped}0};\n")
  string(APPEND entries
         "    {\"/${name}\", file_${index}, ${plain_size}, file_${index}_gz, ${gzip_size}, "
         "\"${digest}\"},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(REMOVE "${work}/embedded.gz")

file(WRITE "${OUTPUT}"
  "// Generated at build time by cmake/embed_files.cmake from the files in ${ROOT}.\n"
  "#include \"server/embedded_file.hpp\"\n\n"
  "namespace ringside::server {\n\nnamespace {\n\n"
  "${arrays}\n"
  "const embedded_file files[] = {\n${entries}};\n\n"
  "}  // namespace\n\n"
  "std::span<const embedded_file> web_client_files() {\n  return files;\n}\n\n"
  "}  // namespace ringside::server\n")
