-- wrk script of the booking benchmark: replays a request list (one request a line: "<path>\t<accept header>"),
-- each thread from its own offset, and counts every answer that is not a 2xx as an error. At the end prints one
-- JSON line: latency percentiles (ms), requests, requests/s, socket errors and non-2xx answers.
local lines = {}
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    local path, accept = line:match("^([^\t]+)\t?(.*)$")
    if path then
      local headers = { ["Accept"] = (accept ~= "" and accept) or "application/json" }
      table.insert(lines, wrk.format("GET", path, headers))
    end
  end
  file:close()
  assert(#lines > 0, "no requests in " .. args[1])
  -- Threads start at different places of the list so they do not ask the same thing in lockstep.
  index = (id * 7919) % #lines
  non2xx = 0
end

function request()
  index = index + 1
  if index > #lines then index = 1 end
  return lines[index]
end

function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + (t:get("non2xx") or 0) end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"max":%.3f,"non2xx":%d,"socketErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    bad, e.connect + e.read + e.write, e.timeout))
end
