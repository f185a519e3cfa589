#!/usr/bin/env python3
"""Crash safety of slotline-server: SIGKILL during a mixed write load, then the invariants.

Sets up a fresh data directory with the real program's administrative commands, serves it
on a loopback port and runs concurrent writes through the REST API (posts published now,
scheduled soon and later, on the next free slot and from drafts; schedule moves, edits and
cancels; drafts created, updated and deleted; weekly slots added and removed), most with an
Idempotency-Key. Meanwhile the server is killed with SIGKILL at random moments, now and
then while it starts, and started again on the same data each time.

Every write is journalled: acknowledged (a 2xx answer, with what it returned), refused (an
answer other than 2xx: nothing happened) or unknown (no answer: it may or may not have
happened, nothing else). An unknown write sent with an Idempotency-Key is often sent again
with the same key once the server is back: a replayed or fresh 2xx makes it acknowledged,
a refusal proves the first attempt did nothing.

Each entity (post, draft, weekly slot, upload) is written by one worker only, so its writes are
ordered, and the worker keeps the set of states the journal allows for it. At the end the
server runs cleanly until every due post is published, and the state read through the
API and from the SQLite file (read-only) is checked against the journal, the status
machine of the API contract, the sandbox connector's publication record, the credit
ledger and PRAGMA integrity_check.

    crash_safety.py --server build/release/src/serverapp/slotline-server --kills 200

With --platforms fakes, a second project also posts to X, LinkedIn and Facebook accounts
connected through slotline-fake-platforms, and some kills are aimed just after a platform
answered a create call (platform_load.py): nothing may be created twice on a platform, and
every post there must be traced to its submission.

The seed is printed; --seed replays the same load and kill schedule (thread timing still
varies). Exit status: 0 when every check passed, 1 on a violation, 2 on a usage or set-up
error.
"""

import argparse
import collections
import datetime
import hashlib
from html import escape as html_escape
import http.client
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import quote

import platform_load

PROJECT = 'crash-safety'
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
SANDBOX_PAGE_PATH = '/sandbox/posts/'
DEMO_CREDITS_NOTE = 'demo project'
REQUEST_TIMEOUT_S = 30
START_TIMEOUT_S = 60
# Weekly slots are kept this far from now, so that no post placed on one falls due
# during the run and every post's final status follows from its time alone.
SLOT_DISTANCE_MS = 3 * 3600 * 1000
LATER_MIN_MS = 2 * 3600 * 1000
LATER_MAX_MS = 20 * 24 * 3600 * 1000
PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'
ABSENT = None  # a weekly slot's state: not there
SOME_ID = '?'  # a weekly slot's state: there, added by a write whose answer was lost


def iso(ms):
    moment = EPOCH + datetime.timedelta(milliseconds=ms)
    return moment.strftime('%Y-%m-%dT%H:%M:%S.') + '%03dZ' % (ms % 1000)


def parse_iso(text):
    moment = datetime.datetime.fromisoformat(text.replace('Z', '+00:00'))
    return (moment - EPOCH) // datetime.timedelta(milliseconds=1)


def now_ms():
    return int(time.time() * 1000)


def platform_name(name):
    return 'twitter' if name == 'x' else name


class SetupError(Exception):
    pass


