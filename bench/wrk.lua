-- wrk script for the bench (bench/wrk.ts). The first script argument names a file of requests,
-- one a line: METHOD<TAB>PATH[<TAB>JSON body]. Each connection sends them in turn; done()
-- prints one JSON line with the figures (latency in microseconds).
local requests = {}
local counter = 0
local threads = 0

function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end

function init(args)
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  local postHeaders = {}
  for name, value in pairs(wrk.headers) do postHeaders[name] = value end
  postHeaders["content-type"] = "application/json"
  for line in io.lines(args[1]) do
    local method, path, body = line:match("^(%u+)\t([^\t]+)\t?(.*)$")
    if method then
      if body == "" then body = nil end
      requests[#requests + 1] = wrk.format(method, path, body and postHeaders or headers, body)
    end
  end
  -- Threads start at different places in the list.
  counter = (thread_index or 0) * 7
end

function request()
  counter = counter + 1
  return requests[(counter % #requests) + 1]
end

function done(summary, latency, _requests)
  io.write(string.format(
    '\nWRK_JSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,"mean":%f}\n',
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
