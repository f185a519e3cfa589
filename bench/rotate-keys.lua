-- Sends GET /api/v2/users/me with the keys listed in $KEYS_FILE in turn, so the server
-- authenticates, rate-limits and logs as it would for many clients.
local keys = {}
for line in io.lines(os.getenv("KEYS_FILE")) do
    keys[#keys + 1] = line
end
local counter = 0

request = function()
    counter = counter + 1
    return wrk.format("GET", "/api/v2/users/me", { ["x-api-key"] = keys[(counter % #keys) + 1] })
end
