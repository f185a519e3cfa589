#pragma once

#include "server/publishing/ruleviolations.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {

// What the server knows of one medium of a post: its type and size, and a video's
// duration when its movie header states one.
struct MediaFacts
{
    QString mimeType;
    qint64 size = 0;
    std::optional<double> durationSeconds;
};

// The media each real platform takes in one post (mixing, type, size, duration; the count
// is PostRuleErrors'),
// as its documentation states them (docs/connectors.md has the table and its sources).
// Checked when a post is submitted, for the media the server holds itself, and again
// when the media are loaded before publishing, for those it fetched from elsewhere.
class MediaRules
{
public:
    // Whether `connector` ("x", "linkedin", "facebook") has rules here.
    static bool applies(const QString &connector);

    // One violation per broken rule; unknown media (nothing) are not judged. `field` names the
    // array ("post.content.mediaUrls").
    static void check(const QString &connector, const QList<std::optional<MediaFacts>> &media,
                      const QString &field, RuleViolations &violations);

    // The first rule the loaded media break, in words, or an empty string.
    static QString firstViolation(const QString &connector, const QList<MediaFacts> &media);

private:
    struct Violation
    {
        qsizetype index = -1; // the medium, or -1 for the post's media as a whole
        QString message;
    };
    static QList<Violation> violations(const QString &connector,
                                       const QList<std::optional<MediaFacts>> &media);
};

} // namespace slotline
