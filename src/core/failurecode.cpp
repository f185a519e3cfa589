#include "core/failurecode.h"

#include <array>
#include <utility>

namespace slotline::failurecodes {

namespace {

constexpr std::array<std::pair<FailureCode, const char16_t *>, 11> Spellings {{
    {FailureCode::PlatformRefused, u"platform_refused"},
    {FailureCode::Duplicate, u"duplicate"},
    {FailureCode::NeedsReconnect, u"needs_reconnect"},
    {FailureCode::AccountDisconnected, u"account_disconnected"},
    {FailureCode::PageUnavailable, u"page_unavailable"},
    {FailureCode::PlatformNotConfigured, u"platform_not_configured"},
    {FailureCode::MediaRejected, u"media_rejected"},
    {FailureCode::MediaUnavailable, u"media_unavailable"},
    {FailureCode::PlatformUnavailable, u"platform_unavailable"},
    {FailureCode::MayHavePublished, u"may_have_published"},
    {FailureCode::ConnectorUnavailable, u"connector_unavailable"},
}};

} // namespace

QString toString(FailureCode code)
{
    for (const auto &[known, spelling] : Spellings) {
        if (known == code)
            return QString::fromUtf16(spelling);
    }
    return QStringLiteral("platform_refused");
}

std::optional<FailureCode> fromString(QStringView value)
{
    for (const auto &[code, spelling] : Spellings) {
        if (value == QStringView(spelling))
            return code;
    }
    return std::nullopt;
}

QStringList all()
{
    QStringList codes;
    for (const auto &[code, spelling] : Spellings)
        codes.append(QString::fromUtf16(spelling));
    return codes;
}

} // namespace slotline::failurecodes
