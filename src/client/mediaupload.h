#pragma once

#include <QString>

namespace slotline::client {

// A file added to a draft, kept by the app until the server has it: `reference`
// (localmedia) stands for it in the draft's mediaUrls meanwhile.
struct MediaUpload
{
    QString reference;
    QString filePath; // the app's own copy, in its media folder
    QString name; // the file's name as the user chose it
    QString contentType; // empty: the server tells by the bytes
    qint64 size = 0;

    bool operator==(const MediaUpload &) const = default;
};

} // namespace slotline::client
