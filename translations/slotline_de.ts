<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccountsPanel</name>
    <message>
        <source>Accounts and pages</source>
        <translation>Konten und Seiten</translation>
    </message>
    <message>
        <source>Check the accounts whose posts and drafts are shown</source>
        <translation>Markieren Sie die Konten, deren Beiträge und Entwürfe angezeigt werden</translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message>
        <source>The server&apos;s answer was not understood (%1).</source>
        <translation>Die Antwort des Servers konnte nicht ausgewertet werden (%1).</translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>The server answered with HTTP status %1.</source>
        <translation>Der Server antwortete mit dem HTTP-Status %1.</translation>
    </message>
</context>
<context>
    <name>ApiKeysPage</name>
    <message>
        <source>API keys and call log</source>
        <translation>API-Schlüssel und Aufrufprotokoll</translation>
    </message>
    <message>
        <source>&amp;API keys of the project</source>
        <translation>API-&amp;Schlüssel des Projekts</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>The project&apos;s API keys: name, prefix, when each was created and last used. Revoked keys are greyed out.</source>
        <translation>Die API-Schlüssel des Projekts: Name, Präfix, Erstellung und letzte Verwendung. Widerrufene Schlüssel sind ausgegraut.</translation>
    </message>
    <message>
        <source>Keys are created and revoked on the server, with slotline-server keys.</source>
        <translation>Schlüssel werden auf dem Server mit „slotline-server keys“ erstellt und widerrufen.</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>Stat&amp;us:</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Statusfilter</translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation>Sch&amp;lüssel:</translation>
    </message>
    <message>
        <source>Key filter</source>
        <translation>Schlüsselfilter</translation>
    </message>
    <message>
        <source>&amp;Time:</source>
        <translation>&amp;Zeitraum:</translation>
    </message>
    <message>
        <source>Time filter</source>
        <translation>Zeitraumfilter</translation>
    </message>
    <message>
        <source>Refresh the keys and the call log</source>
        <translation>Schlüssel und Aufrufprotokoll aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Call log</source>
        <translation>Aufrufprotokoll</translation>
    </message>
    <message>
        <source>Calls made with the project&apos;s keys, newest first. Select one to see its arguments.</source>
        <translation>Aufrufe mit den Schlüsseln des Projekts, die neuesten zuerst. Wählen Sie einen aus, um seine Argumente zu sehen.</translation>
    </message>
    <message>
        <source>Arguments of the selected call</source>
        <translation>Argumente des ausgewählten Aufrufs</translation>
    </message>
    <message>
        <source>Select a call to see its arguments.</source>
        <translation>Wählen Sie einen Aufruf aus, um seine Argumente zu sehen.</translation>
    </message>
    <message>
        <source>Call log status</source>
        <translation>Status des Aufrufprotokolls</translation>
    </message>
</context>
<context>
    <name>CalendarPanel</name>
    <message>
        <source>Previous week</source>
        <translation>Vorherige Woche</translation>
    </message>
    <message>
        <source>Next week</source>
        <translation>Nächste Woche</translation>
    </message>
    <message>
        <source>Go to date</source>
        <translation>Zu Datum springen</translation>
    </message>
    <message>
        <source>Show the week of this date</source>
        <translation>Die Woche dieses Datums anzeigen</translation>
    </message>
    <message>
        <source>Week shown</source>
        <translation>Angezeigte Woche</translation>
    </message>
    <message>
        <source>Sched&amp;ule for:</source>
        <translation>Ein&amp;planen für:</translation>
    </message>
    <message>
        <source>The account a draft dropped on the calendar is scheduled for, unless the slot it lands on is for one account; and the target of slots added while editing slots</source>
        <translation>Das Konto, für das ein in den Kalender gezogener Entwurf eingeplant wird, außer das Zeitfenster, auf dem er landet, gehört zu einem bestimmten Konto; außerdem das Ziel der Zeitfenster, die beim Bearbeiten angelegt werden</translation>
    </message>
    <message>
        <source>T&amp;imes in:</source>
        <translation>Zeit&amp;zone:</translation>
    </message>
    <message>
        <source>Calendar message</source>
        <translation>Kalendermeldung</translation>
    </message>
</context>
<context>
    <name>ComposerWidget</name>
    <message>
        <source>Composer</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source>New draft</source>
        <translation>Neuer Entwurf</translation>
    </message>
    <message>
        <source>Draft state</source>
        <translation>Entwurfsstatus</translation>
    </message>
    <message>
        <source>For:</source>
        <translation>Für:</translation>
    </message>
    <message>
        <source>LinkedIn</source>
        <translation>LinkedIn</translation>
    </message>
    <message>
        <source>Meant for LinkedIn</source>
        <translation>Für LinkedIn bestimmt</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Meant for X</source>
        <translation>Für X bestimmt</translation>
    </message>
    <message>
        <source>Facebook</source>
        <translation>Facebook</translation>
    </message>
    <message>
        <source>Meant for Facebook</source>
        <translation>Für Facebook bestimmt</translation>
    </message>
    <message>
        <source>Post text</source>
        <translation>Beitragstext</translation>
    </message>
    <message>
        <source>What do you want to say?</source>
        <translation>Was möchten Sie sagen?</translation>
    </message>
    <message>
        <source>LinkedIn length</source>
        <translation>Länge für LinkedIn</translation>
    </message>
    <message>
        <source>X length</source>
        <translation>Länge für X</translation>
    </message>
    <message>
        <source>Facebook length</source>
        <translation>Länge für Facebook</translation>
    </message>
    <message>
        <source>Problem with the text</source>
        <translation>Problem mit dem Text</translation>
    </message>
    <message>
        <source>Media</source>
        <translation>Medien</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>Veröffentlichen</translation>
    </message>
    <message>
        <source>&amp;Account:</source>
        <translation>&amp;Konto:</translation>
    </message>
    <message>
        <source>Account to publish with</source>
        <translation>Konto, mit dem veröffentlicht wird</translation>
    </message>
    <message>
        <source>As:</source>
        <translation>Als:</translation>
    </message>
    <message>
        <source>Page to publish as</source>
        <translation>Seite, in deren Namen veröffentlicht wird</translation>
    </message>
    <message>
        <source>Problem with the account</source>
        <translation>Problem mit dem Konto</translation>
    </message>
    <message>
        <source>When:</source>
        <translation>Wann:</translation>
    </message>
    <message>
        <source>&amp;Now</source>
        <translation>&amp;Jetzt</translation>
    </message>
    <message>
        <source>A&amp;t</source>
        <translation>A&amp;m</translation>
    </message>
    <message>
        <source>Publication date and time</source>
        <translation>Datum und Uhrzeit der Veröffentlichung</translation>
    </message>
    <message>
        <source>In the ne&amp;xt free slot</source>
        <translation>Im nächsten &amp;freien Zeitfenster</translation>
    </message>
    <message>
        <source>Problem with the time</source>
        <translation>Problem mit dem Zeitpunkt</translation>
    </message>
    <message>
        <source>Publication result</source>
        <translation>Ergebnis der Veröffentlichung</translation>
    </message>
    <message>
        <source>&amp;Save draft</source>
        <translation>Entwurf &amp;speichern</translation>
    </message>
    <message>
        <source>Save the draft now (Ctrl+S); drafts are also saved while you type</source>
        <translation>Entwurf jetzt speichern (Strg+S); Entwürfe werden auch während des Schreibens gespeichert</translation>
    </message>
    <message>
        <source>Pu&amp;blish now</source>
        <translation>Jetzt &amp;veröffentlichen</translation>
    </message>
    <message>
        <source>Publish or schedule this post (Ctrl+Return)</source>
        <translation>Diesen Beitrag veröffentlichen oder einplanen (Strg+Return)</translation>
    </message>
</context>
<context>
    <name>ConnectAccountDialog</name>
    <message>
        <source>Connect Account</source>
        <translation>Konto verbinden</translation>
    </message>
    <message>
        <source>Choose the platform of the account. Slotline opens the platform&apos;s page in your browser: sign in there and allow Slotline to publish for you.</source>
        <translation>Wählen Sie die Plattform des Kontos. Slotline öffnet die Seite der Plattform in Ihrem Browser: Melden Sie sich dort an und erlauben Sie Slotline, für Sie zu veröffentlichen.</translation>
    </message>
    <message>
        <source>&amp;LinkedIn — your profile and the organization pages you manage</source>
        <translation>&amp;LinkedIn – Ihr Profil und die Unternehmensseiten, die Sie verwalten</translation>
    </message>
    <message>
        <source>&amp;X — your X account</source>
        <translation>&amp;X – Ihr X-Konto</translation>
    </message>
    <message>
        <source>&amp;Facebook Pages — the pages you manage</source>
        <translation>&amp;Facebook-Seiten – die Seiten, die Sie verwalten</translation>
    </message>
    <message>
        <source>Finish in your browser…</source>
        <translation>Schließen Sie im Browser ab…</translation>
    </message>
    <message>
        <source>Waiting for the browser</source>
        <translation>Warten auf den Browser</translation>
    </message>
    <message>
        <source>If the browser did not open, open this &amp;address in it:</source>
        <translation>Falls sich der Browser nicht geöffnet hat, öffnen Sie diese Ad&amp;resse darin:</translation>
    </message>
    <message>
        <source>Address of the platform&apos;s page</source>
        <translation>Adresse der Seite der Plattform</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the address</source>
        <translation>Die Adresse kopieren</translation>
    </message>
    <message>
        <source>&amp;Open again</source>
        <translation>Erneut ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Open the address in the browser again</source>
        <translation>Die Adresse erneut im Browser öffnen</translation>
    </message>
    <message>
        <source>Pages the account can publish to</source>
        <translation>Seiten, auf denen das Konto veröffentlichen kann</translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>&amp;Use the server built into Slotline (on this computer)</source>
        <translation>Den in Slotline &amp;integrierten Server verwenden (auf diesem Computer)</translation>
    </message>
    <message>
        <source>Use the server built into Slotline</source>
        <translation>Den in Slotline integrierten Server verwenden</translation>
    </message>
    <message>
        <source>Your posts and accounts stay on this computer. A demo project with sandbox accounts for LinkedIn, X and Facebook is created, so you can try everything without publishing anywhere.</source>
        <translation>Ihre Beiträge und Konten bleiben auf diesem Computer. Es wird ein Demoprojekt mit Sandbox-Konten für LinkedIn, X und Facebook angelegt, sodass Sie alles ausprobieren können, ohne irgendwo etwas zu veröffentlichen.</translation>
    </message>
    <message>
        <source>&amp;Connect to a Slotline server</source>
        <translation>&amp;Mit einem Slotline-Server verbinden</translation>
    </message>
    <message>
        <source>Connect to a Slotline server</source>
        <translation>Mit einem Slotline-Server verbinden</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Serveradresse</translation>
    </message>
    <message>
        <source>Address problem</source>
        <translation>Problem mit der Adresse</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-S&amp;chlüssel:</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation>API-Schlüssel anzeigen</translation>
    </message>
    <message>
        <source>API key problem</source>
        <translation>Problem mit dem API-Schlüssel</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation>Ergebnis des Verbindungstests</translation>
    </message>
</context>
<context>
    <name>DeleteDraftCommand</name>
    <message>
        <source>Delete draft</source>
        <translation>Entwurf löschen</translation>
    </message>
    <message>
        <source>Delete draft “%1”</source>
        <translation>Entwurf „%1“ löschen</translation>
    </message>
