#include "server/publishing/connector.h"

namespace slotline {

PublishResult PublishResult::success(const QString &publicUrl, qint64 publishedAtMs)
{
    PublishResult result;
    result.published = true;
    result.publicUrl = publicUrl;
    result.publishedAtMs = publishedAtMs;
    return result;
}

PublishResult PublishResult::failure(FailureCode code, const QString &error, bool retryable)
{
    PublishResult result;
    result.code = code;
    result.error = error;
    result.retryable = retryable;
    return result;
}

PublishResult PublishResult::deferred(const QString &why, qint64 untilMs)
{
    PublishResult result;
    result.error = why;
    result.retryable = true;
    result.deferUntilMs = untilMs;
    return result;
}

Connector::Connector(QObject *parent)
    : QObject(parent)
{ }

Connector::~Connector() = default;

} // namespace slotline
