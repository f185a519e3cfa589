#!/usr/bin/env python3
"""Opens connections to a server and keeps them open, for the server benchmarks.

    hold-connections.py PORT COUNT API-KEY

Opens COUNT connections one after another, sends GET /api/v2/users/me on each (HTTP/1.1,
kept alive) and reads the answer, then prints one line:

    opened N answered-200 A other-answers {status: count} no-answer M

(no-answer: the connection was refused, reset, or got no answer within 5 s), and keeps
them all open until a line or the end of input arrives on stdin. Then it prints

    closed-by-server C still-open O

(the connections the server had closed meanwhile, e.g. the longest idle to make room)
and exits.
"""

import select
import socket
import sys


def read_answer(connection):
    """The status of one HTTP answer, its body read by Content-Length; None if none came."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(head.split(b" ")[1])


def main():
    port, count, key = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    request = (
        "GET /api/v2/users/me HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nx-api-key: %s\r\n\r\n" % (port, key)
    ).encode()
    connections, statuses, unanswered = [], {}, 0
    for _ in range(count):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.settimeout(5)
        try:
            connection.connect(("127.0.0.1", port))
            connection.sendall(request)
            status = read_answer(connection)
        except OSError:
            status = None
        if status is None:
            unanswered += 1
        else:
            statuses[status] = statuses.get(status, 0) + 1
        connections.append(connection)
    others = {status: n for status, n in statuses.items() if status != 200}
    print("opened %d answered-200 %d other-answers %s no-answer %d"
          % (count, statuses.get(200, 0), others, unanswered), flush=True)

    sys.stdin.readline()
    # poll(), not select(): descriptors beyond 1024 are the point here.
    poller = select.poll()
    for connection in connections:
        poller.register(connection, select.POLLIN)
    readable = {fd for fd, _ in poller.poll(0)}
    closed = 0
    for connection in connections:
        if connection.fileno() in readable:
            try:
                if not connection.recv(1, socket.MSG_PEEK):
                    closed += 1
            except OSError:
                closed += 1
        connection.close()
    print("closed-by-server %d still-open %d" % (closed, count - closed), flush=True)


if __name__ == "__main__":
    main()
