// Page cursors (pagecursor::encode/decode): what a client sends back in ?cursor=.
//
// Input: one mode byte, then
//   0: a cursor as text (UTF-8), decoded for every list;
//   1: a page position (numbers, strings, booleans, null, as the lists use them) built from
//      the input, encoded for one list and decoded again, also after a one-character change.
// Properties: decode(encode(position)) is the position; a cursor of one list is refused by
// every other; whatever decodes encodes and decodes to the same position again; cursors
// longer than the contract's 1024 characters are refused; garbage is refused cleanly.

#include "core/pagecursor.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"

#include <QJsonDocument>

#include <cmath>
#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString Lists[]
    = {u"posts"_s, u"published-posts"_s, u"schedules"_s, u"drafts"_s, u"calls"_s, u"accounts"_s};

QString show(const QJsonArray &position)
{
    return QString::fromUtf8(QJsonDocument(position).toJson(QJsonDocument::Compact));
}

// Numbers compare by value: JSON does not say whether 3 is an integer or a double.
bool samePosition(const QJsonArray &a, const QJsonArray &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QJsonValue x = a[i];
        const QJsonValue y = b[i];
        if (x.isDouble() && y.isDouble()) {
            if (x.toDouble() != y.toDouble() || x.toInteger() != y.toInteger())
                return false;
        } else if (x != y) {
            return false;
        }
    }
    return true;
}

void checkDecodedCursor(const QString &cursor)
{
    int accepted = 0;
    for (const QString &list : Lists) {
        const auto position = pagecursor::decode(list, cursor);
        if (!position)
            continue;
        ++accepted;
        FUZZ_CHECK(cursor.size() <= 1024, u"a cursor of %1 characters"_s.arg(cursor.size()));
        // What Qt's JSON reader tolerates (raw control characters) is written escaped, so
        // a tampered cursor's position may no longer fit in one; the server never writes
        // back a position it read, so only positions that fit must come back whole.
        const QString again = pagecursor::encode(list, *position);
        if (again.size() > 1024)
            continue;
        const auto decodedAgain = pagecursor::decode(list, again);
        FUZZ_CHECK(
            decodedAgain && samePosition(*decodedAgain, *position),
            u"%1 decodes to %2, which does not survive encoding"_s.arg(cursor, show(*position)));
    }
    FUZZ_CHECK(accepted <= 1, u"%1 is a cursor of %2 lists"_s.arg(cursor).arg(accepted));
}

// Text as page positions hold it: ids, words, any Unicode, but whole code points.
QString consumeText(FuzzedDataProvider &input)
{
    const std::string bytes = input.ConsumeRandomLengthString(64);
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

QJsonArray consumePosition(FuzzedDataProvider &input)
{
    QJsonArray position;
    const int parts = input.ConsumeIntegralInRange(1, 4);
    for (int i = 0; i < parts; ++i) {
        switch (input.ConsumeIntegralInRange(0, 5)) {
        case 0: position.append(input.ConsumeIntegral<qint64>()); break;
        case 1: // a time in milliseconds, what most lists sort by
            position.append(
                input.ConsumeIntegralInRange<qint64>(-62'135'596'800'000, 253'402'300'799'999));
            break;
        case 2: {
            const double number = input.ConsumeFloatingPoint<double>();
            if (std::isfinite(number))
                position.append(number);
            break;
        }
        case 3: position.append(consumeText(input)); break;
        case 4: position.append(input.ConsumeBool()); break;
        case 5: position.append(QJsonValue(QJsonValue::Null)); break;
        }
    }
    return position;
}

void checkPosition(FuzzedDataProvider &input)
{
    const QString &list = Lists[input.ConsumeIntegralInRange<size_t>(0, std::size(Lists) - 1)];
    const QJsonArray position = consumePosition(input);
    const QString cursor = pagecursor::encode(list, position);
    const auto decoded = pagecursor::decode(list, cursor);
    if (cursor.size() > 1024) {
        FUZZ_CHECK(!decoded, u"a cursor of %1 characters is accepted"_s.arg(cursor.size()));
        return;
    }
    FUZZ_CHECK(decoded && samePosition(*decoded, position),
               u"%1 encodes to %2, which decodes to %3"_s.arg(
                   show(position), cursor, decoded ? show(*decoded) : u"nothing"_s));
    for (const QString &other : Lists) {
        if (other != list)
            FUZZ_CHECK(!pagecursor::decode(other, cursor),
                       u"a cursor of %1 is accepted by %2"_s.arg(list, other));
    }
    // A cursor someone changed decodes to something that is a position, or to nothing.
    if (!cursor.isEmpty()) {
        QString changed = cursor;
        const qsizetype at = input.ConsumeIntegralInRange<qsizetype>(0, changed.size() - 1);
        changed[at] = QChar(input.ConsumeIntegralInRange<char16_t>(0x20, 0x7e));
        checkDecodedCursor(changed);
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 2048)
        return -1;
    if (data[0] % 2 == 0) {
        checkDecodedCursor(
            QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1)));
    } else {
        FuzzedDataProvider input(data + 1, size - 1);
        checkPosition(input);
    }
    return 0;
}