class Report:
    """Violations and passed checks, shared by all threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.violations = []
        self.checks = collections.Counter()

    def violation(self, message):
        with self.lock:
            self.violations.append(message)
        print('VIOLATION: ' + message, file=sys.stderr, flush=True)

    def check(self, name, ok, message):
        if ok:
            with self.lock:
                self.checks[name] += 1
            return True
        self.violation(message() if callable(message) else message)
        return False


# ---------------------------------------------------------------------------------------
# The server process


class StartFailed(Exception):
    pass


class Server:
    """One slotline-server at a time on the same data directory and port."""

    def __init__(self, binary, data_dir, log_path, env):
        self.binary = binary
        self.data_dir = data_dir
        self.log_path = log_path
        self.env = env
        self.port = 0
        self.proc = None
        self.generation = 0
        self.up = False
        self.cond = threading.Condition()
        self.log = open(log_path, 'ab', buffering=0)
        self.start_seconds = []

    def spawn(self):
        self.log.write(b'--- starting generation %d\n' % (self.generation + 1))
        offset = os.path.getsize(self.log_path)
        args = [self.binary, 'serve', '--data', self.data_dir,
                '--listen', '127.0.0.1:%d' % self.port,
                '--read-limit', '100000000', '--write-limit', '100000000']
        proc = subprocess.Popen(args, stdout=self.log, stderr=self.log, env=self.env,
                                stdin=subprocess.DEVNULL)
        with self.cond:
            self.proc = proc
        return proc, offset, time.monotonic()

    def wait_ready(self, proc, offset, started):
        deadline = started + START_TIMEOUT_S
        pattern = re.compile(rb'listening on http://127\.0\.0\.1:(\d+)/api/v2')
        with open(self.log_path, 'rb') as log:
            while True:
                log.seek(offset)
                found = pattern.search(log.read())
                if found:
                    break
                if proc.poll() is not None:
                    raise StartFailed('the server exited with status %s while starting:\n%s'
                                      % (proc.returncode, self.tail()))
                if time.monotonic() > deadline:
                    raise StartFailed('the server did not start within %d s:\n%s'
                                      % (START_TIMEOUT_S, self.tail()))
                time.sleep(0.01)
        self.start_seconds.append(time.monotonic() - started)
        with self.cond:
            self.port = int(found.group(1))
            self.generation += 1
            self.up = True
            self.cond.notify_all()

    def start(self):
        self.wait_ready(*self.spawn())

    def kill(self):
        """SIGKILL; the exit status instead if the server had ended by itself."""
        with self.cond:
            self.up = False
            proc = self.proc
        ended = proc.poll()
        if ended is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        self.log.write(b'--- killed\n')
        return ended

    def stop(self):
        """SIGTERM, as a service manager stops it: the exit status."""
        with self.cond:
            self.up = False
            proc = self.proc
        proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            return 'no exit within 120 s of SIGTERM'

    def wait_up(self, newer_than, stopping):
        """The generation of a running server newer than newer_than; None once stopping."""
        with self.cond:
            while not (self.up and self.generation > newer_than):
                if stopping.is_set():
                    return None
                self.cond.wait(0.1)
            return self.generation

    def current(self):
        with self.cond:
            return self.generation, self.port, self.up

    def tail(self, lines=30):
        with open(self.log_path, 'rb') as log:
            return b'\n'.join(log.read().splitlines()[-lines:]).decode('utf-8', 'replace')


# ---------------------------------------------------------------------------------------
# HTTP


class NotSent(Exception):
    """No connection: the request never reached the server."""


class NoAnswer(Exception):
    """Sent, but no complete answer came back."""


class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body
        try:
            self.json = json.loads(body) if body else None
        except ValueError:
            self.json = None

    def ok(self):
        return 200 <= self.status < 300

    def error_code(self):
        if isinstance(self.json, dict) and isinstance(self.json.get('error'), dict):
            return self.json['error'].get('code')
        return None

    def short(self):
        return '%d %s' % (self.status, self.body[:300].decode('utf-8', 'replace'))


def http_call(port, key, method, path, body=None, idempotency_key=None, raw=None):
    """A request to /api/v2 + path with a JSON body, or with raw=(bytes, content type) to
    path itself, without a key (an upload address)."""
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=REQUEST_TIMEOUT_S)
    try:
        try:
            conn.connect()
        except OSError as error:
            raise NotSent(error)
        headers = {'Connection': 'close'}
        data = None
        if raw is not None:
            data, headers['Content-Type'] = raw
        else:
            headers['x-api-key'] = key
            path = '/api/v2' + path
        if body is not None:
            data = json.dumps(body).encode()
            headers['Content-Type'] = 'application/json'
        if idempotency_key:
            headers['Idempotency-Key'] = idempotency_key
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            raw = response.read()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                          raw)
        except (OSError, http.client.HTTPException) as error:
            raise NoAnswer(error)
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------
# What the journal allows for each entity


class Post:
    """A submission whose creation was acknowledged. A state: (text, scheduled ms or None,
    cancelled)."""

    def __init__(self, post_id, schedule_id, account, marker, states, created_by):
        self.id = post_id
        self.schedule_id = schedule_id
        self.account = account
        self.marker = marker  # '[sandbox:fail]', '[sandbox:flaky]' or ''
        self.states = states
        self.started = False  # a 409 not_scheduled proved the dispatcher took it
        self.created_by = created_by

    def live(self):
        return {s for s in self.states if not s[2]}


class Draft:
    """A draft whose creation was acknowledged. A state: (text, platforms, revision, deleted)."""

    def __init__(self, draft_id, states):
        self.id = draft_id
        self.states = states

    def live(self):
        return {s for s in self.states if not s[3]}


def draft_state(draft):
    return (draft['text'], tuple(draft['platforms']), draft['revision'], False)


def normalized_platforms(names):
    result = []
    for name in names:
        name = platform_name(name)
        if name not in result:
            result.append(name)
    return tuple(result)


class Op:
    """One logical write: its request, the attempts and the final outcome."""

    def __str__(self):
        text = 'op %d (%s' % (self.seq, self.kind)
        if self.resolved_by_retry:
            text += ', sent again after its answer was lost, %s' % (
                'replayed' if self.replayed else 'not replayed')
        return text + ')'

    def __init__(self, seq, worker, kind, method, path, body, tool, idempotency_key, raw=None):
        self.seq = seq
        self.raw = raw  # (bytes, content type) of an upload
        self.worker = worker
        self.kind = kind
        self.method = method
        self.path = path
        self.body = body
        self.tool = tool  # (name, parameters) to send it as POST /tools/<name> instead
        self.idempotency_key = idempotency_key
        self.outcome = None  # 'ack', 'refused' or 'unknown'
        self.answer = None
        self.attempts = []  # per attempt: status, 'no answer', 'not sent'
        self.replayed = False
        self.resolved_by_retry = False

    def journal(self):
        return {'seq': self.seq, 'worker': self.worker, 'kind': self.kind,
                'method': 'POST' if self.tool else self.method,
                'path': '/tools/' + self.tool[0] if self.tool else self.path,
                'body': self.tool[1] if self.tool else (
                    self.body if self.raw is None else '%d bytes' % len(self.raw[0])),
                'idempotencyKey': self.idempotency_key, 'outcome': self.outcome,
                'attempts': self.attempts, 'replayed': self.replayed,
                'answer': (self.answer.json if self.answer and self.answer.json is not None
                           else (self.answer.status if self.answer else None))}


# ---------------------------------------------------------------------------------------
# The load


class Run:
    """What the workers share: the server, the report, the journal, the accounts."""

    def __init__(self, args, server, report, key, accounts, page_id, rng):
        self.args = args
        self.server = server
        self.report = report
        self.key = key
        self.accounts = accounts  # platform -> account id
        self.page_id = page_id
        self.stopping = threading.Event()
        self.abandoned = threading.Event()  # the server cannot be started again
        self.kills = 0
        self.startup_kills = 0
        self.answered = 0  # requests with the key that got an answer: each one is logged
        self.spent_before = 0  # credits used and reserved at the last top-up check
        self.journal_lock = threading.Lock()
        self.ops = []
        self.seq = 0
        self.last_write_ms = 0
        self.forbidden_slot_hours = forbidden_slot_hours(now_ms())
        self.rng = rng
        self.platforms = None  # platform_load.Platforms with --platforms fakes

    def new_op(self, worker, kind, method, path, body, tool=None, keyed=True, raw=None):
        with self.journal_lock:
            self.seq += 1
            seq = self.seq
        key = 'crash-%d-%d-%d' % (self.args.seed, worker, seq) if keyed else None
        op = Op(seq, worker, kind, method, path, body, tool, key, raw)
        with self.journal_lock:
            self.ops.append(op)
        return op

    def read(self, method, path, body=None, key=None):
        """A read, repeated until it is answered: the server may be down meanwhile. None
        once no server will come back."""
        generation = 0
        while True:
            current = self.server.wait_up(generation, self.abandoned)
            if current is None:
                return None
            try:
                answer = http_call(self.server.port, key or self.key, method, path, body)
            except (NotSent, NoAnswer):
                generation = current
                continue
            if key is None:  # the call log check counts the first project's calls
                with self.journal_lock:
                    self.answered += 1
            return answer


def forbidden_slot_hours(at_ms):
    """(day index, hour) pairs a slot occurrence could fall into during the run."""
    hours = set()
    for step in range(0, SLOT_DISTANCE_MS + 3600 * 1000, 1800 * 1000):
        moment = EPOCH + datetime.timedelta(milliseconds=at_ms + step)
        hours.add((moment.weekday(), moment.hour))
    return hours


class Worker(threading.Thread):
    def __init__(self, run, index):
        super().__init__(name='worker-%d' % index, daemon=True)
        self.run_ = run
        self.index = index
        self.key = run.key  # the project it writes to
        self.rng = random.Random('%d-%d' % (run.args.seed, index))
        self.report = run.report
        self.posts = {}  # id -> Post
        self.drafts = {}  # id -> Draft
        self.slots = {}  # (day, hour, minute) -> set of states
        self.slot_touch = {}  # (day, hour, minute) -> seq of the last op or read on it
        self.slot_groups = []  # (op seq, keys) of multi-slot adds whose outcome is unknown
        self.unknown_posts = []  # creations whose outcome is unknown: dicts
        self.unknown_drafts = []
        self.media = {}  # id -> {'states': {'awaiting', 'ready'}, 'sha256', 'size'}
        self.unknown_media = []  # filenames of upload addresses asked for without an answer
        self.refused_texts = set()
        self.counter = 0
        self.failure = None
        self.slot_keys = [(day, hour, minute)
                          for day in range(7) for hour in range(24)
                          for minute in range(0, 60, 5)
                          if hour % run.args.workers == index
                          and (day, hour) not in run.forbidden_slot_hours]

    # --- sending -----------------------------------------------------------------------

    def send_once(self, op):
        """One attempt: an Answer, or 'no answer' / 'not sent' / 'stopped'."""
        generation = self.run_.server.wait_up(0, self.run_.stopping)
        if generation is None:
            return 'stopped'
        port = self.run_.server.port
        if op.tool:
            method, path, body = 'POST', '/tools/' + op.tool[0], op.tool[1]
        else:
            method, path, body = op.method, op.path, op.body
        with self.run_.journal_lock:
            self.run_.last_write_ms = max(self.run_.last_write_ms, now_ms())
        try:
            answer = http_call(port, self.key, method, path, body, op.idempotency_key,
                               op.raw)
        except NotSent:
            return 'not sent'
        except NoAnswer:
            return 'no answer'
        if op.raw is None and self.key == self.run_.key:
            with self.run_.journal_lock:
                self.run_.answered += 1
        return answer

    def wait_for_next_server(self):
        """After a lost answer, before the next write: a server started after the loss was
        seen. Every server that could still hold the request is dead by then, so no later
        write can overtake it. False once the run is stopping."""
        seen, _, _ = self.run_.server.current()
        return self.run_.server.wait_up(seen, self.run_.stopping) is not None

    def execute(self, op):
        """Sends op until it has an outcome; unknown ones with a key are often sent again."""
        resendable = op.idempotency_key or op.raw is not None  # an upload address: once
        retries_left = 3 if (resendable and self.rng.random() < self.run_.args.retry_share) else 0
        seen_unknown = False
        while True:
            result = self.send_once(op)
            if result == 'stopped':
                op.outcome = 'unknown' if seen_unknown else None
                return op.outcome
            op.attempts.append(result.status if isinstance(result, Answer) else result)
            if result == 'not sent':
                # Nothing reached the server: sending it again is still sending it once.
                time.sleep(0.02)
                continue
            if result == 'no answer':
                seen_unknown = True
                waited = self.wait_for_next_server()
                if retries_left == 0 or not waited:
                    op.outcome = 'unknown'
                    return op.outcome
                retries_left -= 1
                continue
            op.answer = result
            op.replayed = result.headers.get('idempotent-replayed') == 'true'
            op.resolved_by_retry = seen_unknown
            if result.status >= 500:
                self.report.violation('%s answered %s' % (op, result.short()))
            if op.replayed and not seen_unknown:
                self.report.violation('%s was replayed although its key was new'
                                      % op)
            op.outcome = 'ack' if result.ok() else 'refused'
            return op.outcome

    def read(self, method, path, body=None):
        return self.run_.read(method, path, body)

    # --- the loop ----------------------------------------------------------------------

    def run(self):
        try:
            while not self.run_.stopping.is_set():
                self.one_op()
        except Exception as error:  # reported, and the run fails
            import traceback
            self.failure = traceback.format_exc()
            self.report.violation('worker %d stopped: %r' % (self.index, error))

    def one_op(self):
        choices = [
            (self.post_create, 30), (self.post_from_draft, 3),
            (self.schedule_change, 18), (self.schedule_cancel, 6),
            (self.draft_create, 8), (self.draft_update, 8), (self.draft_delete, 3),
            (self.slot_add, 5), (self.slot_remove, 4), (self.media_upload, 3),
        ]
        total = sum(weight for _, weight in choices)
        pick = self.rng.uniform(0, total)
        for action, weight in choices:
            pick -= weight
            if pick <= 0:
                action()
                return

    def text(self, prefix, marker=''):
        self.counter += 1
        words = ' '.join(self.rng.choice(['launch', 'weekly', 'notes', 'crash', 'safety',
                                          'café', 'news', 'update', 'spring', 'team'])
                         for _ in range(self.rng.randint(1, 6)))
        return '%s%d-%d-%d %s%s' % (prefix, self.run_.args.seed, self.index, self.counter,
                                     words, (' ' + marker) if marker else '')

    def soon_ms(self):
        return now_ms() + self.rng.randint(1000, int(self.run_.args.soon_seconds * 1000))

    def later_ms(self):
        return now_ms() + self.rng.randint(LATER_MIN_MS, LATER_MAX_MS)

    # --- posts -------------------------------------------------------------------------

    def post_create(self):
        platform = self.rng.choice(['linkedin', 'twitter', 'facebook'])
        account = self.run_.accounts[platform]
        when = self.rng.choice(['now', 'now', 'soon', 'soon', 'soon', 'later', 'later', 'slot'])
        marker = ''
        if when in ('now', 'soon'):
            marker = self.rng.choices(['', '[sandbox:fail]', '[sandbox:flaky]'],
                                      [92, 4, 4])[0]
        text = self.text('p', marker)
        content = {'platform': 'x' if platform == 'twitter' and self.rng.random() < 0.3
                   else platform, 'text': text, 'mediaUrls': []}
        post = {'accountId': account, 'content': content}
        if platform == 'facebook' and self.rng.random() < 0.5:
            post['target'] = {'targetType': 'facebook', 'pageId': self.run_.page_id}
        body = {'post': post}
        scheduled = None
        if when == 'soon':
            scheduled = self.soon_ms()
        elif when == 'later':
            scheduled = self.later_ms()
        if scheduled is not None:
            body['scheduledTime'] = iso(scheduled)
        if when == 'slot':
            body['useNextFreeSlot'] = True
        kind = 'post_' + when
        tool = ('create_post', body) if self.rng.random() < 0.3 else None
        op = self.run_.new_op(self.index, kind, 'POST', '/posts', body, tool,
                              keyed=self.rng.random() < 0.75)
        self.execute(op)
        self.after_post_create(op, text, account, platform, when, scheduled, marker)

    def after_post_create(self, op, text, account, platform, when, scheduled, marker):
        if op.outcome == 'ack':
            answer = op.answer.json
            expected_status = 'in-progress' if when == 'now' else 'scheduled'
            if not self.report.check('acknowledged answers', answer.get('status') ==
                                     expected_status, '%s answered %s' %
                                     (op, op.answer.short())):
                return
            sched = None
            if when != 'now':
                sched = parse_iso(answer['scheduledTime'])
                if scheduled is not None:
                    self.report.check('acknowledged answers', sched == scheduled,
                                      '%s scheduled %s, asked %s' %
                                      (op, answer['scheduledTime'],
                                       iso(scheduled)))
            self.posts[answer['postSubmissionId']] = Post(
                answer['postSubmissionId'], answer.get('scheduleId'), account, marker,
                {(text, sched, False)}, op.seq)
        elif op.outcome == 'unknown':
            self.unknown_posts.append({'op': op.seq, 'text': text, 'account': account,
                                       'scheduled': scheduled, 'when': when,
                                       'marker': marker})
        elif op.outcome == 'refused':
            self.refused_texts.add(text)
            if op.answer.status not in (402, 404) or (op.answer.status == 404 and when != 'slot'):
                self.report.violation('%s refused: %s' % (op,
                                                                 op.answer.short()))

    def post_from_draft(self):
        draft = self.pick_draft()
        if draft is None or not self.pin_draft(draft) or len(draft.states) != 1:
            return
        (text, platforms, _, deleted), = draft.states
        if deleted:
            return
        choices = [p for p in ('linkedin', 'twitter', 'facebook') if not platforms or p in platforms]
        if not choices:
            return
        platform = self.rng.choice(choices)
        account = self.run_.accounts[platform]
        when = self.rng.choice(['now', 'soon', 'later'])
        params = {'draftId': draft.id, 'accountId': account}
        scheduled = None
        if when == 'soon':
            scheduled = self.soon_ms()
        elif when == 'later':
            scheduled = self.later_ms()
        if scheduled is not None:
            params['scheduledTime'] = iso(scheduled)
        op = self.run_.new_op(self.index, 'publish_draft', 'POST', '/tools/publish_draft',
                              params, ('publish_draft', params),
                              keyed=self.rng.random() < 0.75)
        self.execute(op)
        if op.outcome == 'refused' and op.answer.status == 404:
            # The draft was deleted (by an earlier write whose answer was lost).
            self.settle_draft_refusal(draft, op)
            return
        self.after_post_create(op, text, account, platform, when, scheduled, '')

    def pick_post(self):
        """A post that may still be scheduled; mostly one not due yet (a due one is often
        taken by the dispatcher first: 409 not_scheduled, a race worth having too)."""
        candidates = [p for p in self.posts.values()
                      if p.schedule_id and not p.started and p.live()]
        if not candidates:
            return None
        soon = now_ms() + 1500
        waiting = [p for p in candidates if min(s[1] for s in p.live()) > soon]
        if waiting and self.rng.random() < 0.8:
            return self.rng.choice(waiting)
        return self.rng.choice(candidates)

    def schedule_change(self):
        post = self.pick_post()
        if post is None:
            return self.post_create()
        what = self.rng.choice(['move', 'move', 'edit', 'both'])
        body = {}
        new_time = new_text = None
        if what in ('move', 'both'):
            new_time = self.soon_ms() if self.rng.random() < 0.5 else self.later_ms()
            body['scheduledTime'] = iso(new_time)
        if what in ('edit', 'both'):
            base = next(iter(post.states))[0].split(' ')[0]
            new_text = self.text('e', post.marker) + ' ' + base
            body['post'] = {'content': {'text': new_text}}
        kind = {'move': 'schedule_move', 'edit': 'schedule_edit', 'both': 'schedule_move_edit'}[what]
        tool = ('update_schedule', dict(body, id=post.schedule_id)) if self.rng.random() < 0.3 \
            else None
        op = self.run_.new_op(self.index, kind, 'PATCH', '/schedules/' + post.schedule_id, body,
                              tool, keyed=self.rng.random() < 0.75)
        self.execute(op)
        if op.outcome == 'ack':
            answer = op.answer.json
            if not self.report.check('acknowledged answers', post.live(),
                                     '%s changed schedule %s, which the journal has '
                                     'cancelled' % (op, post.schedule_id)):
                return
            state = (answer['draft']['content']['text'], parse_iso(answer['scheduledAt']), False)
            self.report.check('acknowledged answers',
                              answer['status'] == 'scheduled'
                              and (new_text is None or state[0] == new_text)
                              and (new_time is None or state[1] == new_time),
                              '%s: PATCH answered %s' % (op, op.answer.short()))
            post.states = {state}
        elif op.outcome == 'unknown':
            post.states |= {(new_text if new_text is not None else t,
                             new_time if new_time is not None else s, False)
                            for (t, s, c) in post.live()}
        elif op.outcome == 'refused':
            self.settle_schedule_refusal(post, op)

    def settle_schedule_refusal(self, post, op):
        code = op.answer.error_code()
        if op.answer.status == 409 and code == 'not_scheduled':
            live = post.live()
            if self.report.check('refusals explained', bool(live),
                                 '%s: schedule %s answered 409 not_scheduled but the '
                                 'journal has it cancelled' % (op, post.schedule_id)):
                post.states = live
            post.started = True
        elif op.answer.status == 404:
            cancelled = {s for s in post.states if s[2]}
            if self.report.check('refusals explained', bool(cancelled),
                                 '%s: schedule %s of acknowledged post %s answered 404; '
                                 'no write cancelled it' % (op, post.schedule_id, post.id)):
                post.states = cancelled
        else:
            self.report.violation('%s refused: %s' % (op, op.answer.short()))

    def schedule_cancel(self):
        post = self.pick_post()
        if post is None:
            return self.post_create()
        tool = ('cancel_schedule', {'id': post.schedule_id}) if self.rng.random() < 0.3 else None
        op = self.run_.new_op(self.index, 'schedule_cancel', 'DELETE',
                              '/schedules/' + post.schedule_id, None, tool,
                              keyed=self.rng.random() < 0.75)
        self.execute(op)
        if op.outcome == 'ack':
            live = post.live()
            if self.report.check('acknowledged answers', bool(live),
                                 '%s cancelled schedule %s, which the journal has '
                                 'cancelled already' % (op, post.schedule_id)):
                post.states = {(t, s, True) for (t, s, c) in live}
        elif op.outcome == 'unknown':
            post.states |= {(t, s, True) for (t, s, c) in post.live()}
        elif op.outcome == 'refused':
            self.settle_schedule_refusal(post, op)

    # --- drafts ------------------------------------------------------------------------

    def draft_platforms(self):
        names = self.rng.sample(['linkedin', 'twitter', 'facebook', 'x'], self.rng.randint(0, 3))
        return names

    def draft_create(self):
        text = self.text('d')
        platforms = self.draft_platforms()
        params = {'text': text, 'platforms': platforms}
        op = self.run_.new_op(self.index, 'draft_create', 'POST', '/tools/save_draft', params,
                              ('save_draft', params), keyed=self.rng.random() < 0.75)
        self.execute(op)
        if op.outcome == 'ack':
            draft = op.answer.json['draft']
            state = draft_state(draft)
            self.report.check('acknowledged answers',
                              state == (text, normalized_platforms(platforms), 1, False),
                              '%s: save_draft answered %s' % (op, op.answer.short()))
            self.drafts[draft['id']] = Draft(draft['id'], {state})
        elif op.outcome == 'unknown':
            self.unknown_drafts.append({'op': op.seq, 'text': text,
                                        'platforms': normalized_platforms(platforms)})
        elif op.outcome == 'refused':
            self.report.violation('%s refused: %s' % (op,
                                                                       op.answer.short()))

    def pick_draft(self):
        candidates = [d for d in self.drafts.values() if d.live()]
        return self.rng.choice(candidates) if candidates else None

    def pin_draft(self, draft):
        """Reads the draft when the journal allows several states; False if it cannot."""
        if len(draft.states) == 1:
            return True
        answer = self.read('POST', '/tools/get_draft', {'draftId': draft.id})
        if answer is None:
            return False
        if answer.status == 404:
            observed = next((s for s in draft.states if s[3]), None)
            explained = observed is not None
        elif answer.ok():
            observed = draft_state(answer.json['draft'])
            explained = observed in draft.states
        else:
            self.report.violation('get_draft %s answered %s' % (draft.id, answer.short()))
            return False
        if self.report.check('reads explained', explained,
                             lambda: 'draft %s reads back as %s; the journal allows only %s'
                             % (draft.id, answer.short(), sorted(map(str, draft.states)))):
            draft.states = {observed}
        return True

    def draft_update(self):
        draft = self.pick_draft()
        if draft is None:
            return self.draft_create()
        with_base = self.rng.random() < 0.8
        if with_base and (not self.pin_draft(draft) or len(draft.states) != 1):
            return
        live = draft.live()
        if not live:
            return
        text = self.text('d')
        platforms = self.draft_platforms()
        params = {'draftId': draft.id, 'text': text, 'platforms': platforms}
        base = None
        if with_base:
            (_, _, base, _), = live
            if self.rng.random() < 0.1:
                base += 1  # not the current revision: draft_conflict
            params['baseRevision'] = base
        op = self.run_.new_op(self.index, 'draft_update', 'POST', '/tools/save_draft', params,
                              ('save_draft', params), keyed=self.rng.random() < 0.75)
        self.execute(op)
        new = (text, normalized_platforms(platforms))
        if op.outcome == 'ack':
            state = draft_state(op.answer.json['draft'])
            allowed = {new + (r + 1, False) for (_, _, r, _) in live
                       if base is None or r == base}
            if self.report.check('acknowledged answers', state in allowed,
                                 lambda: '%s: save_draft answered %s; the journal allows %s'
                                 % (op, op.answer.short(), sorted(map(str, allowed)))):
                draft.states = {state}
        elif op.outcome == 'unknown':
            draft.states |= {new + (r + 1, False) for (_, _, r, _) in live
                             if base is None or r == base}
        elif op.outcome == 'refused':
            self.settle_draft_refusal(draft, op)

    def settle_draft_refusal(self, draft, op):
        code = op.answer.error_code()
        if op.answer.status == 409 and code == 'draft_conflict':
            current = op.answer.json['error'].get('draft')
            observed = draft_state(current) if current else None
            if self.report.check('refusals explained', observed in draft.states,
                                 lambda: '%s: draft_conflict shows %s; the journal allows '
                                 '%s' % (op, observed, sorted(map(str, draft.states)))):
                draft.states = {observed}
        elif op.answer.status == 404:
            deleted = {s for s in draft.states if s[3]}
            if self.report.check('refusals explained', bool(deleted),
                                 '%s: acknowledged draft %s answered 404; no write deleted '
                                 'it' % (op, draft.id)):
                draft.states = deleted
        elif op.answer.status == 402:
            pass
        else:
            self.report.violation('%s refused: %s' % (op, op.answer.short()))

    def draft_delete(self):
        draft = self.pick_draft()
        if draft is None:
            return self.draft_create()
        params = {'draftId': draft.id}
        op = self.run_.new_op(self.index, 'draft_delete', 'POST', '/tools/delete_draft', params,
                              ('delete_draft', params), keyed=self.rng.random() < 0.75)
        self.execute(op)
        deleted = {(t, p, r, True) for (t, p, r, _) in draft.live()}
        if op.outcome == 'ack':
            if self.report.check('acknowledged answers', bool(deleted),
                                 '%s deleted draft %s, which the journal has deleted '
                                 'already' % (op, draft.id)):
                draft.states = deleted
        elif op.outcome == 'unknown':
            draft.states |= deleted
        elif op.outcome == 'refused':
            self.settle_draft_refusal(draft, op)

    # --- weekly slots ------------------------------------------------------------------

    def slot_add(self):
        absent = [k for k in self.slot_keys if self.slots.get(k, {ABSENT}) == {ABSENT}]
        present = [k for k in self.slots if ABSENT not in self.slots[k]]
        if len(present) > 40 or len(absent) < 2:
            return self.slot_remove()
        count = 2 if self.rng.random() < 0.4 else 1
        keys = self.rng.sample(absent, count)
        clash = self.rng.random() < 0.1 and bool(present)
        if clash:
            keys[0] = self.rng.choice(present)  # one that exists: slot_exists, nothing added
        slots = [{'day': DAYS[d], 'hour': h, 'minute': m, 'selectedTargets': []}
                 for (d, h, m) in keys]
        body = {'slots': slots}
        tool = ('add_slots', body) if self.rng.random() < 0.3 else None
        op = self.run_.new_op(self.index, 'slot_add', 'POST', '/schedule/slots', body, tool,
                              keyed=self.rng.random() < 0.75)
        self.execute(op)
        for key in keys:
            self.slots.setdefault(key, {ABSENT})
            self.slot_touch[key] = op.seq
        if op.outcome == 'ack':
            items = {(DAYS.index(item['day']), item['hour'], item['minute']): item['id']
                     for item in op.answer.json['items']}
            for key in keys:
                if self.report.check('acknowledged answers', ABSENT in self.slots[key]
                                     and key in items,
                                     '%s added slot %s, which the journal has already'
                                     % (op, key)):
                    self.slots[key] = {items[key]}
        elif op.outcome == 'unknown':
            for key in keys:
                if ABSENT in self.slots[key]:
                    self.slots[key] = self.slots[key] | {SOME_ID}
            if len(keys) > 1 and not clash:
                self.slot_groups.append((op.seq, keys))
        elif op.outcome == 'refused':
            if op.answer.status != 409 or op.answer.error_code() != 'slot_exists':
                self.report.violation('%s refused: %s' % (op,
                                                                       op.answer.short()))
                return
            clashing = {}
            for detail in op.answer.json['error'].get('details', []):
                index = re.match(r'slots\[(\d+)\]', detail.get('field', ''))
                found = re.search(r'(slot_[A-Za-z0-9]+)', detail.get('message', ''))
                if index and found:
                    clashing[keys[int(index.group(1))]] = found.group(1)
            for key in keys:
                states = self.slots[key]
                if key in clashing:
                    ok = clashing[key] in states or SOME_ID in states
                    observed = clashing[key]
                else:
                    ok = ABSENT in states
                    observed = ABSENT
                if self.report.check('refusals explained', ok,
                                     lambda: '%s: slot_exists says %s is %s; the journal '
                                     'allows %s' % (op, key, observed, states)):
                    self.slots[key] = {observed}

    def pin_slots(self):
        answer = self.read('GET', '/schedule/slots')
        if answer is None or not answer.ok():
            if answer is not None:
                self.report.violation('GET /schedule/slots answered ' + answer.short())
            return False
        observed = {(DAYS.index(i['day']), i['hour'], i['minute']): i['id']
                    for i in answer.json['items']}
        self.settle_slots(observed, 'reads explained', 'reads back')
        return True

    def settle_slots(self, observed, check, verb):
        """Checks every slot of this worker against observed {key: id} and pins it."""
        touched = set()
        for key, states in self.slots.items():
            value = observed.get(key, ABSENT)
            ok = value in states or (value is not ABSENT and SOME_ID in states)
            if self.report.check(check, ok, lambda: 'weekly slot %s %s as %s; the journal '
                                 'allows %s' % (key, verb, value, states)):
                self.slots[key] = {value}
            touched.add(key)
        for key in observed:
            if key in self.slot_keys and key not in self.slots:
                self.report.violation('weekly slot %s %s as %s; no write of the run added it'
                                      % (key, verb, observed[key]))
        for seq, keys in self.slot_groups:
            if all(self.slot_touch.get(k) == seq for k in keys):
                there = [k in observed for k in keys]
                self.report.check('multi-row writes atomic', all(there) or not any(there),
                                  '%s added slots %s with no answer: %s of them %s'
                                  % (seq, keys, sum(there), verb))
        self.slot_groups = []
        for key in touched:
            self.slot_touch[key] = -1

    def slot_remove(self):
        present = [k for k in self.slots if ABSENT not in self.slots[k]]
        if not present:
            return self.slot_add()
        key = self.rng.choice(present)
        if len(self.slots[key]) != 1 or SOME_ID in self.slots[key]:
            if not self.pin_slots():
                return
            if ABSENT in self.slots[key]:
                return
        (slot_id,) = self.slots[key]
        tool = ('delete_slot', {'id': slot_id}) if self.rng.random() < 0.3 else None
        op = self.run_.new_op(self.index, 'slot_remove', 'DELETE', '/schedule/slots/' + slot_id,
                              None, tool, keyed=self.rng.random() < 0.75)
        self.execute(op)
        self.slot_touch[key] = op.seq
        if op.outcome == 'ack':
            self.slots[key] = {ABSENT}
        elif op.outcome == 'unknown':
            self.slots[key] = self.slots[key] | {ABSENT}
        elif op.outcome == 'refused':
            if op.answer.status == 404:
                self.report.violation('%s: acknowledged slot %s %s answered 404; no write '
                                      'removed it' % (op, key, slot_id))
                self.slots[key] = {ABSENT}
            else:
                self.report.violation('%s refused: %s' % (op,
                                                                          op.answer.short()))


    # --- media uploads -----------------------------------------------------------------

    def media_upload(self):
        """An upload address, then the file sent to it (sometimes large enough for a kill
        to land in the middle)."""
        size = self.rng.randint(64, 8192) if self.rng.random() < 0.9 else \
            self.rng.randint(256 * 1024, 1024 * 1024)
        data = PNG_SIGNATURE + self.rng.randbytes(size - len(PNG_SIGNATURE))
        self.counter += 1
        filename = 'crash-%d-%d-%d.png' % (self.run_.args.seed, self.index, self.counter)
        params = {'filename': filename, 'contentType': 'image/png', 'size': size}
        tool = ('create_upload_url', params) if self.rng.random() < 0.3 else None
        op = self.run_.new_op(self.index, 'media_upload_url', 'POST', '/media/uploads', params,
                              tool, keyed=self.rng.random() < 0.75)
        self.execute(op)
        if op.outcome == 'unknown':
            self.unknown_media.append(filename)
            return
        if op.outcome != 'ack':
            if op.outcome == 'refused':
                self.report.violation('%s refused: %s'
                                      % (op, op.answer.short()))
            return
        media_id = op.answer.json['mediaId']
        media = {'states': {'awaiting'}, 'sha256': hashlib.sha256(data).hexdigest(),
                 'size': size, 'filename': filename, 'url': op.answer.json['publicUrl']}
        self.media[media_id] = media
        upload = op.answer.json['uploadUrl']
        path = upload[upload.index('/', len('http://')):]
        put = self.run_.new_op(self.index, 'media_put', 'PUT', path, None, raw=(data, 'image/png'))
        self.execute(put)
        if put.outcome == 'ack':
            answer = put.answer.json
            self.report.check('acknowledged answers', answer.get('id') == media_id
                              and answer.get('sha256') == media['sha256']
                              and answer.get('size') == size,
                              '%s: the upload answered %s' % (put, put.answer.short()))
            media['states'] = {'ready'}
        elif put.outcome == 'unknown':
            media['states'] = {'awaiting', 'ready'}
        elif put.outcome == 'refused':
            if put.answer.status == 409 and put.answer.error_code() == 'upload_used':
                # The file arrived before (the first attempt's answer was lost).
                self.report.check('refusals explained', put.resolved_by_retry,
                                  '%s: a fresh upload address answered %s'
                                  % (put, put.answer.short()))
                media['states'] = {'ready'}
            else:
                self.report.violation('%s refused: %s' % (put,
                                                                       put.answer.short()))


# ---------------------------------------------------------------------------------------
# Set-up


def cli(binary, data_dir, env, *arguments):
    command = [binary] + list(arguments) + ['--data', data_dir, '--json']
    done = subprocess.run(command, capture_output=True, env=env, timeout=120)
    if done.returncode != 0:
        raise SetupError('%s failed (%d): %s' % (' '.join(arguments), done.returncode,
                                                  done.stderr.decode('utf-8', 'replace')))
    return json.loads(done.stdout)


def set_up(binary, data_dir, env, credits):
    project = cli(binary, data_dir, env, 'projects', 'create', '--name', PROJECT,
                  '--timezone', 'UTC', '--owner-email', 'crash@slotline.invalid',
                  '--owner-name', 'Crash Safety')
    accounts = {}
    for platform in ('linkedin', 'twitter', 'facebook'):
        account = cli(binary, data_dir, env, 'accounts', 'add', '--project', PROJECT,
                      '--platform', platform, '--name', 'Crash ' + platform,
                      '--username', 'crash_' + platform, '--connector', 'sandbox')
        accounts[platform] = account['id']
    page = cli(binary, data_dir, env, 'subaccounts', 'add', '--account', accounts['facebook'],
               '--name', 'Crash Page', '--type', 'page')
    cli(binary, data_dir, env, 'credits', 'grant', '--project', PROJECT,
        '--amount', str(credits), '--note', 'initial grant')
    key = cli(binary, data_dir, env, 'keys', 'create', '--project', PROJECT, '--name', 'load')
    demo = cli(binary, data_dir, env, 'init-demo', '--timezone', 'UTC')
    return project['id'], accounts, page['id'], key, demo


# ---------------------------------------------------------------------------------------
# Kills


def killer(run, kills, grants):
    """Kills the server `kills` times and starts it again, topping credits up meanwhile.
    Some kills hit a server that is still starting (recovering from the previous one)."""
    args, server, rng = run.args, run.server, run.rng
    reported = 0
    platforms = run.platforms
    while run.kills < kills:
        if platforms and rng.random() < args.aimed_share:
            # Killed the moment a real platform has answered a create call, before the
            # server records the answer.
            time.sleep(rng.uniform(args.min_gap, args.max_gap) / 2)
            top_up(run, grants)
            platforms.aim(run, rng, 3 * args.max_gap + 2)
        else:
            if platforms and rng.random() < args.fault_share:
                platforms.inject_fault(rng)
            time.sleep(rng.uniform(args.min_gap, args.max_gap))
            top_up(run, grants)
        ended = server.kill()
        if ended is not None:
            run.report.violation('the server ended by itself with status %s:\n%s'
                                 % (ended, server.tail()))
        run.kills += 1
        while run.kills < kills and rng.random() < args.startup_kill_share:
            server.spawn()
            longest = max(server.start_seconds) if server.start_seconds else 0.2
            time.sleep(rng.uniform(0, longest))
            ended = server.kill()
            if ended is not None:
                run.report.violation('the server ended by itself while starting, status %s:'
                                     '\n%s' % (ended, server.tail()))
            run.kills += 1
            run.startup_kills += 1
        if run.kills // 10 > reported // 10 or run.kills >= kills:
            print('  %d kills' % run.kills, flush=True)
            reported = run.kills
        if run.kills >= kills:
            return True
        try:
            server.start()
        except StartFailed as error:
            run.report.violation('restart after kill %d failed: %s' % (run.kills, error))
            run.abandoned.set()
            return False
    return True


def top_up(run, grants):
    """Grants credits with the administrative command while the server runs, when fewer
    are left than were used since the last look (a few 402s remain possible)."""
    answer = run.read('GET', '/credits')
    if answer is None or not answer.ok():
        return
    balance = answer.json
    spent = balance['creditsUsed'] + balance['creditsReserved']
    used_since = spent - run.spent_before
    run.spent_before = spent
    if balance['creditsRemaining'] >= max(run.args.credits // 3, 2 * used_since):
        return
    amount = max(run.args.credits, 3 * used_since)
    try:
        cli(run.args.server, run.args.data_dir, run.env, 'credits', 'grant', '--project', PROJECT,
            '--amount', str(amount), '--note', 'top-up')
        grants.append(amount)
    except (SetupError, subprocess.TimeoutExpired) as error:
        run.report.violation('credits grant while serving failed: %s' % error)


# ---------------------------------------------------------------------------------------
# The end: settle, then check through the API and in the file


def all_pages(run, path):
    items = []
    cursor = None
    while True:
        separator = '&' if '?' in path else '?'
        page = path + separator + 'limit=250' + ('&cursor=' + quote(cursor) if cursor else '')
        answer = run.read('GET', page)
        if answer is None or not answer.ok():
            raise SetupError('GET %s answered %s' % (page, answer.short() if answer else None))
        items += answer.json['items']
        cursor = answer.json.get('cursor')
        if not cursor:
            return items


def settle(run):
    """Waits until nothing is in progress and every post of the run that was due is out."""
    soon_end = run.last_write_ms + int(run.args.soon_seconds * 1000) + 1000
    deadline = time.monotonic() + run.args.settle_timeout
    while True:
        busy = all_pages(run, '/posts?status=in-progress')
        due = all_pages(run, '/posts?status=scheduled&until=' + iso(now_ms()))
        if not busy and not due and now_ms() > soon_end:
            return now_ms()
        if time.monotonic() > deadline:
            run.report.violation('after %d s, %d posts are still in progress and %d due ones '
                                 'scheduled: %s' % (run.args.settle_timeout, len(busy), len(due),
                                                    [p['postSubmissionId'] for p in busy + due][:10]))
            return now_ms()
        time.sleep(0.5)


def expected_final_status(state, marker, settled_ms):
    text, sched, cancelled = state
    if cancelled:
        return {'cancelled'}
    if sched is not None and sched > settled_ms:
        return {'scheduled'}
    return {'failed'} if marker == '[sandbox:fail]' else {'published'}


class Snapshot:
    """The project's rows, read from the file."""

    def __init__(self, path, project_id, api_key_id, other_projects=()):
        self.db = sqlite3.connect('file:%s?mode=ro' % path, uri=True)
        self.db.row_factory = sqlite3.Row
        q = self.db.execute
        self.integrity = [r[0] for r in q('PRAGMA integrity_check')]
        self.foreign_keys = q('PRAGMA foreign_key_check').fetchall()
        self.submissions = {r['id']: dict(r) for r in
                            q('SELECT * FROM submissions WHERE project_id = ?', (project_id,))}
        self.published = collections.defaultdict(list)
        for r in q('SELECT * FROM published_posts WHERE project_id = ?', (project_id,)):
            self.published[r['submission_id']].append(dict(r))
        self.all_published_submissions = {r[0] for r in
                                          q('SELECT submission_id FROM published_posts')}
        self.sandbox = collections.defaultdict(list)
        for r in q('SELECT * FROM sandbox_publications'):
            self.sandbox[r['token']].append(dict(r))
        self.all_submissions = {r[0]: r[1] for r in
                                q('SELECT id, project_id FROM submissions')}
        self.drafts = {r['id']: dict(r) for r in
                       q('SELECT * FROM drafts WHERE project_id = ?', (project_id,))}
        self.slots = {(r['day'] - 1, r['hour'], r['minute']): r['id'] for r in
                      q('SELECT * FROM weekly_slots WHERE project_id = ?', (project_id,))}
        self.projects = {r['id']: dict(r) for r in q('SELECT * FROM projects')}
        self.credit_events = collections.defaultdict(list)
        for r in q('SELECT * FROM credit_events ORDER BY seq'):
            self.credit_events[r['project_id']].append(dict(r))
        self.media = {r['id']: dict(r) for r in
                      q('SELECT * FROM media WHERE project_id = ?', (project_id,))}
        self.logged_calls = q('SELECT count(*) FROM call_log WHERE api_key_id = ?',
                              (api_key_id,)).fetchone()[0]
        # Other projects of the run (the real-platform one) are checked on their own.
        ours = (project_id,) + tuple(other_projects)
        self.demo_submissions = q('SELECT count(*) FROM submissions WHERE project_id NOT IN '
                                  '(%s)' % ','.join('?' * len(ours)), ours).fetchone()[0]
        self.db.close()


