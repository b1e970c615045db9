// Map tiles for the end-to-end tests, which run offline: a local server the product is pointed at
// (MAP_TILE_URL), so Leaflet draws real tiles without the internet.
import { createServer } from 'node:http';
import { makePng } from './images.mjs';

const TILE = makePng(256, 256, [210, 225, 230]);

/** A tile server on a free port that answers every /z/x/y.png with one PNG and counts them. */
export async function startTileServer() {
  let served = 0;
  const server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url)) return response.writeHead(404).end();
    served += 1;
    response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(TILE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/{z}/{x}/{y}.png`,
    served: () => served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
