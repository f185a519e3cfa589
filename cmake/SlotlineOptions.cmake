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

if(SLOTLINE_WERROR)
    target_compile_options(slotline_options INTERFACE -Werror)
endif()

if(SLOTLINE_SANITIZE)
    target_compile_options(slotline_options INTERFACE
        -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(slotline_options INTERFACE -fsanitize=address,undefined)
endif()