def check_post(report, post, row, settled_ms, what):
    """A submission row against the states its journal allows."""
    state = (row['text'], row['scheduled_at'], row['status'] == 'cancelled')
    matching = [s for s in post['states'] if (s[0], s[1]) == (state[0], state[1])
                and (s[2] == state[2])]
    report.check('acknowledged writes present', bool(matching),
                 lambda: '%s %s is stored as text %r at %s (%s); the journal allows %s'
                 % (what, row['id'], row['text'],
                    iso(row['scheduled_at']) if row['scheduled_at'] else None, row['status'],
                    sorted(('%r' % s[0], iso(s[1]) if s[1] else None, s[2])
                           for s in post['states'])))
    allowed = set()
    for s in matching or post['states']:
        allowed |= expected_final_status(s, post['marker'], settled_ms)
        if s[1] is not None and not s[2] and abs(s[1] - settled_ms) < 2000:
            allowed |= {'scheduled', 'published', 'failed'}
    if post.get('started'):
        allowed -= {'scheduled', 'cancelled'}
        if not allowed:
            allowed = {'published', 'failed'}
    report.check('final status', row['status'] in allowed,
                 lambda: '%s %s is %s; after the run it should be %s'
                 % (what, row['id'], row['status'], ' or '.join(sorted(allowed))))


