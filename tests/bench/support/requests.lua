-- wrk script of the booking benchmark: replays a request list (one request a line: "<path>\t<accept header>"),
-- each thread from its own offset. At the end prints one JSON line: latency percentiles (ms), requests,
-- requests/s, socket errors and error answers.
--
-- No response() callback: with one, wrk hands every answer's headers and body to Lua, which measured 5-10 µs of
-- the load generator's CPU per request on the two cores it shares with the server. Error answers are wrk's own
-- count (summary.errors.status: status 400 and above); the calls measured never redirect, so every other answer
-- is a 2xx.
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
end

function request()
  index = index + 1
  if index > #lines then index = 1 end
  return lines[index]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"max":%.3f,"errorAnswers":%d,"socketErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.status, e.connect + e.read + e.write, e.timeout))
end