</context>
<context>
    <name>DraftsPanel</name>
    <message>
        <source>Search drafts</source>
        <translation>Entwürfe durchsuchen</translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation>Entwürfe</translation>
    </message>
    <message>
        <source>Draft deleted.</source>
        <translation>Entwurf gelöscht.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>Undo the deletion</source>
        <translation>Löschen rückgängig machen</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>The project has no credits left.</source>
        <translation>Das Projekt hat keine Guthaben mehr.</translation>
    </message>
    <message>
        <source>The text is too long for the platform.</source>
        <translation>Der Text ist für die Plattform zu lang.</translation>
    </message>
    <message>
        <source>There are more media than the platform takes.</source>
        <translation>Es sind mehr Medien, als die Plattform annimmt.</translation>
    </message>
    <message>
        <source>That time has passed.</source>
        <translation>Dieser Zeitpunkt ist vorbei.</translation>
    </message>
    <message>
        <source>The account has no free slot in the next 26 weeks.</source>
        <translation>Das Konto hat in den nächsten 26 Wochen keinen freien Slot.</translation>
    </message>
    <message>
        <source>The draft was changed elsewhere in the meantime.</source>
        <translation>Der Entwurf wurde inzwischen anderswo geändert.</translation>
    </message>
    <message>
        <source>The post is already being published and can no longer be changed.</source>
        <translation>Der Beitrag wird schon veröffentlicht und kann nicht mehr geändert werden.</translation>
    </message>
    <message>
        <source>There is already a slot at that time.</source>
        <translation>Zu dieser Zeit gibt es schon einen Slot.</translation>
    </message>
    <message>
        <source>The server may not fetch files from that address.</source>
        <translation>Der Server darf von dieser Adresse keine Dateien holen.</translation>
    </message>
    <message>
        <source>The server could not fetch the file.</source>
        <translation>Der Server konnte die Datei nicht holen.</translation>
    </message>
    <message>
        <source>That kind of file cannot be posted.</source>
        <translation>Diese Art von Datei kann nicht veröffentlicht werden.</translation>
    </message>
    <message>
        <source>The file is too large.</source>
        <translation>Die Datei ist zu groß.</translation>
    </message>
    <message>
        <source>The upload took too long and has expired.</source>
        <translation>Das Hochladen hat zu lange gedauert und ist abgelaufen.</translation>
    </message>
    <message>
        <source>The upload address was already used.</source>
        <translation>Die Adresse zum Hochladen wurde schon benutzt.</translation>
    </message>
    <message>
        <source>The file changed while it was being uploaded.</source>
        <translation>Die Datei hat sich beim Hochladen geändert.</translation>
    </message>
    <message>
        <source>The server already answered a different request sent as this one.</source>
        <translation>Der Server hat schon eine andere Anfrage beantwortet, die als diese gesendet wurde.</translation>
    </message>
    <message>
        <source>The server did not accept some of the values.</source>
        <translation>Der Server hat einige der Angaben nicht angenommen.</translation>
    </message>
    <message>
        <source>The server does not offer this; it may be an older version.</source>
        <translation>Der Server bietet das nicht an; vielleicht ist er eine ältere Version.</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>Der Server ist nicht erreichbar.</translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The server refused the API key.</source>
        <translation>Der Server hat den API-Schlüssel abgelehnt.</translation>
    </message>
    <message>
        <source>It no longer exists on the server.</source>
        <translation>Es gibt es auf dem Server nicht mehr.</translation>
    </message>
    <message>
        <source>It was changed on the server in the meantime.</source>
        <translation>Es wurde inzwischen auf dem Server geändert.</translation>
    </message>
    <message numerus="yes">
        <source>Too many calls for now; they resume in %Ln second(s).</source>
        <translation>
            <numerusform>Zu viele Aufrufe; es geht in %Ln Sekunde weiter.</numerusform>
            <numerusform>Zu viele Aufrufe; es geht in %Ln Sekunden weiter.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server had a problem of its own.</source>
        <translation>Der Server hatte selbst ein Problem.</translation>
    </message>
    <message>
        <source>The server&apos;s answer could not be read.</source>
        <translation>Die Antwort des Servers war nicht lesbar.</translation>
    </message>
    <message>
        <source>The request was dropped.</source>
        <translation>Die Anfrage wurde verworfen.</translation>
    </message>
    <message>
        <source>The server could not handle the request.</source>
        <translation>Der Server konnte die Anfrage nicht bearbeiten.</translation>
    </message>
    <message>
        <source>The server refused it.</source>
        <translation>Der Server hat es abgelehnt.</translation>
    </message>
    <message>
        <source>Publishing failed.</source>
        <translation>Das Veröffentlichen ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The server cannot connect accounts of that platform yet: its administrator has to register Slotline with the platform first.</source>
        <translation>Der Server kann Konten dieser Plattform noch nicht verbinden: Sein Administrator muss Slotline zuerst bei der Plattform registrieren.</translation>
    </message>
    <message>
        <source>The account still has scheduled posts: cancel them first, or disconnect it and cancel them.</source>
        <translation>Das Konto hat noch geplante Beiträge: Stornieren Sie diese zuerst, oder trennen Sie das Konto und stornieren Sie sie dabei.</translation>
    </message>
    <message>
        <source>%1 already has this text on the account</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>%1 hat diesen Text schon auf dem Konto</translation>
    </message>
    <message>
        <source>The account needs to be connected again</source>
        <translation>Das Konto muss neu verbunden werden</translation>
    </message>
    <message>
        <source>The account was disconnected</source>
        <translation>Das Konto wurde getrennt</translation>
    </message>
    <message>
        <source>The page can no longer be published to</source>
        <translation>Auf der Seite kann nicht mehr veröffentlicht werden</translation>
    </message>
    <message>
        <source>The server has no %1 app</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>Der Server hat keine %1-App</translation>
    </message>
    <message>
        <source>%1 refused an image or video</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>%1 hat ein Bild oder Video abgelehnt</translation>
    </message>
    <message>
        <source>An image or video could not be fetched</source>
        <translation>Ein Bild oder Video konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>%1 did not answer</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>%1 hat nicht geantwortet</translation>
    </message>
    <message>
        <source>%1 may have published it: check the account</source>
        <extracomment>A failed post; %1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>%1 hat ihn vielleicht veröffentlicht: Konto prüfen</translation>
    </message>
    <message>
        <source>This server cannot publish to the account</source>
        <translation>Dieser Server kann auf dem Konto nicht veröffentlichen</translation>
    </message>
</context>
<context>
    <name>FailedPostRetry</name>
    <message>
        <source>Only a failed post can be tried again.</source>
        <translation>Nur ein fehlgeschlagener Beitrag kann erneut versucht werden.</translation>
    </message>
    <message>
        <source>%1 needs to be connected again first.</source>
        <translation>%1 muss zuerst neu verbunden werden.</translation>
    </message>
    <message>
        <source>%1 is disconnected.</source>
        <extracomment>%1 is the account&apos;s name.</extracomment>
        <translation>%1 ist getrennt.</translation>
    </message>
    <message>
        <source>The account is no longer in this project.</source>
        <translation>Das Konto gehört nicht mehr zu diesem Projekt.</translation>
    </message>
    <message>
        <source>Try Again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>%1 may have published this post already.</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>%1 hat diesen Beitrag vielleicht schon veröffentlicht.</translation>
    </message>
    <message>
        <source>Its answer was lost, so Slotline cannot tell. Publishing it again may put it on the account twice: check the account on %1 first.</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>Die Antwort ging verloren, daher kann Slotline es nicht sagen. Erneutes Veröffentlichen kann ihn doppelt auf das Konto bringen: Prüfen Sie zuerst das Konto auf %1.</translation>
    </message>
    <message>
        <source>Publish Again</source>
        <translation>Erneut veröffentlichen</translation>
    </message>
    <message>
        <source>Check the Account on %1</source>
        <extracomment>%1 is the platform (X, LinkedIn, Facebook).</extracomment>
        <translation>Konto auf %1 prüfen</translation>
    </message>
</context>
<context>
    <name>FirstRunDialog</name>
    <message>
        <source>Welcome to Slotline</source>
        <translation>Willkommen bei Slotline</translation>
    </message>
    <message>
        <source>Slotline</source>
        <translation>Slotline</translation>
    </message>
    <message>
        <source>Slotline plans your posts for LinkedIn, X and Facebook, puts them into your weekly publishing slots and publishes them on time. Choose where Slotline keeps your projects:</source>
        <translation>Slotline plant Ihre Beiträge für LinkedIn, X und Facebook, verteilt sie auf Ihre wöchentlichen Zeitfenster und veröffentlicht sie pünktlich. Wählen Sie, wo Slotline Ihre Projekte speichert:</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Slotline</source>
        <translation>Slotline</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Post</source>
        <translation>Bei&amp;trag</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>Konten</translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation>Entwürfe</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Save draft</source>
        <translation>Entwurf &amp;speichern</translation>
    </message>
    <message>
        <source>&amp;Publish or schedule</source>
        <translation>&amp;Veröffentlichen oder einplanen</translation>
    </message>
    <message>
        <source>&amp;Accounts</source>
        <translation>&amp;Konten</translation>
    </message>
    <message>
        <source>&amp;Drafts</source>
        <translation>&amp;Entwürfe</translation>
    </message>
    <message>
        <source>&amp;Composer</source>
        <translation>Ed&amp;itor</translation>
    </message>
    <message>
        <source>&amp;Posts</source>
        <translation>&amp;Beiträge</translation>
    </message>
    <message>
        <source>&amp;Week calendar</source>
        <translation>&amp;Wochenkalender</translation>
    </message>
    <message>
        <source>S&amp;ync now</source>
        <translation>&amp;Jetzt synchronisieren</translation>
    </message>
    <message>
        <source>&amp;About Slotline</source>
        <translation>&amp;Über Slotline</translation>
    </message>
    <message>
        <source>A&amp;ccounts</source>
        <translation>&amp;Konten</translation>
    </message>
</context>
<context>
    <name>MediaRefusals</name>
    <message>
        <source>The server cannot be reached.</source>
        <translation>Der Server ist nicht erreichbar.</translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message numerus="yes">
        <source>The server is busy; try again in %Ln second(s).</source>
        <translation>
            <numerusform>Der Server ist ausgelastet; versuchen Sie es in %Ln Sekunde erneut.</numerusform>
            <numerusform>Der Server ist ausgelastet; versuchen Sie es in %Ln Sekunden erneut.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server does not download from addresses on this computer or on private networks.</source>
        <translation>Der Server lädt nichts von Adressen auf diesem Computer oder in privaten Netzwerken herunter.</translation>
    </message>
    <message>
        <source>It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or MP4).</source>
        <translation>Es ist kein Bild oder Video, das der Server annimmt (PNG, JPEG, GIF, WebP oder MP4).</translation>
    </message>
    <message>
        <source>The file is larger than the server accepts.</source>
        <translation>Die Datei ist größer, als der Server zulässt.</translation>
    </message>
    <message>
        <source>The server could not download it.</source>
        <translation>Der Server konnte die Datei nicht herunterladen.</translation>
    </message>
    <message>
        <source>The server could not download it (%1).</source>
        <translation>Der Server konnte die Datei nicht herunterladen (%1).</translation>
    </message>
    <message>
        <source>“%1” was not added. %2</source>
        <translation>„%1“ wurde nicht hinzugefügt. %2</translation>
    </message>
    <message>
        <source>The upload took too long; add the file again.</source>
        <translation>Das Hochladen hat zu lange gedauert; fügen Sie die Datei erneut hinzu.</translation>
    </message>
    <message>
        <source>The file changed while it was being uploaded; add it again.</source>
        <translation>Die Datei hat sich während des Hochladens geändert; fügen Sie sie erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” was not uploaded. %2</source>
        <translation>„%1“ wurde nicht hochgeladen. %2</translation>
    </message>