def check_everything(run, workers, snapshot, api, project_id, grants, demo, settled_ms,
                     base_url):
    report = run.report
    report.check('integrity_check', snapshot.integrity == ['ok'],
                 'PRAGMA integrity_check: %s' % snapshot.integrity[:5])
    report.check('foreign keys', not snapshot.foreign_keys,
                 'PRAGMA foreign_key_check: %s' % snapshot.foreign_keys[:5])

    # --- posts: every acknowledged one there, every row explained by a write ------------
    known = {}
    unknown_pool = collections.defaultdict(list)
    refused_texts = set()
    for worker in workers:
        for post in worker.posts.values():
            known[post.id] = {'states': post.states, 'marker': post.marker,
                              'started': post.started, 'schedule_id': post.schedule_id}
        for entry in worker.unknown_posts:
            unknown_pool[(entry['text'], entry['account'])].append(entry)
        refused_texts |= worker.refused_texts
    rows = snapshot.submissions
    for post_id, post in known.items():
        row = rows.get(post_id)
        if not report.check('acknowledged writes present', row is not None,
                            'acknowledged post %s is missing from the database' % post_id):
            continue
        report.check('acknowledged writes present', row['schedule_id'] == post['schedule_id'],
                     'post %s has schedule %s, acknowledged as %s'
                     % (post_id, row['schedule_id'], post['schedule_id']))
        check_post(report, post, row, settled_ms, 'post')
    for row in rows.values():
        if row['id'] in known:
            continue
        pool = unknown_pool.get((row['text'], row['account_id']))
        if not report.check('no phantom writes', bool(pool),
                            lambda: 'post %s (%r, %s) was created by no write of the run%s'
                            % (row['id'], row['text'], row['status'],
                               ' (its write was refused)' if row['text'] in refused_texts
                               else ' (or by one of them twice)')):
            continue
        entry = pool.pop(0)
        sched = entry['scheduled']
        if entry['when'] == 'slot':
            sched = row['scheduled_at']
        states = {(entry['text'], sched, False)}
        check_post(report, {'states': states, 'marker': entry['marker']}, row, settled_ms,
                   'post (unknown write %d)' % entry['op'])

    # --- the status machine, the publication record, credits per post -----------------
    for row in rows.values():
        status = row['status']
        sid = row['id']
        published = snapshot.published.get(sid, [])
        sandbox = snapshot.sandbox.get(sid, [])
        scheduled_kind = row['schedule_id'] is not None
        report.check('status machine', status in ('scheduled', 'published', 'failed',
                                                  'cancelled'),
                     'post %s is %s after the run' % (sid, status))
        report.check('status machine', row['claim_token'] is None,
                     'post %s still carries a claim' % sid)
        report.check('status machine', scheduled_kind == (row['scheduled_at'] is not None),
                     'post %s: schedule %s with time %s' % (sid, row['schedule_id'],
                                                             row['scheduled_at']))
        report.check('status machine', row['holds_slot'] == (1 if status in (
            'scheduled', 'in-progress', 'published') else 0),
            'post %s is %s with holds_slot %s' % (sid, status, row['holds_slot']))
        if status == 'scheduled':
            report.check('status machine', row['next_attempt_at'] == row['scheduled_at']
                         and row['published_at'] is None and row['public_url'] is None,
                         'scheduled post %s: next attempt %s, scheduled %s, published %s'
                         % (sid, row['next_attempt_at'], row['scheduled_at'],
                            row['published_at']))
        if status == 'cancelled':
            report.check('status machine', scheduled_kind,
                         'post %s was published now but is cancelled' % sid)
        if status == 'published':
            report.check('published once', len(published) == 1 and len(sandbox) == 1,
                         'post %s: %d published_posts rows, %d sandbox publications'
                         % (sid, len(published), len(sandbox)))
            if published and sandbox:
                pub, sb = published[0], sandbox[0]
                report.check('published content', pub['text'] == row['text'] == sb['text']
                             and pub['media_urls'] == row['media_urls'] == sb['media_urls'],
                             'post %s: stored %r, published %r, on the platform %r'
                             % (sid, row['text'], pub['text'], sb['text']))
                url = base_url + SANDBOX_PAGE_PATH + sb['id']
                report.check('published content', row['public_url'] == url == pub['public_url'],
                             'post %s: publicUrl %r, published post %r, the sandbox page is %r'
                             % (sid, row['public_url'], pub['public_url'], url))
                report.check('published content', row['published_at'] == sb['published_at']
                             == pub['published_at'],
                             'post %s published at %s, the sandbox says %s'
                             % (sid, row['published_at'], sb['published_at']))
                if row['scheduled_at'] is not None:
                    report.check('not before its time', sb['published_at'] >= row['scheduled_at'],
                                 'post %s scheduled for %s was published at %s'
                                 % (sid, iso(row['scheduled_at']), iso(sb['published_at'])))
        else:
            report.check('published once', not published and not sandbox,
                         'post %s is %s but has %d published_posts rows and %d sandbox '
                         'publications' % (sid, status, len(published), len(sandbox)))
        if status == 'failed':
            report.check('status machine', bool(row['error_message']),
                         'failed post %s has no errorMessage' % sid)
    for token, publications in snapshot.sandbox.items():
        project = snapshot.all_submissions.get(token)
        if project == project_id or project is None:
            report.check('published once', token in rows and rows[token]['status'] == 'published',
                         'the sandbox published %s, which is %s'
                         % (token, rows[token]['status'] if token in rows else 'no post'))

    # --- credits ------------------------------------------------------------------------
    events = snapshot.credit_events[project_id]
    by_kind = collections.Counter()
    per_post = collections.defaultdict(list)
    for event in events:
        by_kind[event['kind']] += event['amount']
        if event['submission_id']:
            per_post[event['submission_id']].append(event['kind'])
    granted = run.args.credits + sum(grants)
    project = snapshot.projects[project_id]
    statuses = collections.Counter(row['status'] for row in rows.values())
    report.check('credits', by_kind['grant'] == granted,
                 'grants recorded %d, granted %d' % (by_kind['grant'], granted))
    report.check('credits', project['credits_used'] == statuses['published'] == by_kind['charge'],
                 'credits used %d, charges %d, published posts %d'
                 % (project['credits_used'], by_kind['charge'], statuses['published']))
    report.check('credits', project['credits_reserved'] == statuses['scheduled']
                 + statuses['in-progress'],
                 'credits reserved %d for %d scheduled posts'
                 % (project['credits_reserved'], statuses['scheduled'] + statuses['in-progress']))
    report.check('credits', project['credits_remaining'] == granted - project['credits_used']
                 - project['credits_reserved'],
                 'credits remaining %d; granted %d - used %d - reserved %d'
                 % (project['credits_remaining'], granted, project['credits_used'],
                    project['credits_reserved']))
    report.check('credits', by_kind['reserve'] == len(rows)
                 and by_kind['release'] == statuses['failed'] + statuses['cancelled'],
                 'reserved %d times for %d posts, released %d times for %d failed or cancelled'
                 % (by_kind['reserve'], len(rows), by_kind['release'],
                    statuses['failed'] + statuses['cancelled']))
    for row in rows.values():
        expected = {'published': ['reserve', 'charge'], 'failed': ['reserve', 'release'],
                    'cancelled': ['reserve', 'release'], 'scheduled': ['reserve']}.get(
                        row['status'], ['reserve'])
        report.check('credits', per_post.get(row['id'], []) == expected,
                     'post %s (%s) has credit events %s' % (row['id'], row['status'],
                                                            per_post.get(row['id'])))
    credits = api['credits']
    report.check('credits', (credits['creditsRemaining'], credits['creditsReserved'],
                             credits['creditsUsed']) == (project['credits_remaining'],
                                                         project['credits_reserved'],
                                                         project['credits_used']),
                 'GET /credits says %s; the database %s' % (credits, project))
    demo_project = snapshot.projects[demo['projectId']]
    demo_grant = sum(e['amount'] for e in snapshot.credit_events[demo['projectId']])
    report.check('other projects untouched', snapshot.demo_submissions == 0
                 and demo_project['credits_remaining'] == demo_grant
                 and demo_project['credits_used'] == demo_project['credits_reserved'] == 0,
                 'the demo project has %d posts and credits %s'
                 % (snapshot.demo_submissions, demo_project))

    # --- drafts -------------------------------------------------------------------------
    draft_pool = collections.defaultdict(list)
    known_drafts = {}
    for worker in workers:
        known_drafts.update(worker.drafts)
        for entry in worker.unknown_drafts:
            draft_pool[(entry['text'], entry['platforms'])].append(entry)
    for draft_id, draft in known_drafts.items():
        row = snapshot.drafts.get(draft_id)
        if row is None:
            report.check('acknowledged writes present', any(s[3] for s in draft.states),
                         lambda: 'acknowledged draft %s is missing; the journal allows %s'
                         % (draft_id, sorted(map(str, draft.states))))
            continue
        state = (row['text'], tuple(json.loads(row['platforms'])), row['revision'], False)
        report.check('acknowledged writes present', state in draft.states,
                     lambda: 'draft %s is stored as %s; the journal allows %s'
                     % (draft_id, state, sorted(map(str, draft.states))))
    for draft_id, row in snapshot.drafts.items():
        if draft_id in known_drafts:
            continue
        pool = draft_pool.get((row['text'], tuple(json.loads(row['platforms']))))
        if report.check('no phantom writes', bool(pool) and row['revision'] == 1,
                        'draft %s (%r, revision %d) was created by no write of the run'
                        % (draft_id, row['text'], row['revision'])):
            pool.pop(0)

    # --- weekly slots -------------------------------------------------------------------
    mine = set()
    for worker in workers:
        worker.settle_slots(snapshot.slots, 'acknowledged writes present', 'is stored')
        mine |= set(worker.slot_keys)
    for key, slot_id in snapshot.slots.items():
        report.check('no phantom writes', key in mine,
                     'weekly slot %s (%s) was added by no write of the run' % (key, slot_id))

    # --- media: every file that is ready is whole --------------------------------------
    media_dir = os.path.join(run.args.data_dir, 'media')
    known_media = {}
    media_pool = collections.Counter()
    for worker in workers:
        known_media.update(worker.media)
        media_pool.update(worker.unknown_media)
    for media_id, media in known_media.items():
        row = snapshot.media.get(media_id)
        if not report.check('acknowledged writes present', row is not None,
                            'acknowledged upload address %s is missing' % media_id):
            continue
        status = 'ready' if row['status'] == 'ready' else 'awaiting'
        report.check('acknowledged writes present', status in media['states'],
                     'media %s is %s; the journal allows %s' % (media_id, row['status'],
                                                                sorted(media['states'])))
        if status == 'ready':
            report.check('media whole', (row['sha256'], row['size']) ==
                         (media['sha256'], media['size']),
                         'media %s is recorded as %s bytes %s; %d bytes %s were sent'
                         % (media_id, row['size'], row['sha256'], media['size'],
                            media['sha256']))
    for media_id, row in snapshot.media.items():
        if media_id not in known_media:
            if report.check('no phantom writes', media_pool[row['filename']] > 0
                            and row['status'] == 'awaiting-upload',
                            'media %s (%s, %s) was asked for by no write of the run'
                            % (media_id, row['filename'], row['status'])):
                media_pool[row['filename']] -= 1
        if row['status'] == 'ready':
            path = os.path.join(media_dir, media_id)
            whole = os.path.isfile(path)
            if whole:
                with open(path, 'rb') as stored:
                    content = stored.read()
                whole = (len(content), hashlib.sha256(content).hexdigest()) == \
                    (row['size'], row['sha256'])
            report.check('media whole', whole,
                         'ready media %s: its file %s is missing or not what was recorded'
                         % (media_id, path))
    incoming = os.path.join(media_dir, 'incoming')
    left = os.listdir(incoming) if os.path.isdir(incoming) else []
    report.check('media whole', not left, 'files left in %s after a clean stop: %s'
                 % (incoming, left[:5]))
    ready = {i for i, r in snapshot.media.items() if r['status'] == 'ready'}
    api['orphan_media_files'] = sorted(
        name for name in (os.listdir(media_dir) if os.path.isdir(media_dir) else [])
        if name != 'incoming' and name not in ready and name.startswith('med_'))
    # A kill between moving a file in and recording it leaves one; the start after it
    # removes it, and the server has started since the last kill.
    report.check('media whole', not api['orphan_media_files'],
                 'files in %s that no ready media item owns: %s'
                 % (media_dir, api['orphan_media_files'][:5]))
    for url, expected in api['media_reads']:
        report.check('API matches the file', expected,
                     'GET %s did not serve the uploaded bytes' % url)
    for url, expected in api['page_reads']:
        report.check('API matches the file', expected,
                     'GET %s did not serve the published post' % url)

    # --- the API says what the file says ------------------------------------------------
    api_posts = {p['postSubmissionId']: p for p in api['posts']}
    report.check('API matches the file', set(api_posts) == set(rows),
                 'GET /posts lists %d posts, the database has %d' % (len(api_posts), len(rows)))
    for sid, item in api_posts.items():
        row = rows.get(sid)
        if row is None:
            continue
        report.check('API matches the file',
                     item['status'] == row['status'] and item['text'] == row['text']
                     and (item['scheduledTime'] and parse_iso(item['scheduledTime']))
                     == (row['scheduled_at'] if row['scheduled_at'] is not None else None)
                     and item['publicUrl'] == row['public_url'],
                     'GET /posts shows %s as %s; the database %s' % (sid, item, row))
    published_ids = {p['postSubmissionId'] for p in api['published']}
    report.check('API matches the file', published_ids == {r['id'] for r in rows.values()
                                                            if r['status'] == 'published'}
                 and len(api['published']) == len(published_ids),
                 'GET /published-posts lists %d entries for %d posts; %d are published'
                 % (len(api['published']), len(published_ids), statuses['published']))
    schedule_ids = {s['id'] for s in api['schedules']}
    report.check('API matches the file', schedule_ids == {r['schedule_id'] for r in rows.values()
                                                          if r['schedule_id']
                                                          and r['status'] != 'cancelled'},
                 'GET /schedules lists %d schedules' % len(schedule_ids))
    api_slots = {(DAYS.index(i['day']), i['hour'], i['minute']): i['id'] for i in api['slots']}
    report.check('API matches the file', api_slots == snapshot.slots,
                 'GET /schedule/slots differs from the database')
    api_drafts = {d['id']: draft_state(d) for d in api['drafts']}
    report.check('API matches the file', api_drafts == {
        i: (r['text'], tuple(json.loads(r['platforms'])), r['revision'], False)
        for i, r in snapshot.drafts.items()}, 'list_drafts differs from the database')
    return statuses


