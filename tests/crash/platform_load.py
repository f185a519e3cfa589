"""The real-platform part of crash_safety.py (--platforms fakes).

slotline-fake-platforms runs on loopback for the whole run (a server kill does not touch it).
A second project connects one X, one LinkedIn and one Facebook account through the real
OAuth flow (the connect call, the fake's consent page followed like a browser, the server's
callback) and posts to the member, a LinkedIn organization and a Facebook Page, published now
and a few seconds ahead, while the sandbox load runs in the first project and the server is
killed. Some kills are aimed: a fault rule on the platform's create call tells when the
platform has answered, and the server is killed at that moment, before the answer is
recorded (docs/crash-safety.md, "Real platforms").

At the end every post on a fake is traced to its submission by the tag its text starts with.
"""

import collections
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request

PROJECT = 'crash-platforms'
CREDITS = 10 ** 7
GRAPH = 'v26.0'
# The create call of each platform, as the fake's journal and fault rules name it.
CREATE = {'x': '/2/tweets', 'linkedin': '/rest/posts', 'facebook': '/' + GRAPH + '/*'}
# The failure of a post whose create call has no known outcome: its answer was lost, or
# the server stopped while it was out.
MAY_HAVE_PUBLISHED = re.compile(r'may have (been )?published')
START_TIMEOUT_S = 30

cs = None  # the crash_safety module, bound by bind()


def bind(module):
    global cs, PlatformWorker
    cs = module
    PlatformWorker = make_worker_class(module.Worker)


def is_create(item):
    if item.get('method') != 'POST':
        return False
    path = item.get('path', '')
    if item['platform'] == 'facebook':
        return re.fullmatch(r'/v\d+\.\d+/[^/]+/feed', path) is not None
    return path == CREATE[item['platform']]