</context>
<context>
    <name>PostsPanel</name>
    <message>
        <source>Sho&amp;w:</source>
        <translation>Zeitra&amp;um:</translation>
    </message>
    <message>
        <source>Time range of the posts shown</source>
        <translation>Zeitraum der angezeigten Beiträge</translation>
    </message>
    <message>
        <source>Posts summary</source>
        <translation>Zusammenfassung der Beiträge</translation>
    </message>
    <message>
        <source>Published posts and submissions</source>
        <translation>Veröffentlichte und eingereichte Beiträge</translation>
    </message>
</context>
<context>
    <name>PublishAgainQuestion</name>
    <message>
        <source>%1 %2</source>
        <extracomment>An account where a post goes: its platform, then its name (and handle).</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (@%3)</source>
        <translation>%1 %2 (@%3)</translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <extracomment>Where a post goes: the account, then the page it is posted as.</extracomment>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>This draft is already waiting to go to %1.</source>
        <translation>Dieser Entwurf wartet schon darauf, an %1 zu gehen.</translation>
    </message>
    <message>
        <source>This draft was already published to %1 on %2.</source>
        <translation>Dieser Entwurf wurde schon am %2 auf %1 veröffentlicht.</translation>
    </message>
    <message>
        <source>This draft is being published to %1 right now.</source>
        <translation>Dieser Entwurf wird gerade auf %1 veröffentlicht.</translation>
    </message>
    <message>
        <source>This draft is already scheduled for %1 on %2.</source>
        <translation>Dieser Entwurf ist schon für %1 am %2 eingeplant.</translation>
    </message>
    <message>
        <source>Publish again?</source>
        <translation>Noch einmal veröffentlichen?</translation>
    </message>
    <message>
        <source>Schedule again?</source>
        <translation>Noch einmal einplanen?</translation>
    </message>
    <message>
        <source>Publishing it again makes a second post there.</source>
        <translation>Noch einmal veröffentlicht, gibt es dort einen zweiten Beitrag.</translation>
    </message>
    <message>
        <source>Scheduling it again makes a second post there.</source>
        <translation>Noch einmal eingeplant, gibt es dort einen zweiten Beitrag.</translation>
    </message>
    <message>
        <source>Publish &amp;again</source>
        <translation>&amp;Noch einmal veröffentlichen</translation>
    </message>
    <message>
        <source>Schedule &amp;again</source>
        <translation>&amp;Noch einmal einplanen</translation>
    </message>
</context>
<context>
    <name>RuleWords</name>
    <message>
        <source>Write something or add media before publishing.</source>
        <translation>Schreiben Sie etwas oder fügen Sie Medien hinzu, bevor Sie veröffentlichen.</translation>
    </message>
    <message>
        <source>Too long for %1: %2 of %3 characters.</source>
        <extracomment>%1 is the platform, %2 the text&apos;s length as it counts it, %3 its limit.</extracomment>
        <translation>Zu lang für %1: %2 von %3 Zeichen.</translation>
    </message>
    <message>
        <source>Too many media for %1: %2 of %3.</source>
        <extracomment>%1 is the platform, %2 how many media the post has, %3 how many it takes.</extracomment>
        <translation>Zu viele Medien für %1: %2 von %3.</translation>
    </message>
    <message>
        <source>Media item %1 is not a web address.</source>
        <extracomment>%1 is the media item&apos;s position, from 1.</extracomment>
        <translation>Medium %1 ist keine Webadresse.</translation>
    </message>
    <message>
        <source>That time is past: choose a time in the future.</source>
        <translation>Dieser Zeitpunkt ist vorbei: Wählen Sie einen Zeitpunkt in der Zukunft.</translation>
    </message>
    <message>
        <source>Posts can be scheduled at most two years ahead.</source>
        <translation>Beiträge können höchstens zwei Jahre im Voraus eingeplant werden.</translation>
    </message>
    <message>
        <source>%1 needs to be connected again before it can publish: reconnect it in the accounts list, or choose another account.</source>
        <translation>%1 muss neu verbunden werden, bevor es veröffentlichen kann: Verbinden Sie es in der Kontenliste neu, oder wählen Sie ein anderes Konto.</translation>
    </message>
    <message>
        <source>%1 is disconnected: connect it again, or choose another account.</source>
        <translation>%1 ist getrennt: Verbinden Sie es erneut, oder wählen Sie ein anderes Konto.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Settings sections</source>
        <translation>Bereiche der Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Connection</source>
        <translation>&amp;Verbindung</translation>
    </message>
    <message>
        <source>&amp;Use this connection</source>
        <translation>&amp;Diese Verbindung verwenden</translation>
    </message>
    <message>
        <source>&amp;Project</source>
        <translation>&amp;Projekt</translation>
    </message>
    <message>
        <source>Project:</source>
        <translation>Projekt:</translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation>Zeitzone:</translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation>Inhaber:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>This app&apos;s key:</source>
        <translation>Schlüssel dieser App:</translation>
    </message>
    <message>
        <source>API &amp;keys and calls</source>
        <translation>API-Schlüssel und Auf&amp;rufe</translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>vor %Ln Min.</numerusform>
            <numerusform>vor %Ln Min.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WeekDropPlanner</name>
    <message>
        <source>The calendar cannot change the plan here.</source>
        <translation>Der Kalender kann den Plan hier nicht ändern.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>The ghost of a dragged draft: the time it would get, then the account it goes to.</extracomment>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>WeekView</name>
    <message>
        <source>%1 · %2</source>
        <extracomment>A one-line card in the week calendar: the post&apos;s first line, then its account.</extracomment>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Plan, schedule and publish social-media posts.</source>
        <translation>Social-Media-Beiträge planen, zeitlich einplanen und veröffentlichen.</translation>
    </message>
    <message>
        <source>Keep settings, drafts and the built-in server&apos;s data in &lt;directory&gt; instead of the user&apos;s own.</source>
        <translation>Einstellungen, Entwürfe und die Daten des integrierten Servers in &lt;Verzeichnis&gt; statt in den Verzeichnissen des Benutzers speichern.</translation>
    </message>
    <message>
        <source>directory</source>
        <translation>Verzeichnis</translation>
    </message>
</context>
<context>
    <name>slotline::app::BundledServer</name>
    <message numerus="yes">
        <source>The built-in server did not start listening within %Ln second(s).</source>
        <translation>
            <numerusform>Der integrierte Server war nicht innerhalb von %Ln Sekunde empfangsbereit.</numerusform>
            <numerusform>Der integrierte Server war nicht innerhalb von %Ln Sekunden empfangsbereit.</numerusform>
        </translation>
    </message>
    <message>
        <source>The Slotline server program (%1) was not found next to Slotline or on the PATH. Reinstall Slotline, or set SLOTLINE_SERVER to the program&apos;s path.</source>
        <translation>Das Slotline-Serverprogramm (%1) wurde weder neben Slotline noch im PATH gefunden. Installieren Sie Slotline neu oder setzen Sie SLOTLINE_SERVER auf den Pfad des Programms.</translation>
    </message>
    <message>
        <source>The Slotline server program %1 does not exist or cannot be run.</source>
        <translation>Das Slotline-Serverprogramm %1 existiert nicht oder kann nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>The Slotline server program %1 could not be run: %2</source>
        <translation>Das Slotline-Serverprogramm %1 konnte nicht ausgeführt werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>The built-in server did not finish preparing its data in %1 within %Ln second(s).</source>
        <translation>
            <numerusform>Der integrierte Server hat seine Daten in %1 nicht innerhalb von %Ln Sekunde vorbereitet.</numerusform>
            <numerusform>Der integrierte Server hat seine Daten in %1 nicht innerhalb von %Ln Sekunden vorbereitet.</numerusform>
        </translation>
    </message>
    <message>
        <source>The built-in server crashed while preparing its data in %1.</source>
        <translation>Der integrierte Server ist beim Vorbereiten seiner Daten in %1 abgestürzt.</translation>
    </message>
    <message>
        <source>The built-in server could not prepare its data in %1 (exit code %2).</source>
        <translation>Der integrierte Server konnte seine Daten in %1 nicht vorbereiten (Exit-Code %2).</translation>
    </message>
    <message>
        <source>The built-in server prepared its data in %1 but gave no API key.</source>
        <translation>Der integrierte Server hat seine Daten in %1 vorbereitet, aber keinen API-Schlüssel geliefert.</translation>
    </message>
    <message>
        <source>The key of the built-in server could not be saved (%1); the next start makes a new one.</source>
        <translation>Der Schlüssel des integrierten Servers konnte nicht gespeichert werden (%1); beim nächsten Start wird ein neuer erzeugt.</translation>
    </message>
    <message>
        <source>It crashed.</source>
        <translation>Er ist abgestürzt.</translation>
    </message>
    <message>
        <source>It exited with code %1.</source>
        <translation>Er wurde mit Code %1 beendet.</translation>
    </message>
    <message>
        <source>The built-in server stopped before it was ready.</source>
        <translation>Der integrierte Server wurde beendet, bevor er bereit war.</translation>
    </message>
    <message>
        <source>The built-in server is starting or stopping; its key can be renewed once it runs.</source>
        <translation>Der integrierte Server wird gerade gestartet oder beendet; sein Schlüssel kann erneuert werden, sobald er läuft.</translation>
    </message>
    <message>
        <source>The built-in server stopped unexpectedly: it crashed or was killed.</source>
        <translation>Der eingebaute Server hat unerwartet aufgehört: Er ist abgestürzt oder wurde beendet.</translation>
    </message>
    <message>
        <source>The built-in server was stopped from outside Slotline.</source>
        <translation>Der eingebaute Server wurde von außerhalb von Slotline beendet.</translation>
    </message>
    <message>
        <source>The built-in server stopped unexpectedly with an error (exit code %1).</source>
        <translation>Der eingebaute Server hat unerwartet mit einem Fehler aufgehört (Exit-Code %1).</translation>
    </message>