def fetch_page(run, url):
    """GET of an absolute address on the server, without a key: (status, body)."""
    conn = http.client.HTTPConnection('127.0.0.1', run.server.port, timeout=REQUEST_TIMEOUT_S)
    try:
        conn.request('GET', url[url.index('/', len('http://')):])
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def read_api(run, workers):
    api = {'posts': all_pages(run, '/posts'), 'published': all_pages(run, '/published-posts'),
           'schedules': all_pages(run, '/schedules')}
    # A sample of the public pages: uploaded media and the sandbox's published posts.
    media = [m for w in workers for m in w.media.values() if m['states'] == {'ready'}]
    api['media_reads'] = []
    for item in run.rng.sample(media, min(20, len(media))):
        status, body = fetch_page(run, item['url'])
        api['media_reads'].append((item['url'], status == 200
                                   and hashlib.sha256(body).hexdigest() == item['sha256']))
    published = [p for p in api['posts'] if p['status'] == 'published']
    api['page_reads'] = []
    for post in run.rng.sample(published, min(20, len(published))):
        status, body = fetch_page(run, post['publicUrl'] or 'http://-/')
        api['page_reads'].append((post['publicUrl'], status == 200 and html_escape(
            post['text']).encode() in body))
    answer = run.read('GET', '/schedule/slots')
    api['slots'] = answer.json['items']
    answer = run.read('GET', '/credits')
    api['credits'] = answer.json
    drafts = []
    cursor = None
    while True:
        params = {'limit': 250}
        if cursor:
            params['cursor'] = cursor
        answer = run.read('POST', '/tools/list_drafts', params)
        drafts += answer.json['items']
        cursor = answer.json.get('cursor')
        if not cursor:
            break
    api['drafts'] = drafts
    return api


