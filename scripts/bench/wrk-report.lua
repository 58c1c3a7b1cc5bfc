-- wrk hooks for the benchmark. Arguments after `--` are request paths to rotate through (without
-- them wrk sends its URL's path, with no Lua on the request path). `done` prints one JSON line,
-- prefixed WRK, that the harness parses: counts, error kinds and latency percentiles in µs.
init = function(args)
  if #args > 0 then
    local paths = args
    local i = 0
    request = function()
      i = i + 1
      return wrk.format(nil, paths[(i % #paths) + 1])
    end
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nWRK {"requests":%d,"micros":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