</context>
<context>
    <name>slotline::app::DesktopApp</name>
    <message>
        <source>Slotline could not open its local store %1: %2</source>
        <translation>Slotline konnte seinen lokalen Speicher %1 nicht öffnen: %2</translation>
    </message>
    <message>
        <source>Connection not saved</source>
        <translation>Verbindung nicht gespeichert</translation>
    </message>
    <message>
        <source>The new connection could not be saved: %1</source>
        <translation>Die neue Verbindung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Slotline could not start</source>
        <translation>Slotline konnte nicht starten</translation>
    </message>
    <message>
        <source>Try &amp;again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>&amp;Choose another server…</source>
        <translation>&amp;Anderen Server wählen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>the built-in server stopped; starting it again (try %1 of %2)</source>
        <translation>der eingebaute Server hat aufgehört; er wird neu gestartet (Versuch %1 von %2)</translation>
    </message>
    <message>
        <source>the built-in server could not be started again</source>
        <translation>der eingebaute Server konnte nicht neu gestartet werden</translation>
    </message>
    <message>
        <source>The built-in server is not running</source>
        <translation>Der eingebaute Server läuft nicht</translation>
    </message>
    <message numerus="yes">
        <source>Slotline tried %Ln time(s) to start its built-in server again, without success.</source>
        <translation>
            <numerusform>Slotline hat %Ln-mal versucht, den eingebauten Server neu zu starten, ohne Erfolg.</numerusform>
            <numerusform>Slotline hat %Ln-mal versucht, den eingebauten Server neu zu starten, ohne Erfolg.</numerusform>
        </translation>
    </message>
    <message>
        <source>You can go on writing: drafts and changes are kept on this computer and sent when the server runs again.</source>
        <translation>Sie können weiterschreiben: Entwürfe und Änderungen bleiben auf diesem Computer und werden gesendet, sobald der Server wieder läuft.</translation>
    </message>
    <message>
        <source>&amp;Work offline</source>
        <translation>&amp;Offline weiterarbeiten</translation>
    </message>
</context>
<context>
    <name>slotline::client::ApiTransport</name>
    <message>
        <source>The call was cancelled.</source>
        <translation>Der Aufruf wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The server did not answer in time.</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation>Der Server ist nicht erreichbar: %1</translation>
    </message>
</context>
<context>
    <name>slotline::client::ConnectionSettings</name>
    <message>
        <source>Give the server&apos;s address, such as http://127.0.0.1:8787.</source>
        <translation>Geben Sie die Adresse des Servers an, zum Beispiel http://127.0.0.1:8787.</translation>
    </message>
    <message>
        <source>The address must start with http:// or https://.</source>
        <translation>Die Adresse muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <source>The address must not have a user name, a query or a fragment.</source>
        <translation>Die Adresse darf keinen Benutzernamen, keine Abfrage und kein Fragment enthalten.</translation>
    </message>
</context>
<context>
    <name>slotline::client::CredentialStore</name>
    <message>
        <source>No keychain service is running, so the API key is kept in %1, which only you can read.</source>
        <translation>Es läuft kein Schlüsselbunddienst, daher wird der API-Schlüssel in %1 gespeichert; nur Sie können diese Datei lesen.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>%1 kann nicht angelegt werden.</translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaIntake</name>
    <message>
        <source>It cannot be read.</source>
        <translation>Sie kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or MP4).</source>
        <translation>Es ist kein Bild oder Video, das der Server annimmt (PNG, JPEG, GIF, WebP oder MP4).</translation>
    </message>
    <message>
        <source>The folder %1 cannot be made.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>It could not be copied for the upload: %1</source>
        <translation>Sie konnte für das Hochladen nicht kopiert werden: %1</translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaPreviewLoader</name>
    <message>
        <source>Only http, https and local files can be shown: %1</source>
        <translation>Nur http- und https-Adressen und lokale Dateien können angezeigt werden: %1</translation>
    </message>
    <message>
        <source>The address holds %1, not an image.</source>
        <translation>Unter der Adresse liegt %1, kein Bild.</translation>
    </message>
    <message>
        <source>The media server did not answer in time.</source>
        <translation>Der Medienserver hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The media cannot be loaded: %1</source>
        <translation>Das Medium kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>The file is larger than %1 and is not shown.</source>
        <translation>Die Datei ist größer als %1 und wird nicht angezeigt.</translation>
    </message>
    <message>
        <source>The file is not an image that can be shown: %1</source>
        <translation>Die Datei ist kein Bild, das angezeigt werden kann: %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>slotline::client::MediaUploader</name>
    <message>
        <source>The copy of the file the app kept for the upload is gone.</source>
        <translation>Die Kopie der Datei, die die App für das Hochladen aufbewahrt hat, ist nicht mehr da.</translation>
    </message>
</context>
<context>
    <name>slotline::client::SyncEngine</name>
    <message>
        <source>The draft could not be saved on the server, so it was not published.</source>
        <translation>Der Entwurf konnte nicht auf dem Server gespeichert werden und wurde daher nicht veröffentlicht.</translation>
    </message>
    <message>
        <source>The draft was changed elsewhere too. Choose which version to keep, then publish it again.</source>
        <translation>Der Entwurf wurde auch an anderer Stelle geändert. Wählen Sie, welche Version Sie behalten möchten, und veröffentlichen Sie sie dann erneut.</translation>
    </message>
    <message>
        <source>The server made no slot.</source>
        <translation>Der Server hat keinen Slot angelegt.</translation>
    </message>
    <message>
        <source>“%1” could not be uploaded, so the post was not published: %2</source>
        <translation>„%1“ konnte nicht hochgeladen werden, daher wurde der Beitrag nicht veröffentlicht: %2</translation>
    </message>
    <message>
        <source>A file of the draft is no longer kept for its upload, so the post was not published: add the file again.</source>
        <translation>Eine Datei des Entwurfs wird nicht mehr für das Hochladen aufbewahrt, daher wurde der Beitrag nicht veröffentlicht: Fügen Sie die Datei erneut hinzu.</translation>
    </message>
    <message numerus="yes">
        <source>The server&apos;s upload addresses did not take the file (%n tries).</source>
        <translation>
            <numerusform>Die Upload-Adressen des Servers haben die Datei nicht angenommen (%n Versuch).</numerusform>
            <numerusform>Die Upload-Adressen des Servers haben die Datei nicht angenommen (%n Versuche).</numerusform>
        </translation>
    </message>
    <message>
        <source>The file kept for the upload is not known any more.</source>
        <translation>Die für das Hochladen aufbewahrte Datei ist nicht mehr bekannt.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountChoice</name>
    <message>
        <source>%1 (@%2)</source>
        <translation>%1 (@%2)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the composer&apos;s choice, then its state (&quot;Rate limited until 14:30&quot;, &quot;Needs reconnect&quot;).</extracomment>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>The account itself</source>
        <translation>Das Konto selbst</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A page in the composer&apos;s &quot;As:&quot; choice: its name and its type.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountDisconnection</name>
    <message>
        <source>%1 is disconnected.</source>
        <extracomment>In the status bar; %1 is the account (platform, name, handle).</extracomment>
        <translation>%1 ist getrennt.</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n scheduled post(s).</source>
        <translation>
            <numerusform>%1 hat %n geplanten Beitrag.</numerusform>
            <numerusform>%1 hat %n geplante Beiträge.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel them and disconnect the account? Their credits come back, and the Posts list keeps them as cancelled.</source>
        <translation>Sie abbrechen und das Konto trennen? Ihre Credits kommen zurück, und die Beitragsliste zeigt sie als abgebrochen.</translation>
    </message>
    <message>
        <source>Cancel Posts and Disconnect</source>
        <translation>Beiträge abbrechen und trennen</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>An account: its platform, its name and its @handle.</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (@%3)</source>
        <translation>%1 %2 (@%3)</translation>
    </message>
    <message>
        <source>Disconnect %1?</source>
        <translation>%1 trennen?</translation>
    </message>
    <message>
        <source>Slotline forgets the account&apos;s sign-in and publishes nothing more to it. You can connect it again later.</source>
        <translation>Slotline vergisst die Anmeldung des Kontos und veröffentlicht nichts mehr darauf. Sie können es später wieder verbinden.</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Disconnect Account</source>
        <translation>Konto trennen</translation>
    </message>
    <message>
        <source>%1 could not be disconnected.</source>
        <extracomment>%1 is the account (platform, name, handle).</extracomment>
        <translation>%1 konnte nicht getrennt werden.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountTreeModel</name>
    <message>
        <source>Disconnected: posts to this account cannot be published until it is connected again.</source>
        <translation>Getrennt: Beiträge für dieses Konto können erst wieder veröffentlicht werden, wenn es erneut verbunden ist.</translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <extracomment>A page&apos;s tooltip: its name, its type (&quot;page&quot;, &quot;organization&quot;) and its account.</extracomment>
        <translation>%1 (%2 von %3)</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>Konten</translation>
    </message>
    <message>
        <source>page</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (page of Jane Doe)&quot;.</extracomment>
        <translation>Seite</translation>
    </message>
    <message>
        <source>organization</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (organization of Jane Doe)&quot;.</extracomment>
        <translation>Organisation</translation>
    </message>
    <message>
        <source>group</source>
        <extracomment>The type of an account&apos;s page, as in &quot;Acme (group of Jane Doe)&quot;.</extracomment>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Needs reconnect</source>
        <translation>Muss neu verbunden werden</translation>
    </message>
    <message>
        <source>Rate limited</source>
        <translation>Anfragelimit erreicht</translation>
    </message>
    <message>
        <source>Rate limited until %1</source>
        <extracomment>An account whose platform refuses more posts for now; %1 is a time (or date and time) of this computer.</extracomment>
        <translation>Anfragelimit bis %1</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Getrennt</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the accounts list that cannot publish now: its name, its state.</extracomment>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Needs to be connected again: %1 no longer accepts Slotline&apos;s access.
Its posts cannot be published until it is reconnected
(double-click it, or Reconnect… in its context menu).</source>
        <translation>Muss neu verbunden werden: %1 akzeptiert den Zugriff von Slotline nicht mehr.
Seine Beiträge können erst veröffentlicht werden, wenn es neu verbunden ist
(Doppelklick darauf oder „Neu verbinden…“ im Kontextmenü).</translation>
    </message>
    <message>
        <source>%1: the platform takes no more posts for now.
Posts due meanwhile wait and go out afterwards.</source>
        <translation>%1: Die Plattform nimmt vorerst keine Beiträge mehr an.
Beiträge, die in der Zwischenzeit fällig werden, warten und gehen danach hinaus.</translation>
    </message>
    <message>
        <source>%1 said: %2</source>
        <extracomment>What the platform said about an account that is not connected.</extracomment>
        <translation>%1 meldet: %2</translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <extracomment>An X account in the accounts list: its name and @handle.</extracomment>
        <translation>%1 (@%2)</translation>
    </message>