class Fake:
    """slotline-fake-platforms on a port of its own; it outlives every server."""

    def __init__(self, binary, log_path):
        self.log = open(log_path, 'ab', buffering=0)
        self.proc = subprocess.Popen([binary, '--port', '0', '--address', '127.0.0.1'],
                                     stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIMEOUT_S
        pattern = re.compile(rb'listening on http://127\.0\.0\.1:(\d+)')
        while True:
            with open(log_path, 'rb') as log:
                found = pattern.search(log.read())
            if found:
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise cs.SetupError('slotline-fake-platforms did not start (see %s)' % log_path)
            time.sleep(0.02)
        self.base = 'http://127.0.0.1:%d' % int(found.group(1))

    def admin(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + '/__admin/' + path, data=data,
                                         method=method,
                                         headers={'Content-Type': 'application/json'})
        with urllib.request.urlopen(request, timeout=60) as answer:
            raw = answer.read()
        return json.loads(raw) if raw else None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Platforms:
    """The fake, the second project and its connected accounts; the figures of the run."""

    def __init__(self, args, work_dir, env):
        self.args = args
        self.env = env
        self.fake = Fake(args.fake_platforms, os.path.join(work_dir, 'fake-platforms.log'))
        self.secret_dir = os.path.join(work_dir, 'secrets')
        self.targets = []  # (name, platform, accountId, target or None)
        self.lock = threading.Lock()
        self.aimed = collections.Counter()  # 'delayed' / 'racing' -> kills after an answer
        self.aim_missed = 0  # aimed kills whose create did not come in time: plain kills
        self.faults = collections.Counter()  # injected rules by action
        self.settled_after = None  # seconds from the end of the load to nothing left to do
        self.settle_wait = None  # of them, seconds this settle waited

    def cli(self, *arguments):
        return cs.cli(self.args.server, self.args.data_dir, self.env, *arguments)

    def set_up(self):
        """Before the first start: the project, its credits and key, the three apps."""
        project = self.cli('projects', 'create', '--name', PROJECT, '--timezone', 'UTC',
                           '--owner-email', 'platforms@slotline.invalid',
                           '--owner-name', 'Crash Platforms')
        self.project_id = project['id']
        self.cli('credits', 'grant', '--project', PROJECT, '--amount', str(CREDITS),
                 '--note', 'initial grant')
        key = self.cli('keys', 'create', '--project', PROJECT, '--name', 'platforms')
        self.key, self.key_id = key['key'], key['id']
        os.makedirs(self.secret_dir, mode=0o700, exist_ok=True)
        base = self.fake.base
        urls = {
            'x': ['authorize=%s/x/i/oauth2/authorize' % base, 'api=%s/x' % base],
            'linkedin': ['authorize=%s/linkedin/oauth/v2/authorization' % base,
                         'token=%s/linkedin/oauth/v2/accessToken' % base,
                         'api=%s/linkedin' % base],
            'facebook': ['authorize=%s/facebook/%s/dialog/oauth' % (base, GRAPH),
                         'api=%s/facebook/%s' % (base, GRAPH),
                         'video=%s/facebook/%s' % (base, GRAPH)],
        }
        for platform, endpoints in urls.items():
            secret = os.path.join(self.secret_dir, platform)
            with open(secret, 'w') as out:
                out.write('fake-%s-secret\n' % platform)
            command = ['platforms', 'set', platform, '--client-id', 'fake-%s-client' % platform,
                       '--client-secret-file', secret]
            for endpoint in endpoints:
                command += ['--url', endpoint]
            if platform == 'linkedin':
                # r_organization_social lets the server read an organization's posts back
                # after a lost answer.
                command += ['--scopes', 'openid profile email w_member_social '
                            'w_organization_social r_organization_social '
                            'r_organization_admin']
            self.cli(*command)
        # The load posts far faster than a real account may: the fakes' quotas would turn
        # most of it into waits of 15 minutes or a day. Rate limits have tests of their own.
        self.fake.admin('POST', 'switches', {
            'platform': 'x', 'userLimit24Hour': 0,
            'rateLimits': {'POST /2/tweets': {'limit': 0, 'windowSeconds': 900},
                           'GET /2/users/:id/tweets': {'limit': 0, 'windowSeconds': 900},
                           'GET /2/users/me': {'limit': 0, 'windowSeconds': 900}}})
        self.fake.admin('POST', 'switches', {
            'platform': 'facebook',
            'rateLimits': {'page': {'limit': 0, 'windowSeconds': 3600, 'code': 80001},
                           'app': {'limit': 0, 'windowSeconds': 3600, 'code': 4}}})
        # A real platform takes a few hundred ms to answer, so one account's posts go out a
        # few a second: a backlog of one account must not hold up the others.
        for platform in ('x', 'linkedin', 'facebook'):
            self.fake.admin('POST', 'switches', {'platform': platform,
                                                 'answerDelayMs': self.args.platform_latency_ms})

    def api(self, port, method, path, body=None):
        answer = cs.http_call(port, self.key, method, path, body)
        if not answer.ok():
            raise cs.SetupError('%s %s answered %s' % (method, path, answer.short()))
        return answer.json

    def connect(self, port):
        """Once the server listens: each platform's account through the OAuth flow, as a
        person's browser follows it (the fake consents at once and sends the browser back to
        the server's callback)."""
        for platform in ('x', 'linkedin', 'facebook'):
            self.fake.admin('POST', 'apps', {
                'platform': platform,
                'redirectUris': ['http://127.0.0.1:%d/oauth/callback/%s' % (port, platform)]})
        accounts = {}
        for platform in ('x', 'linkedin', 'facebook'):
            started = self.api(port, 'POST', '/users/me/accounts/connect', {'platform': platform})
            try:
                with urllib.request.urlopen(started['authorizationUrl'], timeout=60) as page:
                    landed, body = page.geturl(), page.read()
            except urllib.error.HTTPError as error:
                raise cs.SetupError('connecting %s: the browser got %d at %s: %s'
                                    % (platform, error.code, error.url, error.read()[:300]))
            if '/oauth/callback/' + platform not in landed or b'is connected' not in body:
                raise cs.SetupError('connecting %s ended at %s: %s' % (platform, landed,
                                                                     body[:300]))
            attempt = self.api(port, 'GET', '/users/me/accounts/connect/' + started['state'])
            if attempt.get('status') != 'connected':
                raise cs.SetupError('connecting %s: %s' % (platform, attempt))
            accounts[platform] = attempt['accountId']
        subaccounts = {p: self.api(port, 'GET', '/users/me/accounts/%s/subaccounts'
                                   % accounts[p])['items'] for p in ('linkedin', 'facebook')}
        organization = next(s for s in subaccounts['linkedin'] if s['type'] == 'organization')
        page = subaccounts['facebook'][0]
        self.accounts = accounts
        self.targets = [
            ('x', 'x', accounts['x'], None),
            ('linkedin member', 'linkedin', accounts['linkedin'], None),
            ('linkedin organization', 'linkedin', accounts['linkedin'],
             {'targetType': 'linkedin', 'pageId': organization['id']}),
            ('facebook page', 'facebook', accounts['facebook'],
             {'targetType': 'facebook', 'pageId': page['id']}),
        ]
        print('  connected through OAuth: x %s, linkedin %s (organization %s), facebook %s '
              '(page %s); fake platforms at %s' % (accounts['x'], accounts['linkedin'],
                                                   organization['id'], accounts['facebook'],
                                                   page['id'], self.fake.base), flush=True)

    # --- kills and faults, from the killer's thread -----------------------------------

    def inject_fault(self, rng):
        """Now and then the next create of a platform fails: applied and its answer lost
        (the connection dropped, or a 500 or 503 instead of the platform's answer), or refused
        without being applied (a plain 503, or a 429 whose limit resets a few seconds
        later)."""
        platform = rng.choice(['x', 'linkedin', 'facebook'])
        action = rng.choice(['apply-then-drop', 'apply-then-respond', 'respond', 'respond'])
        rule = {'platform': platform, 'method': 'POST', 'path': CREATE[platform], 'nth': 1,
                'action': action}
        name = platform + ' ' + action
        if action == 'apply-then-respond':
            rule['status'] = rng.choice([500, 503])
            name += ' %d' % rule['status']
        elif action == 'apply-then-drop':
            pass
        elif platform != 'x' or rng.random() < 0.5:
            rule['status'] = 503
            name += ' 503'
        else:
            # Only X says when its window resets: a 429 of LinkedIn means the day's quota
            # (back at midnight UTC), far beyond a run.
            rule['status'] = 429
            reset = int(time.time()) + rng.randint(2, 6)
            rule['headers'] = {'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0',
                               'x-rate-limit-reset': str(reset)}
            name += ' 429'
        self.fake.admin('POST', 'faults', rule)
        with self.lock:
            self.faults[name] += 1

    def aim(self, run, rng, longest_wait):
        """Waits for the next create call the platform answers, then returns at once so the
        server is killed before it records the answer. 'delayed': the platform's answer is
        held back a few hundred ms, so the kill lands in that window for sure; 'racing': the
        answer goes out at once and the kill races the recording. False when no create came
        within longest_wait (the kill then is a plain one)."""
        kind = rng.choice(['delayed', 'racing'])
        ids = []
        for platform in ('x', 'linkedin', 'facebook'):
            rule = {'platform': platform, 'method': 'POST', 'path': CREATE[platform], 'nth': 1,
                    'action': 'apply-then-respond'}
            if kind == 'delayed':
                rule['delayMs'] = rng.randint(300, 800)
            ids.append(self.fake.admin('POST', 'faults', rule)['id'])
        deadline = time.monotonic() + longest_wait
        fired = False
        while time.monotonic() < deadline and not run.stopping.is_set():
            rules = self.fake.admin('GET', 'faults')['items']
            if any(r['id'] in ids and r['fired'] > 0 for r in rules):
                fired = True
                break
            time.sleep(0.005)
        # The other two rules and any injected fault not yet met are dropped: the next
        # aim or injection starts from a clean set.
        self.fake.admin('DELETE', 'faults')
        with self.lock:
            if fired:
                self.aimed[kind] += 1
            else:
                self.aim_missed += 1
        return fired


def make_worker_class(Worker):
    class PlatformWorkerImpl(Worker):
        """Posts to the connected accounts of the second project: now and a few seconds
        ahead, with and without an Idempotency-Key, each text starting with a unique tag."""

        def __init__(self, run, index, platforms):
            super().__init__(run, index)
            self.platforms = platforms
            self.key = platforms.key
            self.entries = []

        def one_op(self):
            name, platform, account, target = self.rng.choice(self.platforms.targets)
            when = self.rng.choice(['now', 'soon'])
            self.counter += 1
            tag = 'fk%d-%d-%d' % (self.run_.args.seed, self.index, self.counter)
            words = ' '.join(self.rng.choice(['launch', 'weekly', 'notes', 'crash', 'safety',
                                              'news', 'update', 'spring', 'team'])
                             for _ in range(self.rng.randint(1, 5)))
            text = tag + ' ' + words
            post = {'accountId': account,
                    'content': {'platform': platform, 'text': text, 'mediaUrls': []}}
            if target:
                post['target'] = target
            body = {'post': post}
            scheduled = None
            if when == 'soon':
                scheduled = self.soon_ms()
                body['scheduledTime'] = cs.iso(scheduled)
            op = self.run_.new_op(self.index, 'fake_post_' + when, 'POST', '/posts', body,
                                  keyed=self.rng.random() < 0.6)
            self.execute(op)
            entry = {'tag': tag, 'text': text, 'target': name, 'platform': platform,
                     'account': account, 'when': when, 'scheduled': scheduled,
                     'outcome': op.outcome, 'op': op.seq, 'id': None}
            if op.outcome == 'ack':
                answer = op.answer.json
                entry['id'] = answer.get('postSubmissionId')
                self.report.check('acknowledged answers', answer.get('status') ==
                                  ('in-progress' if when == 'now' else 'scheduled')
                                  and answer.get('text', text) == text,
                                  '%s answered %s' % (op, op.answer.short()))
            elif op.outcome == 'refused':
                self.report.violation('%s refused: %s' % (op, op.answer.short()))
            if op.outcome is not None:
                self.entries.append(entry)
            time.sleep(self.rng.uniform(0, self.run_.args.platform_pause))

    return PlatformWorkerImpl


PlatformWorker = None


# --- the end ---------------------------------------------------------------------------


def all_pages(run, key, path):
    items = []
    cursor = None
    while True:
        separator = '&' if '?' in path else '?'
        page = path + separator + 'limit=250' + ('&cursor=' + cs.quote(cursor) if cursor else '')
        answer = run.read('GET', page, key=key)
        if answer is None or not answer.ok():
            raise cs.SetupError('GET %s answered %s' % (page, answer.short() if answer else None))
        items += answer.json['items']
        cursor = answer.json.get('cursor')
        if not cursor:
            return items


def settle(run, platforms):
    """Waits until the second project has nothing in progress or due."""
    begun = time.monotonic()
    deadline = begun + run.args.settle_timeout
    while True:
        busy = all_pages(run, platforms.key, '/posts?status=in-progress')
        due = all_pages(run, platforms.key, '/posts?status=scheduled&until=' + cs.iso(cs.now_ms()))
        if not busy and not due:
            platforms.settled_after = (time.monotonic() - run.load_ended
                                       if hasattr(run, 'load_ended') else None)
            platforms.settle_wait = time.monotonic() - begun
            return
        if time.monotonic() > deadline:
            run.report.violation('real platforms: after %d s, %d posts are still in progress '
                                 'and %d due ones scheduled' % (run.args.settle_timeout,
                                                                len(busy), len(due)))
            return
        time.sleep(0.5)


def read_state(run, platforms):
    """Through the API (the server still runs) and from the fake."""
    state = {'posts': all_pages(run, platforms.key, '/posts'),
             'credits': run.read('GET', '/credits', key=platforms.key).json,
             'fake_posts': platforms.fake.admin('GET', 'posts')['items'],
             'journal': platforms.fake.admin('GET', 'journal')['items']}
    with open(os.path.join(run.work_dir, 'fake-journal.json'), 'w') as out:
        json.dump(state['journal'], out)
    return state


def tag_of(text, seed):
    found = re.search(r'fk%d-\d+-\d+(?!\d)' % seed, text or '')
    return found.group(0) if found else None


def check(run, platforms, workers, state, db_path):
    """The invariants of the real-platform load. Returns the figures for the summary."""
    import sqlite3
    report = run.report
    seed = run.args.seed
    entries = {}
    for worker in workers:
        for entry in worker.entries:
            entries[entry['tag']] = entry

    db = sqlite3.connect('file:%s?mode=ro' % db_path, uri=True)
    db.row_factory = sqlite3.Row
    rows = {r['id']: dict(r) for r in db.execute('SELECT * FROM submissions WHERE project_id = ?',
                                                 (platforms.project_id,))}
    project = dict(db.execute('SELECT * FROM projects WHERE id = ?',
                              (platforms.project_id,)).fetchone())
    events = [dict(r) for r in db.execute('SELECT * FROM credit_events WHERE project_id = ? '
                                          'ORDER BY seq', (platforms.project_id,))]
    db.close()

    # --- submissions against the journal of writes ------------------------------------
    by_tag = collections.defaultdict(list)
    for row in rows.values():
        by_tag[tag_of(row['text'], seed)].append(row)
    for entry in entries.values():
        if entry['outcome'] == 'ack':
            row = rows.get(entry['id'])
            report.check('real platforms: acknowledged writes present',
                         row is not None and row['text'] == entry['text']
                         and row['account_id'] == entry['account'],
                         lambda: 'acknowledged post %s (%s, %r) is %s in the database'
                         % (entry['id'], entry['target'], entry['text'],
                            'missing' if row is None else 'stored as %r on %s'
                            % (row['text'], row['account_id'])))
    for tag, tagged in by_tag.items():
        entry = entries.get(tag)
        report.check('real platforms: no phantom writes',
                     entry is not None and entry['outcome'] in ('ack', 'unknown')
                     and len(tagged) == 1
                     and (entry['outcome'] != 'ack' or tagged[0]['id'] == entry['id']),
                     lambda: 'posts %s (%s) come from %s' % (
                         [r['id'] for r in tagged], tag,
                         'no write of the run' if entry is None else
                         'one %s write' % entry['outcome']))
    for row in rows.values():
        report.check('real platforms: final status',
                     row['status'] in ('published', 'failed') and row['claim_token'] is None,
                     'post %s (%r) is %s after the run%s' % (
                         row['id'], row['text'], row['status'],
                         ' and still claimed' if row['claim_token'] else ''))

    # --- the fakes: never twice, every post traced ------------------------------------
    fake_by_tag = collections.defaultdict(list)
    fake_by_id = {}
    per_platform = collections.Counter()
    for post in state['fake_posts']:
        tag = tag_of(post.get('text'), seed)
        report.check('real platforms: posts traced', tag is not None,
                     'a post on %s (%s, %r) carries no tag of the run'
                     % (post['platform'], post['id'], post.get('text')))
        if post.get('deleted'):
            continue
        fake_by_tag[tag].append(post)
        fake_by_id[(post['platform'], post['id'])] = post
        per_platform[post['platform']] += 1
    duplicates = 0
    for tag, posts in fake_by_tag.items():
        if tag is None:
            continue
        if not report.check('real platforms: never twice', len(posts) == 1,
                            'submission %s is on %s %d times: %s'
                            % (tag, posts[0]['platform'], len(posts),
                               [p['id'] for p in posts])):
            duplicates += len(posts) - 1
    creates = collections.defaultdict(list)
    create_status = collections.Counter()
    for item in state['journal']:
        if not is_create(item):
            continue
        creates[tag_of(item.get('body'), seed)].append(item)
        create_status['%s %s' % (item['platform'], item['status'] or 'dropped')] += 1
    twice_sent = 0
    for tag, calls in creates.items():
        calls.sort(key=lambda c: c['seq'])
        # A call again is only allowed after a refusal that proves nothing was made: a 4xx,
        # or an injected 503 or 429 the platform answered in place of acting on the call.
        earlier = [c for c in calls[:-1]]
        if not report.check('real platforms: never sent twice',
                            all(400 <= c['status'] < 500
                                or not c.get('fault', {}).get('applied', True)
                                for c in earlier),
                            lambda: 'submission %s was sent to %s %d times, answered %s'
                            % (tag, calls[0]['platform'], len(calls),
                               [c['status'] for c in calls])):
            twice_sent += 1
    outcomes = collections.Counter()
    other_failures = []
    for tag, posts in fake_by_tag.items():
        if tag is None:
            continue
        post = posts[0]
        tagged = by_tag.get(tag, [])
        if not report.check('real platforms: posts traced', len(tagged) == 1,
                            'post %s on %s (%r) belongs to %d submissions'
                            % (post['id'], post['platform'], post['text'], len(tagged))):
            continue
        row = tagged[0]
        if row['status'] == 'published':
            report.check('real platforms: posts traced', row['platform_post_id'] == post['id'],
                         'post %s on %s is published as %s (%s)'
                         % (post['id'], post['platform'], row['platform_post_id'], row['id']))
        else:
            report.check('real platforms: posts traced', row['status'] == 'failed'
                         and MAY_HAVE_PUBLISHED.search(row['error_message'] or '') is not None,
                         'post %s on %s belongs to %s, which is %s: %s'
                         % (post['id'], post['platform'], row['id'], row['status'],
                            row['error_message']))
    for row in rows.values():
        tag = tag_of(row['text'], seed)
        on_fake = bool(fake_by_tag.get(tag))
        entry = entries.get(tag, {})
        if row['status'] == 'published':
            outcomes['published'] += 1
            post = fake_by_id.get((entry.get('platform'), row['platform_post_id']))
            report.check('real platforms: published posts exist',
                         post is not None and post['text'] == row['text']
                         and row['public_url'] == public_url(post)
                         and author_matches(entry, post),
                         lambda: 'published post %s (%r, %s) is %s on the fake; publicUrl %s'
                         % (row['id'], row['text'], row['platform_post_id'],
                            'missing' if post is None else 'by %s with %r'
                            % (post.get('author') or post.get('page'), post['text']),
                            row['public_url']))
        elif row['status'] == 'failed':
            unknown = MAY_HAVE_PUBLISHED.search(row['error_message'] or '') is not None
            if unknown:
                outcomes['failed, may have published: on the platform' if on_fake else
                         'failed, may have published: not on the platform'] += 1
            else:
                outcomes['failed otherwise'] += 1
                other_failures.append('%s: %s' % (row['id'], row['error_message']))

    # --- credits ----------------------------------------------------------------------
    statuses = collections.Counter(r['status'] for r in rows.values())
    by_kind = collections.Counter()
    per_post = collections.defaultdict(list)
    for event in events:
        by_kind[event['kind']] += event['amount']
        if event['submission_id']:
            per_post[event['submission_id']].append(event['kind'])
    report.check('real platforms: credits', by_kind['grant'] == CREDITS
                 and project['credits_used'] == by_kind['charge'] == statuses['published']
                 and by_kind['release'] == statuses['failed']
                 and by_kind['reserve'] == len(rows)
                 and project['credits_reserved'] == statuses['scheduled'] +
                 statuses['in-progress']
                 and project['credits_remaining'] == CREDITS - project['credits_used']
                 - project['credits_reserved'],
                 'credits: granted %d, events %s, project %s, posts %s'
                 % (CREDITS, dict(by_kind), {k: project[k] for k in
                                             ('credits_used', 'credits_reserved',
                                              'credits_remaining')}, dict(statuses)))
    for row in rows.values():
        expected = {'published': ['reserve', 'charge'],
                    'failed': ['reserve', 'release']}.get(row['status'], ['reserve'])
        report.check('real platforms: credits', per_post.get(row['id'], []) == expected,
                     'post %s (%s) has credit events %s' % (row['id'], row['status'],
                                                            per_post.get(row['id'])))
    credits = state['credits']
    report.check('real platforms: credits',
                 (credits['creditsRemaining'], credits['creditsReserved'],
                  credits['creditsUsed']) == (project['credits_remaining'],
                                              project['credits_reserved'],
                                              project['credits_used']),
                 'GET /credits says %s; the database %s' % (credits, project))

    # --- the API says what the file says ----------------------------------------------
    api_posts = {p['postSubmissionId']: p for p in state['posts']}
    report.check('real platforms: API matches the file', set(api_posts) == set(rows),
                 'GET /posts lists %d posts, the database has %d' % (len(api_posts), len(rows)))
    for sid, item in api_posts.items():
        row = rows.get(sid)
        if row is not None:
            report.check('real platforms: API matches the file',
                         (item['status'], item['text'], item.get('platformPostId'),
                          item.get('publicUrl'), item.get('errorMessage'))
                         == (row['status'], row['text'], row['platform_post_id'],
                             row['public_url'], row['error_message']),
                         'GET /posts shows %s as %s; the database %s' % (sid, item, row))

    return {'per_platform': per_platform, 'outcomes': outcomes, 'duplicates': duplicates,
            'twice_sent': twice_sent, 'create_status': create_status,
            'other_failures': other_failures, 'submissions': len(rows),
            'writes': collections.Counter(e['outcome'] for e in entries.values())}


def public_url(post):
    """The address of a post on its platform, as docs/connectors.md gives it."""
    if post['platform'] == 'x':
        return 'https://x.com/fake_x_user/status/' + post['id']
    if post['platform'] == 'linkedin':
        return 'https://www.linkedin.com/feed/update/%s/' % post['id']
    return 'https://www.facebook.com/' + post['id']


def author_matches(entry, post):
    """The post is where its submission asked: X's user, the LinkedIn member or the
    organization, the Facebook Page."""
    target = entry.get('target')
    if target == 'linkedin member':
        return post.get('author', '').startswith('urn:li:person:')
    if target == 'linkedin organization':
        return post.get('author', '').startswith('urn:li:organization:')
    if target == 'facebook page':
        return bool(post.get('page')) and post['id'].startswith(post['page'] + '_')
    return target == 'x' and post['platform'] == 'x'


def summary(platforms, figures):
    aimed = sum(platforms.aimed.values())
    print('real platforms: %d kills aimed just after a platform answered a create call '
          '(%d with the answer held back, %d racing it; %d more aims saw no create in time)'
          % (aimed, platforms.aimed['delayed'], platforms.aimed['racing'], platforms.aim_missed))
    print('  faults injected on creates: %s' % (', '.join('%d %s' % (n, a) for a, n in
                                                          sorted(platforms.faults.items()))
                                                 or 'none'))
    if platforms.settled_after is not None:
        print('  every post due settled %.0f s after the load stopped' % platforms.settled_after)
    if figures is None:
        return
    writes = figures['writes']
    print('  posts written: %d acknowledged, %d unknown, %d refused; %d submissions'
          % (writes['ack'], writes['unknown'], writes['refused'], figures['submissions']))
    print('  posts on the fakes: %s' % ', '.join('%s %d' % (p, figures['per_platform'][p])
                                                 for p in ('x', 'linkedin', 'facebook')))
    print('  create calls answered: %s' % ', '.join('%s: %d' % (s, n) for s, n in
                                                    sorted(figures['create_status'].items())))
    outcomes = figures['outcomes']
    # Publishing such a post with the id found on the platform is the expected path; a
    # failure saying it may have been published is allowed, and counted.
    print('  submissions: %d published, %d failed "may have published" (%d of them on the '
          'platform, %d not), %d failed otherwise'
          % (outcomes['published'],
             outcomes['failed, may have published: on the platform']
             + outcomes['failed, may have published: not on the platform'],
             outcomes['failed, may have published: on the platform'],
             outcomes['failed, may have published: not on the platform'],
             outcomes['failed otherwise']))
    for failure in figures['other_failures'][:5]:
        print('    ' + failure)
    print('  duplicates on the fakes: %d; submissions sent twice: %d'
          % (figures['duplicates'], figures['twice_sent']))
