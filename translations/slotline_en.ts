<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AccountsPanel</name>
    <message>
        <source>Accounts and pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the accounts whose posts and drafts are shown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message>
        <source>The server&apos;s answer was not understood (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>The server answered with HTTP status %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApiKeysPage</name>
    <message>
        <source>API keys and call log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;API keys of the project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project&apos;s API keys: name, prefix, when each was created and last used. Revoked keys are greyed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys are created and revoked on the server, with slotline-server keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the keys and the call log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls made with the project&apos;s keys, newest first. Select one to see its arguments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments of the selected call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a call to see its arguments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call log status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CalendarPanel</name>
    <message>
        <source>Previous week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the week of this date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sched&amp;ule for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account a draft dropped on the calendar is scheduled for, unless the slot it lands on is for one account; and the target of slots added while editing slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;imes in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calendar message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComposerWidget</name>
    <message>
        <source>Composer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LinkedIn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meant for LinkedIn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meant for X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Facebook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meant for Facebook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Post text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What do you want to say?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LinkedIn length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Facebook length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem with the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Media</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Account:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account to publish with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page to publish as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem with the account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publication date and time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the ne&amp;xt free slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem with the time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publication result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the draft now (Ctrl+S); drafts are also saved while you type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish or schedule this post (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pu&amp;blish now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectAccountDialog</name>
    <message>
        <source>Connect Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the platform of the account. Slotline opens the platform&apos;s page in your browser: sign in there and allow Slotline to publish for you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;LinkedIn — your profile and the organization pages you manage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;X — your X account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Facebook Pages — the pages you manage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish in your browser…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If the browser did not open, open this &amp;address in it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address of the platform&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the address in the browser again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pages the account can publish to</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use the server built into Slotline (on this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the server built into Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your posts and accounts stay on this computer. A demo project with sandbox accounts for LinkedIn, X and Facebook is created, so you can try everything without publishing anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect to a Slotline server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a Slotline server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeleteDraftCommand</name>
    <message>
        <source>Delete draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete draft “%1”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DraftsPanel</name>
    <message>
        <source>Search drafts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the deletion</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>The project has no credits left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The text is too long for the platform.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are more media than the platform takes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That time has passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account has no free slot in the next 26 weeks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The draft was changed elsewhere in the meantime.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The post is already being published and can no longer be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a slot at that time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server may not fetch files from that address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not fetch the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That kind of file cannot be posted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is too large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upload took too long and has expired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upload address was already used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file changed while it was being uploaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server already answered a different request sent as this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not accept some of the values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not offer this; it may be an older version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It no longer exists on the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It was changed on the server in the meantime.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Too many calls for now; they resume in %Ln second(s).</source>
        <translation>
            <numerusform>Too many calls for now; they resume in %Ln second.</numerusform>
            <numerusform>Too many calls for now; they resume in %Ln seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server had a problem of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s answer could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request was dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not handle the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publishing failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot connect accounts of that platform yet: its administrator has to register Slotline with the platform first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account still has scheduled posts: cancel them first, or disconnect it and cancel them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already has this text on the account</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account needs to be connected again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account was disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page can no longer be published to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has no %1 app</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused an image or video</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An image or video could not be fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may have published it: check the account</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This server cannot publish to the account</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FailedPostRetry</name>
    <message>
        <source>Only a failed post can be tried again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs to be connected again first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is disconnected.</source>
        <extracomment>%1 is the account&apos;s name.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is no longer in this project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may have published this post already.</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its answer was lost, so Slotline cannot tell. Publishing it again may put it on the account twice: check the account on %1 first.</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the Account on %1</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FirstRunDialog</name>
    <message>
        <source>Welcome to Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline plans your posts for LinkedIn, X and Facebook, puts them into your weekly publishing slots and publishes them on time. Choose where Slotline keeps your projects:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Composer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Publish or schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Drafts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Composer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ync now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Week calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ccounts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MediaRefusals</name>
    <message>
        <source>The server cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The server is busy; try again in %Ln second(s).</source>
        <translation type="unfinished">
            <numerusform>The server is busy; try again in %Ln second.</numerusform>
            <numerusform>The server is busy; try again in %Ln seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server does not download from addresses on this computer or on private networks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or MP4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is larger than the server accepts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not download it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not download it (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” was not added. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The upload took too long; add the file again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file changed while it was being uploaded; add it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” was not uploaded. %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PostsPanel</name>
    <message>
        <source>Time range of the posts shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posts summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published posts and submissions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PublishAgainQuestion</name>
    <message>
        <source>%1 %2</source>
        <extracomment>An account where a post goes: its platform, then its name (and handle).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (@%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <extracomment>Where a post goes: the account, then the page it is posted as.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft is already waiting to go to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft was already published to %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft is being published to %1 right now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft is already scheduled for %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publishing it again makes a second post there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduling it again makes a second post there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish &amp;again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule &amp;again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RuleWords</name>
    <message>
        <source>Write something or add media before publishing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too long for %1: %2 of %3 characters.</source>
        <extracomment>%1 is the platform, %2 the text&apos;s length as it counts it, %3 its limit.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many media for %1: %2 of %3.</source>
        <extracomment>%1 is the platform, %2 how many media the post has, %3 how many it takes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Media item %1 is not a web address.</source>
        <extracomment>%1 is the media item&apos;s position, from 1.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That time is past: choose a time in the future.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posts can be scheduled at most two years ahead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs to be connected again before it can publish: reconnect it in the accounts list, or choose another account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is disconnected: connect it again, or choose another account.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use this connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This app&apos;s key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;keys and calls</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>%Ln min ago</numerusform>
            <numerusform>%Ln min ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WeekDropPlanner</name>
    <message>
        <source>The calendar cannot change the plan here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>The ghost of a dragged draft: the time it would get, then the account it goes to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WeekView</name>
    <message>
        <source>%1 · %2</source>
        <extracomment>A one-line card in the week calendar: the post&apos;s first line, then its account.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Plan, schedule and publish social-media posts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep settings, drafts and the built-in server&apos;s data in &lt;directory&gt; instead of the user&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>directory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::app::BundledServer</name>
    <message numerus="yes">
        <source>The built-in server did not start listening within %Ln second(s).</source>
        <translation>
            <numerusform>The built-in server did not start listening within %Ln second.</numerusform>
            <numerusform>The built-in server did not start listening within %Ln seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The Slotline server program (%1) was not found next to Slotline or on the PATH. Reinstall Slotline, or set SLOTLINE_SERVER to the program&apos;s path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Slotline server program %1 does not exist or cannot be run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Slotline server program %1 could not be run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The built-in server did not finish preparing its data in %1 within %Ln second(s).</source>
        <translation>
            <numerusform>The built-in server did not finish preparing its data in %1 within %Ln second.</numerusform>
            <numerusform>The built-in server did not finish preparing its data in %1 within %Ln seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The built-in server crashed while preparing its data in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server could not prepare its data in %1 (exit code %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server prepared its data in %1 but gave no API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key of the built-in server could not be saved (%1); the next start makes a new one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It crashed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It exited with code %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server stopped before it was ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server is starting or stopping; its key can be renewed once it runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server stopped unexpectedly: it crashed or was killed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server was stopped from outside Slotline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server stopped unexpectedly with an error (exit code %1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::app::DesktopApp</name>
    <message>
        <source>Slotline could not open its local store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new connection could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try &amp;again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Choose another server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the built-in server stopped; starting it again (try %1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the built-in server could not be started again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in server is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Slotline tried %Ln time(s) to start its built-in server again, without success.</source>
        <translation>
            <numerusform>Slotline tried %Ln time to start its built-in server again, without success.</numerusform>
            <numerusform>Slotline tried %Ln times to start its built-in server again, without success.</numerusform>
        </translation>
    </message>
    <message>
        <source>You can go on writing: drafts and changes are kept on this computer and sent when the server runs again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Work offline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::ApiTransport</name>
    <message>
        <source>The call was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::ConnectionSettings</name>
    <message>
        <source>Give the server&apos;s address, such as http://127.0.0.1:8787.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must start with http:// or https://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must not have a user name, a query or a fragment.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::CredentialStore</name>
    <message>
        <source>No keychain service is running, so the API key is kept in %1, which only you can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaIntake</name>
    <message>
        <source>It cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or MP4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 cannot be made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It could not be copied for the upload: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaPreviewLoader</name>
    <message>
        <source>Only http, https and local files can be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address holds %1, not an image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The media server did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The media cannot be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is larger than %1 and is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not an image that can be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaUploader</name>
    <message>
        <source>The copy of the file the app kept for the upload is gone.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::client::SyncEngine</name>
    <message>
        <source>The draft could not be saved on the server, so it was not published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The draft was changed elsewhere too. Choose which version to keep, then publish it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server made no slot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” could not be uploaded, so the post was not published: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file of the draft is no longer kept for its upload, so the post was not published: add the file again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The server&apos;s upload addresses did not take the file (%n tries).</source>
        <translation>
            <numerusform>The server&apos;s upload addresses did not take the file (%n tries).</numerusform>
            <numerusform>The server&apos;s upload addresses did not take the file (%n tries).</numerusform>
        </translation>
    </message>
    <message>
        <source>The file kept for the upload is not known any more.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountChoice</name>
    <message>
        <source>%1 (@%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the composer&apos;s choice, then its state (&quot;Rate limited until 14:30&quot;, &quot;Needs reconnect&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A page in the composer&apos;s &quot;As:&quot; choice: its name and its type.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountDisconnection</name>
    <message>
        <source>%1 is disconnected.</source>
        <extracomment>In the status bar; %1 is the account (platform, name, handle).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n scheduled post(s).</source>
        <translation>
            <numerusform>%1 has %n scheduled post.</numerusform>
            <numerusform>%1 has %n scheduled posts.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel them and disconnect the account? Their credits come back, and the Posts list keeps them as cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel Posts and Disconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>An account: its platform, its name and its @handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (@%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnect %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline forgets the account&apos;s sign-in and publishes nothing more to it. You can connect it again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnect Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be disconnected.</source>
        <extracomment>%1 is the account (platform, name, handle).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountTreeModel</name>
    <message>
        <source>Disconnected: posts to this account cannot be published until it is connected again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <extracomment>A page&apos;s tooltip: its name, its type (&quot;page&quot;, &quot;organization&quot;) and its account.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (page of Jane Doe)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>organization</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (organization of Jane Doe)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (group of Jane Doe)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs reconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limited until %1</source>
        <extracomment>An account whose platform refuses more posts for now; %1 is a time (or date and time) of this computer.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the accounts list that cannot publish now: its name, its state.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs to be connected again: %1 no longer accepts Slotline&apos;s access.
Its posts cannot be published until it is reconnected
(double-click it, or Reconnect… in its context menu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the platform takes no more posts for now.
Posts due meanwhile wait and go out afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 said: %2</source>
        <extracomment>What the platform said about an account that is not connected.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <extracomment>An X account in the accounts list: its name and @handle.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountsPanel</name>
    <message>
        <source>&amp;Connect Account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect a LinkedIn, X or Facebook account: you sign in on the platform&apos;s page in your browser.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reconnect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in to the account&apos;s platform again, for an account that needs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Disconnect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop publishing to the account: Slotline forgets its sign-in. You can connect it again later.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ApiKeyListModel</name>
    <message>
        <source>Revoked %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (revoked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last used</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ApiKeysPage</name>
    <message>
        <source>Could not load the API keys: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the call log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Successful (2xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client errors (4xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server errors (5xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found (404)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (revoked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) shown; scroll down for more.</source>
        <translation>
            <numerusform>%Ln call shown; scroll down for more.</numerusform>
            <numerusform>%Ln calls shown; scroll down for more.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s).</source>
        <translation>
            <numerusform>%Ln call.</numerusform>
            <numerusform>%Ln calls.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::AttentionButton</name>
    <message numerus="yes">
        <source>%Ln need(s) attention</source>
        <translation>
            <numerusform>%Ln needs attention</numerusform>
            <numerusform>%Ln need attention</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” failed: %2</source>
        <extracomment>A failed post in the status bar&apos;s menu: its first line, then why it failed.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark all as seen</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::AttentionTracker</name>
    <message>
        <source>A post failed on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln post(s) failed</source>
        <translation>
            <numerusform>%Ln post failed</numerusform>
            <numerusform>%Ln posts failed</numerusform>
        </translation>
    </message>
    <message>
        <source>The Posts list says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 account %2 needs to be connected again</source>
        <extracomment>%1 is the platform, %2 the account (&quot;@ada&quot; or its name).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 account %2 is no longer connected</source>
        <extracomment>%1 is the platform, %2 the account (&quot;@ada&quot; or its name).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer accepts Slotline&apos;s access: its posts cannot be published until you reconnect it (Accounts, Reconnect…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its posts cannot be published until it is connected again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::CalendarPanel</name>
    <message>
        <source>&amp;Previous week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;This week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit s&amp;lots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a time to add a weekly publishing slot there for the account chosen; click a slot to remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>An account&apos;s page in the calendar&apos;s account choice.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every account</source>
        <extracomment>The slot target &quot;every account&quot; (for editing slots; a draft needs one account).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (project)</source>
        <extracomment>The calendar&apos;s time zone choice: the project&apos;s zone, e.g. &quot;Europe/Berlin (project)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (this computer)</source>
        <extracomment>The calendar&apos;s time zone choice: this computer&apos;s zone, e.g. &quot;UTC (this computer)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, now %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled in the next free slot of %1; it shows in the calendar once the server has placed it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing slots: click a time to add a weekly slot for %1 there, click a slot to remove it (or move with the arrows and press Space).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit slots</source>
        <extracomment>The calendar&apos;s button that turns slot editing on and off (its menu name is &quot;Edit slots&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the calendar&apos;s &quot;Schedule for&quot; choice, then its state.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slot on %1 was not added: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slot on %1 was not removed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a slot on %1 (perhaps for accounts not shown): remove it first, or choose another time.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::CallLogModel</name>
    <message>
        <source>tool: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>A call&apos;s duration in milliseconds.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path or tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ComposerWidget</name>
    <message>
        <source>There is no connected account for the chosen platforms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the account to publish with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This time does not exist in %1 (the clocks change).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are offline: the post will be sent when the server is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent for publishing. The Posts list shows when it is out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published: %1</source>
        <extracomment>The composer&apos;s word on a post it sent that then failed; %1 is why.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved and synced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved, waiting to sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed elsewhere too: choose in the drafts list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not accepted by the server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published: this draft was changed elsewhere too. Choose which version to keep in the drafts list, then publish it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This publication is already on its way; it is not sent twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pu&amp;blish now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sche&amp;dule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put in next free s&amp;lot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This post is being sent; wait for the answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish or schedule this post (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published: it was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until the media have been added (or remove them) before opening another draft.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until the media have been added.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectAccountDialog</name>
    <message>
        <source>C&amp;onnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnect Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline opens %1 in your browser: sign in there as the account below and allow Slotline to publish again. Its posts, slots and pages stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 said: %3</source>
        <extracomment>An account to reconnect, then what its platform said about it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rec&amp;onnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server prepares the page of %1 to sign in on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish in your browser…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in to %1 in your browser and allow Slotline to publish. This window notices by itself when you are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected; reading the account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline reads the account and its pages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not connect the account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The platform did not say why. Try again, and allow Slotline to publish when the platform asks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time to finish in the browser ran out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing in to %1 has to be finished within 10 minutes of pressing Connect. Try again to get a new page to sign in on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server says: %1</source>
        <extracomment>After why an account could not be connected: the server&apos;s own explanation.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account could not be connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is connected again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A page of a newly connected account: its name and type (&quot;page&quot;, &quot;organization&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posts go to the account itself; it has no pages to publish to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>It publishes to %Ln page(s):</source>
        <translation>
            <numerusform>It publishes to %Ln page:</numerusform>
            <numerusform>It publishes to %Ln pages:</numerusform>
        </translation>
    </message>
    <message>
        <source>The browser did not open: copy the address into it yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Slotline keeps asking.</source>
        <extracomment>While waiting for the browser, a question to the server got no answer.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionForm</name>
    <message>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the API key you were given for this server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to project %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused this API key. Check that it was copied whole and has not been revoked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Slotline server answers at %1. Check the address and that the server is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something answers at %1, but not as a Slotline server does. Check the address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The server is busy. Try again in %Ln second(s).</source>
        <translation>
            <numerusform>The server is busy. Try again in %Ln second.</numerusform>
            <numerusform>The server is busy. Try again in %Ln seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server at %1 has a problem: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionPreferences</name>
    <message>
        <source>The settings could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the server&apos;s address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the API key for the server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionStatusWidget</name>
    <message>
        <source>Connection state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits remaining</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Online · sending %Ln change(s)</source>
        <translation>
            <numerusform>Online · sending %Ln change</numerusform>
            <numerusform>Online · sending %Ln changes</numerusform>
        </translation>
    </message>
    <message>
        <source>Online</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Offline · %Ln change(s) waiting</source>
        <translation>
            <numerusform>Offline · %Ln change waiting</numerusform>
            <numerusform>Offline · %Ln changes waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>next try in %Ln s</source>
        <translation>
            <numerusform>next try in %Ln s</numerusform>
            <numerusform>next try in %Ln s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rate limit reached · calls resume in %Ln s</source>
        <translation>
            <numerusform>Rate limit reached · calls resume in %Ln s</numerusform>
            <numerusform>Rate limit reached · calls resume in %Ln s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln change(s) waiting</source>
        <translation>
            <numerusform>%Ln change waiting</numerusform>
            <numerusform>%Ln changes waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>The server refused the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reserved for scheduled posts, %2 used</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::DraftListModel</name>
    <message>
        <source>Conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting to sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No platform chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved elsewhere meanwhile: choose which version to keep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not on the server yet: it is sent when the server can be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes wait to be sent to the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has this version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Platforms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published on %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Being published on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled for %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled for %1 (was planned for %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published or scheduled yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posts</source>
        <extracomment>The drafts list&apos;s column of the posts made of each draft.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <extracomment>The drafts list&apos;s Posts column: how many posts of the draft failed.</extracomment>
        <translation>
            <numerusform>%Ln failed</numerusform>
            <numerusform>%Ln failed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::DraftsPanel</name>
    <message>
        <source>&amp;New draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln draft(s)</source>
        <translation>
            <numerusform>Delete %Ln draft</numerusform>
            <numerusform>Delete %Ln drafts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln draft(s) deleted.</source>
        <translation>
            <numerusform>%Ln draft deleted.</numerusform>
            <numerusform>%Ln drafts deleted.</numerusform>
        </translation>
    </message>
    <message>
        <source>Draft changed in two places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft was changed on the server while you edited it here. Which version do you want to keep?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Here:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;On the server:&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep &amp;mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the &amp;server&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep &amp;both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decide &amp;later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule in next free &amp;slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <extracomment>The drafts list&apos;s button for &quot;New draft&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <extracomment>The drafts list&apos;s button for &quot;Duplicate draft&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <extracomment>The drafts list&apos;s button for &quot;Delete draft&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::FirstRunDialog</name>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::MainWindow</name>
    <message>
        <source>Posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A draft was changed elsewhere too: open it in the drafts list to choose which version to keep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused a change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Slotline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Slotline %1&lt;/h3&gt;&lt;p&gt;Plan, schedule and publish social-media posts.&lt;/p&gt;&lt;p&gt;Connected to %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Media still on their way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This post is outside the range the Posts list shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <extracomment>The Edit menu&apos;s Undo; %1 is what it undoes, as in &quot;Delete draft “Hello”&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <extracomment>The Edit menu&apos;s Redo; %1 is what it redoes, as in &quot;Delete draft “Hello”&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Posts (%Ln failed)</source>
        <translation>
            <numerusform>Posts (%Ln failed)</numerusform>
            <numerusform>Posts (%Ln failed)</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” could not be uploaded, and was taken out of its drafts: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file is still being added to the draft (copied, or fetched from its address). If Slotline closes now, it is not added.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::MediaStrip</name>
    <message>
        <source>Add image from URL…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No images or videos yet. Add some, or drop them here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attached media</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server downloads an image or video from a web address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Media problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss the media problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a web address starting with http:// or https://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add image from URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web address of the image or video (the server downloads it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add images or videos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images and videos (*.png *.jpg *.jpeg *.gif *.webp *.mp4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The chosen platforms take at most %Ln image(s) or video(s) per post.</source>
        <translation>
            <numerusform>The chosen platforms take at most %Ln image or video per post.</numerusform>
            <numerusform>The chosen platforms take at most %Ln images or videos per post.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of at most %Ln media</source>
        <translation>
            <numerusform>%1 of at most %Ln media</numerusform>
            <numerusform>%1 of at most %Ln media</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The chosen platforms take at most %Ln image(s) or video(s): this one would not be posted.</source>
        <translation>
            <numerusform>The chosen platforms take at most %Ln image or video: this one would not be posted.</numerusform>
            <numerusform>The chosen platforms take at most %Ln images or videos: this one would not be posted.</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” was not added. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds images or videos from this computer; they are uploaded when the server can be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No longer kept for the upload: remove it, then add the file again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::MediaTile</name>
    <message>
        <source>Type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server is downloading it…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uploading: %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No preview: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uploading %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Video %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel adding %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upload of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeping a copy for the upload…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not on the server yet: it is uploaded when the server can be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, waiting to be uploaded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::PlatformChoice</name>
    <message>
        <source>%1 %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s) over the limit of %1</source>
        <translation>
            <numerusform>%Ln character over the limit of %1</numerusform>
            <numerusform>%Ln characters over the limit of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s) left on %1</source>
        <translation>
            <numerusform>%Ln character left on %1</numerusform>
            <numerusform>%Ln characters left on %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::PostListModel</name>
    <message>
        <source>Published %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>A post&apos;s account and the page of it the post went to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the server to confirm the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publishing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publishing failed: %1</source>
        <extracomment>A failed post&apos;s tooltip; %1 is the reason, as the server or platform put it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may have published it all the same: check the account there before publishing it again.</source>
        <extracomment>Added to a failed post&apos;s tooltip; %1 is the platform (LinkedIn, X, ...).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published yet: %1</source>
        <extracomment>An unfinished post&apos;s tooltip; %1 is why it waits, as the server put it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting until %1</source>
        <extracomment>A post in the Posts list that waits for its account&apos;s rate limit to end.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::PostsPanel</name>
    <message>
        <source>&amp;Refresh posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln post(s)</source>
        <translation>
            <numerusform>%Ln post</numerusform>
            <numerusform>%Ln posts</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open the published post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy its link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days and next 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 90 days and next 90 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the &amp;account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the &amp;account on %1…</source>
        <extracomment>%1 is the platform (LinkedIn, X, Facebook): opens the account there.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may have published this post although it failed: see the account there before publishing it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish the failed post again, now, to the same account.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::ScheduleEditor</name>
    <message>
        <source>This post is no longer in the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only scheduled posts can be moved; this one is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This post is due now and can no longer be moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move “%1” to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft was changed elsewhere too: choose which version to keep first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the account to schedule for first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This account is no longer connected to the project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This draft is written for %1, not for %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule “%1” at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule “%1” in the next free slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only scheduled posts can be taken off the calendar; this one is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This post is due now and can no longer be cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unschedule “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not schedule “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not change “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scheduled</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>being published</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::SettingsDialog</name>
    <message>
        <source>Slotline now uses the server built into it, on this computer (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slotline now uses the server at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known yet (the server has not answered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), now %3 there. Times in Slotline are shown in this zone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;%2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the connection in use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test the connection before using it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drafts written for the current server stay on this computer and come back when you switch back to it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekDates</name>
    <message>
        <source>d MMM</source>
        <extracomment>QLocale date format of a day under its name in the week calendar&apos;s header, as in &quot;3 Nov&quot;.
----------
QLocale date format of a week&apos;s first day in the calendar&apos;s title when the week ends in another month: &quot;27 Oct – 2 Nov 2026&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <extracomment>QLocale date format of a day in the calendar&apos;s title when the week spans two years, and of its last day when it spans two months: &quot;29 Dec 2025 – 4 Jan 2026&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d</source>
        <extracomment>QLocale date format of a week&apos;s first day in the calendar&apos;s title when the week ends in the same month: &quot;3 – 9 November 2026&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d MMMM yyyy</source>
        <extracomment>QLocale date format of a week&apos;s last day in the calendar&apos;s title when the week began in the same month: &quot;3 – 9 November 2026&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <extracomment>The week in the calendar&apos;s title: its first and its last day.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekDayHeader</name>
    <message>
        <source>Days of the week shown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekModel</name>
    <message>
        <source>For every account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1 account</source>
        <extracomment>A slot&apos;s target: every account of a platform.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A slot&apos;s target: an account, and its platform.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 › %2 (%3)</source>
        <extracomment>A slot&apos;s target: an account&apos;s page, and the platform.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>A post&apos;s account and the page of it the post went to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), %3</source>
        <extracomment>A post&apos;s tooltip: the account, its platform and the post&apos;s status.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slot</source>
        <extracomment>A publishing slot in the week calendar, e.g. &quot;09:00 slot&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken %1 slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free %1 slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 in %2)</source>
        <extracomment>When a slot is, in the zone the slots are defined in: &quot;09:00 in Europe/Berlin&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>publishing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting to be scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not on the server yet: it is added when the server can be reached.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekView</name>
    <message>
        <source>Week calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free slot later this week.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free slot earlier this week.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>slotline::gui::WhenChoice</name>
    <message>
        <source>Times are in the project&apos;s time zone</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
