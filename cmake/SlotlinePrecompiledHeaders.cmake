# Precompiled headers. Most of a translation unit's compile time here is spent parsing the
# same Qt and standard headers; precompiling them once per library (and once for all
# tests of a kind) took 39 % off the widget library's cold build. GCC only: the fuzz preset
# (clang) builds without them, which keeps every source file honest about its own
# includes.
option(SLOTLINE_PCH "Precompile the common Qt and standard headers (GCC)" ON)

set(slotline_pch_core
    <algorithm> <array> <functional> <memory> <optional> <utility> <vector>
    <QByteArray> <QCoreApplication> <QCryptographicHash> <QDateTime> <QDir> <QFile>
    <QFileInfo> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QJsonValue> <QList>
    <QLocale> <QLoggingCategory> <QObject> <QPointer> <QRegularExpression> <QSet> <QString>
    <QStringList> <QTimeZone> <QTimer> <QUrl> <QUrlQuery>)
set(slotline_pch_network
    <QHostAddress> <QNetworkAccessManager> <QNetworkReply> <QNetworkRequest> <QTcpServer>
    <QTcpSocket>)
set(slotline_pch_sql <QSqlDatabase> <QSqlError> <QSqlQuery>)
set(slotline_pch_httpserver <QHttpServerRequest> <QHttpServerResponder>)
set(slotline_pch_widgets
    <QAbstractItemModel> <QApplication> <QBoxLayout> <QIcon> <QLabel> <QLineEdit>
    <QMessageBox> <QPainter> <QPushButton> <QToolButton> <QWidget>)
set(slotline_pch_test <QSignalSpy> <QTemporaryDir> <QTest>)

set(slotline_pch_enabled OFF)
if(SLOTLINE_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(slotline_pch_enabled ON)
endif()

# ccache caches compilations that use a precompiled header only when told that the
# header's macros and timestamps may be trusted; without this every cold-cache build
# would also be a cold build the second time.
if(slotline_pch_enabled AND SLOTLINE_CCACHE
        AND CMAKE_CXX_COMPILER_LAUNCHER STREQUAL "${SLOTLINE_CCACHE}")
    set(CMAKE_CXX_COMPILER_LAUNCHER
        "${CMAKE_COMMAND};-E;env;CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime;${SLOTLINE_CCACHE}")
endif()

# slotline_precompile_headers(<target> <kind>...): kinds are core, network, sql,
# httpserver, widgets and test; core is always included. Only name kinds whose Qt module
# the target links.
function(slotline_precompile_headers target)
    if(NOT slotline_pch_enabled)
        return()
    endif()
    set(headers ${slotline_pch_core})
    foreach(kind IN LISTS ARGN)
        list(APPEND headers ${slotline_pch_${kind}})
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# slotline_reuse_precompiled_headers(<target> <from>): a test executable of one source file
# would spend longer building its own header than it saves, so it borrows the one of a
# target compiled with the same flags and Qt modules.
function(slotline_reuse_precompiled_headers target from)
    if(slotline_pch_enabled)
        target_precompile_headers(${target} REUSE_FROM ${from})
    endif()
endfunction()
