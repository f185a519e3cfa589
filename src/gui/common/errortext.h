#pragma once

#include <QCoreApplication>
#include <QString>

namespace slotline {
struct Submission;
}

namespace slotline::client {
class ApiError;
}

namespace slotline::gui {

// The app's own words, in the user's language, for what went wrong: every error code of
// the API it knows, and why a post failed. The server's message (English, for developers
// and logs) is the detail behind them, never the sentence shown.
class ErrorText
{
    Q_DECLARE_TR_FUNCTIONS(ErrorText)

public:
    // One sentence for the error: by its code, else by its kind.
    static QString describe(const client::ApiError &error);
    // What the server said, with the fields it named: for a tooltip or "Details".
    static QString detail(const client::ApiError &error);

    // Why a post failed, in words: the app's own for the post's errorCode, else the
    // server's errorMessage (written for people, as the platform put it), or that it failed
    // when the server gave no reason. Empty for a post that did not fail.
    static QString postFailure(const Submission &post);
    // The app's own words for a failed post's errorCode; empty for a code that the server's
    // message says better (a platform's refusal) or that this app does not know.
    static QString postFailureHeadline(const Submission &post);
};

} // namespace slotline::gui