# ---------------------------------------------------------------------------------------


def main():
    servers = []
    try:
        return run_all(servers)
    finally:
        # Whatever ended the run, no server (nor fake platform) outlives it.
        for server in servers:
            if isinstance(server, Server):
                if server.proc is not None and server.proc.poll() is None:
                    server.proc.kill()
                    server.proc.wait()
            else:
                server.stop()


def run_all(servers):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--server', required=True, help='the slotline-server program')
    parser.add_argument('--kills', type=int, default=20, help='how many SIGKILLs (20)')
    parser.add_argument('--min-gap', type=float, default=0.3,
                        help='shortest time a server lives before it is killed (s)')
    parser.add_argument('--max-gap', type=float, default=2.0,
                        help='longest time a server lives before it is killed (s)')
    parser.add_argument('--startup-kill-share', type=float, default=0.1,
                        help='share of kills aimed at a server that is still starting')
    parser.add_argument('--workers', type=int, default=4, help='threads writing (4)')
    parser.add_argument('--seed', type=int, default=None,
                        help='replays a run (default: a random one, printed)')
    parser.add_argument('--credits', type=int, default=300,
                        help='the initial grant and the smallest top-up (300)')
    parser.add_argument('--soon-seconds', type=float, default=8,
                        help='posts due soon are due within this many seconds')
    parser.add_argument('--retry-share', type=float, default=0.6,
                        help='share of unanswered keyed writes sent again with their key')
    parser.add_argument('--settle-timeout', type=float, default=90,
                        help='seconds the end waits for due posts to be published')
    parser.add_argument('--work-dir', help='where the data and logs go (default: a new '
                        'temporary directory, removed after a passing run)')
    parser.add_argument('--platforms', choices=['sandbox', 'fakes'], default='sandbox',
                        help='fakes: also publish to X, LinkedIn and Facebook accounts '
                        'connected through slotline-fake-platforms (docs/crash-safety.md)')
    parser.add_argument('--fake-platforms', help='the slotline-fake-platforms program '
                        '(default: beside the server in the build tree)')
    parser.add_argument('--platform-workers', type=int, default=2,
                        help='threads posting to the real-platform accounts (2)')
    parser.add_argument('--platform-pause', type=float, default=0.2,
                        help='longest pause of a platform worker between posts (s)')
    parser.add_argument('--platform-latency-ms', type=int, default=100,
                        help='how long the fake platforms take to answer each call (100 ms)')
    parser.add_argument('--aimed-share', type=float, default=0.3,
                        help='share of kills aimed just after a platform answered a create')
    parser.add_argument('--fault-share', type=float, default=0.2,
                        help='share of other kill gaps in which a create is made to lose its '
                        'answer at the platform (dropped or 500)')
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2 ** 31)
    if args.kills < 1 or args.min_gap < 0 or args.max_gap < args.min_gap or args.workers < 1:
        parser.error('need --kills >= 1, 0 <= --min-gap <= --max-gap, --workers >= 1')
    args.server = os.path.abspath(args.server)
    if not os.access(args.server, os.X_OK):
        parser.error('no program at ' + args.server)
    if args.platforms == 'fakes':
        if not args.fake_platforms:
            args.fake_platforms = os.path.join(os.path.dirname(os.path.dirname(args.server)),
                                               'fakeplatformsapp', 'slotline-fake-platforms')
        args.fake_platforms = os.path.abspath(args.fake_platforms)
        if not os.access(args.fake_platforms, os.X_OK):
            parser.error('no program at %s (--fake-platforms)' % args.fake_platforms)

    work_dir = args.work_dir or tempfile.mkdtemp(prefix='slotline-crash-')
    os.makedirs(work_dir, exist_ok=True)
    args.data_dir = os.path.join(work_dir, 'data')
    print('crash safety: seed %d, %d kills, gaps %.2f-%.2f s, %d workers, work in %s'
          % (args.seed, args.kills, args.min_gap, args.max_gap, args.workers, work_dir),
          flush=True)
    replay = ('  replay: %s --server %s --seed %d --kills %d --min-gap %s --max-gap %s '
              '--workers %d' % (sys.argv[0], args.server, args.seed, args.kills, args.min_gap,
                                args.max_gap, args.workers))
    if args.platforms == 'fakes':
        replay += (' --platforms fakes --fake-platforms %s --platform-workers %d '
                   '--platform-pause %s --platform-latency-ms %d --aimed-share %s '
                   '--fault-share %s'
                   % (args.fake_platforms, args.platform_workers, args.platform_pause,
                      args.platform_latency_ms, args.aimed_share, args.fault_share))
    print(replay, flush=True)

    env = dict(os.environ)
    env.setdefault('QT_LOGGING_RULES', 'slotline.*.info=true')
    report = Report()
    platforms = None
    try:
        project_id, accounts, page_id, api_key, demo = set_up(args.server, args.data_dir, env,
                                                          args.credits)
        if args.platforms == 'fakes':
            platform_load.bind(sys.modules[__name__])
            platforms = platform_load.Platforms(args, work_dir, env)
            servers.append(platforms.fake)
            platforms.set_up()
    except (SetupError, subprocess.TimeoutExpired, ValueError, KeyError) as error:
        print('set-up failed: %s' % error, file=sys.stderr)
        return 2

    server = Server(args.server, args.data_dir, os.path.join(work_dir, 'server.log'), env)
    servers.append(server)
    try:
        server.start()
    except StartFailed as error:
        print('the server does not start: %s' % error, file=sys.stderr)
        return 2
    base_url = 'http://127.0.0.1:%d' % server.port
    run = Run(args, server, report, api_key['key'], accounts, page_id, random.Random(args.seed))
    run.env = env
    run.work_dir = work_dir
    workers = [Worker(run, i) for i in range(args.workers)]
    platform_workers = []
    if platforms:
        try:
            platforms.connect(server.port)
        except (SetupError, OSError, ValueError, KeyError, StopIteration) as error:
            print('connecting the real-platform accounts failed: %r' % error, file=sys.stderr)
            return 2
        run.platforms = platforms
        platform_workers = [platform_load.PlatformWorker(run, args.workers + i, platforms)
                            for i in range(args.platform_workers)]
        workers_and_platforms = workers + platform_workers
    else:
        workers_and_platforms = workers
    started = time.monotonic()
    for worker in workers_and_platforms:
        worker.start()
    grants = []
    restarted = killer(run, args.kills, grants)
    if restarted:
        # The last kill leaves the server down: start it cleanly, let the workers finish.
        try:
            if not server.current()[2]:
                server.start()
        except StartFailed as error:
            report.violation('the final restart failed: %s' % error)
            restarted = False
    run.stopping.set()
    for worker in workers_and_platforms:
        worker.join(timeout=120)
        if worker.is_alive():
            report.violation('worker %d did not finish' % worker.index)
    run.load_seconds = time.monotonic() - started
    run.load_ended = time.monotonic()

    statuses = collections.Counter()
    orphans = []
    calls = None
    run.platform_figures = None
    if restarted:
        try:
            settled_ms = settle(run)
            api = read_api(run, workers)
            if platforms:
                platform_load.settle(run, platforms)
                platform_state = platform_load.read_state(run, platforms)
        except (SetupError, OSError) as error:
            report.violation('reading the state after the run failed: %s' % error)
            return finish(run, report, args, work_dir, statuses, orphans, calls)
        status = server.stop()
        report.check('clean stop', status == 0, 'the server stopped with status %s:\n%s'
                     % (status, server.tail()))
        db_path = os.path.join(args.data_dir, 'slotline.db')
        snapshot = Snapshot(db_path, project_id, api_key['id'],
                            (platforms.project_id,) if platforms else ())
        statuses = check_everything(run, workers, snapshot, api, project_id, grants, demo,
                                    settled_ms, base_url)
        if platforms:
            run.platform_figures = platform_load.check(run, platforms, platform_workers,
                                                       platform_state, db_path)
        orphans = api['orphan_media_files']
        calls = (run.answered, snapshot.logged_calls)
    elif server.current()[2]:
        server.kill()
    return finish(run, report, args, work_dir, statuses, orphans, calls)