</context>
<context>
    <name>slotline::gui::AccountsPanel</name>
    <message>
        <source>&amp;Connect Account…</source>
        <translation>Konto &amp;verbinden…</translation>
    </message>
    <message>
        <source>Connect a LinkedIn, X or Facebook account: you sign in on the platform&apos;s page in your browser.</source>
        <translation>Ein LinkedIn-, X- oder Facebook-Konto verbinden: Sie melden sich auf der Seite der Plattform in Ihrem Browser an.</translation>
    </message>
    <message>
        <source>&amp;Reconnect…</source>
        <translation>&amp;Neu verbinden…</translation>
    </message>
    <message>
        <source>Sign in to the account&apos;s platform again, for an account that needs it.</source>
        <translation>Erneut bei der Plattform des Kontos anmelden, für ein Konto, das es braucht.</translation>
    </message>
    <message>
        <source>&amp;Disconnect…</source>
        <translation>&amp;Trennen…</translation>
    </message>
    <message>
        <source>Stop publishing to the account: Slotline forgets its sign-in. You can connect it again later.</source>
        <translation>Nicht mehr auf dem Konto veröffentlichen: Slotline vergisst die Anmeldung. Sie können es später wieder verbinden.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ApiKeyListModel</name>
    <message>
        <source>Revoked %1</source>
        <translation>Widerrufen: %1</translation>
    </message>
    <message>
        <source>%1 (revoked)</source>
        <translation>%1 (widerrufen)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Zuletzt verwendet</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ApiKeysPage</name>
    <message>
        <source>Could not load the API keys: %1</source>
        <translation>Die API-Schlüssel konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>Could not load the call log: %1</source>
        <translation>Das Aufrufprotokoll konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Successful (2xx)</source>
        <translation>Erfolgreich (2xx)</translation>
    </message>
    <message>
        <source>Client errors (4xx)</source>
        <translation>Clientfehler (4xx)</translation>
    </message>
    <message>
        <source>Server errors (5xx)</source>
        <translation>Serverfehler (5xx)</translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation>Anfragelimit erreicht (429)</translation>
    </message>
    <message>
        <source>Not found (404)</source>
        <translation>Nicht gefunden (404)</translation>
    </message>
    <message>
        <source>All keys</source>
        <translation>Alle Schlüssel</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>%1 (revoked)</source>
        <translation>%1 (widerrufen)</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s) shown; scroll down for more.</source>
        <translation>
            <numerusform>%Ln Aufruf angezeigt; weitere erscheinen beim Scrollen nach unten.</numerusform>
            <numerusform>%Ln Aufrufe angezeigt; weitere erscheinen beim Scrollen nach unten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln call(s).</source>
        <translation>
            <numerusform>%Ln Aufruf.</numerusform>
            <numerusform>%Ln Aufrufe.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::AttentionButton</name>
    <message numerus="yes">
        <source>%Ln need(s) attention</source>
        <translation>
            <numerusform>%Ln braucht Aufmerksamkeit</numerusform>
            <numerusform>%Ln brauchen Aufmerksamkeit</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” failed: %2</source>
        <extracomment>A failed post in the status bar&apos;s menu: its first line, then why it failed.</extracomment>
        <translation>„%1“ fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Mark all as seen</source>
        <translation>Alle als gesehen markieren</translation>
    </message>
</context>
<context>
    <name>slotline::gui::AttentionTracker</name>
    <message>
        <source>A post failed on %1</source>
        <translation>Ein Beitrag auf %1 ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>„%1“: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln post(s) failed</source>
        <translation>
            <numerusform>%Ln Beitrag ist fehlgeschlagen</numerusform>
            <numerusform>%Ln Beiträge sind fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>The Posts list says why.</source>
        <translation>Die Liste der Beiträge sagt, warum.</translation>
    </message>
    <message>
        <source>%1 account %2 needs to be connected again</source>
        <extracomment>%1 is the platform, %2 the account (&quot;@ada&quot; or its name).</extracomment>
        <translation>%1-Konto %2 muss neu verbunden werden</translation>
    </message>
    <message>
        <source>%1 account %2 is no longer connected</source>
        <extracomment>%1 is the platform, %2 the account (&quot;@ada&quot; or its name).</extracomment>
        <translation>%1-Konto %2 ist nicht mehr verbunden</translation>
    </message>
    <message>
        <source>%1 no longer accepts Slotline&apos;s access: its posts cannot be published until you reconnect it (Accounts, Reconnect…).</source>
        <translation>%1 akzeptiert den Zugriff von Slotline nicht mehr: Seine Beiträge können erst veröffentlicht werden, wenn Sie es neu verbinden (Konten, Neu verbinden…).</translation>
    </message>
    <message>
        <source>Its posts cannot be published until it is connected again.</source>
        <translation>Seine Beiträge können erst veröffentlicht werden, wenn es wieder verbunden ist.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::CalendarPanel</name>
    <message>
        <source>&amp;Previous week</source>
        <translation>&amp;Vorherige Woche</translation>
    </message>
    <message>
        <source>&amp;Next week</source>
        <translation>&amp;Nächste Woche</translation>
    </message>
    <message>
        <source>&amp;This week</source>
        <translation>&amp;Diese Woche</translation>
    </message>
    <message>
        <source>Edit s&amp;lots</source>
        <translation>Zeitfenster &amp;bearbeiten</translation>
    </message>
    <message>
        <source>Click a time to add a weekly publishing slot there for the account chosen; click a slot to remove it</source>
        <translation>Klicken Sie auf eine Uhrzeit, um dort ein wöchentliches Zeitfenster für das gewählte Konto anzulegen; klicken Sie auf ein Zeitfenster, um es zu entfernen</translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>An account&apos;s page in the calendar&apos;s account choice.</extracomment>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <source>Every account</source>
        <extracomment>The slot target &quot;every account&quot; (for editing slots; a draft needs one account).</extracomment>
        <translation>Alle Konten</translation>
    </message>
    <message>
        <source>%1 (project)</source>
        <extracomment>The calendar&apos;s time zone choice: the project&apos;s zone, e.g. &quot;Europe/Berlin (project)&quot;.</extracomment>
        <translation>%1 (Projekt)</translation>
    </message>
    <message>
        <source>%1 (this computer)</source>
        <extracomment>The calendar&apos;s time zone choice: this computer&apos;s zone, e.g. &quot;UTC (this computer)&quot;.</extracomment>
        <translation>%1 (dieser Computer)</translation>
    </message>
    <message>
        <source>%1, now %2</source>
        <translation>%1, derzeit %2</translation>
    </message>
    <message>
        <source>Scheduled in the next free slot of %1; it shows in the calendar once the server has placed it.</source>
        <translation>Im nächsten freien Zeitfenster von %1 eingeplant; der Beitrag erscheint im Kalender, sobald der Server ihn eingetragen hat.</translation>
    </message>
    <message>
        <source>Editing slots: click a time to add a weekly slot for %1 there, click a slot to remove it (or move with the arrows and press Space).</source>
        <translation>Zeitfenster bearbeiten: Klicken Sie auf eine Uhrzeit, um dort ein wöchentliches Zeitfenster für %1 anzulegen, oder auf ein Zeitfenster, um es zu entfernen (oder wählen Sie mit den Pfeiltasten und drücken Sie die Leertaste).</translation>
    </message>
    <message>
        <source>Edit slots</source>
        <extracomment>The calendar&apos;s button that turns slot editing on and off (its menu name is &quot;Edit slots&quot;).</extracomment>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation>%1 (@%2)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <extracomment>An account in the calendar&apos;s &quot;Schedule for&quot; choice, then its state.</extracomment>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 um %2</translation>
    </message>
    <message>
        <source>The slot on %1 was not added: %2</source>
        <translation>Der Slot am %1 wurde nicht hinzugefügt: %2</translation>
    </message>
    <message>
        <source>The slot on %1 was not removed: %2</source>
        <translation>Der Slot am %1 wurde nicht entfernt: %2</translation>
    </message>
    <message>
        <source>There is already a slot on %1 (perhaps for accounts not shown): remove it first, or choose another time.</source>
        <translation>Am %1 gibt es bereits einen Slot (vielleicht für nicht angezeigte Konten): Entfernen Sie ihn zuerst oder wählen Sie eine andere Zeit.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::CallLogModel</name>
    <message>
        <source>tool: %1</source>
        <translation>Tool: %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>A call&apos;s duration in milliseconds.</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Path or tool</source>
        <translation>Pfad oder Tool</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ComposerWidget</name>
    <message>
        <source>There is no connected account for the chosen platforms.</source>
        <translation>Für die gewählten Plattformen ist kein Konto verbunden.</translation>
    </message>
    <message>
        <source>Choose the account to publish with.</source>
        <translation>Wählen Sie das Konto, mit dem veröffentlicht werden soll.</translation>
    </message>
    <message>
        <source>This time does not exist in %1 (the clocks change).</source>
        <translation>Diese Uhrzeit gibt es in %1 nicht (Zeitumstellung).</translation>
    </message>
    <message>
        <source>Not published: this draft was changed elsewhere too. Choose which version to keep in the drafts list, then publish it.</source>
        <translation>Nicht veröffentlicht: Dieser Entwurf wurde auch an anderer Stelle geändert. Wählen Sie in der Entwurfsliste, welche Version Sie behalten möchten, und veröffentlichen Sie sie dann.</translation>
    </message>
    <message>
        <source>This publication is already on its way; it is not sent twice.</source>
        <translation>Diese Veröffentlichung ist bereits unterwegs; sie wird nicht doppelt gesendet.</translation>
    </message>
    <message>
        <source>You are offline: the post will be sent when the server is back.</source>
        <translation>Sie sind offline: Der Beitrag wird gesendet, sobald der Server wieder erreichbar ist.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Scheduled for %1.</source>
        <translation>Geplant für %1.</translation>
    </message>
    <message>
        <source>Sent for publishing. The Posts list shows when it is out.</source>
        <translation>Zur Veröffentlichung gesendet. In der Liste „Beiträge“ sehen Sie, wann er erschienen ist.</translation>
    </message>
    <message>
        <source>Not published: %1</source>
        <extracomment>The composer&apos;s word on a post it sent that then failed; %1 is why.</extracomment>
        <translation>Nicht veröffentlicht: %1</translation>
    </message>
    <message>
        <source>Pu&amp;blish now</source>
        <translation>Jetzt &amp;veröffentlichen</translation>
    </message>
    <message>
        <source>Sche&amp;dule</source>
        <translation>&amp;Einplanen</translation>
    </message>
    <message>
        <source>Put in next free s&amp;lot</source>
        <translation>&amp;Ins nächste freie Zeitfenster</translation>
    </message>
    <message>
        <source>Editing…</source>
        <translation>Wird bearbeitet…</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>Nicht gespeichert</translation>
    </message>
    <message>
        <source>Saved and synced</source>
        <translation>Gespeichert und synchronisiert</translation>
    </message>
    <message>
        <source>Saved on this computer</source>
        <translation>Auf diesem Computer gespeichert</translation>
    </message>
    <message>
        <source>Saved, waiting to sync</source>
        <translation>Gespeichert, Synchronisierung ausstehend</translation>
    </message>
    <message>
        <source>Changed elsewhere too: choose in the drafts list</source>
        <translation>Auch anderswo geändert: Version in der Entwurfsliste wählen</translation>
    </message>
    <message>
        <source>Not accepted by the server: %1</source>
        <translation>Vom Server nicht angenommen: %1</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <source>New draft</source>
        <translation>Neuer Entwurf</translation>
    </message>
    <message>
        <source>This post is being sent; wait for the answer.</source>
        <translation>Dieser Beitrag wird gerade gesendet; warten Sie auf die Antwort.</translation>
    </message>
    <message>
        <source>Publish or schedule this post (Ctrl+Return)</source>
        <translation>Diesen Beitrag veröffentlichen oder einplanen (Strg+Return)</translation>
    </message>
    <message>
        <source>Published.</source>
        <translation>Veröffentlicht.</translation>
    </message>
    <message>
        <source>Not published: it was cancelled.</source>
        <translation>Nicht veröffentlicht: Der Beitrag wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Wait until the media have been added (or remove them) before opening another draft.</source>
        <translation>Warten Sie, bis die Medien hinzugefügt sind (oder entfernen Sie sie), bevor Sie einen anderen Entwurf öffnen.</translation>
    </message>
    <message>
        <source>Wait until the media have been added.</source>
        <translation>Warten Sie, bis die Medien hinzugefügt sind.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectAccountDialog</name>
    <message>
        <source>C&amp;onnect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Reconnect Account</source>
        <translation>Konto neu verbinden</translation>
    </message>
    <message>
        <source>Slotline opens %1 in your browser: sign in there as the account below and allow Slotline to publish again. Its posts, slots and pages stay as they are.</source>
        <translation>Slotline öffnet %1 in Ihrem Browser: Melden Sie sich dort mit dem unten genannten Konto an und erlauben Sie Slotline wieder zu veröffentlichen. Seine Beiträge, Zeitfenster und Seiten bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation>%1 (@%2)</translation>
    </message>
    <message>
        <source>%1
