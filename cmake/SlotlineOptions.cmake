# One INTERFACE target carries the flags every Slotline target compiles with, so a
# layer cannot silently opt out of them.
add_library(slotline_options INTERFACE)
add_library(Slotline::options ALIAS slotline_options)

target_compile_features(slotline_options INTERFACE cxx_std_20)

target_compile_definitions(slotline_options INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_URL_CAST_FROM_STRING
    QT_USE_QSTRINGBUILDER
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_FOREACH
    QT_NO_KEYWORDS
    QT_STRICT_ITERATORS
    # Qt 6.4 has no QT_NO_CONTEXTLESS_CONNECT; tests/style enforces the rule instead.
    QT_DISABLE_DEPRECATED_BEFORE=0x060400
    SLOTLINE_VERSION="${PROJECT_VERSION}")

target_compile_options(slotline_options INTERFACE
    -Wall -Wextra -Wpedantic
    -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
    -Wcast-align -Wnull-dereference -Wimplicit-fallthrough
    -Wformat=2 -Wmissing-declarations)

# lld links a sanitized test program in a quarter of ld.bfd's time (1.4 s against 5.1 s),
# and a build links some 150 of them.
option(SLOTLINE_LLD "Link with lld when it is installed" ON)
find_program(SLOTLINE_LD_LLD ld.lld)
if(SLOTLINE_LLD AND SLOTLINE_LD_LLD)
    target_link_options(slotline_options INTERFACE -fuse-ld=lld)
endif()

if(SLOTLINE_WERROR)
    target_compile_options(slotline_options INTERFACE -Werror)
endif()

if(SLOTLINE_SANITIZE)
    target_compile_options(slotline_options INTERFACE
        -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(slotline_options INTERFACE -fsanitize=address,undefined)
endif()

# The fuzz preset: libFuzzer's coverage instrumentation and both sanitizers on every
# Slotline library; the fuzz targets link libFuzzer itself (fuzz/CMakeLists.txt).
if(SLOTLINE_FUZZ)
    target_compile_options(slotline_options INTERFACE
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
        -fno-omit-frame-pointer)
    target_link_options(slotline_options INTERFACE -fsanitize=address,undefined)
endif()

# Optimized builds without sanitizers (the release preset, hence the packages) get the
# hardening Debian builds its own packages with: stack protector, checked libc calls,
# stack clash and control-flow protection, and a read-only GOT bound at start-up.
# _FORTIFY_SOURCE needs the optimizer, so debug builds cannot have it; the sanitizers
# check more than it does there. The -U first spares a redefinition warning (an error
# here) when the environment's CXXFLAGS already set a level.
if(NOT SLOTLINE_SANITIZE AND NOT SLOTLINE_FUZZ)
    set(slotline_optimized "$<CONFIG:Release,RelWithDebInfo,MinSizeRel>")
    target_compile_options(slotline_options INTERFACE
        "$<${slotline_optimized}:-fstack-protector-strong;-fstack-clash-protection;-fcf-protection>"
        "$<${slotline_optimized}:-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2>")
    target_link_options(slotline_options INTERFACE
        "$<${slotline_optimized}:LINKER:-z,relro;LINKER:-z,now>")
endif()

# A library exports only its own headers: build/include/<folder>/ holds one link, <folder>,
# to src/<folder>, and that directory is the library's include root. Includes keep their
# "<folder>/file.h" form, and a target reaches a library's headers only by linking it, so
# a layer that includes one it does not depend on fails to compile.
function(slotline_export_headers target folder)
    set(root "${PROJECT_BINARY_DIR}/include/${folder}")
    file(MAKE_DIRECTORY "${root}")
    file(CREATE_LINK "${PROJECT_SOURCE_DIR}/src/${folder}" "${root}/${folder}" SYMBOLIC)
    target_include_directories(${target} PUBLIC "${root}")
endfunction()