def finish(run, report, args, work_dir, statuses, orphans, calls):
    """Writes the journal, prints the summary: the exit status."""
    server = run.server
    with open(os.path.join(work_dir, 'journal.jsonl'), 'w') as journal:
        for op in run.ops:
            journal.write(json.dumps(op.journal(), ensure_ascii=False) + '\n')

    # --- summary --------------------------------------------------------------------------
    table = collections.defaultdict(collections.Counter)
    for op in run.ops:
        if op.outcome is None:
            continue
        table[op.kind][op.outcome] += 1
        if op.resolved_by_retry:
            table[op.kind]['resent'] += 1
        if op.replayed:
            table[op.kind]['replayed'] += 1
    print('\n%d kills (%d of a server still starting) in %.0f s; %d starts, median %.2f s'
          % (run.kills, run.startup_kills, run.load_seconds, len(server.start_seconds),
             sorted(server.start_seconds)[len(server.start_seconds) // 2]))
    print('%-20s %7s %7s %7s %8s %8s' % ('write', 'acked', 'unknown', 'refused', 'resent',
                                         'replayed'))
    totals = collections.Counter()
    for kind in sorted(table):
        row = table[kind]
        totals.update(row)
        print('%-20s %7d %7d %7d %8d %8d' % (kind, row['ack'], row['unknown'], row['refused'],
                                            row['resent'], row['replayed']))
    print('%-20s %7d %7d %7d %8d %8d' % ('all', totals['ack'], totals['unknown'],
                                        totals['refused'], totals['resent'],
                                        totals['replayed']))
    print('posts at the end: %s' % ', '.join('%d %s' % (n, s) for s, n in sorted(statuses.items())))
    if calls:
        print('call log: %d of %d answered requests logged (%d lost with their server)'
              % (calls[1], calls[0], max(0, calls[0] - calls[1])))
    if orphans:
        print('media files without a ready record: %d' % len(orphans))
    if run.platforms:
        platform_load.summary(run.platforms, run.platform_figures)
    print('checks passed: %s' % ', '.join('%s %d' % (name, n)
                                          for name, n in sorted(report.checks.items())))
    if report.violations:
        print('\nFAILED: %d violations (seed %d); data, server log and journal kept in %s'
              % (len(report.violations), args.seed, work_dir), file=sys.stderr)
        for message in report.violations[:50]:
            print('  - ' + message, file=sys.stderr)
        return 1
    print('\nOK: no violations (seed %d)' % args.seed)
    if not args.work_dir:
        shutil.rmtree(work_dir, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