%2 said: %3</source>
        <extracomment>An account to reconnect, then what its platform said about it.</extracomment>
        <translation>%1
%2 meldet: %3</translation>
    </message>
    <message>
        <source>Rec&amp;onnect</source>
        <translation>Neu &amp;verbinden</translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation>Der Server wird gefragt…</translation>
    </message>
    <message>
        <source>The server prepares the page of %1 to sign in on.</source>
        <translation>Der Server bereitet die Anmeldeseite von %1 vor.</translation>
    </message>
    <message>
        <source>Finish in your browser…</source>
        <translation>Schließen Sie im Browser ab…</translation>
    </message>
    <message>
        <source>Sign in to %1 in your browser and allow Slotline to publish. This window notices by itself when you are done.</source>
        <translation>Melden Sie sich in Ihrem Browser bei %1 an und erlauben Sie Slotline zu veröffentlichen. Dieses Fenster bemerkt von selbst, wenn Sie fertig sind.</translation>
    </message>
    <message>
        <source>Connected; reading the account…</source>
        <translation>Verbunden; das Konto wird gelesen…</translation>
    </message>
    <message>
        <source>Slotline reads the account and its pages.</source>
        <translation>Slotline liest das Konto und seine Seiten.</translation>
    </message>
    <message>
        <source>%1 did not connect the account</source>
        <translation>%1 hat das Konto nicht verbunden</translation>
    </message>
    <message>
        <source>The platform did not say why. Try again, and allow Slotline to publish when the platform asks.</source>
        <translation>Die Plattform hat keinen Grund genannt. Versuchen Sie es erneut und erlauben Sie Slotline zu veröffentlichen, wenn die Plattform fragt.</translation>
    </message>
    <message>
        <source>The time to finish in the browser ran out</source>
        <translation>Die Zeit für die Anmeldung im Browser ist abgelaufen</translation>
    </message>
    <message>
        <source>Signing in to %1 has to be finished within 10 minutes of pressing Connect. Try again to get a new page to sign in on.</source>
        <translation>Die Anmeldung bei %1 muss innerhalb von 10 Minuten nach „Verbinden“ abgeschlossen sein. Versuchen Sie es erneut, um eine neue Anmeldeseite zu erhalten.</translation>
    </message>
    <message>
        <source>The server says: %1</source>
        <extracomment>After why an account could not be connected: the server&apos;s own explanation.</extracomment>
        <translation>Der Server meldet: %1</translation>
    </message>
    <message>
        <source>The account could not be connected</source>
        <translation>Das Konto konnte nicht verbunden werden</translation>
    </message>
    <message>
        <source>The account is connected</source>
        <translation>Das Konto ist verbunden</translation>
    </message>
    <message>
        <source>The account is connected again</source>
        <translation>Das Konto ist wieder verbunden</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A page of a newly connected account: its name and type (&quot;page&quot;, &quot;organization&quot;).</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Posts go to the account itself; it has no pages to publish to.</source>
        <translation>Beiträge gehen an das Konto selbst; es hat keine Seiten zum Veröffentlichen.</translation>
    </message>
    <message numerus="yes">
        <source>It publishes to %Ln page(s):</source>
        <translation>
            <numerusform>Es veröffentlicht auf %Ln Seite:</numerusform>
            <numerusform>Es veröffentlicht auf %Ln Seiten:</numerusform>
        </translation>
    </message>
    <message>
        <source>The browser did not open: copy the address into it yourself.</source>
        <translation>Der Browser hat sich nicht geöffnet: Kopieren Sie die Adresse selbst hinein.</translation>
    </message>
    <message>
        <source>%1 Slotline keeps asking.</source>
        <extracomment>While waiting for the browser, a question to the server got no answer.</extracomment>
        <translation>%1 Slotline fragt weiter nach.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionForm</name>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Hide the API key</source>
        <translation>API-Schlüssel verbergen</translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation>API-Schlüssel anzeigen</translation>
    </message>
    <message>
        <source>Enter the API key you were given for this server.</source>
        <translation>Geben Sie den API-Schlüssel ein, den Sie für diesen Server erhalten haben.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>Connected to project %1 (%2).</source>
        <translation>Verbunden mit Projekt %1 (%2).</translation>
    </message>
    <message>
        <source>The server refused this API key. Check that it was copied whole and has not been revoked.</source>
        <translation>Der Server hat diesen API-Schlüssel abgelehnt. Prüfen Sie, ob er vollständig kopiert und nicht widerrufen wurde.</translation>
    </message>
    <message>
        <source>No Slotline server answers at %1. Check the address and that the server is running.</source>
        <translation>Unter %1 antwortet kein Slotline-Server. Prüfen Sie die Adresse und ob der Server läuft.</translation>
    </message>
    <message>
        <source>The server at %1 did not answer in time.</source>
        <translation>Der Server unter %1 hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>Something answers at %1, but not as a Slotline server does. Check the address.</source>
        <translation>Unter %1 antwortet etwas, aber nicht wie ein Slotline-Server. Prüfen Sie die Adresse.</translation>
    </message>
    <message numerus="yes">
        <source>The server is busy. Try again in %Ln second(s).</source>
        <translation>
            <numerusform>Der Server ist ausgelastet. Versuchen Sie es in %Ln Sekunde erneut.</numerusform>
            <numerusform>Der Server ist ausgelastet. Versuchen Sie es in %Ln Sekunden erneut.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server at %1 has a problem: %2</source>
        <translation>Der Server unter %1 hat ein Problem: %2</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionPreferences</name>
    <message>
        <source>The settings could not be written to %1.</source>
        <translation>Die Einstellungen konnten nicht in %1 geschrieben werden.</translation>
    </message>
    <message>
        <source>Give the server&apos;s address.</source>
        <translation>Geben Sie die Adresse des Servers an.</translation>
    </message>
    <message>
        <source>Give the API key for the server.</source>
        <translation>Geben Sie den API-Schlüssel für den Server an.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ConnectionStatusWidget</name>
    <message>
        <source>Connection state</source>
        <translation>Verbindungsstatus</translation>
    </message>
    <message>
        <source>Credits remaining</source>
        <translation>Verbleibende Credits</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>Jetzt erneut versuchen</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
    <message numerus="yes">
        <source>Online · sending %Ln change(s)</source>
        <translation>
            <numerusform>Online · %Ln Änderung wird gesendet</numerusform>
            <numerusform>Online · %Ln Änderungen werden gesendet</numerusform>
        </translation>
    </message>
    <message>
        <source>Online</source>
        <translation>Online</translation>
    </message>
    <message numerus="yes">
        <source>Offline · %Ln change(s) waiting</source>
        <translation>
            <numerusform>Offline · %Ln Änderung wartet</numerusform>
            <numerusform>Offline · %Ln Änderungen warten</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message numerus="yes">
        <source>next try in %Ln s</source>
        <translation>
            <numerusform>nächster Versuch in %Ln s</numerusform>
            <numerusform>nächster Versuch in %Ln s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rate limit reached · calls resume in %Ln s</source>
        <translation>
            <numerusform>Anfragelimit erreicht · weitere Aufrufe in %Ln s</numerusform>
            <numerusform>Anfragelimit erreicht · weitere Aufrufe in %Ln s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln change(s) waiting</source>
        <translation>
            <numerusform>%Ln Änderung wartet</numerusform>
            <numerusform>%Ln Änderungen warten</numerusform>
        </translation>
    </message>
    <message>
        <source>The server refused the API key</source>
        <translation>Der Server hat den API-Schlüssel abgelehnt</translation>
    </message>
    <message>
        <source>Credits: %1</source>
        <translation>Credits: %1</translation>
    </message>
    <message>
        <source>%1 reserved for scheduled posts, %2 used</source>
        <translation>%1 für geplante Beiträge reserviert, %2 verbraucht</translation>
    </message>
</context>
<context>
    <name>slotline::gui::DraftListModel</name>
    <message>
        <source>Conflict</source>
        <translation>Konflikt</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Only here</source>
        <translation>Nur hier</translation>
    </message>
    <message>
        <source>Waiting to sync</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Synced</source>
        <translation>Synchronisiert</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>No platform chosen</source>
        <translation>Keine Plattform gewählt</translation>
    </message>
    <message>
        <source>Saved elsewhere meanwhile: choose which version to keep.</source>
        <translation>Inzwischen an anderer Stelle gespeichert: Wählen Sie, welche Version Sie behalten möchten.</translation>
    </message>
    <message>
        <source>Not on the server yet: it is sent when the server can be reached.</source>
        <translation>Noch nicht auf dem Server: Der Entwurf wird gesendet, sobald der Server erreichbar ist.</translation>
    </message>
    <message>
        <source>Changes wait to be sent to the server.</source>
        <translation>Änderungen warten darauf, an den Server gesendet zu werden.</translation>
    </message>
    <message>
        <source>The server has this version.</source>
        <translation>Der Server hat diese Version.</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <source>Platforms</source>
        <translation>Plattformen</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>Bearbeitet</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Sync</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (@%2)</source>
        <translation>%1 (@%2)</translation>
    </message>
    <message>
        <source>Published on %1 on %2</source>
        <translation>Am %2 auf %1 veröffentlicht</translation>
    </message>
    <message>
        <source>Being published on %1</source>
        <translation>Wird auf %1 veröffentlicht</translation>
    </message>
    <message>
        <source>Scheduled for %1 on %2</source>
        <translation>Für %1 am %2 eingeplant</translation>
    </message>
    <message>
        <source>Failed on %1: %2</source>
        <translation>Auf %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Cancelled for %1 (was planned for %2)</source>
        <translation>Für %1 abgesagt (war für %2 geplant)</translation>
    </message>
    <message>
        <source>Cancelled for %1</source>
        <translation>Für %1 abgesagt</translation>
    </message>
    <message>
        <source>Not published or scheduled yet.</source>
        <translation>Noch nicht veröffentlicht oder eingeplant.</translation>
    </message>
    <message>
        <source>Posts</source>
        <extracomment>The drafts list&apos;s column of the posts made of each draft.</extracomment>
        <translation>Beiträge</translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <extracomment>The drafts list&apos;s Posts column: how many posts of the draft failed.</extracomment>
        <translation>
            <numerusform>%Ln fehlgeschlagen</numerusform>
            <numerusform>%Ln fehlgeschlagen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::DraftsPanel</name>
    <message>
        <source>&amp;New draft</source>
        <translation>&amp;Neuer Entwurf</translation>
    </message>
    <message>
        <source>D&amp;uplicate draft</source>
        <translation>Entwurf d&amp;uplizieren</translation>
    </message>
    <message>
        <source>&amp;Delete draft</source>
        <translation>Entwurf &amp;löschen</translation>
    </message>
    <message>
        <source>Schedule in next free &amp;slot</source>
        <translation>Im nächsten freien &amp;Zeitfenster einplanen</translation>
    </message>
    <message>
        <source>&amp;Find draft</source>
        <translation>Entwurf &amp;suchen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln draft(s)</source>
        <translation>
            <numerusform>%Ln Entwurf löschen</numerusform>
            <numerusform>%Ln Entwürfe löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln draft(s) deleted.</source>
        <translation>
            <numerusform>%Ln Entwurf gelöscht.</numerusform>
            <numerusform>%Ln Entwürfe gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Draft changed in two places</source>
        <translation>Entwurf an zwei Stellen geändert</translation>
    </message>
    <message>
        <source>This draft was changed on the server while you edited it here. Which version do you want to keep?</source>
        <translation>Dieser Entwurf wurde auf dem Server geändert, während Sie ihn hier bearbeitet haben. Welche Version möchten Sie behalten?</translation>
    </message>
    <message>
        <source>&lt;b&gt;Here:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;On the server:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Hier:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;Auf dem Server:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>Keep &amp;mine</source>
        <translation>&amp;Meine behalten</translation>
    </message>
    <message>
        <source>Keep the &amp;server&apos;s</source>
        <translation>&amp;Serverversion behalten</translation>
    </message>
    <message>
        <source>Keep &amp;both</source>
        <translation>&amp;Beide behalten</translation>
    </message>
    <message>
        <source>Decide &amp;later</source>
        <translation>Später &amp;entscheiden</translation>
    </message>
    <message>
        <source>New</source>
        <extracomment>The drafts list&apos;s button for &quot;New draft&quot;.</extracomment>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <extracomment>The drafts list&apos;s button for &quot;Duplicate draft&quot;.</extracomment>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Delete</source>
        <extracomment>The drafts list&apos;s button for &quot;Delete draft&quot;.</extracomment>
        <translation>Löschen</translation>
    </message>
