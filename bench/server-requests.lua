-- The requests of the server benchmarks, for wrk. Set by the environment:
--   KEYS_FILE     one API key a line, followed by an account id and its platform; the keys
--                 are used in turn, so the server authenticates, rate-limits and logs as it
--                 would for many clients
--   BENCH_METHOD  GET (default) or POST
--   BENCH_BODY    none (default); post: a post scheduled in the future for the key's
--                 account (POST /api/v2/posts); draft: a draft (POST /api/v2/tools/save_draft)
--   PACE_MS       when set, each connection waits this long on average after an answer
--                 before its next request: exponentially distributed waits, so that the
--                 connections do not fall into step and send in bursts (their requests
--                 arrive like independent clients'), rounded at random to whole ms
--   CHECK         when set, counts the answers by status and the 429s without a
--                 Retry-After header of whole seconds (1 or more), and prints both at the end
--   POST_QUOTA    with CHECK: each thread sends this many POSTs and then only
--                 GET /api/v2/users/me; once all of them are answered with 201 the thread
--                 stops and creates the file DONE_FILE (wrk itself waits for its duration,
--                 or a SIGINT). The 201s counted are then exactly the posts acknowledged.
local method = os.getenv("BENCH_METHOD") or "GET"
local body_kind = os.getenv("BENCH_BODY") or "none"
local pace = tonumber(os.getenv("PACE_MS") or "")
local check = os.getenv("CHECK") ~= nil
local post_quota = tonumber(os.getenv("POST_QUOTA") or "")

local keys = {}
for line in io.lines(os.getenv("KEYS_FILE")) do
    local key, account, platform = line:match("^(%S+)%s*(%S*)%s*(%S*)")
    if key then
        keys[#keys + 1] = { key = key, account = account, platform = platform }
    end
end

local function body_for(key, n)
    if body_kind == "post" then
        -- A minute apart from a month ahead on: scheduled, so the dispatcher leaves them
        -- alone while the benchmark runs.
        local at = os.date("!%Y-%m-%dT%H:%M:00Z", os.time() + 30 * 86400 + n * 60)
        return string.format('{"post":{"accountId":"%s","content":{"platform":"%s",'
            .. '"text":"Post %d of the load test: scheduled for later, with a link to '
            .. 'https://example.com/launch and a few words more."}},"scheduledTime":"%s"}',
            key.account, key.platform, n, at)
    elseif body_kind == "draft" then
        return string.format('{"text":"Draft %d of the load test, for LinkedIn and X",'
            .. '"platforms":["linkedin","x"]}', n)
    end
    return nil
end

-- Requests are made up front (once wrk.init has set the Host header): wrk then spends
-- its time on the network, not in Lua.
local requests = {}
local after_quota
init = function(args)
    local count = body_kind == "none" and #keys or math.max(#keys, 1000)
    for i = 1, count do
        local key = keys[(i - 1) % #keys + 1]
        local headers = { ["x-api-key"] = key.key }
        local body = body_for(key, i)
        if body then
            headers["Content-Type"] = "application/json"
        end
        requests[i] = wrk.format(method, nil, headers, body)
    end
    after_quota = wrk.format("GET", "/api/v2/users/me", { ["x-api-key"] = keys[1].key })
end

local counter = 0
request = function()
    if verification_pending then
        -- wrk asks the first thread once for a request it only inspects (and never
        -- sends) before the test: that one is not counted.
        verification_pending = false
        return requests[1]
    end
    counter = counter + 1
    if post_quota and counter > post_quota then
        return after_quota
    end
    return requests[(counter - 1) % #requests + 1]
end

if pace then
    delay = function()
        local wait = -pace * math.log(1 - math.random())
        local whole = math.floor(wait)
        if math.random() < wait - whole then
            whole = whole + 1
        end
        return whole
    end
end

if check then
    statuses = {}
    missing_retry_after = 0
    response = function(status, headers, body)
        statuses[status] = (statuses[status] or 0) + 1
        if status == 429 then
            local retry_after = headers["Retry-After"] or headers["retry-after"] or ""
            if not retry_after:match("^%d+$") or tonumber(retry_after) < 1 then
                missing_retry_after = missing_retry_after + 1
            end
        end
        if post_quota and status == 201 and statuses[201] == post_quota then
            io.open(os.getenv("DONE_FILE"), "w"):close()
            wrk.thread:stop()
        end
    end

    local threads = {}
    setup = function(thread)
        threads[#threads + 1] = thread
        if #threads == 1 then
            thread:set("verification_pending", true)
        end
    end
    done = function(summary, latency, requests)
        local total, missing = {}, 0
        for _, thread in ipairs(threads) do
            for status, n in pairs(thread:get("statuses")) do
                total[status] = (total[status] or 0) + n
            end
            missing = missing + thread:get("missing_retry_after")
        end
        for status, n in pairs(total) do
            io.write(string.format("status %d: %d\n", status, n))
        end
        io.write(string.format("429 without Retry-After: %d\n", missing))
    end
end
