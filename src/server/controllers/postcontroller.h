#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

namespace slotline {

class OperationRegistry;
class PostSubmitter;
class PublishedPostRepository;
class SubmissionRepository;

// POST /posts, GET /posts, GET /posts/{submissionId} and GET /published-posts.
class PostController
{
public:
    PostController(PostSubmitter &submitter, SubmissionRepository &submissions,
                   PublishedPostRepository &published);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome createPost(const CallContext &context, const QJsonObject &parameters);
    Outcome listPosts(const CallContext &context, const QJsonObject &parameters);
    Outcome getPost(const CallContext &context, const QJsonObject &parameters);
    Outcome listPublished(const CallContext &context, const QJsonObject &parameters);

    PostSubmitter &m_submitter;
    SubmissionRepository &m_submissions;
    PublishedPostRepository &m_published;
};

} // namespace slotline
