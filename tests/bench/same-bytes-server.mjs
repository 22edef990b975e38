// An anchor for `npm run bench`: a bare node:http server that answers every request with exactly what
// the app's page cache sent for one page (status, headers, compressed body), from memory. The cached page
// against it measures what the app's cache adds on top of sending those bytes; against the static file
// anchor, what sending a larger page costs. Usage: node same-bytes-server.mjs <url of a cached page> <port>
import http from "node:http";

const [source, port] = [process.argv[2], Number(process.argv[3])];
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

// A cached page goes out gzipped until its brotli is made (in zlib's threads): ask until it is.
let page;
for (let i = 0; i < 100; i++) {
  page = await get(source);
  const headers = Object.fromEntries(page.raw.flatMap((v, j) => (j % 2 ? [] : [[v.toLowerCase(), page.raw[j + 1]]])));
  if (headers["x-page-cache"] === "hit" && headers["content-encoding"] === "br") break;
  await new Promise((r) => setTimeout(r, 50));
}
const list = [];
for (let i = 0; i < page.raw.length; i += 2) if (!PER_RESPONSE.has(page.raw[i].toLowerCase())) list.push(page.raw[i], page.raw[i + 1]);

http
  .createServer((_req, res) => {
    res.writeHead(page.status, list);
    res.end(page.body);
  })
  .listen(port, "127.0.0.1");
