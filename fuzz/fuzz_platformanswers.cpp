// What the platforms answer, read back: the MP4 movie header of a video (Mp4Duration)
// and an error answer of X, LinkedIn or Facebook (PlatformErrorReader). Both read bytes
// from outside: a video anyone may upload, and an answer from a server that is not ours.
//
// Input: one mode byte, then
//   0: the bytes of a file, read as an MP4. A duration, when found, is a finite number of
//      seconds, not negative, and reading never strays past the end of the file;
//   1: a platform (X, LinkedIn, Facebook), an HTTP status, a few headers from the set the
//      reader looks at, and a body. A success status is no error; anything else is an
//      error with words; a rate limit always says when it ends, never before the answer;
//      and only a 5xx or a transient Graph error may be read as "try again".

#include "server/media/mp4duration.h"
#include "server/platforms/platformerrorreader.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"

#include <QBuffer>

#include <cmath>
#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

// 2026-03-02T09:00:00Z
constexpr qint64 Now = 1'772'442'000'000;

void checkVideo(const uint8_t *data, size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer file(&bytes);
    file.open(QIODevice::ReadOnly);
    const std::optional<double> seconds = Mp4Duration::read(file);
    if (seconds)
        FUZZ_CHECK(std::isfinite(*seconds) && *seconds >= 0, u"a duration of %1 s"_s.arg(*seconds));
    FUZZ_CHECK(file.pos() <= bytes.size(), u"read at %1 of %2"_s.arg(file.pos()).arg(bytes.size()));
}

void checkAnswer(FuzzedDataProvider &input)
{
    static const char *const platforms[] = {"X", "LinkedIn", "Facebook"};
    static const char *const headerNames[] = {"date",
                                              "x-rate-limit-remaining",
                                              "x-rate-limit-reset",
                                              "x-user-limit-24hour-remaining",
                                              "x-user-limit-24hour-reset",
                                              "x-app-limit-24hour-remaining",
                                              "x-app-limit-24hour-reset",
                                              "x-business-use-case-usage",
                                              "x-app-usage"};
    const QString platform = QString::fromLatin1(platforms[input.ConsumeIntegralInRange(0, 2)]);
    PlatformResponse response;
    response.status
        = input.ConsumeBool()
              ? input.PickValueInArray({200, 201, 204, 400, 401, 403, 404, 422, 426, 429, 500, 503})
              : input.ConsumeIntegralInRange(100, 599);
    const int headers = input.ConsumeIntegralInRange(0, 4);
    for (int i = 0; i < headers; ++i) {
        const QByteArray name = headerNames[input.ConsumeIntegralInRange(0, 8)];
        response.headers.append(
            {name, QByteArray::fromStdString(input.ConsumeRandomLengthString(96))});
    }
    response.body = QByteArray::fromStdString(input.ConsumeRemainingBytesAsString());

    const auto error = PlatformErrorReader::read(response, platform, Now);
    const QString seen = u"%1 %2: %3"_s.arg(platform)
                             .arg(response.status)
                             .arg(QString::fromUtf8(response.body.left(200)));
    if (response.status >= 200 && response.status < 300) {
        FUZZ_CHECK(!error, u"a success read as an error: "_s + seen);
        return;
    }
    FUZZ_CHECK(error, u"a failure read as a success: "_s + seen);
    FUZZ_CHECK(!error->message.isEmpty(), u"an error without words: "_s + seen);
    FUZZ_CHECK(error->status == response.status, u"the status changed: "_s + seen);
    if (error->kind == PlatformError::Kind::RateLimited)
        FUZZ_CHECK(error->retryAtMs && *error->retryAtMs >= Now,
                   u"a rate limit ending at %1: "_s.arg(error->retryAtMs.value_or(-1)) + seen);
    else
        FUZZ_CHECK(!error->retryAtMs, u"a wait without a rate limit: "_s + seen);
    if (error->kind == PlatformError::Kind::Unavailable)
        FUZZ_CHECK(response.status >= 500 || platform == u"Facebook",
                   u"\"try again\" for a refusal: "_s + seen);
    FUZZ_CHECK(error->kind != PlatformError::Kind::Unknown,
               u"an answered call read as unknown: "_s + seen);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return -1;
    if (data[0] % 2 == 0) {
        checkVideo(data + 1, size - 1);
    } else {
        FuzzedDataProvider input(data + 1, size - 1);
        checkAnswer(input);
    }
    return 0;
}
