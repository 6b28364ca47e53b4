# ringside_warnings(target): the project's warning set, applied to every target we own.
function(ringside_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion
                                           -Wshadow -Wnon-virtual-dtor -Wold-style-cast)
endfunction()
