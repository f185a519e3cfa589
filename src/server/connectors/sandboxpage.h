#pragma once

#include <QByteArray>

namespace slotline {

struct SandboxPublication;

// The public page of a post the sandbox published: what a reader of the platform would
// see. Everything from the post is escaped; the page loads no scripts.
class SandboxPage
{
public:
    static QByteArray render(const SandboxPublication &publication);
    static QByteArray notFound();
    // Sent with every page: nothing runs, only the post's images load.
    static QByteArray contentSecurityPolicy();
};

} // namespace slotline