</context>
<context>
    <name>slotline::gui::FirstRunDialog</name>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
</context>
<context>
    <name>slotline::gui::MainWindow</name>
    <message>
        <source>Week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>Posts</source>
        <translation>Beiträge</translation>
    </message>
    <message>
        <source>A draft was changed elsewhere too: open it in the drafts list to choose which version to keep.</source>
        <translation>Ein Entwurf wurde auch an anderer Stelle geändert: Öffnen Sie ihn in der Entwurfsliste, um zu wählen, welche Version Sie behalten möchten.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Seitenleisten</translation>
    </message>
    <message>
        <source>%1 — Slotline</source>
        <translation>%1 — Slotline</translation>
    </message>
    <message>
        <source>Slotline</source>
        <translation>Slotline</translation>
    </message>
    <message>
        <source>The server refused a change: %1</source>
        <translation>Der Server hat eine Änderung abgelehnt: %1</translation>
    </message>
    <message>
        <source>This post is outside the range the Posts list shows.</source>
        <translation>Dieser Beitrag liegt außerhalb des Zeitraums, den die Liste „Beiträge“ anzeigt.</translation>
    </message>
    <message>
        <source>About Slotline</source>
        <translation>Über Slotline</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Slotline %1&lt;/h3&gt;&lt;p&gt;Plan, schedule and publish social-media posts.&lt;/p&gt;&lt;p&gt;Connected to %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Slotline %1&lt;/h3&gt;&lt;p&gt;Social-Media-Beiträge planen, zeitlich einplanen und veröffentlichen.&lt;/p&gt;&lt;p&gt;Verbunden mit %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Media still on their way</source>
        <translation>Medien noch unterwegs</translation>
    </message>
    <message>
        <source>&amp;Wait</source>
        <translation>&amp;Warten</translation>
    </message>
    <message>
        <source>&amp;Close anyway</source>
        <translation>&amp;Trotzdem schließen</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <extracomment>The Edit menu&apos;s Undo; %1 is what it undoes, as in &quot;Delete draft “Hello”&quot;.</extracomment>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <extracomment>The Edit menu&apos;s Redo; %1 is what it redoes, as in &quot;Delete draft “Hello”&quot;.</extracomment>
        <translation>&amp;Wiederholen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Posts (%Ln failed)</source>
        <translation>
            <numerusform>Beiträge (%Ln fehlgeschlagen)</numerusform>
            <numerusform>Beiträge (%Ln fehlgeschlagen)</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” could not be uploaded, and was taken out of its drafts: %2</source>
        <translation>„%1“ konnte nicht hochgeladen werden und wurde aus seinen Entwürfen entfernt: %2</translation>
    </message>
    <message>
        <source>A file is still being added to the draft (copied, or fetched from its address). If Slotline closes now, it is not added.</source>
        <translation>Eine Datei wird dem Entwurf noch hinzugefügt (kopiert oder von ihrer Adresse geladen). Wenn Slotline jetzt geschlossen wird, wird sie nicht hinzugefügt.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::MediaStrip</name>
    <message>
        <source>Add image from URL…</source>
        <translation>Bild von URL hinzufügen…</translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation>Datei hinzufügen…</translation>
    </message>
    <message>
        <source>No images or videos yet. Add some, or drop them here.</source>
        <translation>Noch keine Medien. Hinzufügen oder hierher ziehen.</translation>
    </message>
    <message>
        <source>Attached media</source>
        <translation>Angehängte Medien</translation>
    </message>
    <message>
        <source>The server downloads an image or video from a web address</source>
        <translation>Der Server lädt ein Bild oder Video von einer Webadresse herunter</translation>
    </message>
    <message>
        <source>Media problem</source>
        <translation>Problem mit den Medien</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss the media problem</source>
        <translation>Meldung zum Medienproblem schließen</translation>
    </message>
    <message>
        <source>“%1” is not a web address starting with http:// or https://.</source>
        <translation>„%1“ ist keine Webadresse, die mit http:// oder https:// beginnt.</translation>
    </message>
    <message>
        <source>“%1” cannot be read.</source>
        <translation>„%1“ kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>“%1” is empty.</source>
        <translation>„%1“ ist leer.</translation>
    </message>
    <message>
        <source>Add image from URL</source>
        <translation>Bild von URL hinzufügen</translation>
    </message>
    <message>
        <source>Web address of the image or video (the server downloads it):</source>
        <translation>Webadresse des Bildes oder Videos (der Server lädt es herunter):</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add images or videos</source>
        <translation>Bilder oder Videos hinzufügen</translation>
    </message>
    <message>
        <source>Images and videos (*.png *.jpg *.jpeg *.gif *.webp *.mp4)</source>
        <translation>Bilder und Videos (*.png *.jpg *.jpeg *.gif *.webp *.mp4)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>The chosen platforms take at most %Ln image(s) or video(s) per post.</source>
        <translation>
            <numerusform>Die gewählten Plattformen erlauben höchstens %Ln Bild oder Video pro Beitrag.</numerusform>
            <numerusform>Die gewählten Plattformen erlauben höchstens %Ln Bilder oder Videos pro Beitrag.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 of at most %Ln media</source>
        <translation>
            <numerusform>%1 von höchstens %Ln Medium</numerusform>
            <numerusform>%1 von höchstens %Ln Medien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The chosen platforms take at most %Ln image(s) or video(s): this one would not be posted.</source>
        <translation>
            <numerusform>Die gewählten Plattformen erlauben höchstens %Ln Bild oder Video: Dieses würde nicht veröffentlicht.</numerusform>
            <numerusform>Die gewählten Plattformen erlauben höchstens %Ln Bilder oder Videos: Dieses würde nicht veröffentlicht.</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” was not added. %2</source>
        <translation>„%1“ wurde nicht hinzugefügt. %2</translation>
    </message>
    <message>
        <source>Adds images or videos from this computer; they are uploaded when the server can be reached</source>
        <translation>Fügt Bilder oder Videos von diesem Computer hinzu; sie werden hochgeladen, sobald der Server erreichbar ist</translation>
    </message>
    <message>
        <source>Missing file</source>
        <translation>Fehlende Datei</translation>
    </message>
    <message>
        <source>No longer kept for the upload: remove it, then add the file again.</source>
        <translation>Nicht mehr für das Hochladen aufbewahrt: Entfernen Sie sie und fügen Sie die Datei erneut hinzu.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::MediaTile</name>
    <message>
        <source>Type: %1</source>
        <translation>Typ: %1</translation>
    </message>
    <message>
        <source>Size: %1</source>
        <translation>Größe: %1</translation>
    </message>
    <message>
        <source>The server is downloading it…</source>
        <translation>Der Server lädt die Datei herunter…</translation>
    </message>
    <message>
        <source>Uploading: %1 %</source>
        <translation>Wird hochgeladen: %1 %</translation>
    </message>
    <message>
        <source>No preview</source>
        <translation>Keine Vorschau</translation>
    </message>
    <message>
        <source>No preview: %1</source>
        <translation>Keine Vorschau: %1</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>Problem: %1</translation>
    </message>
    <message>
        <source>Adding %1</source>
        <translation>%1 wird hinzugefügt</translation>
    </message>
    <message>
        <source>Uploading %1</source>
        <translation>%1 wird hochgeladen</translation>
    </message>
    <message>
        <source>Video %1</source>
        <translation>Video %1</translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation>Bild %1</translation>
    </message>
    <message>
        <source>Cancel adding %1</source>
        <translation>Hinzufügen von %1 abbrechen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Downloading %1</source>
        <translation>%1 wird heruntergeladen</translation>
    </message>
    <message>
        <source>Upload of %1</source>
        <translation>Hochladen von %1</translation>
    </message>
    <message>
        <source>Keeping a copy for the upload…</source>
        <translation>Eine Kopie für das Hochladen wird angelegt …</translation>
    </message>
    <message>
        <source>Not on the server yet: it is uploaded when the server can be reached.</source>
        <translation>Noch nicht auf dem Server: Sie wird hochgeladen, sobald der Server erreichbar ist.</translation>
    </message>
    <message>
        <source>%1, waiting to be uploaded</source>
        <translation>%1, wartet auf das Hochladen</translation>
    </message>
</context>
<context>
    <name>slotline::gui::PlatformChoice</name>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s) over the limit of %1</source>
        <translation>
            <numerusform>%Ln Zeichen über dem Limit für %1</numerusform>
            <numerusform>%Ln Zeichen über dem Limit für %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s) left on %1</source>
        <translation>
            <numerusform>Noch %Ln Zeichen für %1 verfügbar</numerusform>
            <numerusform>Noch %Ln Zeichen für %1 verfügbar</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>slotline::gui::PostListModel</name>
    <message>
        <source>Published %1</source>
        <translation>Veröffentlicht: %1</translation>
    </message>
    <message>
        <source>Scheduled for %1</source>
        <translation>Geplant für %1</translation>
    </message>
    <message>
        <source>Submitted %1</source>
        <translation>Eingereicht: %1</translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>A post&apos;s account and the page of it the post went to.</extracomment>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <source>Moving…</source>
        <translation>Wird verschoben…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Waiting for the server to confirm the change.</source>
        <translation>Die Bestätigung der Änderung durch den Server steht noch aus.</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Publishing…</source>
        <translation>Wird veröffentlicht…</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>Veröffentlicht</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Publishing failed: %1</source>
        <extracomment>A failed post&apos;s tooltip; %1 is the reason, as the server or platform put it.</extracomment>
        <translation>Veröffentlichen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 may have published it all the same: check the account there before publishing it again.</source>
        <extracomment>Added to a failed post&apos;s tooltip; %1 is the platform (LinkedIn, X, ...).</extracomment>
        <translation>%1 hat ihn möglicherweise trotzdem veröffentlicht: Prüfen Sie das Konto dort, bevor Sie ihn erneut veröffentlichen.</translation>
    </message>
    <message>
        <source>Not published yet: %1</source>
        <extracomment>An unfinished post&apos;s tooltip; %1 is why it waits, as the server put it.</extracomment>
        <translation>Noch nicht veröffentlicht: %1</translation>
    </message>
    <message>
        <source>Waiting until %1</source>
        <extracomment>A post in the Posts list that waits for its account&apos;s rate limit to end.</extracomment>
        <translation>Wartet bis %1</translation>
    </message>
