// autocannon as every load bench here runs it: the answers are counted, timed and sized, not kept.
import autocannon from 'autocannon';

/**
 * autocannon decodes the body of every answer into a string and appends it to the last one
 * (PipelinedRequestsQueue.addBody), for verifyBody and onResponse, which no bench here uses. The load
 * generator shares this two-core machine with the server it measures, and that decoding made it the
 * limit for any answer of a few kilobytes: a bare Fastify sending the shop's catalog answer reached about
 * half the requests a second of the same server sending a few bytes, and as many once the client kept no
 * bodies (bench/history/2026-11.md, "2026-11-27, mid-morning"). The ratios are meant to compare servers,
 * not the client's string decoding.
 */
function keepNoBody(client) {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== 'function')
    throw new Error('autocannon no longer keeps bodies in pipelinedRequests.addBody: see bench/lib/load.mjs');
  queue.addBody = () => {};
}

/** One autocannon run: `options` as autocannon takes them (url, connections, duration, headers). */
export const load = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ ...options, setupClient: keepNoBody }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