</context>
<context>
    <name>slotline::gui::PostsPanel</name>
    <message>
        <source>&amp;Refresh posts</source>
        <translation>Beiträge &amp;aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Open the published post</source>
        <translation>Veröffentlichten Beitrag &amp;öffnen</translation>
    </message>
    <message>
        <source>&amp;Copy its link</source>
        <translation>&amp;Link kopieren</translation>
    </message>
    <message numerus="yes">
        <source>%Ln post(s)</source>
        <translation>
            <numerusform>%Ln Beitrag</numerusform>
            <numerusform>%Ln Beiträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Last 7 days and next 30 days</source>
        <translation>Letzte 7 und nächste 30 Tage</translation>
    </message>
    <message>
        <source>Next 7 days</source>
        <translation>Nächste 7 Tage</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Last 90 days and next 90 days</source>
        <translation>Letzte 90 und nächste 90 Tage</translation>
    </message>
    <message>
        <source>Check the &amp;account…</source>
        <translation>&amp;Konto prüfen…</translation>
    </message>
    <message>
        <source>Check the &amp;account on %1…</source>
        <extracomment>%1 is the platform (LinkedIn, X, Facebook): opens the account there.</extracomment>
        <translation>&amp;Konto auf %1 prüfen…</translation>
    </message>
    <message>
        <source>%1 may have published this post although it failed: see the account there before publishing it again.</source>
        <translation>%1 hat diesen Beitrag trotz des Fehlers möglicherweise veröffentlicht: Sehen Sie im Konto dort nach, bevor Sie ihn erneut veröffentlichen.</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Publish the failed post again, now, to the same account.</source>
        <translation>Den fehlgeschlagenen Beitrag jetzt erneut auf demselben Konto veröffentlichen.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::ScheduleEditor</name>
    <message>
        <source>This post is no longer in the plan.</source>
        <translation>Dieser Beitrag ist nicht mehr im Plan.</translation>
    </message>
    <message>
        <source>Only scheduled posts can be moved; this one is %1.</source>
        <translation>Nur geplante Beiträge können verschoben werden; dieser Beitrag ist %1.</translation>
    </message>
    <message>
        <source>This post is due now and can no longer be moved.</source>
        <translation>Dieser Beitrag ist jetzt fällig und kann nicht mehr verschoben werden.</translation>
    </message>
    <message>
        <source>Move “%1” to %2</source>
        <translation>„%1“ auf %2 verschieben</translation>
    </message>
    <message>
        <source>This draft no longer exists.</source>
        <translation>Dieser Entwurf existiert nicht mehr.</translation>
    </message>
    <message>
        <source>This draft was changed elsewhere too: choose which version to keep first.</source>
        <translation>Dieser Entwurf wurde auch an anderer Stelle geändert: Wählen Sie zuerst, welche Version Sie behalten möchten.</translation>
    </message>
    <message>
        <source>Choose the account to schedule for first.</source>
        <translation>Wählen Sie zuerst das Konto, für das eingeplant werden soll.</translation>
    </message>
    <message>
        <source>This account is no longer connected to the project.</source>
        <translation>Dieses Konto ist nicht mehr mit dem Projekt verbunden.</translation>
    </message>
    <message>
        <source>This draft is written for %1, not for %2 (%3).</source>
        <translation>Dieser Entwurf ist für %1 geschrieben, nicht für %2 (%3).</translation>
    </message>
    <message>
        <source>Schedule “%1” at %2</source>
        <translation>„%1“ für %2 einplanen</translation>
    </message>
    <message>
        <source>Schedule “%1” in the next free slot</source>
        <translation>„%1“ im nächsten freien Zeitfenster einplanen</translation>
    </message>
    <message>
        <source>Only scheduled posts can be taken off the calendar; this one is %1.</source>
        <translation>Nur geplante Beiträge können aus dem Kalender genommen werden; dieser Beitrag ist %1.</translation>
    </message>
    <message>
        <source>This post is due now and can no longer be cancelled.</source>
        <translation>Dieser Beitrag ist jetzt fällig und kann nicht mehr abgebrochen werden.</translation>
    </message>
    <message>
        <source>Unschedule “%1”</source>
        <translation>„%1“ aus dem Kalender nehmen</translation>
    </message>
    <message>
        <source>The server did not schedule “%1”: %2</source>
        <translation>Der Server hat „%1“ nicht eingeplant: %2</translation>
    </message>
    <message>
        <source>The server did not change “%1”: %2</source>
        <translation>Der Server hat „%1“ nicht geändert: %2</translation>
    </message>
    <message>
        <source>scheduled</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation>geplant</translation>
    </message>
    <message>
        <source>being published</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation>gerade in Veröffentlichung</translation>
    </message>
    <message>
        <source>published</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>failed</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <extracomment>A post&apos;s status in &quot;Only scheduled posts can be moved; this one is %1.&quot;</extracomment>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>slotline::gui::SettingsDialog</name>
    <message>
        <source>Slotline now uses the server built into it, on this computer (%1).</source>
        <translation>Slotline verwendet derzeit den integrierten Server auf diesem Computer (%1).</translation>
    </message>
    <message>
        <source>Slotline now uses the server at %1.</source>
        <translation>Slotline verwendet derzeit den Server unter %1.</translation>
    </message>
    <message>
        <source>not known yet (the server has not answered)</source>
        <translation>noch unbekannt (der Server hat nicht geantwortet)</translation>
    </message>
    <message>
        <source>%1 (%2), now %3 there. Times in Slotline are shown in this zone.</source>
        <translation>%1 (%2), dort ist es jetzt %3. Slotline zeigt Zeiten in dieser Zeitzone an.</translation>
    </message>
    <message>
        <source>%1 &lt;%2&gt;</source>
        <translation>%1 &lt;%2&gt;</translation>
    </message>
    <message>
        <source>This is the connection in use.</source>
        <translation>Diese Verbindung wird bereits verwendet.</translation>
    </message>
    <message>
        <source>Test the connection before using it.</source>
        <translation>Testen Sie die Verbindung, bevor Sie sie verwenden.</translation>
    </message>
    <message>
        <source>Drafts written for the current server stay on this computer and come back when you switch back to it.</source>
        <translation>Entwürfe für den aktuellen Server bleiben auf diesem Computer und sind wieder da, wenn Sie zu diesem Server zurückwechseln.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekDates</name>
    <message>
        <source>d MMM</source>
        <extracomment>QLocale date format of a day under its name in the week calendar&apos;s header, as in &quot;3 Nov&quot;.
----------
QLocale date format of a week&apos;s first day in the calendar&apos;s title when the week ends in another month: &quot;27 Oct – 2 Nov 2026&quot;.</extracomment>
        <translation>d. MMM</translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <extracomment>QLocale date format of a day in the calendar&apos;s title when the week spans two years, and of its last day when it spans two months: &quot;29 Dec 2025 – 4 Jan 2026&quot;.</extracomment>
        <translation>d. MMM yyyy</translation>
    </message>
    <message>
        <source>d</source>
        <extracomment>QLocale date format of a week&apos;s first day in the calendar&apos;s title when the week ends in the same month: &quot;3 – 9 November 2026&quot;.</extracomment>
        <translation>d.</translation>
    </message>
    <message>
        <source>d MMMM yyyy</source>
        <extracomment>QLocale date format of a week&apos;s last day in the calendar&apos;s title when the week began in the same month: &quot;3 – 9 November 2026&quot;.</extracomment>
        <translation>d. MMMM yyyy</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <extracomment>The week in the calendar&apos;s title: its first and its last day.</extracomment>
        <translation>%1 – %2</translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekDayHeader</name>
    <message>
        <source>Days of the week shown</source>
        <translation>Angezeigte Wochentage</translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekModel</name>
    <message>
        <source>For every account</source>
        <translation>Für alle Konten</translation>
    </message>
    <message>
        <source>every %1 account</source>
        <extracomment>A slot&apos;s target: every account of a platform.</extracomment>
        <translation>jedes %1-Konto</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A slot&apos;s target: an account, and its platform.</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 › %2 (%3)</source>
        <extracomment>A slot&apos;s target: an account&apos;s page, and the platform.</extracomment>
        <translation>%1 › %2 (%3)</translation>
    </message>
    <message>
        <source>For %1</source>
        <translation>Für %1</translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <extracomment>A post&apos;s account and the page of it the post went to.</extracomment>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <source>%1 (%2), %3</source>
        <extracomment>A post&apos;s tooltip: the account, its platform and the post&apos;s status.</extracomment>
        <translation>%1 (%2), %3</translation>
    </message>
    <message>
        <source>%1 slot</source>
        <extracomment>A publishing slot in the week calendar, e.g. &quot;09:00 slot&quot;.</extracomment>
        <translation>%1 Uhr</translation>
    </message>
    <message>
        <source>Taken %1 slot</source>
        <translation>Belegtes Zeitfenster um %1</translation>
    </message>
    <message>
        <source>Free %1 slot</source>
        <translation>Freies Zeitfenster um %1</translation>
    </message>
    <message>
        <source>(%1 in %2)</source>
        <extracomment>When a slot is, in the zone the slots are defined in: &quot;09:00 in Europe/Berlin&quot;.</extracomment>
        <translation>(%1 in %2)</translation>
    </message>
    <message>
        <source>waiting to be scheduled</source>
        <translation>wartet auf Einplanung</translation>
    </message>
    <message>
        <source>moving…</source>
        <translation>wird verschoben…</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>publishing…</source>
        <translation>wird veröffentlicht…</translation>
    </message>
    <message>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Not on the server yet: it is added when the server can be reached.</source>
        <translation>Noch nicht auf dem Server: Er wird hinzugefügt, sobald der Server erreichbar ist.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::WeekView</name>
    <message>
        <source>Week calendar</source>
        <translation>Wochenkalender</translation>
    </message>
    <message>
        <source>No free slot later this week.</source>
        <translation>Kein freies Zeitfenster später in dieser Woche.</translation>
    </message>
    <message>
        <source>No free slot earlier this week.</source>
        <translation>Kein freies Zeitfenster früher in dieser Woche.</translation>
    </message>
</context>
<context>
    <name>slotline::gui::WhenChoice</name>
    <message>
        <source>Times are in the project&apos;s time zone</source>
        <translation>Die Zeiten gelten in der Zeitzone des Projekts</translation>
    </message>
</context>
</TS>
